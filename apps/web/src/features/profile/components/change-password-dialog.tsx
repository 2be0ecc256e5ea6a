import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { IDENTITY_MESSAGES, type ChangePasswordRequest } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { hasErrors, passwordErrors } from '../../auth/validation';
import { useChangePassword } from '../hooks';

type Field = keyof ChangePasswordRequest;

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordRequest>({
    currentPassword: '',
    password: '',
    passwordConfirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = passwordErrors(
      values.password,
      values.passwordConfirmation,
    );
    if (!values.currentPassword) found.currentPassword = 'Please enter your current password';
    setErrors(found);
    if (hasErrors(found)) return;
    change.mutate(values, {
      onSuccess: (res) => {
        toast.success(res.message || IDENTITY_MESSAGES.passwordChanged);
        setValues({ currentPassword: '', password: '', passwordConfirmation: '' });
        onClose();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.error(messageOf(error, 'Could not change the password.'));
      },
    });
  };

  const field = (key: Field, label: string, autoComplete: string) => (
    <TextField
      name={key}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[key]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [key]: e.target.value }));
        setErrors((er) => ({ ...er, [key]: undefined }));
      }}
      error={!!errors[key]}
      helperText={errors[key]}
      slotProps={{ htmlInput: { maxLength: 128 } }}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle>Change password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('currentPassword', 'Current Password', 'current-password')}
            {field('password', 'New Password', 'new-password')}
            {field('passwordConfirmation', 'Re-type Password', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton loading={change.isPending}>Change</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
