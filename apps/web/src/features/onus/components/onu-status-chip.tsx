import { Chip, Tooltip } from '@mui/material';
import type { OnuDownReasonCode, OnuStatusCode } from '@pondesk/contracts';
import { reasonLabel } from '../format';

/** Online, or offline with the reason it went down (the OLT's own words in the tooltip). */
export function OnuStatusChip({
  status,
  reason,
  reasonRaw,
  size = 'small',
  wrap = false,
}: {
  status: OnuStatusCode;
  reason: OnuDownReasonCode | null;
  reasonRaw?: string | null;
  size?: 'small' | 'medium';
  /** Let 'Offline · reason' break over two lines in a narrow column. */
  wrap?: boolean;
}) {
  if (status === 'online')
    return <Chip size={size} color="success" label="Online" data-testid="onu-status" data-status="online" />;
  const label = reason ? `Offline · ${reasonLabel(reason)}` : 'Offline';
  const chip = (
    <Chip
      size={size}
      color="error"
      label={label}
      data-testid="onu-status"
      data-status="offline"
      sx={wrap ? { height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } : undefined}
    />
  );
  return reasonRaw ? (
    <Tooltip title={`The OLT says: ${reasonRaw}`}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}
