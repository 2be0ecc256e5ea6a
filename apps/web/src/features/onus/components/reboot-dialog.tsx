import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { OnuRow } from '@pondesk/contracts';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useRebootOnu, useWritePaths } from '../hooks';
import { refusedAsInferred, writeGate } from '../write-paths';
import { WritePathNotice } from './write-path-notice';

/**
 * Reboot (2007/2003): shows how the reboot reaches the OLT and on what evidence before it is sent. An
 * inferred command needs the operator's consent; with no known command the reboot cannot be sent. The
 * server answers once the command is sent: whether the ONU really restarted comes later as a verdict toast.
 */
export function RebootDialog({
  onu,
  onClose,
}: {
  onu: Pick<OnuRow, 'id' | 'oltId' | 'oltName' | 'ifName' | 'pppoeIds' | 'ponPort' | 'onuId'> | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const reboot = useRebootOnu();
  const paths = useWritePaths(onu?.oltId, !!onu);
  const [accepted, setAccepted] = useState(false);
  useEffect(() => {
    setAccepted(false);
    reboot.reset();
    // Each newly opened ONU asks for consent again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onu?.id]);

  const gate = writeGate(paths.data, 'reboot', accepted);
  const label = onu ? (onu.pppoeIds[0] ?? onu.ifName) : '';
  const send = () => {
    if (!onu || gate.state !== 'ready') return;
    reboot.mutate(
      { id: onu.id, ...gate.request },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onClose();
        },
        onError: (error) => {
          toast.error(`Reboot failed! ${messageOf(error, '')}`.trim());
          if (!refusedAsInferred(error)) return onClose();
          setAccepted(false);
          void paths.refetch();
        },
      },
    );
  };

  return (
    <Dialog
      open={!!onu}
      onClose={reboot.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="reboot-dialog-title"
    >
      <DialogTitle id="reboot-dialog-title">{`Reboot ${label}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {onu
            ? `${onu.ifName} on ${onu.oltName} drops its subscriber for a minute or two while it restarts.`
            : ''}
        </DialogContentText>
        {onu && (
          <WritePathNotice
            kind="reboot"
            onu={onu}
            paths={paths}
            accepted={accepted}
            onAcceptedChange={setAccepted}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reboot.isPending}>
          Cancel
        </Button>
        <Button
          onClick={send}
          color="error"
          variant="contained"
          disabled={gate.state !== 'ready' || reboot.isPending}
        >
          {reboot.isPending ? 'Sending…' : 'Reboot'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
