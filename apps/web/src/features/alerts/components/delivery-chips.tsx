import { Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { AlertDelivery } from '@pondesk/contracts';
import { DELIVERY_STATUS_COLORS, deliveryDetail, deliveryLabel } from '../alert-format';

/** One small chip per message sent (channel and phase), coloured by its status; the detail in a tooltip. */
export function DeliveryChips({ deliveries, silenced }: { deliveries: AlertDelivery[]; silenced: boolean }) {
  if (!deliveries.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {silenced ? 'Not sent (silenced)' : 'No channel'}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {deliveries.map((d) => {
        const detail = deliveryDetail(d);
        return (
          <Tooltip key={`${d.channelId}-${d.phase}`} title={detail}>
            <Chip
              size="small"
              variant={d.status === 'delivered' ? 'filled' : 'outlined'}
              color={DELIVERY_STATUS_COLORS[d.status]}
              label={`${deliveryLabel(d)}: ${d.status}`}
              aria-label={detail}
              tabIndex={0}
              data-testid="alert-delivery"
              data-status={d.status}
              data-channel={d.channelName}
              data-phase={d.phase}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
}
