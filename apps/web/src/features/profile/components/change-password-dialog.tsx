import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import {
  IDENTITY_MESSAGES,
  changePasswordFormSchema,
  type ChangePasswordFormValues,
} from '@pondesk/contracts';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { showServerErrors, useZodForm } from '../../../shared/forms/use-zod-form';
import { messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useChangePassword } from '../hooks';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', password: '', passwordConfirmation: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const change = useChangePassword();
  const { control, handleSubmit, setError, reset } = useZodForm(changePasswordFormSchema, EMPTY);

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (res) => {
        toast.success(res.message || IDENTITY_MESSAGES.passwordChanged);
        reset(EMPTY);
        onClose();
      },
      onError: (error) => {
        showServerErrors(setError, error);
        toast.error(messageOf(error, 'Could not change the password.'));
      },
    }),
  );

  const field = (name: keyof ChangePasswordFormValues, label: string, autoComplete: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
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
