import { useMemo } from 'react';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { SWITCH_LIST_PAGE_SIZE, type SwitchRow } from '@pondesk/contracts';
import { SortedPageTable, type SortedPageColumn } from '../../../shared/ui/sorted-page-table';
import { formatBillingDay } from '../../billing/format';
import { brandLabel, maskedCommunity } from '../format';
import { pageCount, type ManageSort } from '../list-params';
import { SwitchStatusChip } from './switch-status-chip';

type Column = SortedPageColumn<SwitchRow, ManageSort>;

/** Spec 3 §4: 'Renew Now' in red for an expired switch (it opens the renew popup), else 'Active'. */
const expireColumn = (onRenew: (row: SwitchRow) => void): Column => ({
  key: 'expire',
  header: 'Expire Status',
  sort: 'expiresOn',
  render: (r) =>
    r.expireStatus === 'expired' ? (
      <Button
        size="small"
        color="error"
        onClick={() => onRenew(r)}
        title={r.expiresOn ? `Expired on ${formatBillingDay(r.expiresOn)}` : undefined}
        aria-label={`Renew Now: ${r.name}`}
        data-testid="switch-renew-now"
        sx={{ fontWeight: 700, px: 0.5, minWidth: 0, whiteSpace: 'nowrap' }}
      >
        Renew Now
      </Button>
    ) : (
      <Typography
        variant="body2"
        color={r.expiryState === 'expiring' ? 'warning.main' : 'success.main'}
        title={r.expiresOn ? `Until ${formatBillingDay(r.expiresOn)}` : undefined}
      >
        {r.expiryState === 'expiring' ? 'Expiring' : 'Active'}
      </Typography>
    ),
});

const COLUMNS: Column[] = [
  {
    key: 'status',
    header: 'Status',
    sort: 'status',
    render: (r) => (
      <SwitchStatusChip
        status={r.status}
        title={r.status !== 'online' ? (r.lastError ?? undefined) : undefined}
      />
    ),
  },
  { key: 'olt', header: 'OLT ID', render: (r) => r.oltName ?? '—' },
  {
    key: 'ip',
    header: 'Sw IP',
    sort: 'ip',
    render: (r) => <span style={{ fontFamily: 'monospace' }}>{r.ip}</span>,
  },
  {
    key: 'community',
    header: 'SNMP Community',
    render: (r) => (
      <span
        aria-label={r.hasCommunity ? 'Community stored (hidden)' : 'No community'}
        data-testid="switch-community"
      >
        {maskedCommunity(r.hasCommunity)}
      </span>
    ),
  },
  { key: 'port', header: 'Sw Port', align: 'right', render: (r) => r.snmpPort },
  {
    key: 'description',
    header: 'Description',
    render: (r) => <span style={{ overflowWrap: 'anywhere' }}>{r.description ?? '—'}</span>,
  },
  { key: 'name', header: 'Sw Name', sort: 'name', render: (r) => r.name },
  { key: 'brand', header: 'Sw Brands', sort: 'brand', render: (r) => brandLabel(r.brand) },
];

/** Spec 3 §2.9's table: an expired switch's whole row is red with 'Renew Now'. */
export function SwitchTable({
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
  onEdit,
  onDelete,
  onRenew,
}: {
  rows: SwitchRow[] | undefined;
  total: number;
  page: number;
  sort: ManageSort;
  order: 'asc' | 'desc';
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  onSort: (sort: ManageSort) => void;
  onPage: (page: number) => void;
  onEdit: (row: SwitchRow) => void;
  onDelete: (row: SwitchRow) => void;
  /** Opens the switch renew popup. */
  onRenew: (row: SwitchRow) => void;
}) {
  const columns = useMemo<Column[]>(
    () => [
      {
        key: 'action',
        header: 'Action',
        render: (row) => (
          <Stack direction="row" spacing={0.5}>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => onEdit(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${row.name}`} onClick={() => onDelete(row)}>
                <DeleteIcon fontSize="small" color="error" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Renew">
              <IconButton
                size="small"
                aria-label={`Renew ${row.name}`}
                onClick={() => onRenew(row)}
                data-testid="switch-renew"
              >
                <ReceiptLongIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
      },
      expireColumn(onRenew),
      ...COLUMNS,
    ],
    [onEdit, onDelete, onRenew],
  );
  return (
    <SortedPageTable
      label="Switch list"
      what="the switches"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => {
        const expired = row.expireStatus === 'expired';
        return {
          'data-testid': 'switch-row',
          'data-switch-id': row.id,
          'data-expired': expired,
          // An expired switch's row text is red (spec 3 §4).
          sx: expired ? { '& .MuiTableCell-root': { color: 'error.main' } } : undefined,
        };
      }}
      summary={`${total} switch${total === 1 ? '' : 'es'}`}
      page={page}
      pages={pageCount(total, SWITCH_LIST_PAGE_SIZE)}
      sort={sort}
      order={order}
      loading={loading}
      refreshing={refreshing}
      error={error}
      onRetry={onRetry}
      emptyText={emptyText}
      pageTestId="switch-list-page"
      onSort={onSort}
      onPage={onPage}
    />
  );
}
