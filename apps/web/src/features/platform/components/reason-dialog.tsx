import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { REASON_MAX, reasonError } from '../list-params';

/**
 * 'Are you sure?' for a refund or a cancellation, with the reason the record keeps. A failure stays in
 * the dialog (the server's words), so it can be read and tried again.
 */
export function ReasonDialog({
  title,
  text,
  confirmLabel,
  busy,
  error,
  testId,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  testId: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = reasonError(reason);
    setProblem(found);
    if (!found) onConfirm(reason.trim());
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${testId}-title`}
    >
      <form noValidate onSubmit={submit} data-testid={testId}>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
              {error}
            </Alert>
          )}
          <TextField
            label="Reason"
            name="reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setProblem(undefined);
            }}
            error={!!problem}
            helperText={
              problem ?? `Kept with the record; at most ${REASON_MAX} characters, without <, > or &`
            }
            required
            fullWidth
            autoFocus
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': `${testId}-reason` } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            No, keep it
          </Button>
          <SubmitButton loading={busy} color="error" data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
