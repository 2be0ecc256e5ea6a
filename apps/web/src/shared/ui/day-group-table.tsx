import { Fragment, type ReactNode } from 'react';
import {
  Alert,
  Button,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDay, formatTime } from '../format';

/** One day of a history: its YYYY-MM-DD, the count its header shows, and its events, newest first. */
export interface EventDay<E> {
  day: string;
  count: number;
  events: readonly E[];
}

/** `data-*` attributes for an event's row. */
export type DataAttributes = Record<`data-${string}`, string>;

/**
 * A history popup's body: a loading bar, the error with Retry, and a table of events grouped by day
 * (Date and Time columns first, the day's cell spanning its events), with skeleton and empty rows.
 */
export function DayGroupTable<E extends { id: string; at: string }>({
  label,
  columns,
  days,
  countUnit,
  renderCells,
  rowData,
  dayTestId,
  stickyHeader,
  loading,
  fetching,
  error,
  onRetry,
  emptyText,
}: {
  label: string;
  /** The headers after Date and Time. */
  columns: readonly string[];
  days: readonly EventDay<E>[];
  /** What a day's count counts, in the singular: '3 times', '1 event'. */
  countUnit: string;
  /** An event's cells after Date and Time. */
  renderCells: (event: E) => ReactNode;
  rowData?: (event: E) => DataAttributes;
  /** A `data-testid` for the day cells, which then carry `data-day` too. */
  dayTestId?: string;
  stickyHeader?: boolean;
  /** No data yet: skeleton rows. */
  loading: boolean;
  /** Refetching: the bar runs while there is data. */
  fetching: boolean;
  /** What the error alert says when the history could not be read (nothing, no alert). */
  error?: ReactNode;
  onRetry: () => void;
  /** Shown in place of rows when the history has none. */
  emptyText?: string;
}) {
  const headers = ['Date', 'Time', ...columns];
  return (
    <>
      <LinearProgress
        aria-hidden
        sx={{ height: 2, visibility: fetching && !loading ? 'visible' : 'hidden' }}
      />
      {error && (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" stickyHeader={stickyHeader} aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 700 }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i}>
                  {headers.map((c) => (
                    <TableCell key={c}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {days.map((d) => (
              <Fragment key={d.day}>
                {d.events.map((e, i) => (
                  <TableRow key={e.id} hover data-testid="history-row" {...rowData?.(e)}>
                    {i === 0 && (
                      <TableCell
                        rowSpan={d.events.length}
                        sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}
                        data-testid={dayTestId}
                        data-day={dayTestId ? d.day : undefined}
                      >
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {formatDay(d.day)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {`${d.count} ${countUnit}${d.count === 1 ? '' : 's'}`}
                        </Typography>
                      </TableCell>
                    )}
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatTime(e.at)}
                    </TableCell>
                    {renderCells(e)}
                  </TableRow>
                ))}
              </Fragment>
            ))}
            {emptyText !== undefined && (
              <TableRow>
                <TableCell colSpan={headers.length}>
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
