import type { ReactNode } from 'react';
import {
  Box,
  IconButton,
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
import EditIcon from '@mui/icons-material/Edit';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { SortableHead, type SortableColumn } from '../../../shared/ui/sortable-head';
import type { TableSort } from '../table-sort';

export interface CrudColumn<T, K extends string> extends SortableColumn<K> {
  render: (row: T) => ReactNode;
}

/**
 * A whole list (POPs, power sources, services) as a table: headers that sort on click, Edit and
 * Delete per row, skeleton rows while it loads, the error with Retry, and the list's empty text.
 */
export function CrudTable<T extends { id: string }, K extends string>({
  label,
  what,
  columns,
  rows,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText,
  sort,
  onSort,
  rowName,
  onEdit,
  onDelete,
  testId,
}: {
  label: string;
  /** What failed to load, in words ('the POPs'). */
  what: string;
  columns: readonly CrudColumn<T, K>[];
  rows: readonly T[] | undefined;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  sort: TableSort<K>;
  onSort: (key: K) => void;
  /** The row's name in its buttons' labels ('Edit Uttara POP'). */
  rowName: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** `data-testid` of the rows (the table's is `${testId}-table`). */
  testId: string;
}) {
  const span = columns.length + 1;
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing} sx={{ overflow: 'hidden' }}>
      <ListLoadStatus
        refreshing={refreshing}
        error={error}
        onRetry={onRetry}
        what={what}
        testId={`${testId}-error`}
      />
      <TableContainer>
        <Table size="small" aria-label={label} data-testid={`${testId}-table`}>
          <SortableHead
            columns={columns}
            sort={sort.key}
            order={sort.order}
            onSort={onSort}
            sortTestId={(k) => `${testId}-sort-${k}`}
            cellSx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
          >
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              Actions
            </TableCell>
          </SortableHead>
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} aria-hidden>
                    {Array.from({ length: span }, (_, j) => (
                      <TableCell key={j}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow key={row.id} hover data-testid={testId} data-id={row.id}>
                    {columns.map((c) => (
                      <TableCell key={c.key} align={c.align} data-column={c.key}>
                        {c.render(row)}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                        <Tooltip title="Edit">
                          <IconButton
                            size="small"
                            aria-label={`Edit ${rowName(row)}`}
                            onClick={() => onEdit(row)}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton
                            size="small"
                            color="error"
                            aria-label={`Delete ${rowName(row)}`}
                            onClick={() => onDelete(row)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
            {rows && rows.length === 0 && !error && (
              <TableRow>
                <TableCell colSpan={span}>
                  <Box sx={{ py: 4, textAlign: 'center' }} data-testid={`${testId}-empty`}>
                    <Typography color="text.secondary">{emptyText}</Typography>
                  </Box>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
