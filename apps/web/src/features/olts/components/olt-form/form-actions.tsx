import { Alert, Button, Stack, Typography } from '@mui/material';
import type { OltFormMode } from '@pondesk/contracts';
import { SubmitButton } from '../../../../shared/ui/submit-button';
import { canCreate, canUpdate, validity, type ChecksState } from '../../port-checks';

/** Add Olt needs both ports open; Update Olt is blocked only by a closed one. */
export const submitAllowed = (mode: OltFormMode, checks: ChecksState): boolean =>
  mode === 'create' ? canCreate(checks) : canUpdate(checks);

const BLOCKED: Record<OltFormMode, string> = {
  create: 'Add Olt is enabled once both the OLT and the MikroTik port checks report open.',
  edit: 'Update Olt is disabled while a port check reports closed.',
};

/** The form's messages, the submit and cancel buttons, and why submitting is blocked. */
export function FormActions({
  mode,
  checks,
  submitLabel,
  submitting,
  formError,
  showCorrect,
  onCancel,
}: {
  mode: OltFormMode;
  checks: ChecksState;
  submitLabel: string;
  submitting: boolean;
  formError: string | null;
  /** After a submit, while a field still fails the form's own checks. */
  showCorrect: boolean;
  onCancel: () => void;
}) {
  const allowed = submitAllowed(mode, checks);
  return (
    <>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      {showCorrect && <Alert severity="warning">Please correct the highlighted fields.</Alert>}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SubmitButton
          loading={submitting}
          disabled={!allowed || submitting}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {submitLabel}
        </SubmitButton>
        <Button onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        {!allowed && (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {BLOCKED[mode]}{' '}
            {validity(checks.olt) === false || validity(checks.mikrotik) === false
              ? 'Check the address and port, and that the device is reachable from the worker.'
              : ''}
          </Typography>
        )}
      </Stack>
    </>
  );
}
