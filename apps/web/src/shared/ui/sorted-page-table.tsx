import type { ReactNode } from 'react';
import {
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
  type TableRowProps,
} from '@mui/material';
import { ListLoadStatus } from './list-load-status';
import { SortableHead, type SortableColumn, type SortOrder } from './sortable-head';
import { TablePager } from './table-pager';

export interface SortedPageColumn<T, S extends string> extends SortableColumn<S> {
  render: (row: T) => ReactNode;
}

/**
 * One page of a list sorted and paged on the server: sortable header, skeleton rows on the first load,
 * the previous rows kept (with a progress bar) while the next page loads, the load error with Retry, an
 * empty state, and the 'Page x of y' pager. Each cell carries `data-column` with its column's key.
 */
export function SortedPageTable<T, S extends string>({
  label,
  what,
  columns,
  rows,
  rowKey,
  rowProps,
  summary,
  page,
  pages,
  sort,
  order,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText,
  emptyTestId,
  pageTestId,
  onSort,
  onPage,
}: {
  /** The table's accessible name. */
  label: string;
  /** What the rows are, for the load error ('the switch ports'). */
  what: string;
  columns: readonly SortedPageColumn<T, S>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** Extra props of a row (test ids, data attributes, a style for rows that stand out). */
  rowProps?: (row: T) => Partial<TableRowProps> & Record<`data-${string}`, unknown>;
  /** The pager's left-hand text ('20 ports'). */
  summary: ReactNode;
  page: number;
  pages: number;
  sort: S;
  order: SortOrder;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  emptyTestId?: string;
  pageTestId?: string;
  onSort: (sort: S) => void;
  onPage: (page: number) => void;
}) {
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <ListLoadStatus refreshing={refreshing} error={error} onRetry={onRetry} what={what} />
      <TableContainer>
        <Table size="small" aria-label={label}>
          <SortableHead columns={columns} sort={sort} order={order} onSort={onSort} />
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`}>
                    {columns.map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow key={rowKey(row)} hover {...rowProps?.(row)}>
                    {columns.map((c) => (
                      <TableCell key={c.key} align={c.align} data-column={c.key}>
                        {c.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography
                    color="text.secondary"
                    sx={{ py: 3, textAlign: 'center' }}
                    data-testid={emptyTestId}
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
        summary={summary}
        page={Math.min(page, pages)}
        pages={pages}
        onPage={onPage}
        pageTestId={pageTestId}
      />
    </Paper>
  );
}
