import { Chip } from '@mui/material';
import type { DropCause, SessionAction } from '@pondesk/contracts';
import { actionChip, causeChip, EMPTY } from './session-format';

/** Why a session dropped, as a coloured chip; '-' when no cause applies (an up event, no drop yet). */
export function DropCauseChip({ cause, testId }: { cause: DropCause | null; testId?: string }) {
  if (!cause)
    return (
      <span data-testid={testId} data-cause="">
        {EMPTY}
      </span>
    );
  const look = causeChip(cause);
  return (
    <Chip
      size="small"
      label={look.label}
      color={look.color}
      variant={look.variant}
      data-testid={testId}
      data-cause={cause}
    />
  );
}

export function SessionActionChip({ action }: { action: SessionAction }) {
  const look = actionChip(action);
  return (
    <Chip size="small" label={look.label} color={look.color} variant={look.variant} data-action={action} />
  );
}
