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
  type ChipProps,
} from '@mui/material';
import {
  LOG_EVENT_KIND_LABELS,
  type DeviceLogLine,
  type LogEventKind,
  type LogSeverity,
  type LogSort,
} from '@pondesk/contracts';
import { formatTime } from '../../../shared/format';
import { SortableHead, type SortableColumn } from '../../../shared/ui/sortable-head';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';

/** Date and Time both show the receive time (in the browser's zone), so both sort by it. */
const COLUMNS: readonly SortableColumn<LogSort>[] = [
  { key: 'date', header: 'Date', sort: 'receivedAt' },
  { key: 'device', header: 'Device Name', sort: 'device' },
  { key: 'log', header: 'Log', sort: 'message' },
  { key: 'time', header: 'Time', sort: 'receivedAt' },
];

const KIND_COLORS: Partial<Record<LogEventKind, ChipProps['color']>> = {
  'ppp-up': 'success',
  'ppp-auth-ok': 'success',
  'onu-up': 'success',
  'onu-oam-ok': 'success',
  'admin-login': 'info',
  'admin-logout': 'info',
  'ppp-down': 'warning',
  'ppp-terminating': 'warning',
  'onu-port-down': 'warning',
  'ppp-auth-fail': 'error',
  'onu-down': 'error',
  'pon-down': 'error',
};

/** Error and worse in red, warnings in amber; quieter severities are not marked. */
const SEVERITY_COLORS: Partial<Record<LogSeverity, ChipProps['color']>> = {
  emergency: 'error',
  alert: 'error',
  critical: 'error',
  error: 'error',
  warning: 'warning',
};

const nowrap = { whiteSpace: 'nowrap' } as const;

const formatDate = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString();
};

/** What the parser read from the line, for the line's second row. */
function details(l: DeviceLogLine): string[] {
  const out: string[] = [];
  if (l.onu) out.push(`ONU ${l.onu}`);
  if (l.mac) out.push(`MAC ${l.mac}`);
  if (l.pppoeUser) out.push(`User ${l.pppoeUser}`);
  if (l.reason) out.push(`Reason ${l.reason}`);
  return out;
}

function LogCell({ line }: { line: DeviceLogLine }) {
  const severityColor = line.severity ? SEVERITY_COLORS[line.severity] : undefined;
  const meta = details(line);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={0.75} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {line.kind !== 'other' && (
          <Chip
            size="small"
            label={LOG_EVENT_KIND_LABELS[line.kind]}
            color={KIND_COLORS[line.kind] ?? 'default'}
            variant="outlined"
            data-testid="log-kind"
            data-kind={line.kind}
          />
        )}
        {severityColor && line.severity && (
          <Chip size="small" label={line.severity} color={severityColor} data-testid="log-severity" />
        )}
        <Typography
          variant="body2"
          component="span"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          data-testid="log-message"
        >
          {line.message}
        </Typography>
      </Stack>
      {meta.length > 0 && (
        <Typography variant="caption" color="text.secondary" data-testid="log-details">
          {meta.join(' · ')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The log lines in the spec's four columns (Date, Device Name, Log, Time), sortable by header click or
 * keyboard; skeleton rows while the first page loads, the error with Retry, or what an empty list means.
 */
export function LogTable({
  label,
  rows,
  loading,
  refreshing = false,
  error,
  onRetry,
  empty,
  sort,
  order,
  onSort,
  footer,
}: {
  label: string;
  rows: readonly DeviceLogLine[] | undefined;
  loading: boolean;
  refreshing?: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: { title: string; hint: string };
  sort: LogSort;
  order: 'asc' | 'desc';
  onSort: (sort: LogSort) => void;
  footer?: ReactNode;
}) {
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <ListLoadStatus
        refreshing={refreshing}
        error={error}
        onRetry={onRetry}
        what="the log"
        testId="log-error"
      />
      <TableContainer>
        <Table size="small" aria-label={label}>
          <SortableHead
            columns={COLUMNS}
            sort={sort}
            order={order}
            onSort={onSort}
            sortTestId={(s) => `log-sort-${s}`}
            cellSx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
          />
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 8 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} aria-hidden data-testid="log-skeleton">
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((line) => (
                  <TableRow
                    key={line.id}
                    hover
                    data-testid="log-row"
                    data-id={line.id}
                    data-device-id={line.deviceId}
                    title={line.deviceTime ? `Device time: ${line.deviceTime}` : undefined}
                  >
                    <TableCell data-column="date" sx={nowrap}>
                      {formatDate(line.receivedAt)}
                    </TableCell>
                    <TableCell data-column="device" sx={{ minWidth: 120 }}>
                      {line.deviceName}
                    </TableCell>
                    <TableCell data-column="log" sx={{ width: '100%' }}>
                      <LogCell line={line} />
                    </TableCell>
                    <TableCell data-column="time" sx={nowrap}>
                      <Box component="time" dateTime={line.receivedAt}>
                        {formatTime(line.receivedAt)}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
            {rows && rows.length === 0 && !error && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Box sx={{ py: 4, textAlign: 'center' }} data-testid="log-empty">
                    <Typography sx={{ fontWeight: 600 }}>{empty.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {empty.hint}
                    </Typography>
                  </Box>
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
