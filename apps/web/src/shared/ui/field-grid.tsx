import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** Label-over-value pairs laid out in columns (read-outs that sit side by side: cards, banners). */
export function FieldGrid({
  items,
  columns,
  sx,
}: {
  items: [string, ReactNode][];
  /** `gridTemplateColumns` per breakpoint. */
  columns: Record<string, string>;
  sx?: { columnGap?: number; rowGap?: number };
}) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: columns, columnGap: 1.5, rowGap: 1.5, ...sx }}
    >
      {items.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}
