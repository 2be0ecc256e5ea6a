import { useMemo } from 'react';
import { Box, Button, Chip, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import { ALERT_KINDS, ALERT_KIND_LABELS, type AlertRow } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { messageOf } from '../../../shared/ui/errors';
import { SortedPageTable, type SortedPageColumn } from '../../../shared/ui/sorted-page-table';
import { useToast } from '../../../shared/ui/toast';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { ackText, alertDetailText, alertKindLabel, alertPlace } from '../alert-format';
import { useAcknowledgeAlert, useAlertHistory } from '../hooks';
import {
  historyPageCount,
  parseHistoryParams,
  toHistoryQuery,
  toHistorySearchParams,
  updateHistoryParams,
  type HistoryParams,
} from '../list-params';
import { DeliveryChips } from './delivery-chips';

const codec = {
  parse: parseHistoryParams,
  update: updateHistoryParams,
  toSearchParams: toHistorySearchParams,
};

type Column = SortedPageColumn<AlertRow, 'openedAt'>;

function StateCell({ row }: { row: AlertRow }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        color={row.state === 'firing' ? 'error' : 'success'}
        label={row.state === 'firing' ? 'Firing' : 'Resolved'}
        data-testid="alert-state"
      />
      {row.silenced && (
        <Tooltip title="Raised while its target was silenced: recorded, not sent">
          <NotificationsOffIcon
            fontSize="small"
            color="action"
            titleAccess="Silenced"
            tabIndex={0}
            data-testid="alert-silenced"
          />
        </Tooltip>
      )}
    </Stack>
  );
}

const BASE_COLUMNS: Column[] = [
  {
    key: 'opened',
    header: 'Opened',
    render: (r) => (
      <>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(r.openedAt)}
        </Typography>
        {r.resolvedAt && (
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            Resolved {formatDateTime(r.resolvedAt)}
          </Typography>
        )}
      </>
    ),
  },
  { key: 'kind', header: 'Kind', render: (r) => alertKindLabel(r.kind) },
  {
    key: 'title',
    header: 'Alert',
    render: (r) => {
      const detail = alertDetailText(r.detail);
      return (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {r.title}
          </Typography>
          {detail && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Typography>
          )}
        </>
      );
    },
  },
  { key: 'place', header: 'Where', render: (r) => alertPlace(r) },
  { key: 'state', header: 'State', render: (r) => <StateCell row={r} /> },
  {
    key: 'deliveries',
    header: 'Deliveries',
    render: (r) => <DeliveryChips deliveries={r.deliveries} silenced={r.silenced} />,
  },
];

/** The alerts raised, newest first, with what became of each message; read again every 15 s. */
export function HistoryTab() {
  const toast = useToast();
  const [params, setParams] = useUrlParams(codec);
  const list = useAlertHistory(toHistoryQuery(params));
  const data = list.data;
  useLastPageFallback(data, params.page, historyPageCount, setParams);
  const { mutate: acknowledge, isPending, variables } = useAcknowledgeAlert();
  const acking = isPending ? variables : null;

  const columns = useMemo<Column[]>(
    () => [
      ...BASE_COLUMNS,
      {
        key: 'ack',
        header: 'Acknowledged',
        render: (r) => {
          const text = ackText(r);
          if (text)
            return (
              <Typography variant="body2" color="text.secondary" data-testid="alert-acked">
                {text}
              </Typography>
            );
          if (r.state !== 'firing') return '—';
          return (
            <Button
              size="small"
              variant="outlined"
              startIcon={<DoneIcon />}
              disabled={acking === r.id}
              aria-label={`Acknowledge ${r.title}`}
              data-testid="alert-ack"
              onClick={() =>
                acknowledge(r.id, {
                  onSuccess: () => toast.success('Alert acknowledged'),
                  onError: (error) => toast.error(messageOf(error, 'Failed to acknowledge the alert')),
                })
              }
            >
              Acknowledge
            </Button>
          );
        },
      },
    ],
    [acknowledge, acking, toast],
  );

  const filtered = !!params.state || !!params.kind;
  const set = (change: Partial<HistoryParams>) => setParams(change);

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="State"
          value={params.state}
          onChange={(e) => set({ state: e.target.value as HistoryParams['state'] })}
          sx={{ minWidth: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'alert-filter-state' } }}
        >
          <MenuItem value="">All states</MenuItem>
          <MenuItem value="firing">Firing</MenuItem>
          <MenuItem value="resolved">Resolved</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Kind"
          value={params.kind}
          onChange={(e) => set({ kind: e.target.value as HistoryParams['kind'] })}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'alert-filter-kind' } }}
        >
          <MenuItem value="">All kinds</MenuItem>
          {ALERT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {ALERT_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        {filtered && <Button onClick={() => set({ state: '', kind: '' })}>Clear filters</Button>}
        <Box sx={{ flexGrow: 1 }} />
      </Stack>
      <SortedPageTable
        label="Alert history"
        what="the alerts"
        columns={columns}
        rows={data?.items}
        rowKey={(r) => r.id}
        rowProps={(r) => ({
          'data-testid': 'alert-row',
          'data-alert-id': r.id,
          'data-state': r.state,
          'data-kind': r.kind,
        })}
        summary={data ? `${data.total} alert${data.total === 1 ? '' : 's'}` : '…'}
        page={params.page}
        pages={historyPageCount(data?.total ?? 0)}
        sort="openedAt"
        order="desc"
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        emptyText={
          filtered
            ? 'No alert matches these filters.'
            : 'No alerts yet. They appear here when a rule fires; add a channel to be told as well.'
        }
        emptyTestId="alert-history-empty"
        pageTestId="alert-history-page"
        onSort={() => undefined}
        onPage={(page) => setParams({ page })}
      />
    </>
  );
}
