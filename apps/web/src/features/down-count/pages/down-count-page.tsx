import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Box, Card, CardContent, Stack } from '@mui/material';
import { DOWN_COUNT_LIST_DAYS, type DownCountOnu, type DownCountRow } from '@pondesk/contracts';
import { SessionHistoryDialog } from '../../../shared/sessions/session-history-dialog';
import { useNow } from '../../../shared/use-now';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchField } from '../../../shared/ui/search-field';
import { useToast } from '../../../shared/ui/toast';
import { DownCountTable, type DownCountActions } from '../components/down-count-table';
import { IngestSetupPanel } from '../components/ingest-setup-panel';
import { useDeleteDownCount, useDownCountList, useDownCountLiveUpdates } from '../hooks';
import {
  downCountEmptyText,
  downCountPages,
  nextDownCountSort,
  parseDownCountParams,
  toDownCountQuery,
  toDownCountSearchParams,
  updateDownCountParams,
} from '../list-params';

// The chart library comes with the graph popup, on first use, not with the list.
const DownCountGraphDialog = lazy(() => import('../components/down-count-graph-dialog'));

const TITLE = `Down Count List (Last ${DOWN_COUNT_LIST_DAYS} Days)`;

/** A popup's subject stays while it closes, so its content does not vanish during the animation. */
interface Shown<T> {
  value: T | null;
  open: boolean;
}

/**
 * /onu-down-count (2021): each PPPoE id whose session dropped in the last 30 days, as the ISP's routers
 * reported it, with the cause the ONU tells; the routers' setup above it.
 */
export default function DownCountPage() {
  const toast = useToast();
  const [params, setParams] = useUrlParams({
    parse: parseDownCountParams,
    update: updateDownCountParams,
    toSearchParams: toDownCountSearchParams,
  });
  const onSearch = useCallback((q: string) => setParams({ q }), [setParams]);

  const list = useDownCountList(toDownCountQuery(params));
  const data = list.data;
  useDownCountLiveUpdates(data?.items);
  const now = useNow(30_000);

  useLastPageFallback(data, params.page, downCountPages, setParams);

  const [history, setHistory] = useState<Shown<string>>({ value: null, open: false });
  const [graph, setGraph] = useState<Shown<{ pppoeId: string; onu: DownCountOnu }>>({
    value: null,
    open: false,
  });
  const [deleting, setDeleting] = useState<Shown<string>>({ value: null, open: false });
  const remove = useDeleteDownCount();

  const actions = useMemo<DownCountActions>(
    () => ({
      onHistory: (row: DownCountRow) => setHistory({ value: row.pppoeId, open: true }),
      onGraph: (row: DownCountRow) => {
        if (row.onu) setGraph({ value: { pppoeId: row.pppoeId, onu: row.onu }, open: true });
      },
      onDelete: (row: DownCountRow) => setDeleting({ value: row.pppoeId, open: true }),
    }),
    [],
  );
  const closeDelete = () => setDeleting((d) => ({ ...d, open: false }));

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="down-count-page">
      <PageHeader
        title={TITLE}
        subtitle="PPPoE sessions that dropped, as the routers reported them, and what the ONU was doing then"
      />
      <IngestSetupPanel now={now} />
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ mb: 2 }}>
            <Box sx={{ width: { xs: '100%', sm: 360 }, '& .MuiTextField-root': { width: '100%' } }}>
              <SearchField
                value={params.q}
                onChange={onSearch}
                label="Search PPPoE ID"
                testId="down-count-search"
              />
            </Box>
          </Stack>
          <DownCountTable
            rows={data?.items}
            total={data?.total ?? 0}
            params={params}
            loading={list.isPending}
            refreshing={list.isFetching && !list.isPending}
            error={list.isError ? list.error : null}
            onRetry={() => void list.refetch()}
            emptyText={downCountEmptyText(params.q)}
            now={now}
            actions={actions}
            onSort={(sort) => setParams((current) => nextDownCountSort(current, sort))}
            onPage={(page) => setParams({ page })}
          />
        </CardContent>
      </Card>

      <SessionHistoryDialog
        open={history.open}
        pppoeId={history.value ?? ''}
        onClose={() => setHistory((h) => ({ ...h, open: false }))}
      />
      {graph.value && (
        <Suspense fallback={null}>
          <DownCountGraphDialog
            open={graph.open}
            pppoeId={graph.value.pppoeId}
            onu={graph.value.onu}
            onClose={() => setGraph((g) => ({ ...g, open: false }))}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting.open}
        title="Confirm Delete"
        text="Are you sure you want to delete this record?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        busy={remove.isPending}
        onConfirm={() => {
          const pppoeId = deleting.value;
          if (!pppoeId) return;
          remove.mutate(pppoeId, {
            onSuccess: () => toast.success('Record deleted successfully'),
            onError: (error) => toast.error(messageOf(error, 'Failed to delete record')),
            onSettled: closeDelete,
          });
        }}
        onClose={closeDelete}
      />
    </Box>
  );
}
