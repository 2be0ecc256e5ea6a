import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  LinearProgress,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

export interface ServerPaging {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
}

/** A table with honest loading, error and empty states; paging happens on the server. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  refreshing,
  error,
  onRetry,
  empty,
  paging,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** Showing the previous page's rows while the next one loads. */
  refreshing?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  empty: string;
  paging?: ServerPaging;
}) {
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <LinearProgress
        aria-hidden
        sx={{ height: 2, visibility: refreshing ? 'visible' : 'hidden', borderRadius: 0 }}
      />
      {error && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0 }}
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            )
          }
        >
          {`Could not load the ${label}: ${error.message}`}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ fontWeight: 700, width: c.width }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 4 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`}>
                    {columns.map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow key={rowKey(row)} hover>
                    {columns.map((c) => (
                      <TableCell key={c.key} align={c.align}>
                        {c.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={paging.total}
          page={Math.max(0, paging.page - 1)}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={paging.onPageSizeChange ? [10, 20, 50, 100] : [paging.pageSize]}
          onPageChange={(_, p) => paging.onPageChange(p + 1)}
          onRowsPerPageChange={(e) => paging.onPageSizeChange?.(Number(e.target.value))}
        />
      )}
    </Paper>
  );
}
