import { Alert, Button, Stack, Typography } from '@mui/material';
import type { OltFormMode } from '@pondesk/contracts';
import { SubmitButton } from '../../../../shared/ui/submit-button';
import { canCreate, canUpdate, validity, type ChecksState } from '../../port-checks';

/** Add Olt needs its ports open (the MikroTik's only when it has one); Update Olt is blocked only by a closed one. */
export const submitAllowed = (mode: OltFormMode, checks: ChecksState, withMikrotik: boolean): boolean =>
  mode === 'create' ? canCreate(checks, withMikrotik) : canUpdate(checks);

const blockedMessage = (mode: OltFormMode, withMikrotik: boolean): string =>
  mode === 'edit'
    ? 'Update Olt is disabled while a port check reports closed.'
    : withMikrotik
      ? 'Add Olt is enabled once both the OLT and the MikroTik port checks report open.'
      : 'Add Olt is enabled once the OLT port check reports open.';

/** The form's messages, the submit and cancel buttons, and why submitting is blocked. */
export function FormActions({
  mode,
  checks,
  withMikrotik,
  submitLabel,
  submitting,
  formError,
  showCorrect,
  onCancel,
}: {
  mode: OltFormMode;
  checks: ChecksState;
  /** Whether the form describes a MikroTik (any of its fields filled). */
  withMikrotik: boolean;
  submitLabel: string;
  submitting: boolean;
  formError: string | null;
  /** After a submit, while a field still fails the form's own checks. */
  showCorrect: boolean;
  onCancel: () => void;
}) {
  const allowed = submitAllowed(mode, checks, withMikrotik);
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
            {blockedMessage(mode, withMikrotik)}{' '}
            {validity(checks.olt) === false || validity(checks.mikrotik) === false
              ? 'Check the address and port, and that the device is reachable from the worker.'
              : ''}
          </Typography>
        )}
      </Stack>
    </>
  );
}
