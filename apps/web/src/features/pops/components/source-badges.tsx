import { Chip } from '@mui/material';
import type { PopSourceState, PopSourceType } from '@pondesk/contracts';
import { sourceStateBadge, typeLabel } from '../format';

/** Gen or Elc. */
export function SourceTypeChip({ type }: { type: PopSourceType }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={typeLabel(type)}
      color={type === 'generator' ? 'warning' : 'info'}
      data-testid="source-type"
      data-type={type}
    />
  );
}

/** The Down Type badge: green where the state is good for the kind of source (spec 3 §4). */
export function SourceStateChip({ type, state }: { type: PopSourceType; state: PopSourceState }) {
  const badge = sourceStateBadge(type, state);
  return (
    <Chip
      size="small"
      label={badge.label}
      color={badge.color}
      data-testid="source-state"
      data-state={state}
      data-good={badge.color === 'success' ? 'true' : badge.color === 'error' ? 'false' : ''}
    />
  );
}
