import { Link as RouterLink } from 'react-router-dom';
import {
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import type { SwitchPortRow, SwitchPortSort } from '@pondesk/contracts';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { SortableHead, type SortableColumn } from '../../../shared/ui/sortable-head';
import { TablePager } from '../../../shared/ui/table-pager';
import { formatReading, LINK_LABEL } from '../format';
import { pageCount, portGraphPath } from '../list-params';
import { PowerBadge } from './power-badge';

interface Column extends SortableColumn<SwitchPortSort> {
  render: (row: SwitchPortRow) => React.ReactNode;
}

const num = (text: string) => (
  <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{text}</span>
);

const COLUMNS: Column[] = [
  { key: 'switch', header: 'Switch', sort: 'switch', render: (r) => r.switchName },
  {
    key: 'port',
    header: 'Port',
    sort: 'port',
    render: (r) => (
      <>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {r.name}
        </Typography>
        {r.description && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {r.description}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    sort: 'status',
    render: (r) => (
      <Typography
        variant="body2"
        color={r.link === 'up' ? 'success.main' : r.link === 'down' ? 'error.main' : 'text.secondary'}
        data-testid="switch-port-link"
        data-link={r.link}
      >
        {LINK_LABEL[r.link]}
      </Typography>
    ),
  },
  {
    key: 'tx',
    header: 'TX dBm',
    sort: 'tx',
    align: 'right',
    render: (r) => num(formatReading(r.txDbm, 'dBm')),
  },
  {
    key: 'rx',
    header: 'RX dBm',
    sort: 'rx',
    align: 'right',
    render: (r) => num(formatReading(r.rxDbm, 'dBm')),
  },
  {
    key: 'power',
    header: 'Power',
    sort: 'power',
    render: (r) => (
      <PowerBadge power={r.power} title={r.rxDbm === null ? undefined : `Alert below ${r.alertDbm} dBm`} />
    ),
  },
  {
    key: 'details',
    header: 'Details',
    render: (r) => (
      <Link
        component={RouterLink}
        to={portGraphPath(r.switchId, r.id)}
        aria-label={`Details of ${r.switchName} ${r.name}`}
      >
        Details
      </Link>
    ),
  },
];

/** Switch ports, sorted and paged on the server (20 a page, 'Page x of y'). */
export function PortTable({
  label,
  rows,
  total,
  page,
  sort,
  order,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText,
  onSort,
  onPage,
}: {
  label: string;
  rows: SwitchPortRow[] | undefined;
  total: number;
  page: number;
  sort: SwitchPortSort;
  order: 'asc' | 'desc';
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  onSort: (sort: SwitchPortSort) => void;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total);
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <ListLoadStatus refreshing={refreshing} error={error} onRetry={onRetry} what="the switch ports" />
      <TableContainer>
        <Table size="small" aria-label={label}>
          <SortableHead columns={COLUMNS} sort={sort} order={order} onSort={onSort} />
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`}>
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    data-testid="switch-port-row"
                    data-port-id={row.id}
                    data-port-name={row.name}
                  >
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key} align={c.align} data-column={c.key}>
                        {c.render(row)}
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
                    data-testid="switch-ports-empty"
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
        summary={`${total} port${total === 1 ? '' : 's'}`}
        page={Math.min(page, pages)}
        pages={pages}
        onPage={onPage}
        pageTestId="switch-ports-page"
      />
    </Paper>
  );
}
