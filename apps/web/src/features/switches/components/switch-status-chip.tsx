import { Chip } from '@mui/material';
import type { SwitchStatus } from '@pondesk/contracts';
import { STATUS_LOOK } from '../format';

export function SwitchStatusChip({
  status,
  title,
  size = 'small',
}: {
  status: SwitchStatus;
  title?: string;
  size?: 'small' | 'medium';
}) {
  const look = STATUS_LOOK[status] ?? STATUS_LOOK.unknown;
  return (
    <Chip
      size={size}
      label={look.label}
      color={look.color}
      title={title}
      data-testid="switch-status"
      data-status={status}
    />
  );
}
