import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
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
import type { OltRow } from '@pondesk/contracts';
import {
  OLT_LIST_PAGE_SIZE,
  fieldOfSort,
  sortOfField,
  type OltListParams,
  type OltListSort,
} from '../list-params';
import { OltStatusChip } from './olt-status-chip';

interface Props {
  rows: OltRow[];
  /** Undefined until the first answer: the grid must not clamp a deep-linked page to a count of 0. */
  total: number | undefined;
  loading: boolean;
  params: OltListParams;
  filtered: boolean;
  onPage: (page: number) => void;
  onSort: (sort: OltListSort, order: 'asc' | 'desc') => void;
  onView: (row: OltRow) => void;
  onEdit: (row: OltRow) => void;
  onDelete: (row: OltRow) => void;
}

function EmptyRows({ filtered }: { filtered: boolean }) {
  return (
    <Box sx={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Typography color="text.secondary">
        {filtered
          ? 'No OLT matches this search or branch.'
          : 'No OLT yet. Use Add New to add your first OLT.'}
      </Typography>
    </Box>
  );
}

/** The OLT table: paging and sorting happen on the server, 20 rows a page. */
export function OltTable({
  rows,
  total,
  loading,
  params,
  filtered,
  onPage,
  onSort,
  onView,
  onEdit,
  onDelete,
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
        field: 'status',
        headerName: 'Status',
        width: 110,
        renderCell: ({ row }) => <OltStatusChip status={row.status} />,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Action',
        width: 130,
        getActions: ({ row }) => [
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
    [onView, onEdit, onDelete],
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
      slots={{ noRowsOverlay: () => <EmptyRows filtered={filtered} /> }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{ minHeight: 300 }}
    />
  );
}
