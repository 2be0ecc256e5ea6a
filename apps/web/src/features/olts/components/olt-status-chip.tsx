import { Chip } from '@mui/material';
import type { OltStatus } from '@pondesk/contracts';

const LOOK: Record<OltStatus, { label: string; color: 'success' | 'error' | 'default' }> = {
  online: { label: 'Online', color: 'success' },
  offline: { label: 'Offline', color: 'error' },
  unknown: { label: 'Unknown', color: 'default' },
};

export function OltStatusChip({ status, size = 'small' }: { status: OltStatus; size?: 'small' | 'medium' }) {
  const look = LOOK[status] ?? LOOK.unknown;
  return (
    <Chip
      size={size}
      label={look.label}
      color={look.color}
      variant="filled"
      data-testid="olt-status"
      data-status={status}
    />
  );
}
