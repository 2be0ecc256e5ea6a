import { Box } from '@mui/material';

/** bKash's pink. */
export const BKASH_PINK = '#E2136E';

/**
 * A plain wordmark (a folded-paper mark and the name in bKash pink), drawn here rather than copied from
 * the brand's artwork. Decorative: the button around it carries the accessible name.
 */
export function BkashWordmark({ height = 40 }: { height?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 150 48"
      aria-hidden
      focusable="false"
      sx={{ height, width: 'auto', display: 'block' }}
    >
      <path d="M6 10 L30 18 L22 40 Z" fill={BKASH_PINK} />
      <path d="M30 18 L40 8 L36 30 Z" fill={BKASH_PINK} opacity={0.75} />
      <path d="M6 10 L22 40 L12 26 Z" fill={BKASH_PINK} opacity={0.55} />
      <text
        x="48"
        y="33"
        fill={BKASH_PINK}
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="26"
        fontWeight="700"
        letterSpacing="0.5"
      >
        bKash
      </text>
    </Box>
  );
}
