import { Chip } from '@mui/material';

export function ActiveChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={active ? 'Active' : 'Inactive'}
    />
  );
}
