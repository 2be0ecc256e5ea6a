import { Box, Button, Drawer, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { IDENTITY_MESSAGES, userFormSchema, type UserRow } from '@pondesk/contracts';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { showServerErrors, useZodForm } from '../../../shared/forms/use-zod-form';
import { messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useRoles } from '../../roles/hooks';
import { useSaveUser } from '../hooks';
import { toUserRequest, userFormFrom } from '../user-form';
import { BranchesSelect, RoleSelect, defaultRoleId } from './user-choice-fields';

const maxLength = (n: number) => ({ htmlInput: { maxLength: n } });

/** The side panel for Add New User / Edit User (spec 3 §2.1). */
export function UserFormDrawer({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveUser();
  const roles = useRoles();
  const { control, handleSubmit, setError } = useZodForm(userFormSchema, userFormFrom(user));

  const submit = handleSubmit((values) => {
    const roleId = values.roleId || (user ? '' : defaultRoleId(roles.data));
    save.mutate(
      { id: user?.id, body: toUserRequest({ ...values, roleId }, user) },
      {
        onSuccess: () => {
          toast.success(user ? IDENTITY_MESSAGES.userUpdated : IDENTITY_MESSAGES.userAdded);
          onClose();
        },
        onError: (error) => {
          showServerErrors(setError, error);
          toast.error(messageOf(error, 'Failed to process request!'));
        },
      },
    );
  });

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ p: 3 }} aria-labelledby="user-form-title">
        <Typography id="user-form-title" variant="h6" sx={{ mb: 2 }}>
          {user ? 'Edit User' : 'Add New User'}
        </Typography>
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="username"
            label="Username"
            required
            fullWidth
            slotProps={maxLength(50)}
          />
          <FormTextField
            control={control}
            name="email"
            label="Email"
            required
            type="email"
            fullWidth
            slotProps={maxLength(254)}
          />
          <FormTextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            helperText={user ? 'Leave empty to keep the current password.' : 'Optional.'}
            fullWidth
            slotProps={maxLength(128)}
          />
          <FormTextField
            control={control}
            name="contactNumber"
            label="Contact Number"
            type="tel"
            fullWidth
            slotProps={maxLength(20)}
          />
          <FormTextField
            control={control}
            name="address"
            label="Address"
            fullWidth
            slotProps={maxLength(255)}
          />
          <BranchesSelect control={control} />
          <FormTextField
            control={control}
            name="ispName"
            label="ISP Name"
            fullWidth
            slotProps={maxLength(120)}
          />
          <RoleSelect control={control} editing={!!user} />
          <FormTextField
            control={control}
            name="userPrice"
            label="User Price"
            type="number"
            fullWidth
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
          />
          <Controller
            control={control}
            name="sendMsg"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label="Send Message"
              />
            )}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton loading={save.isPending}>{user ? 'Update' : 'Submit'}</SubmitButton>
        </Stack>
      </Box>
    </Drawer>
  );
}
