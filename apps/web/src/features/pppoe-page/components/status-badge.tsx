import type { OnuStatusCode } from '@pondesk/contracts';
import { Chip } from '@mui/material';
import CircleIcon from '@mui/icons-material/Circle';

/** Online or Offline, as a badge; `data-status` carries the machine-readable state. */
export function StatusBadge({
  status,
  size = 'medium',
  testId,
  live,
  prefix,
  variant = 'filled',
  source,
  title,
}: {
  status: OnuStatusCode;
  size?: 'small' | 'medium';
  testId: string;
  /** Announce changes (the page's one live badge). */
  live?: boolean;
  /** Names what is online ('ONU'), where two badges stand side by side. */
  prefix?: string;
  variant?: 'filled' | 'outlined';
  /** What the state comes from: the live PPP session or the ONU's last poll. */
  source?: 'session' | 'onu';
  title?: string;
}) {
  const online = status === 'online';
  const label = online ? 'Online' : 'Offline';
  return (
    <Chip
      size={size}
      variant={variant}
      color={online ? 'success' : 'error'}
      icon={size === 'medium' ? <CircleIcon sx={{ fontSize: '0.7em' }} /> : undefined}
      label={prefix ? `${prefix} ${label}` : label}
      title={title}
      data-testid={testId}
      data-status={status}
      data-source={source}
      role={live ? 'status' : undefined}
    />
  );
}
