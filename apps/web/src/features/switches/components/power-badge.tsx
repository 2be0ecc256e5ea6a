import { Chip } from '@mui/material';
import type { SwitchPortPower } from '@pondesk/contracts';
import { POWER_LOOK } from '../format';

/** A port's power band: red for down and critical, amber warning, green good, grey without a reading. */
export function PowerBadge({ power, title }: { power: SwitchPortPower; title?: string }) {
  const look = POWER_LOOK[power] ?? POWER_LOOK.none;
  return (
    <Chip
      size="small"
      label={look.label}
      color={look.color}
      title={title}
      data-testid="switch-port-power"
      data-power={power}
      sx={{ fontWeight: 600, minWidth: 76 }}
    />
  );
}
