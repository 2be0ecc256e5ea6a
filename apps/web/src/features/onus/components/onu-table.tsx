import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  type Theme,
} from '@mui/material';
import type { OnuRow, OnuSort } from '@pondesk/contracts';
import { formatDbm, formatDistance } from '../format';
import { pageCount, type OnuListParams } from '../list-params';
import { OnuRowActions, type OnuAction } from './onu-row-actions';
import { OnuStatusChip } from './onu-status-chip';
import { PppoeLinks } from './pppoe-links';
import { RxBar } from './rx-bar';

interface Column {
  key: string;
  header: string;
  sort?: OnuSort;
  align?: 'right';
  render: (row: OnuRow) => React.ReactNode;
}

const COLUMNS: Column[] = [
  {
    key: 'olt',
    header: 'OLT',
    sort: 'olt',
    render: (r) => (
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {r.oltName}
      </Typography>
    ),
  },
  {
    key: 'port',
    header: 'PON NO.',
    sort: 'ponPort',
    render: (r) => (
      <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {r.ifName}
      </Typography>
    ),
  },
  { key: 'vendor', header: 'Vendor', sort: 'vendor', render: (r) => r.vendor ?? '—' },
  {
    key: 'distance',
    header: 'Distance',
    sort: 'distance',
    align: 'right',
    render: (r) => formatDistance(r.distanceM),
  },
  {
    key: 'description',
    header: 'Description',
    sort: 'description',
    render: (r) => <PppoeLinks ids={r.pppoeIds} description={r.description} />,
  },
  {
    key: 'status',
    header: 'Status',
    sort: 'status',
    render: (r) => <OnuStatusChip status={r.status} reason={r.reason} reasonRaw={r.reasonRaw} />,
  },
  { key: 'rx', header: 'RX', sort: 'rx', render: (r) => <RxBar rxDbm={r.rxDbm} /> },
  {
    key: 'tx',
    header: 'TX',
    sort: 'tx',
    align: 'right',
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDbm(r.txDbm)}</span>,
  },
  {
    key: 'info',
    header: 'ONU Info',
    render: (r) => (
      <Typography variant="caption" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {r.mac ?? r.serial ?? '—'}
        {r.model ? ` · ${r.model}` : ''}
      </Typography>
    ),
  },
];

/** The actions stay in view while a narrow screen scrolls the wide table sideways. */
const STICKY_RIGHT = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (t: Theme) => `-6px 0 6px -6px ${t.palette.divider}`,
} as const;

/** The ONU table: sorting and paging happen on the server, 20 rows a page, 'Page x of y'. */
export function OnuTable({
  rows,
  total,
  params,
  loading,
  refreshing,
  error,
  onRetry,
  filtered,
  emptyText,
  canClear,
  onSort,
  onPage,
  onAction,
}: {
  rows: OnuRow[] | undefined;
  total: number;
  params: OnuListParams;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  filtered: boolean;
  /** What an unfiltered empty list means for this user. */
  emptyText: string;
  canClear: boolean;
  onSort: (sort: OnuSort) => void;
  onPage: (page: number) => void;
  onAction: (action: OnuAction, onu: OnuRow) => void;
}) {
  const pages = pageCount(total);
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <LinearProgress aria-hidden sx={{ height: 2, visibility: refreshing ? 'visible' : 'hidden' }} />
      {error && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          Could not load the ONUs: {error.message}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="ONU list">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                  sortDirection={c.sort && params.sort === c.sort ? params.order : false}
                >
                  {c.sort ? (
                    <TableSortLabel
                      active={params.sort === c.sort}
                      direction={params.sort === c.sort ? params.order : 'asc'}
                      onClick={() => onSort(c.sort as OnuSort)}
                    >
                      {c.header}
                    </TableSortLabel>
                  ) : (
                    c.header
                  )}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 700, ...STICKY_RIGHT }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`}>
                    {[...COLUMNS, { key: 'actions' }].map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow key={row.id} hover data-testid="onu-row" data-onu-id={row.id}>
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key} align={c.align}>
                        {c.render(row)}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={STICKY_RIGHT}>
                      <OnuRowActions onu={row} canClear={canClear} onAction={onAction} />
                    </TableCell>
                  </TableRow>
                ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    {filtered ? 'No ONU matches these filters.' : emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack
        direction="row"
        spacing={2}
        sx={{
          alignItems: 'center',
          justifyContent: 'flex-end',
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {total} ONU{total === 1 ? '' : 's'}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" disabled={params.page <= 1} onClick={() => onPage(params.page - 1)}>
          Previous
        </Button>
        <Typography variant="body2" data-testid="onu-page">
          Page {Math.min(params.page, pages)} of {pages}
        </Typography>
        <Button size="small" disabled={params.page >= pages} onClick={() => onPage(params.page + 1)}>
          Next
        </Button>
      </Stack>
    </Paper>
  );
}
