import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Stack, Tooltip, Typography } from '@mui/material';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import VisibilityIcon from '@mui/icons-material/Visibility';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { OltRow } from '@pondesk/contracts';
import {
  OLT_LIST_PAGE_SIZE,
  fieldOfSort,
  sortOfField,
  type OltListParams,
  type OltListSort,
} from '../list-params';
import { onuListHref } from '../../onus/list-params';
import { ExpiryCell } from '../../billing/components/expiry-cell';
import { OltStatusChip } from './olt-status-chip';

interface Props {
  rows: OltRow[];
  /** Undefined until the first answer: the grid must not clamp a deep-linked page to a count of 0. */
  total: number | undefined;
  loading: boolean;
  params: OltListParams;
  filtered: boolean;
  /** The empty-table text when nothing is filtered (it depends on who is looking). */
  emptyText: string;
  /** The ONU list the ONU counts link to, or null when the user may open none. */
  onuList: string | null;
  onPage: (page: number) => void;
  onSort: (sort: OltListSort, order: 'asc' | 'desc') => void;
  onView: (row: OltRow) => void;
  onEdit: (row: OltRow) => void;
  onDelete: (row: OltRow) => void;
  /** Opens the package popup for the OLT (renew or buy a package). */
  onBilling: (row: OltRow) => void;
}

function EmptyRows({ filtered, emptyText }: { filtered: boolean; emptyText: string }) {
  return (
    <Box sx={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Typography color="text.secondary" data-testid="olt-list-empty" sx={{ textAlign: 'center' }}>
        {filtered ? 'No OLT matches this search or branch.' : emptyText}
      </Typography>
    </Box>
  );
}

/** The status chip, with the last poll or health error under it while the OLT is not online. */
function StatusCell({ row }: { row: OltRow }) {
  const error = row.status !== 'online' ? row.lastError : null;
  return (
    <Stack spacing={0.25} sx={{ py: 0.75, minWidth: 0, alignItems: 'flex-start' }}>
      <OltStatusChip status={row.status} />
      {error && (
        <Tooltip title={error}>
          <Typography
            variant="caption"
            color="error"
            data-testid="olt-last-error"
            sx={{ display: 'block', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
            noWrap
          >
            {error}
          </Typography>
        </Tooltip>
      )}
    </Stack>
  );
}

/** Online/total ONUs, linking to this OLT's ONUs when the user may open an ONU list. */
function OnuCountCell({ row, onuList }: { row: OltRow; onuList: string | null }) {
  const text = `${row.onlineOnuCount}/${row.onuCount}`;
  const label = `${row.onlineOnuCount} of ${row.onuCount} ONUs online`;
  if (!onuList)
    return (
      <span title={label} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {text}
      </span>
    );
  return (
    <Link
      component={RouterLink}
      to={onuListHref(onuList, { oltId: row.id })}
      title={label}
      data-testid="olt-onu-count"
      sx={{ fontVariantNumeric: 'tabular-nums' }}
      onClick={(e) => e.stopPropagation()}
    >
      {text}
    </Link>
  );
}

/** The OLT table: paging and sorting happen on the server, 20 rows a page. */
export function OltTable({
  rows,
  total,
  loading,
  params,
  filtered,
  emptyText,
  onuList,
  onPage,
  onSort,
  onView,
  onEdit,
  onDelete,
  onBilling,
}: Props) {
  const columns = useMemo<GridColDef<OltRow>[]>(
    () => [
      { field: 'host', headerName: 'OLT IP', flex: 1, minWidth: 130 },
      { field: 'name', headerName: 'Olt Name', flex: 1.3, minWidth: 150 },
      {
        field: 'branchName',
        headerName: 'Branch Name',
        flex: 1,
        minWidth: 130,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      { field: 'code', headerName: 'Olt ID', flex: 0.8, minWidth: 110 },
      {
        field: 'mikrotikHost',
        headerName: 'Mikrotik IP',
        flex: 1,
        minWidth: 130,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'onuCount',
        headerName: 'ONUs',
        description: 'Online / total ONUs',
        width: 100,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <OnuCountCell row={row} onuList={onuList} />,
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 170,
        renderCell: ({ row }) => <StatusCell row={row} />,
      },
      {
        field: 'expiresOn',
        headerName: 'Expiry',
        sortable: false,
        width: 120,
        renderCell: ({ row }) => <ExpiryCell expiresOn={row.expiresOn} state={row.expiryState} stacked />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Action',
        width: 170,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="billing"
            icon={<ReceiptLongIcon color={row.expiryState === 'active' ? undefined : 'error'} />}
            label={`Billing ${row.name}`}
            onClick={() => onBilling(row)}
            data-testid="olt-billing"
          />,
          <GridActionsCellItem
            key="view"
            icon={<VisibilityIcon />}
            label={`View ${row.name}`}
            onClick={() => onView(row)}
          />,
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={`Edit ${row.name}`}
            onClick={() => onEdit(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon color="error" />}
            label={`Delete ${row.name}`}
            onClick={() => onDelete(row)}
          />,
        ],
      },
    ],
    [onView, onEdit, onDelete, onBilling, onuList],
  );

  // Stable references: a new sort model on every render reads as a sort change and resets the page.
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: params.page - 1, pageSize: OLT_LIST_PAGE_SIZE }),
    [params.page],
  );
  const sortModel = useMemo<GridSortModel>(
    () => [{ field: fieldOfSort(params.sort), sort: params.order }],
    [params.sort, params.order],
  );

  return (
    <DataGrid
      aria-label="OLT list"
      rows={rows}
      columns={columns}
      rowCount={total ?? -1}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(m) => onPage(m.page + 1)}
      pageSizeOptions={[OLT_LIST_PAGE_SIZE]}
      sortModel={sortModel}
      sortingOrder={['asc', 'desc']}
      onSortModelChange={(model) => {
        const first = model[0];
        const sort = first && sortOfField(first.field);
        if (sort && first.sort) onSort(sort, first.sort);
      }}
      disableColumnFilter
      disableColumnMenu
      disableRowSelectionOnClick
      onRowDoubleClick={({ row }) => onView(row)}
      // Rows with an error line under the status, or an expiry chip under the day, grow to fit it.
      getRowHeight={({ model }) => {
        const row = model as OltRow;
        return (row.status !== 'online' && row.lastError) || row.expiryState !== 'active' ? 'auto' : null;
      }}
      slots={{ noRowsOverlay: () => <EmptyRows filtered={filtered} emptyText={emptyText} /> }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{ minHeight: 300 }}
    />
  );
}
