import type { ReactNode } from 'react';
import {
  IconButton,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { DOWN_COUNT_PAGE_SIZE, type DownCountRow, type DownCountSort } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { DropCauseChip } from '../../../shared/sessions/session-chips';
import { dash } from '../../../shared/sessions/session-format';
import { SortableHead } from '../../../shared/ui/sortable-head';
import { agoOrDash, formatRx, isDownCountAlarm, rxColor } from '../format';
import { downCountPages, type DownCountParams } from '../list-params';
import { TablePager } from '../../../shared/ui/table-pager';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';

export const NO_ONU = 'No ONU carries this PPPoE ID';

export interface DownCountActions {
  onHistory: (row: DownCountRow) => void;
  onGraph: (row: DownCountRow) => void;
  onDelete: (row: DownCountRow) => void;
}

interface Column {
  key: string;
  header: string;
  sort?: DownCountSort;
  align?: 'right';
  render: (row: DownCountRow, actions: DownCountActions, now: number) => ReactNode;
}

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

const COLUMNS: Column[] = [
  {
    key: 'port',
    header: 'Port Number',
    render: (r) =>
      r.onu ? (
        <Tooltip title={`${r.onu.oltName} · PON ${r.onu.ponPort} · ${r.onu.status}`}>
          <Typography variant="body2" component="span" sx={mono}>
            {r.onu.ifName || '-'}
          </Typography>
        </Tooltip>
      ) : (
        '-'
      ),
  },
  {
    key: 'pppoe',
    header: 'PPPoE ID',
    sort: 'pppoeId',
    render: (r, a) => (
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => a.onHistory(r)}
        aria-haspopup="dialog"
        title="Open the session history"
        sx={{ textAlign: 'left', overflowWrap: 'break-word', wordBreak: 'break-word' }}
      >
        {r.pppoeId}
      </Link>
    ),
  },
  {
    key: 'rx',
    header: 'Rx Power',
    align: 'right',
    render: (r) => (
      <Typography
        variant="body2"
        component="span"
        sx={{ color: rxColor(r.onu?.rxDbm), whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-rx={r.onu?.rxDbm ?? ''}
      >
        {formatRx(r.onu?.rxDbm)}
      </Typography>
    ),
  },
  {
    key: 'downCount',
    header: 'Down Count',
    sort: 'downCount',
    align: 'right',
    render: (r) => (
      <Typography
        variant="body2"
        component="span"
        sx={{
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          color: isDownCountAlarm(r.downCount) ? 'error.main' : undefined,
        }}
        data-testid="down-count-value"
        data-alarm={isDownCountAlarm(r.downCount)}
      >
        {r.downCount}
      </Typography>
    ),
  },
  {
    key: 'lastDrop',
    header: 'Last Drop',
    sort: 'lastDownAt',
    render: (r, _, now) =>
      r.lastDownAt ? (
        <Tooltip title={formatDateTime(r.lastDownAt)}>
          <span style={{ whiteSpace: 'nowrap' }}>{agoOrDash(r.lastDownAt, now)}</span>
        </Tooltip>
      ) : (
        '-'
      ),
  },
  {
    key: 'cause',
    header: 'Cause',
    render: (r) => <DropCauseChip cause={r.lastCause} testId="down-count-cause" />,
  },
  {
    key: 'action',
    header: 'Action',
    render: (r, a) => (
      <Stack direction="row" spacing={0.25}>
        {r.onu ? (
          <Tooltip title="Signal graph">
            <IconButton
              size="small"
              aria-label={`Signal graph of ${r.pppoeId}`}
              aria-haspopup="dialog"
              onClick={() => a.onGraph(r)}
              data-testid="down-count-graph-open"
            >
              <ShowChartIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={NO_ONU}>
            {/* A disabled button gets no pointer events; the span carries the tooltip. */}
            <span>
              <IconButton
                size="small"
                disabled
                aria-label={`Signal graph of ${r.pppoeId}: ${NO_ONU}`}
                data-testid="down-count-graph-open"
              >
                <ShowChartIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Tooltip title="Delete">
          <IconButton
            size="small"
            color="error"
            aria-label={`Delete the session drops of ${r.pppoeId}`}
            onClick={() => a.onDelete(r)}
            data-testid="down-count-delete"
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    ),
  },
  {
    key: 'mac',
    header: 'MAC Address',
    render: (r) => (
      <Typography variant="body2" component="span" sx={mono}>
        {dash(r.lastMac)}
      </Typography>
    ),
  },
  { key: 'vlan', header: 'VLAN ID', align: 'right', render: (r) => dash(r.vlanId) },
  {
    key: 'dereg',
    header: 'Last Dereg Reason',
    render: (r) => (
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {dash(r.onu?.lastDeregReason)}
      </Typography>
    ),
  },
];

/** The Down Count List: sorted and paged on the server, 10 rows a page, 'Page X of Y'. */
export function DownCountTable({
  rows,
  total,
  params,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText,
  now,
  actions,
  onSort,
  onPage,
}: {
  rows: DownCountRow[] | undefined;
  total: number;
  params: DownCountParams;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  now: number;
  actions: DownCountActions;
  onSort: (sort: DownCountSort) => void;
  onPage: (page: number) => void;
}) {
  const pages = downCountPages(total);
  const page = Math.min(params.page, pages);
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <ListLoadStatus refreshing={refreshing} error={error} onRetry={onRetry} what="the down counts" />
      <TableContainer>
        <Table size="small" aria-label="Down Count List" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <SortableHead
            columns={COLUMNS}
            sort={params.sort}
            order={params.order}
            onSort={onSort}
            cellSx={{ fontWeight: 700, lineHeight: 1.3 }}
          />
          <TableBody>
            {loading && !rows
              ? Array.from({ length: DOWN_COUNT_PAGE_SIZE }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} aria-hidden>
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow key={row.pppoeId} hover data-testid="down-count-row" data-pppoe={row.pppoeId}>
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key} align={c.align} data-column={c.key}>
                        {c.render(row, actions, now)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Typography
                    color="text.secondary"
                    sx={{ py: 3, textAlign: 'center' }}
                    data-testid="down-count-empty"
                  >
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        summary={rows ? `${total} PPPoE ID${total === 1 ? '' : 's'}` : ''}
        page={page}
        pages={pages}
        onPage={onPage}
        testId="down-count-pager"
      />
    </Paper>
  );
}
