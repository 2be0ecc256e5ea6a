import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Drawer,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { IDENTITY_MESSAGES, type UserRow } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { emailError } from '../../auth/validation';
import { useBranches } from '../../branches/hooks';
import { useRoles } from '../../roles/hooks';
import { useSaveUser } from '../hooks';
import { toUserRequest, userFormFrom, type UserFormValues } from '../user-form';

type Field = keyof UserFormValues;

/** The side panel for Add New User / Edit User (spec 3 §2.1). */
export function UserFormDrawer({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveUser();
  const roles = useRoles();
  const branches = useBranches();
  const defaultRole = roles.data?.find((r) => r.name === 'User')?.id ?? '';
  const [values, setValues] = useState<UserFormValues>(() => userFormFrom(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const roleId = values.roleId || (user ? '' : defaultRole);

  const set = <K extends Field>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.username.trim()) found.username = 'Please input a username!';
    const email = emailError(values.email);
    if (email) found.email = email;
    if (values.userPrice.trim() && !Number.isFinite(Number(values.userPrice)))
      found.userPrice = 'User Price must be a number';
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = toUserRequest({ ...values, roleId }, user);
    save.mutate(
      { id: user?.id, body },
      {
        onSuccess: () => {
          toast.success(user ? IDENTITY_MESSAGES.userUpdated : IDENTITY_MESSAGES.userAdded);
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error) as Partial<Record<Field, string>>);
          toast.error(messageOf(error, 'Failed to process request!'));
        },
      },
    );
  };

  const text = (
    key: Exclude<Field, 'branchIds' | 'sendMsg' | 'roleId'>,
    label: string,
    extra: object = {},
  ) => (
    <TextField
      name={key}
      label={label}
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!errors[key]}
      helperText={errors[key]}
      fullWidth
      {...extra}
    />
  );

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
          {text('username', 'Username', { required: true, slotProps: { htmlInput: { maxLength: 50 } } })}
          {text('email', 'Email', {
            required: true,
            type: 'email',
            slotProps: { htmlInput: { maxLength: 254 } },
          })}
          {text('password', 'Password', {
            type: 'password',
            autoComplete: 'new-password',
            helperText: errors.password ?? (user ? 'Leave empty to keep the current password.' : 'Optional.'),
            slotProps: { htmlInput: { maxLength: 128 } },
          })}
          {text('contactNumber', 'Contact Number', {
            type: 'tel',
            slotProps: { htmlInput: { maxLength: 20 } },
          })}
          {text('address', 'Address', { slotProps: { htmlInput: { maxLength: 255 } } })}
          <FormControl fullWidth error={!!errors.branchIds}>
            <InputLabel id="user-branches">Branch</InputLabel>
            <Select
              labelId="user-branches"
              multiple
              value={values.branchIds}
              onChange={(e) =>
                set(
                  'branchIds',
                  typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value,
                )
              }
              input={<OutlinedInput label="Branch" />}
              renderValue={(ids) =>
                ids.map((id) => branches.data?.find((b) => b.id === id)?.name ?? '…').join(', ')
              }
            >
              {branches.data?.length === 0 && <MenuItem disabled>No branches yet</MenuItem>}
              {branches.data?.map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  <Checkbox checked={values.branchIds.includes(b.id)} size="small" />
                  <ListItemText primary={b.name} />
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>{errors.branchIds ?? branches.error?.message}</FormHelperText>
          </FormControl>
          {text('ispName', 'ISP Name', { slotProps: { htmlInput: { maxLength: 120 } } })}
          <FormControl fullWidth error={!!errors.roleId}>
            <InputLabel id="user-role">Role</InputLabel>
            <Select
              labelId="user-role"
              label="Role"
              value={roleId}
              onChange={(e) => set('roleId', e.target.value)}
            >
              {roles.data?.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.active ? r.name : `${r.name} (inactive)`}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>{errors.roleId ?? roles.error?.message}</FormHelperText>
          </FormControl>
          {text('userPrice', 'User Price', {
            type: 'number',
            slotProps: { htmlInput: { min: 0, step: '0.01' } },
          })}
          <FormControlLabel
            control={<Switch checked={values.sendMsg} onChange={(e) => set('sendMsg', e.target.checked)} />}
            label="Send Message"
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
