import { Fragment, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { DOWN_COUNT_DAYS } from '@pondesk/contracts';
import { useOnuEvents, reasonLabel } from '../../onus';
import { eventAction, formatDay, formatTime, groupByDay } from '../format';

const PAGE_SIZE = 20;
const COLUMNS = ['Date', 'Time', 'Action', 'Reason'];

/** The Down Count's history popup: the ONU's status changes, newest first, grouped by day. */
export function DownHistoryDialog({
  open,
  onClose,
  onuId,
  pppoe,
  downCount,
}: {
  open: boolean;
  onClose: () => void;
  onuId: string;
  pppoe: string;
  downCount: number;
}) {
  const [page, setPage] = useState(1);
  const events = useOnuEvents(onuId, page, PAGE_SIZE, open);
  const data = events.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const groups = data ? groupByDay(data.items, (e) => e.at) : [];

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle>
        History of {pppoe}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Went offline {downCount} time{downCount === 1 ? '' : 's'} in the last {DOWN_COUNT_DAYS} days
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }} aria-busy={events.isFetching}>
        <LinearProgress
          aria-hidden
          sx={{ height: 2, visibility: events.isFetching && !events.isPending ? 'visible' : 'hidden' }}
        />
        {events.isError && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void events.refetch()}>
                Retry
              </Button>
            }
          >
            Failed to fetch history data. {events.error.message}
          </Alert>
        )}
        <TableContainer>
          <Table size="small" aria-label={`Status history of ${pppoe}`}>
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
              {events.isPending &&
                Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={i}>
                    {COLUMNS.map((c) => (
                      <TableCell key={c}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              {groups.map((g) => (
                <Fragment key={g.day}>
                  {g.items.map((e, i) => (
                    <TableRow key={e.id} hover data-testid="history-row">
                      {i === 0 && (
                        <TableCell
                          rowSpan={g.items.length}
                          sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}
                        >
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {formatDay(g.day)}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {g.items.length} event{g.items.length === 1 ? '' : 's'}
                          </Typography>
                        </TableCell>
                      )}
                      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {formatTime(e.at)}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={e.to === 'offline' ? 'error' : 'success'}
                          label={eventAction(e)}
                        />
                      </TableCell>
                      <TableCell>
                        {e.to === 'offline' ? (
                          e.reasonRaw ? (
                            <Tooltip title={`The OLT says: ${e.reasonRaw}`}>
                              <span>{reasonLabel(e.reason)}</span>
                            </Tooltip>
                          ) : (
                            reasonLabel(e.reason)
                          )
                        ) : (
                          '—'
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </Fragment>
              ))}
              {data && data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>
                    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                      No status changes recorded for this ONU yet.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions sx={{ px: 3 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {data ? `${data.total} event${data.total === 1 ? '' : 's'}` : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Typography variant="body2">
            Page {Math.min(page, pages)} of {pages}
          </Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
          <Button onClick={onClose} variant="outlined">
            Close
          </Button>
        </Stack>
      </DialogActions>
    </Dialog>
  );
}
