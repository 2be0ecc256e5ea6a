import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';

/** A line saying what the tab is for, with its actions on the right. */
export function TabToolbar({ text, children }: { text: ReactNode; children?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {text}
      </Typography>
      {children}
    </Stack>
  );
}
