import { Link as RouterLink } from 'react-router-dom';
import { Link, Typography } from '@mui/material';
import type { SwitchPortRow, SwitchPortSort } from '@pondesk/contracts';
import { SortedPageTable, type SortedPageColumn } from '../../../shared/ui/sorted-page-table';
import { formatReading, LINK_LABEL } from '../format';
import { pageCount, portGraphPath } from '../list-params';
import { PowerBadge } from './power-badge';

type Column = SortedPageColumn<SwitchPortRow, SwitchPortSort>;

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
  return (
    <SortedPageTable
      label={label}
      what="the switch ports"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({
        'data-testid': 'switch-port-row',
        'data-port-id': row.id,
        'data-port-name': row.name,
      })}
      summary={`${total} port${total === 1 ? '' : 's'}`}
      page={page}
      pages={pageCount(total)}
      sort={sort}
      order={order}
      loading={loading}
      refreshing={refreshing}
      error={error}
      onRetry={onRetry}
      emptyText={emptyText}
      emptyTestId="switch-ports-empty"
      pageTestId="switch-ports-page"
      onSort={onSort}
      onPage={onPage}
    />
  );
}
