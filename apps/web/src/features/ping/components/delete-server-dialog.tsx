import { useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { PING_MESSAGES, type MonitorServer } from '@pondesk/contracts';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useDeleteServer } from '../hooks';

/**
 * The delete confirmation of spec 3 §2.10 with its loading and error states: a failure stays inside
 * the dialog (the server's message, else the spec's), and the user may try again or keep the server.
 */
export function DeleteServerDialog({ server, onClose }: { server: MonitorServer; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteServer();
  const [error, setError] = useState<string | null>(null);
  const busy = remove.isPending;
  const confirm = () => {
    setError(null);
    remove.mutate(server.id, {
      onSuccess: () => {
        toast.success(PING_MESSAGES.serverDeleted);
        onClose();
      },
      onError: (e) => setError(messageOf(e, PING_MESSAGES.deleteFailed)),
    });
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-server-title"
      data-testid="delete-server-dialog"
    >
      <DialogTitle id="delete-server-title">{PING_MESSAGES.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{PING_MESSAGES.deleteText}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {server.name} ({server.ip}) and its latency history will be removed.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="delete-server-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {PING_MESSAGES.deleteCancel}
        </Button>
        <Button
          onClick={confirm}
          color="error"
          variant="contained"
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          autoFocus
        >
          {PING_MESSAGES.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
