import { useState } from 'react';
import {
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { OnuHistoryEntry } from '@pondesk/contracts';
import { reasonLabel } from '../../onus';
import { LOG_PREVIEW, previewList } from '../page-state';

const EVENT_LABEL: Record<OnuHistoryEntry['event'], string> = { up: 'Up', down: 'Down', other: 'Other' };
const EVENT_COLOR = { up: 'success', down: 'error', other: 'default' } as const;

/** The OLT's own log of the ONU (GPON deactivations, EPON up/down): 6 entries, then 'See More'. */
export function DeviceHistory({ history, title }: { history: OnuHistoryEntry[] | null; title: string }) {
  const [expanded, setExpanded] = useState(false);
  if (history === null)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="device-history-none">
        This OLT keeps no history we can read for its ONUs.
      </Typography>
    );
  if (history.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="device-history-empty">
        The OLT has no entries in this ONU's log.
      </Typography>
    );
  const { shown, hidden } = previewList(history, expanded);
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
                <TableCell>
                  {e.reasonRaw ? (
                    <Tooltip title={`The OLT says: ${e.reasonRaw}`}>
                      <span>{e.reason ? reasonLabel(e.reason) : e.reasonRaw}</span>
                    </Tooltip>
                  ) : (
                    reasonLabel(e.reason)
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {history.length > LOG_PREVIEW && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setExpanded((x) => !x)} aria-expanded={expanded}>
          {expanded ? 'Show Less' : `See More (${hidden})`}
        </Button>
      )}
    </>
  );
}
