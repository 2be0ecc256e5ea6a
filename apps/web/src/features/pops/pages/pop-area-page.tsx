import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PING_MESSAGES, type PopRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { useUrlParams } from '../../../shared/use-url-params';
import { CrudTable, type CrudColumn } from '../components/crud-table';
import { ListToolbar } from '../components/list-toolbar';
import { PopFormPanel } from '../components/pop-form-panel';
import { useDeletePop, usePops } from '../hooks';
import { searchCodec } from '../search-param';
import { UNSORTED, nextSort, sortRows, type TableSort } from '../table-sort';

type PopSort = 'name' | 'areaName';

const COLUMNS: readonly CrudColumn<PopRow, PopSort>[] = [
  { key: 'name', header: 'POP Name', sort: 'name', render: (p) => p.name },
  { key: 'areaName', header: 'Area Name', sort: 'areaName', render: (p) => p.areaName || '—' },
  { key: 'area', header: 'Area', render: (p) => p.branchName || '—' },
  { key: 'sources', header: 'Power Sources', align: 'right', render: (p) => p.sourceCount },
];

const sortValue = (p: PopRow, key: PopSort) => (key === 'name' ? p.name : p.areaName);

const deleteText = (p: PopRow) =>
  p.sourceCount
    ? `The POP ${p.name} will be deleted, with its ${p.sourceCount} power source${p.sourceCount === 1 ? '' : 's'} and their down log.`
    : `The POP ${p.name} will be deleted.`;

/** /pop-area (2013), the Area List: every POP with its area name and branch. */
export default function PopAreaPage() {
  const toast = useToast();
  const [{ q }, setParams] = useUrlParams(searchCodec);
  const pops = usePops(q.trim());
  const remove = useDeletePop();
  const [sort, setSort] = useState<TableSort<PopSort>>(UNSORTED);
  const [editing, setEditing] = useState<PopRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PopRow | null>(null);
  const rows = useMemo(() => pops.data && sortRows(pops.data, sort, sortValue), [pops.data, sort]);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="pop-area-page">
      <PageHeader
        title="Area List"
        subtitle="Your POPs, the area each one serves and its branch"
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
        noun={['POP', 'POPs']}
        searchLabel="Search the POPs"
        testId="pop"
      />
      <CrudTable
        label="Area List"
        what="the POPs"
        columns={COLUMNS}
        rows={rows}
        loading={pops.isPending}
        refreshing={pops.isFetching && !pops.isPending}
        error={pops.isError ? pops.error : null}
        onRetry={() => void pops.refetch()}
        emptyText={PING_MESSAGES.popsEmpty}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        rowName={(p) => p.name}
        onEdit={setEditing}
        onDelete={setDeleting}
        testId="pop-row"
      />
      {editing && <PopFormPanel pop={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        text={deleting ? deleteText(deleting) : undefined}
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Pop deleted successfully!'),
            onError: (e) => toast.error(messageOf(e, `Failed to delete the POP ${deleting.name}.`)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}
