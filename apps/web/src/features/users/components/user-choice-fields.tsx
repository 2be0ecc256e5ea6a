import {
  Checkbox,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
} from '@mui/material';
import { useController, type Control } from 'react-hook-form';
import type { UserFormValues } from '@pondesk/contracts';
import { useBranches } from '../../branches/hooks';
import { useRoles } from '../../roles/hooks';

/** The user's branches: any number, shown by name. */
export function BranchesSelect({ control }: { control: Control<UserFormValues> }) {
  const branches = useBranches();
  const { field, fieldState } = useController({ control, name: 'branchIds' });
  return (
    <FormControl fullWidth error={!!fieldState.error}>
      <InputLabel id="user-branches">Branch</InputLabel>
      <Select
        labelId="user-branches"
        multiple
        value={field.value}
        onChange={(e) =>
          field.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)
        }
        onBlur={field.onBlur}
        input={<OutlinedInput label="Branch" />}
        renderValue={(ids) =>
          ids.map((id) => branches.data?.find((b) => b.id === id)?.name ?? '…').join(', ')
        }
      >
        {branches.data?.length === 0 && <MenuItem disabled>No branches yet</MenuItem>}
        {branches.data?.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            <Checkbox checked={field.value.includes(b.id)} size="small" />
            <ListItemText primary={b.name} />
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>{fieldState.error?.message ?? branches.error?.message}</FormHelperText>
    </FormControl>
  );
}

/** The user's role; a new user shows (and gets) the role named "User" until another is chosen. */
export function RoleSelect({ control, editing }: { control: Control<UserFormValues>; editing: boolean }) {
  const roles = useRoles();
  const { field, fieldState } = useController({ control, name: 'roleId' });
  return (
    <FormControl fullWidth error={!!fieldState.error}>
      <InputLabel id="user-role">Role</InputLabel>
      <Select
        labelId="user-role"
        label="Role"
        value={field.value || (editing ? '' : defaultRoleId(roles.data))}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      >
        {roles.data?.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.active ? r.name : `${r.name} (inactive)`}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>{fieldState.error?.message ?? roles.error?.message}</FormHelperText>
    </FormControl>
  );
}

export const defaultRoleId = (roles: readonly { id: string; name: string }[] | undefined): string =>
  roles?.find((r) => r.name === 'User')?.id ?? '';
