import { Box, Typography } from '@mui/material';

/** Where a donut chart would stand when there is no reading: an empty ring that says so, never a 0. */
export function NoReadingRing({
  size,
  label,
  text = 'No reading',
  border = 10,
}: {
  size: number;
  /** Accessible name, e.g. "OLT-001: CPU no reading". */
  label: string;
  text?: string;
  border?: number;
}) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        border,
        borderColor: 'action.disabledBackground',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        mx: 'auto',
      }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
        {text}
      </Typography>
    </Box>
  );
}
