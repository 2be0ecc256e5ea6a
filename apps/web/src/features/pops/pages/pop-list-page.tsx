import { useMemo, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PING_MESSAGES, type PopSourceRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { useNow } from '../../../shared/use-now';
import { useUrlParams } from '../../../shared/use-url-params';
import { CrudTable, type CrudColumn } from '../components/crud-table';
import { ListToolbar } from '../components/list-toolbar';
import { SourceFormPanel } from '../components/source-form-panel';
import { SourceStateChip, SourceTypeChip } from '../components/source-badges';
import { aliveText, downForText, sourceDeleteText, STATE_LABELS, typeLabel } from '../format';
import { useDeletePopSource, usePopSources } from '../hooks';
import { searchCodec } from '../search-param';
import { UNSORTED, nextSort, sortRows, type TableSort } from '../table-sort';

type SourceSort = 'popName' | 'ip' | 'aliveMinutes' | 'type' | 'state';

const sortValue = (s: PopSourceRow, key: SourceSort): string | number => {
  switch (key) {
    case 'aliveMinutes':
      return s.aliveMinutes;
    case 'type':
      return typeLabel(s.type);
    case 'state':
      return STATE_LABELS[s.state];
    default:
      return s[key];
  }
};

const columns = (now: number): CrudColumn<PopSourceRow, SourceSort>[] => [
  { key: 'popName', header: 'POP Name', sort: 'popName', render: (s) => s.popName },
  {
    key: 'ip',
    header: 'IP Address',
    sort: 'ip',
    render: (s) => <Box sx={{ fontFamily: 'monospace' }}>{s.ip}</Box>,
  },
  {
    key: 'aliveMinutes',
    header: 'Pop Alive Time',
    sort: 'aliveMinutes',
    render: (s) => aliveText(s.aliveMinutes),
  },
  { key: 'type', header: 'Type', sort: 'type', render: (s) => <SourceTypeChip type={s.type} /> },
  {
    key: 'state',
    header: 'Down Type',
    sort: 'state',
    render: (s) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
        <SourceStateChip type={s.type} state={s.state} />
        {s.state === 'down' && (
          <Typography variant="caption" color="text.secondary">
            {downForText(s.stateSince, now)}
          </Typography>
        )}
      </Box>
    ),
  },
];

/** /pop-list (2015), the Pop List: the power sources watched at each POP, with their state live. */
export default function PopListPage() {
  const toast = useToast();
  const now = useNow(30_000);
  const [{ q }, setParams] = useUrlParams(searchCodec);
  const sources = usePopSources(q.trim());
  const remove = useDeletePopSource();
  const [sort, setSort] = useState<TableSort<SourceSort>>(UNSORTED);
  const [editing, setEditing] = useState<PopSourceRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PopSourceRow | null>(null);
  const rows = useMemo(() => sources.data && sortRows(sources.data, sort, sortValue), [sources.data, sort]);
  const cols = useMemo(() => columns(now), [now]);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="pop-list-page">
      <PageHeader
        title="Pop List"
        subtitle="The power sources watched at your POPs: a device on the generator and one on the mains"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add New
          </Button>
        }
      />
      <ListToolbar
        search={q}
        onSearch={(next) => setParams({ q: next })}
        count={rows?.length}
        noun={['source', 'sources']}
        searchLabel="Search the power sources"
        testId="source"
      />
      <CrudTable
        label="Pop List"
        what="the power sources"
        columns={cols}
        rows={rows}
        loading={sources.isPending}
        refreshing={sources.isFetching && !sources.isPending}
        error={sources.isError ? sources.error : null}
        onRetry={() => void sources.refetch()}
        emptyText={PING_MESSAGES.popsEmpty}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        rowName={(s) => `${s.popName} ${typeLabel(s.type)} ${s.ip}`}
        onEdit={setEditing}
        onDelete={setDeleting}
        testId="source-row"
      />
      {editing && (
        <SourceFormPanel source={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        text={deleting ? sourceDeleteText(deleting) : undefined}
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Power source deleted successfully!'),
            onError: (e) => toast.error(messageOf(e, `Failed to delete the power source ${deleting.ip}.`)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}
