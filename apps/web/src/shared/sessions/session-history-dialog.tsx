import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { DOWN_COUNT_LIST_DAYS } from '@pondesk/contracts';
import { formatDay, formatTime } from '../format';
import { throttleTrailing, useSocketEvents } from '../use-socket-events';
import { useSessionHistory } from './hooks';
import { sessionKeys } from './query-keys';
import { DropCauseChip, SessionActionChip } from './session-chips';
import {
  changesMention,
  dash,
  hasPendingCause,
  historyDays,
  mentionsPppoe,
  previewHistory,
} from './session-format';

/** The spec's words when the history cannot be read. */
export const HISTORY_FAILED = 'Failed to fetch history data';
const COLUMNS = ['Date', 'Time', 'Action', 'IP', 'MAC', 'Router', 'Cause'];
/** A flapping line logs thousands of events in 30 days: the first ones are shown until asked for all. */
const PREVIEW_EVENTS = 200;
/** Session events come in storms: refetch at most this often. */
const LIVE_REFETCH_MS = 2000;

/**
 * The session history of one PPPoE id over the last 30 days: every up and down the routers reported,
 * grouped by day, newest first. Used by the Down Count List and the PPPoE page.
 */
export function SessionHistoryDialog({
  open,
  onClose,
  pppoeId,
}: {
  open: boolean;
  onClose: () => void;
  pppoeId: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      scroll="paper"
      aria-labelledby="session-history-title"
      data-testid="down-count-history"
    >
      {/* A closed dialog does not mount its content: the query and its listeners live with the popup. */}
      <HistoryContent pppoeId={pppoeId} onClose={onClose} />
    </Dialog>
  );
}

/** Refetches the history when the routers report on this id, or its drops' causes may have become known. */
function useHistoryLiveUpdates(pppoeId: string, pending: boolean) {
  const qc = useQueryClient();
  const pendingNow = useRef(pending);
  pendingNow.current = pending;
  const refetch = useMemo(
    () =>
      throttleTrailing(
        () => void qc.invalidateQueries({ queryKey: sessionKeys.history(pppoeId) }),
        LIVE_REFETCH_MS,
      ),
    [qc, pppoeId],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);
  useSocketEvents({
    'session.events': ({ events }) => {
      if (mentionsPppoe(events, [pppoeId])) refetch.schedule();
    },
    'onu.status.changed': ({ changes }) => {
      if (changesMention(changes, [pppoeId])) refetch.schedule();
    },
    // An ONU that stayed online changes no status: its poll alone settles a pending cause.
    'olt.poll.finished': () => {
      if (pendingNow.current) refetch.schedule();
    },
    reconnect: () => refetch.schedule(),
  });
}

function HistoryContent({ pppoeId, onClose }: { pppoeId: string; onClose: () => void }) {
  const history = useSessionHistory(pppoeId, true);
  const [showAll, setShowAll] = useState(false);
  const data = history.data;
  const days = useMemo(() => (data ? historyDays(data.days) : []), [data]);
  useHistoryLiveUpdates(pppoeId, hasPendingCause(days));
  const eventCount = days.reduce((n, d) => n + d.events.length, 0);
  const preview = showAll ? { days, hidden: 0 } : previewHistory(days, PREVIEW_EVENTS);

  return (
    <>
      <DialogTitle id="session-history-title" sx={{ overflowWrap: 'anywhere' }}>
        {pppoeId}
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: 'block' }}
          data-testid="history-total"
        >
          {data ? (
            `Total times down: ${data.total}`
          ) : history.isError ? (
            'Total times down: -'
          ) : (
            <Skeleton width={140} />
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Sessions reported by the routers in the last {DOWN_COUNT_LIST_DAYS} days
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }} aria-busy={history.isFetching}>
        <LinearProgress
          aria-hidden
          sx={{ height: 2, visibility: history.isFetching && !history.isPending ? 'visible' : 'hidden' }}
        />
        {history.isError && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void history.refetch()}>
                Retry
              </Button>
            }
          >
            <AlertTitle>{HISTORY_FAILED}</AlertTitle>
            {history.error.message}
          </Alert>
        )}
        <TableContainer>
          <Table size="small" stickyHeader aria-label={`Session history of ${pppoeId}`}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 700 }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {history.isPending &&
                Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={i}>
                    {COLUMNS.map((c) => (
                      <TableCell key={c}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              {preview.days.map((d) => (
                <Fragment key={d.date}>
                  {d.events.map((e, i) => (
                    <TableRow key={e.id} hover data-testid="history-row" data-action={e.action}>
                      {i === 0 && (
                        <TableCell
                          rowSpan={d.events.length}
                          sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}
                          data-testid="history-day"
                          data-day={d.date}
                        >
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {formatDay(d.date)}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {d.count} time{d.count === 1 ? '' : 's'}
                          </Typography>
                        </TableCell>
                      )}
                      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {formatTime(e.at)}
                      </TableCell>
                      <TableCell>
                        <SessionActionChip action={e.action} />
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                        {dash(e.ip)}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                        {dash(e.mac)}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{dash(e.router)}</TableCell>
                      <TableCell>
                        <DropCauseChip cause={e.action === 'down' ? e.cause : null} />
                      </TableCell>
                    </TableRow>
                  ))}
                </Fragment>
              ))}
              {data && eventCount === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>
                    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                      No session events for this PPPoE ID in the last {DOWN_COUNT_LIST_DAYS} days.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {preview.hidden > 0 && (
          <Button size="small" sx={{ m: 1.5 }} onClick={() => setShowAll(true)}>
            Show all ({preview.hidden} more)
          </Button>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {data ? `${eventCount} event${eventCount === 1 ? '' : 's'}` : ''}
        </Typography>
        <Button onClick={onClose} variant="outlined">
          Close
        </Button>
      </DialogActions>
    </>
  );
}
