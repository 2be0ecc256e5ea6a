import { Box, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { validity, type CheckState } from '../port-checks';

function describe(check: CheckState, what: string): string {
  switch (check.phase) {
    case 'idle':
      return `${what}: unknown (enter an IP and port to check)`;
    case 'waiting':
      return `${what}: unknown (about to check ${check.key})`;
    case 'checking':
      return `${what}: checking ${check.key}…`;
    case 'open':
      return `${what}: valid, ${check.key} is open${check.latencyMs === null ? '' : ` (${check.latencyMs} ms)`}`;
    case 'closed':
      return `${what}: invalid, ${check.key} is closed${check.message ? ` (${check.message})` : ''}`;
    case 'error':
      return `${what}: unknown, the check could not run (${check.message ?? 'error'})`;
  }
}

/** The icon shown in the checked fields: valid, invalid, checking or unknown. */
export function PortCheckIcon({ check }: { check: CheckState }) {
  if (check.phase === 'checking' || check.phase === 'waiting')
    return <CircularProgress size={18} aria-label="Checking the port" />;
  const valid = validity(check);
  if (valid === true) return <CheckCircleIcon color="success" fontSize="small" titleAccess="Port open" />;
  if (valid === false) return <CancelIcon color="error" fontSize="small" titleAccess="Port closed" />;
  return <HelpOutlineIcon color="disabled" fontSize="small" titleAccess="Not checked" />;
}

/** A line under a section that says, for screen readers too, what the port check found. */
export function PortCheckStatus({
  check,
  what,
  testId,
}: {
  check: CheckState;
  what: string;
  testId: string;
}) {
  const valid = validity(check);
  const text = describe(check, what);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', mt: 1 }}
      data-testid={testId}
      data-state={check.phase}
    >
      <Box sx={{ display: 'flex', width: 20, justifyContent: 'center' }}>
        <PortCheckIcon check={check} />
      </Box>
      <Tooltip title={check.message ?? ''} disableHoverListener={!check.message}>
        <Typography
          variant="body2"
          aria-live="polite"
          color={valid === true ? 'success.main' : valid === false ? 'error.main' : 'text.secondary'}
        >
          {text}
        </Typography>
      </Tooltip>
    </Stack>
  );
}
