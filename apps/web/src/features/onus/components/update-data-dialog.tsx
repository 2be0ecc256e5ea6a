import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { OnuDetail, OnuRow } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { parseIdsInput } from '../format';
import { useUpdateOnuData } from '../hooks';

/**
 * 'Update Data': the PPPoE ids of the line and the ONU (port number) that carries them. Another port
 * number moves the ids to that ONU; an empty box goes back to the ids in the OLT's description.
 */
export function UpdateDataDialog({
  onu,
  onClose,
  onSaved,
}: {
  onu: Pick<OnuRow, 'id' | 'ifName' | 'pppoeIds'> | null;
  onClose: () => void;
  onSaved?: (saved: OnuDetail) => void;
}) {
  const toast = useToast();
  const update = useUpdateOnuData();
  const [ids, setIds] = useState('');
  const [ifName, setIfName] = useState('');
  useEffect(() => {
    if (!onu) return;
    setIds(onu.pppoeIds.join('\n'));
    setIfName(onu.ifName);
    update.reset();
    // Only a newly opened ONU refills the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onu?.id]);

  const errors = fieldErrorsOf(update.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!onu) return;
    update.mutate(
      { id: onu.id, body: { pppoeIds: parseIdsInput(ids), ifName: ifName.trim() } },
      {
        onSuccess: (saved) => {
          toast.success('Updated Successfully!');
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => toast.error(`Failed to update! ${messageOf(error, '')}`.trim()),
      },
    );
  };

  return (
    <Dialog open={!!onu} onClose={update.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Update Data</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 2 }}>
            One PPPoE ID per line. Leave it empty to use the IDs written in the OLT's description.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="PPPOE ID"
              value={ids}
              onChange={(e) => setIds(e.target.value)}
              multiline
              minRows={3}
              autoFocus
              error={!!errors.pppoeIds}
              helperText={errors.pppoeIds}
              slotProps={{ htmlInput: { 'aria-label': 'PPPOE ID' } }}
            />
            <TextField
              label="Port Number"
              value={ifName}
              onChange={(e) => setIfName(e.target.value)}
              required
              error={!!errors.ifName}
              helperText={errors.ifName ?? 'The ONU interface as the OLT writes it, e.g. EPON0/1:5'}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending || !ifName.trim()}>
            Update
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
