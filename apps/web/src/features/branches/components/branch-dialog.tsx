import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import type { BranchRow } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useSaveBranch } from '../hooks';

export function BranchDialog({ branch, onClose }: { branch: BranchRow | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveBranch();
  const [name, setName] = useState(branch?.name ?? '');
  const [address, setAddress] = useState(branch?.address ?? '');
  const [isActive, setIsActive] = useState(branch?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Please enter the branch name' });
      return;
    }
    save.mutate(
      { id: branch?.id, body: { name: name.trim(), address: address.trim(), isActive } },
      {
        onSuccess: () => {
          toast.success(branch ? 'Branch updated successfully!' : 'Branch added successfully!');
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          toast.error(messageOf(error, 'Failed to save the branch.'));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{branch ? 'Edit Branch' : 'Add Branch'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              name="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((er) => ({ ...er, name: '' }));
              }}
              error={!!errors.name}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              autoFocus
            />
            <TextField
              label="Address"
              name="address"
              value={address}
              onChange={(e) => {
                setAddress(e.target.value);
                setErrors((er) => ({ ...er, address: '' }));
              }}
              error={!!errors.address}
              helperText={errors.address}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <FormControlLabel
              control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
              label="Active"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton loading={save.isPending}>{branch ? 'Update' : 'Submit'}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
