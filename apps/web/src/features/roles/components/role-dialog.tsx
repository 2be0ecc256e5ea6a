import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Grid,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { RoleRow } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useMenus, useSaveRole } from '../hooks';
import { allChecked, toggleAll, toggleCode } from '../menu-selection';

export function RoleDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const toast = useToast();
  const menus = useMenus();
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? '');
  const [codes, setCodes] = useState<number[]>(role ? [...role.menuCodes] : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const allCodes = menus.data?.map((m) => m.code) ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Please enter the role name' });
      return;
    }
    save.mutate(
      { id: role?.id, body: { name: name.trim(), menuCodes: codes } },
      {
        onSuccess: () => {
          toast.success(role ? 'Role updated successfully!' : 'Role created successfully!');
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          toast.error(messageOf(error, 'Failed to save the role.'));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle>{role ? 'Edit Role' : 'Add Role'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Role Name"
              name="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((er) => ({ ...er, name: '' }));
              }}
              error={!!errors.name}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              autoFocus
            />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2">Menus</Typography>
              <Button
                size="small"
                onClick={() => setCodes(toggleAll(codes, allCodes))}
                disabled={!allCodes.length}
              >
                {allChecked(codes, allCodes) ? 'Uncheck All' : 'Check All'}
              </Button>
            </Stack>
            {menus.error && <Alert severity="error">Could not load the menus: {menus.error.message}</Alert>}
            {errors.menuCodes && <Alert severity="error">{errors.menuCodes}</Alert>}
            <FormGroup>
              <Grid container>
                {menus.isPending
                  ? Array.from({ length: 6 }, (_, i) => (
                      <Grid key={i} size={{ xs: 12, sm: 6 }}>
                        <Skeleton height={36} />
                      </Grid>
                    ))
                  : menus.data?.map((m) => (
                      <Grid key={m.code} size={{ xs: 12, sm: 6 }}>
                        <FormControlLabel
                          control={
                            <Checkbox
                              checked={codes.includes(m.code)}
                              onChange={() => setCodes((c) => toggleCode(c, m.code))}
                            />
                          }
                          label={m.name}
                        />
                      </Grid>
                    ))}
              </Grid>
            </FormGroup>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton loading={save.isPending}>{role ? 'Update' : 'Submit'}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
