import type { ReactNode } from 'react';
import {
  Box,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import { POP_OUTAGE_PAGE_SIZE, type PopOutageRow, type PopOutageSort } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { SortableHead, type SortableColumn } from '../../../shared/ui/sortable-head';
import { formatMinutes, typeLabel } from '../format';
import { SourceStateChip } from './source-badges';

const COLUMNS: readonly SortableColumn<PopOutageSort>[] = [
  { key: 'si', header: 'SI' },
  { key: 'downMinutes', header: 'Down Time', sort: 'downMinutes' },
  { key: 'upTime', header: 'Up Time', sort: 'upAt' },
  { key: 'ip', header: 'Ip', sort: 'ip' },
  { key: 'down', header: 'Down', sort: 'downAt' },
  { key: 'up', header: 'Up' },
];

const nowrap = { whiteSpace: 'nowrap' } as const;

function Stamp({ children, at }: { children: ReactNode; at: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ...nowrap }}>
      {children}
      <Typography variant="body2" component="time" dateTime={at}>
        {formatDateTime(at)}
      </Typography>
    </Stack>
  );
}

/** The Pop Elc Down Log's page of outages, sortable on the server; an open outage says 'ongoing'. */
export function OutageTable({
  rows,
  page,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText,
  sort,
  order,
  onSort,
  footer,
}: {
  rows: readonly PopOutageRow[] | undefined;
  page: number;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  sort: PopOutageSort;
  order: 'asc' | 'desc';
  onSort: (sort: PopOutageSort) => void;
  footer?: ReactNode;
}) {
  const first = (page - 1) * POP_OUTAGE_PAGE_SIZE;
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing} sx={{ overflow: 'hidden' }}>
      <ListLoadStatus
        refreshing={refreshing}
        error={error}
        onRetry={onRetry}
        what="the down log"
        testId="outage-error"
      />
      <TableContainer>
        <Table size="small" aria-label="Pop Elc Down Log">
          <SortableHead
            columns={COLUMNS}
            sort={sort}
            order={order}
            onSort={onSort}
            sortTestId={(s) => `outage-sort-${s}`}
            cellSx={{ fontWeight: 700, ...nowrap }}
          />
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} aria-hidden>
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((o, i) => (
                  <TableRow
                    key={o.id}
                    hover
                    data-testid="outage-row"
                    data-id={o.id}
                    data-open={o.upAt ? 'false' : 'true'}
                  >
                    <TableCell data-column="si">{first + i + 1}</TableCell>
                    <TableCell data-column="downMinutes" sx={nowrap}>
                      {formatMinutes(o.downMinutes)}
                    </TableCell>
                    <TableCell data-column="upTime" sx={nowrap}>
                      {o.upAt ? formatDateTime(o.upAt) : 'ongoing'}
                    </TableCell>
                    <TableCell data-column="ip">
                      <Box sx={{ fontFamily: 'monospace' }}>{o.ip}</Box>
                      <Typography variant="caption" color="text.secondary" sx={nowrap}>
                        {o.popName} · {typeLabel(o.type)}
                      </Typography>
                    </TableCell>
                    <TableCell data-column="down">
                      <Stamp at={o.downAt}>
                        <SourceStateChip type={o.type} state="down" />
                      </Stamp>
                    </TableCell>
                    <TableCell data-column="up">
                      {o.upAt ? (
                        <Stamp at={o.upAt}>
                          <SourceStateChip type={o.type} state="up" />
                        </Stamp>
                      ) : (
                        <Chip size="small" variant="outlined" color="warning" label="ongoing" />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
            {rows && rows.length === 0 && !error && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Typography
                    color="text.secondary"
                    sx={{ py: 4, textAlign: 'center' }}
                    data-testid="outage-empty"
                  >
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}
