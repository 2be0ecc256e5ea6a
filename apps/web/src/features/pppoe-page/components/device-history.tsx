import { useMemo, useState } from 'react';
import {
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { OnuHistoryEntry } from '@pondesk/contracts';
import { reasonLabel } from '../../onus';
import { LOG_PREVIEW, newestFirst, previewList } from '../page-state';

const EVENT_LABEL: Record<OnuHistoryEntry['event'], string> = { up: 'Up', down: 'Down', other: 'Other' };
const EVENT_COLOR = { up: 'success', down: 'error', other: 'default' } as const;

/**
 * The OLT's own log of the ONU (GPON deactivations, EPON up/down), newest first: 6 entries, then
 * 'See More'. The reason is shown whole (the OLT's words under our label), wrapping in its cell.
 */
export function DeviceHistory({ history, title }: { history: OnuHistoryEntry[] | null; title: string }) {
  const [expanded, setExpanded] = useState(false);
  const sorted = useMemo(() => (history ? newestFirst(history) : null), [history]);
  if (sorted === null)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="device-history-none">
        This OLT keeps no history we can read for its ONUs.
      </Typography>
    );
  if (sorted.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="device-history-empty">
        The OLT has no entries in this ONU's log.
      </Typography>
    );
  const { shown, hidden } = previewList(sorted, expanded);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Time</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>Event</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((e, i) => (
              <TableRow key={i} data-testid="device-history-row">
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {/* As the OLT wrote it: device clocks are often unset, so it is not converted. */}
                  {e.time ?? '—'}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={EVENT_COLOR[e.event]}
                    label={EVENT_LABEL[e.event]}
                  />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }} data-testid="device-history-reason">
                  {e.reason ? reasonLabel(e.reason) : e.reasonRaw ? null : reasonLabel(null)}
                  {e.reasonRaw && (!e.reason || e.reasonRaw !== reasonLabel(e.reason)) && (
                    <Typography
                      variant={e.reason ? 'caption' : 'body2'}
                      color={e.reason ? 'text.secondary' : undefined}
                      component="span"
                      sx={{ display: 'block' }}
                      title={e.reason ? 'The OLT says' : undefined}
                    >
                      {e.reasonRaw}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {sorted.length > LOG_PREVIEW && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setExpanded((x) => !x)} aria-expanded={expanded}>
          {expanded ? 'Show Less' : `See More (${hidden})`}
        </Button>
      )}
    </>
  );
}
