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
import { useClearOnu, useDeleteOnuRecord, useTelnetCheck, useWritePaths } from '../hooks';
import { refusedAsInferred, writeGate } from '../write-paths';
import { WritePathNotice } from './write-path-notice';

const CHECK_FAILED = 'An error occurred. Please try again.';

/**
 * Clear (code 2010): deletes the ONU on the OLT, showing first how the delete reaches the OLT and on what
 * evidence (an inferred command needs the operator's consent). When the delete goes over telnet, Yes also
 * waits for a telnet login to the OLT to succeed. The server answers success only once the OLT no longer
 * lists the ONU. 'Delete Only Port' forgets the stored record instead, after asking again.
 */
export function ClearDialog({
  onu,
  onClose,
  onDone,
}: {
  onu: Pick<OnuRow, 'id' | 'oltId' | 'oltName' | 'ifName' | 'pppoeIds' | 'ponPort' | 'onuId'> | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const toast = useToast();
  const paths = useWritePaths(onu?.oltId, !!onu);
  const [accepted, setAccepted] = useState(false);
  const gate = writeGate(paths.data, 'delete', accepted);
  // Only a telnet delete depends on the telnet login.
  const overTelnet = paths.data?.delete?.via === 'cli';
  const check = useTelnetCheck(onu?.oltId, !!onu && overTelnet);
  const clear = useClearOnu();
  const forget = useDeleteOnuRecord();
  const [confirmForget, setConfirmForget] = useState(false);
  const busy = clear.isPending || forget.isPending;
  const telnetOk = check.data?.ok === true;
  const ready = gate.state === 'ready' && (!overTelnet || telnetOk);
  const checkError = check.isError
    ? messageOf(check.error, CHECK_FAILED)
    : check.data?.ok === false
      ? (check.data.error ?? CHECK_FAILED)
      : null;

  useEffect(() => {
    setAccepted(false);
    // Each newly opened ONU asks for consent again.
  }, [onu?.id]);

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
  const runClear = () => {
    if (!onu || gate.state !== 'ready') return;
    clear.mutate(
      { id: onu.id, ...gate.request },
      {
        onSuccess: () => done('Deleted Successfully!'),
        // WRITE_NO_EFFECT included: the OLT still lists the ONU, and the server's message says so.
        onError: (error) => {
          toast.error(messageOf(error, 'Failed to clear the ONU on the OLT'));
          if (!refusedAsInferred(error)) return;
          setAccepted(false);
          void paths.refetch();
        },
      },
    );
  };
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
          {onu && (
            <WritePathNotice
              kind="delete"
              onu={onu}
              paths={paths}
              accepted={accepted}
              onAcceptedChange={setAccepted}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }} aria-live="polite">
            {check.isFetching ? (
              <>
                <CircularProgress size={16} />
                <Typography variant="body2">Checking the telnet login to the OLT…</Typography>
              </>
            ) : overTelnet && telnetOk ? (
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
