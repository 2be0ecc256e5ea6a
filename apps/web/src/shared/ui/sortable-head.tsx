import type { ReactNode } from 'react';
import { TableCell, TableHead, TableRow, TableSortLabel, type SxProps, type Theme } from '@mui/material';

export type SortOrder = 'asc' | 'desc';

/** A header cell: a column without `sort` is a plain header. */
export interface SortableColumn<S extends string> {
  key: string;
  header: string;
  align?: 'left' | 'right' | 'center';
  sort?: S;
}

/**
 * A table's header row whose sortable columns sort on click (the sorting itself is the caller's); the
 * active column shows its order, the others start at 'asc'. `children` are trailing cells (e.g. Actions).
 */
export function SortableHead<S extends string>({
  columns,
  sort,
  order,
  onSort,
  cellSx = { fontWeight: 700 },
  dataColumn = true,
  sortTestId,
  children,
}: {
  columns: readonly SortableColumn<S>[];
  /** The column sorted by now, if any. */
  sort: S | null | undefined;
  order: SortOrder;
  onSort: (sort: S) => void;
  cellSx?: SxProps<Theme>;
  /** Whether each header cell carries `data-column` with its key. */
  dataColumn?: boolean;
  /** A `data-testid` for each column's sort label. */
  sortTestId?: (sort: S) => string;
  children?: ReactNode;
}) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((c) => {
          const active = !!c.sort && sort === c.sort;
          return (
            <TableCell
              key={c.key}
              align={c.align}
              sx={cellSx}
              sortDirection={active ? order : false}
              data-column={dataColumn ? c.key : undefined}
            >
              {c.sort ? (
                <TableSortLabel
                  active={active}
                  direction={active ? order : 'asc'}
                  onClick={() => onSort(c.sort as S)}
                  data-testid={sortTestId?.(c.sort)}
                >
                  {c.header}
                </TableSortLabel>
              ) : (
                c.header
              )}
            </TableCell>
          );
        })}
        {children}
      </TableRow>
    </TableHead>
  );
}
