import { Chip, Stack, Typography } from '@mui/material';
import type { ExpiryState } from '@pondesk/contracts';
import { EXPIRY_LOOK, formatBillingDay } from '../format';

/** A device's billing expiry in a list: the day, and a chip once it is expiring, in grace or expired. */
export function ExpiryCell({
  expiresOn,
  state,
  stacked = false,
}: {
  expiresOn: string | null;
  state: ExpiryState;
  /** The chip under the day, for narrow table columns. */
  stacked?: boolean;
}) {
  const look = state === 'active' ? null : EXPIRY_LOOK[state];
  return (
    <Stack
      direction={stacked ? 'column' : 'row'}
      spacing={stacked ? 0.25 : 0.75}
      sx={{ alignItems: stacked ? 'flex-start' : 'center', minWidth: 0, py: stacked ? 0.75 : 0 }}
      data-state={state}
      data-testid="expiry-cell"
    >
      <Typography variant="body2" noWrap>
        {expiresOn ? formatBillingDay(expiresOn) : '—'}
      </Typography>
      {look && (
        <Chip
          size="small"
          label={look.label}
          color={look.color}
          variant={look.variant}
          data-testid="expiry-chip"
        />
      )}
    </Stack>
  );
}
