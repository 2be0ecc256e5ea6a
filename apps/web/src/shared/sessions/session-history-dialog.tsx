import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  TableCell,
  Typography,
} from '@mui/material';
import { DOWN_COUNT_LIST_DAYS } from '@pondesk/contracts';
import { DayGroupTable } from '../ui/day-group-table';
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
/** The columns after Date and Time. */
const EVENT_COLUMNS = ['Action', 'IP', 'MAC', 'Router', 'Cause'];
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
        <DayGroupTable
          label={`Session history of ${pppoeId}`}
          stickyHeader
          columns={EVENT_COLUMNS}
          days={preview.days.map((d) => ({ day: d.date, count: d.count, events: d.events }))}
          countUnit="time"
          dayTestId="history-day"
          rowData={(e) => ({ 'data-action': e.action })}
          renderCells={(e) => (
            <>
              <TableCell>
                <SessionActionChip action={e.action} />
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{dash(e.ip)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{dash(e.mac)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{dash(e.router)}</TableCell>
              <TableCell>
                <DropCauseChip cause={e.action === 'down' ? e.cause : null} />
              </TableCell>
            </>
          )}
          loading={history.isPending}
          fetching={history.isFetching}
          error={
            history.isError && (
              <>
                <AlertTitle>{HISTORY_FAILED}</AlertTitle>
                {history.error.message}
              </>
            )
          }
          onRetry={() => void history.refetch()}
          emptyText={
            data && eventCount === 0
              ? `No session events for this PPPoE ID in the last ${DOWN_COUNT_LIST_DAYS} days.`
              : undefined
          }
        />
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
