import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { rxLevel } from '@pondesk/contracts';
import { SortableHead } from '../../../shared/ui/sortable-head';
import { graphPath } from '../../onus';
import {
  NA,
  formatRx,
  statusBadge,
  type InactiveColumn,
  type ScannerRow,
  type SortState,
} from '../inactive-rows';

export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

function Cell({ column, row }: { column: InactiveColumn; row: ScannerRow }) {
  switch (column.kind) {
    case 'status': {
      const badge = statusBadge(row.olt.brand, row.olt.mode, row.onu);
      return (
        <Chip
          size="small"
          label={badge.label}
          color={badge.color}
          title={row.onu.statusRaw ? `The OLT says: ${row.onu.statusRaw}` : undefined}
          data-testid="scanner-status"
          data-color={badge.color}
        />
      );
    }
    case 'pppoe':
      return row.onu.pppoeIds.length ? (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {row.onu.pppoeIds.map((id, i) => (
            <Fragment key={id}>
              {i > 0 && ', '}
              <Link component={RouterLink} to={graphPath(id)}>
                {id}
              </Link>
            </Fragment>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" component="span">
          {NA}
        </Typography>
      );
    case 'rx': {
      const level = rxLevel(row.onu.rxDbm);
      return (
        <Box
          component="span"
          sx={{
            color: level === 'default' ? 'text.secondary' : `${level}.main`,
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {formatRx(row.onu.rxDbm)}
        </Box>
      );
    }
    case 'mono':
      return (
        <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {column.text(row)}
        </Box>
      );
    default: {
      const text = column.text(row);
      return (
        <Box component="span" sx={{ color: text === NA ? 'text.secondary' : undefined }}>
          {text}
        </Box>
      );
    }
  }
}

/** One OLT type's inactive ONUs: sortable headers, rows of the current page, client-side paging. */
export function InactiveTable({
  label,
  columns,
  rows,
  sort,
  onSort,
  page,
  rowsPerPage,
  onPage,
  onRowsPerPage,
  emptyText,
}: {
  label: string;
  columns: InactiveColumn[];
  /** Every row after search and sort; the table shows one page of them. */
  rows: ScannerRow[];
  sort: SortState | null;
  onSort: (key: string) => void;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (size: number) => void;
  emptyText: string;
}) {
  const shown = rows.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  // Every column sorts, by its key.
  const sortable = columns.map((c) => ({ key: c.key, header: c.header, sort: c.key }));
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label} data-testid="scanner-table">
          <SortableHead
            columns={sortable}
            sort={sort?.key}
            order={sort?.order ?? 'asc'}
            onSort={onSort}
            cellSx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
            dataColumn={false}
            sortTestId={(key) => `scanner-sort-${key}`}
          />
          <TableBody>
            {shown.map((r) => (
              <TableRow key={r.key} hover data-testid="scanner-row" data-olt-id={r.olt.id}>
                {columns.map((c) => (
                  <TableCell key={c.key} data-column={c.key}>
                    <Cell column={c} row={r} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_, p) => onPage(p)}
        onRowsPerPageChange={(e) => onRowsPerPage(Number(e.target.value))}
      />
    </Paper>
  );
}
