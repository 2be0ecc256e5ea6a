import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { IDENTITY_MESSAGES, Permission, type Profile, type UpdateProfileRequest } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useUpdateProfile } from '../hooks';

type Field = Exclude<keyof Required<UpdateProfileRequest>, 'currentPassword'>;

const FIELDS: { key: Field; label: string; max: number }[] = [
  { key: 'username', label: 'User Name', max: 50 },
  { key: 'email', label: 'Email', max: 254 },
  { key: 'ispName', label: 'Isp Name', max: 120 },
  { key: 'contactNumber', label: 'Contact Number', max: 20 },
  { key: 'address', label: 'Address', max: 255 },
];

export function EditProfileDialog({
  profile,
  open,
  onClose,
}: {
  profile: Profile;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const update = useUpdateProfile();
  const initial: Record<Field, string> = {
    username: profile.username,
    email: profile.email,
    ispName: profile.ispName ?? '',
    contactNumber: profile.contactNumber ?? '',
    address: profile.address ?? '',
  };
  const [values, setValues] = useState(initial);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'currentPassword', string>>>({});
  const canRenameIsp = profile.permissions.includes(Permission.Admin);
  // A new email needs the current password (the server refuses it without): reset links go there.
  const emailChanges = values.email.trim().toLowerCase() !== initial.email.toLowerCase();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only what changed: the ISP name needs code 2000, and an untouched field should not fail.
    const body: UpdateProfileRequest = {};
    for (const { key } of FIELDS) {
      const v = values[key].trim();
      if (v !== initial[key]) body[key] = v;
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    if (emailChanges) {
      if (!currentPassword) {
        setErrors((er) => ({ ...er, currentPassword: IDENTITY_MESSAGES.currentPasswordRequired }));
        return;
      }
      body.currentPassword = currentPassword;
    }
    update.mutate(body, {
      onSuccess: (p) => {
        toast.success(p.message ?? IDENTITY_MESSAGES.profileUpdated);
        onClose();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.error(messageOf(error, 'Could not update the profile.'));
      },
    });
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle>Edit profile</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map(({ key, label, max }) => (
              <TextField
                key={key}
                name={key}
                label={label}
                value={values[key]}
                disabled={key === 'ispName' && !canRenameIsp}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [key]: e.target.value }));
                  setErrors((er) => ({ ...er, [key]: undefined }));
                }}
                error={!!errors[key]}
                helperText={
                  errors[key] ??
                  (key === 'ispName' && !canRenameIsp
                    ? 'Only an administrator can change the ISP name.'
                    : undefined)
                }
                slotProps={{ htmlInput: { maxLength: max } }}
              />
            ))}
            {emailChanges && (
              <TextField
                name="currentPassword"
                label="Current Password"
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => {
                  setCurrentPassword(e.target.value);
                  setErrors((er) => ({ ...er, currentPassword: undefined }));
                }}
                error={!!errors.currentPassword}
                helperText={errors.currentPassword ?? 'Needed to change your email.'}
                slotProps={{ htmlInput: { maxLength: 128 } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton loading={update.isPending}>Save</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
