import type { OnuStatusCode } from '@pondesk/contracts';
import { Chip } from '@mui/material';
import CircleIcon from '@mui/icons-material/Circle';

/** Online or Offline, as a badge; `data-status` carries the machine-readable state. */
export function StatusBadge({
  status,
  size = 'medium',
  testId,
  live,
}: {
  status: OnuStatusCode;
  size?: 'small' | 'medium';
  testId: string;
  /** Announce changes (the page's one live badge). */
  live?: boolean;
}) {
  const online = status === 'online';
  return (
    <Chip
      size={size}
      color={online ? 'success' : 'error'}
      icon={size === 'medium' ? <CircleIcon sx={{ fontSize: '0.7em' }} /> : undefined}
      label={online ? 'Online' : 'Offline'}
      data-testid={testId}
      data-status={status}
      role={live ? 'status' : undefined}
    />
  );
}
