import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { OnuRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useClearOnu, useDeleteOnuRecord, useTelnetCheck } from '../hooks';

const CHECK_FAILED = 'An error occurred. Please try again.';

/**
 * Clear (code 2010): deletes the ONU on the OLT over telnet. Yes waits for a telnet login to the OLT to
 * succeed; 'Delete Only Port' forgets the stored record instead, after asking again.
 */
export function ClearDialog({
  onu,
  onClose,
  onDone,
}: {
  onu: Pick<OnuRow, 'id' | 'oltId' | 'oltName' | 'ifName' | 'pppoeIds'> | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const toast = useToast();
  const check = useTelnetCheck(onu?.oltId, !!onu);
  const clear = useClearOnu();
  const forget = useDeleteOnuRecord();
  const [confirmForget, setConfirmForget] = useState(false);
  const busy = clear.isPending || forget.isPending;
  const ready = check.data?.ok === true;
  const checkError = check.isError
    ? messageOf(check.error, CHECK_FAILED)
    : check.data?.ok === false
      ? (check.data.error ?? CHECK_FAILED)
      : null;

  useEffect(() => {
    if (checkError) toast.error(checkError);
    // One toast per failed check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkError]);

  const done = (message: string) => {
    toast.success(message);
    setConfirmForget(false);
    onDone?.();
    onClose();
  };
  const runClear = () =>
    onu &&
    clear.mutate(onu.id, {
      onSuccess: () => done('Deleted Successfully!'),
      onError: (error) => toast.error(messageOf(error, 'Failed to clear the ONU on the OLT')),
    });
  const runForget = () =>
    onu &&
    forget.mutate(onu.id, {
      onSuccess: () => done('Deleted Successfully!'),
      onError: (error) => toast.error(messageOf(error, 'Failed to delete!')),
    });

  return (
    <>
      <Dialog open={!!onu && !confirmForget} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
        <DialogTitle>Are you sure?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {onu
              ? `Clear ${onu.ifName}${onu.pppoeIds.length ? ` (${onu.pppoeIds.join(', ')})` : ''} on ${onu.oltName}: the ONU is deleted on the OLT and must register again.`
              : ''}
          </DialogContentText>
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }} aria-live="polite">
            {check.isFetching ? (
              <>
                <CircularProgress size={16} />
                <Typography variant="body2">Checking the telnet login to the OLT…</Typography>
              </>
            ) : ready ? (
              <Typography variant="body2" color="success.main" data-testid="telnet-check-ok">
                Telnet login to the OLT works.
              </Typography>
            ) : null}
          </Stack>
          {checkError && !check.isFetching && (
            <Alert
              severity="error"
              sx={{ mt: 1 }}
              action={
                <Button color="inherit" size="small" onClick={() => void check.refetch()}>
                  Retry
                </Button>
              }
            >
              {checkError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button color="warning" onClick={() => setConfirmForget(true)} disabled={busy}>
            Delete Only Port
          </Button>
          <span style={{ flexGrow: 1 }} />
          <Button onClick={onClose} disabled={busy}>
            No, keep it
          </Button>
          <Button variant="contained" color="error" onClick={runClear} disabled={!ready || busy}>
            {clear.isPending ? 'Clearing…' : 'Yes, clear it!'}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={!!onu && confirmForget}
        text={
          onu
            ? `Delete only the stored record of ${onu.ifName}? The OLT keeps the ONU, so the next poll reads it again.`
            : undefined
        }
        confirmLabel="Yes, delete it!"
        busy={forget.isPending}
        onConfirm={runForget}
        onClose={() => setConfirmForget(false)}
      />
    </>
  );
}
