import { useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TableCell,
  Tooltip,
  Typography,
} from '@mui/material';
import { DOWN_COUNT_DAYS } from '@pondesk/contracts';
import { DayGroupTable } from '../../../shared/ui/day-group-table';
import { useOnuEvents, reasonLabel } from '../../onus';
import { eventAction, groupByDay } from '../format';

const PAGE_SIZE = 20;
/** The columns after Date and Time. */
const EVENT_COLUMNS = ['Action', 'Reason'];

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
        <DayGroupTable
          label={`Status history of ${pppoe}`}
          columns={EVENT_COLUMNS}
          days={groups.map((g) => ({ day: g.day, count: g.items.length, events: g.items }))}
          countUnit="event"
          renderCells={(e) => (
            <>
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
            </>
          )}
          loading={events.isPending}
          fetching={events.isFetching}
          error={events.isError && `Failed to fetch history data. ${events.error.message}`}
          onRetry={() => void events.refetch()}
          emptyText={
            data && data.items.length === 0 ? 'No status changes recorded for this ONU yet.' : undefined
          }
        />
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
