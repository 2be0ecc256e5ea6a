import { Chip, Typography } from '@mui/material';
import BoltIcon from '@mui/icons-material/Bolt';
import { AUDIT_OUTCOME_LABELS, describeAuditAction, type AuditOutcome } from '@pondesk/contracts';

const OUTCOME_COLORS: Record<AuditOutcome, 'success' | 'error' | 'warning'> = {
  ok: 'success',
  failed: 'error',
  'no-effect-seen': 'warning',
};

/** An action in words; a device write carries a bolt so it stands out in a long list. */
export function AuditActionLabel({ action, deviceWrite }: { action: string; deviceWrite: boolean }) {
  const words = describeAuditAction(action);
  if (!deviceWrite)
    return (
      <Typography variant="body2" component="span" title={action}>
        {words}
      </Typography>
    );
  return (
    <Chip
      size="small"
      color="warning"
      icon={<BoltIcon />}
      label={words}
      title={`${action}: a device write`}
      data-testid="audit-device-write"
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The outcome the row records; a dash where it does not say. */
export function AuditOutcomeChip({ outcome }: { outcome: AuditOutcome | null }) {
  if (!outcome)
    return (
      <Typography variant="body2" component="span" color="text.secondary" title="The entry does not say">
        —
      </Typography>
    );
  return (
    <Chip
      size="small"
      variant="outlined"
      color={OUTCOME_COLORS[outcome]}
      label={AUDIT_OUTCOME_LABELS[outcome]}
      data-testid="audit-outcome"
      data-outcome={outcome}
    />
  );
}
