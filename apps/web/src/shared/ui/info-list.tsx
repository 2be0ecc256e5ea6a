import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** Label–value pairs as a two-column definition list (detail pages, dialogs). */
export function InfoList({
  items,
  strong = false,
  columnGap = 2,
}: {
  items: [string, ReactNode][];
  /** Values in bold, for read-outs that are the point of the screen. */
  strong?: boolean;
  columnGap?: number;
}) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap, rowGap: 1, m: 0 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: strong ? 600 : undefined, overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
