import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { SwitchPortEvent } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { EVENT_LABEL, formatReading } from '../format';

const BAD = new Set(['link-down', 'rx-low']);

/** The port's link and rx events in the range, newest first. */
export function PortEvents({ events }: { events: SwitchPortEvent[] }) {
  if (!events.length)
    return (
      <Typography color="text.secondary" data-testid="switch-port-events-empty">
        No link or rx events in this range.
      </Typography>
    );
  return (
    <List dense disablePadding data-testid="switch-port-events">
      {events.map((e) => (
        <ListItem key={e.id} disableGutters divider data-kind={e.kind}>
          <ListItemText
            primary={EVENT_LABEL[e.kind]}
            secondary={`${formatDateTime(e.at)}${e.rxDbm === null ? '' : ` · rx ${formatReading(e.rxDbm, 'dBm')}`}`}
            slotProps={{
              primary: { color: BAD.has(e.kind) ? 'error' : 'success.main', sx: { fontWeight: 600 } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
