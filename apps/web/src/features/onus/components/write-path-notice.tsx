import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  EVIDENCE_LABELS,
  type OltWritePaths,
  type OnuWriteKind,
  type WritePathInfo,
} from '@pondesk/contracts';
import { messageOf } from '../../../shared/ui/errors';
import { ACCEPT_INFERRED_LABEL, TRANSPORT_WORDS, inferredWarning, stepsFor, writeGate } from '../write-paths';

const PATHS_FAILED = 'Could not read how this OLT is written to.';

/**
 * Inside a write dialog: how the write will reach the OLT (transport, the commands for this ONU, and the
 * evidence behind them), and for an inferred command the warning and the consent checkbox.
 */
export function WritePathNotice({
  kind,
  onu,
  paths,
  accepted,
  onAcceptedChange,
}: {
  kind: OnuWriteKind;
  onu: { ponPort: number; onuId: number };
  paths: Pick<UseQueryResult<OltWritePaths>, 'data' | 'isError' | 'error' | 'refetch'>;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  if (paths.isError)
    return (
      <Alert
        severity="error"
        sx={{ mt: 2 }}
        data-testid="write-path-error"
        action={
          <Button color="inherit" size="small" onClick={() => void paths.refetch()}>
            Retry
          </Button>
        }
      >
        {messageOf(paths.error, PATHS_FAILED)}
      </Alert>
    );
  const gate = writeGate(paths.data, kind, accepted);
  if (gate.state === 'loading')
    return (
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }} aria-live="polite">
        <CircularProgress size={16} />
        <Typography variant="body2">Reading how this OLT is written to…</Typography>
      </Stack>
    );
  if (gate.state === 'missing')
    return (
      <Alert severity="error" sx={{ mt: 2 }} data-testid="write-path-missing">
        {gate.reason}
      </Alert>
    );
  return (
    <Box sx={{ mt: 2 }}>
      <PathSummary path={gate.path} onu={onu} />
      {gate.path.evidence === 'inferred' && (
        <>
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="write-path-inferred">
            {inferredWarning(kind)}
          </Alert>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={accepted}
                onChange={(e) => onAcceptedChange(e.target.checked)}
                // The operator lands on the consent first: the send button is out of reach until it is given.
                autoFocus
              />
            }
            label={ACCEPT_INFERRED_LABEL}
          />
        </>
      )}
    </Box>
  );
}

/** "Sent over telnet", the evidence in words, the commands filled in for this ONU, and their source. */
function PathSummary({ path, onu }: { path: WritePathInfo; onu: { ponPort: number; onuId: number } }) {
  return (
    <>
      <Typography variant="body2" data-testid="write-path-evidence" data-evidence={path.evidence}>
        {TRANSPORT_WORDS[path.via]} · {EVIDENCE_LABELS[path.evidence]}
      </Typography>
      <Box
        component="pre"
        data-testid="write-path-steps"
        aria-label="Commands sent to the OLT"
        sx={{
          m: 0,
          mt: 1,
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {stepsFor(path, onu).join('\n')}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Source: {path.source}
      </Typography>
    </>
  );
}
