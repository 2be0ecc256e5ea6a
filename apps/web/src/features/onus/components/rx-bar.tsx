import { Box, LinearProgress, Typography } from '@mui/material';
import { rxLevel } from '@pondesk/contracts';
import { formatDbm, rxFill } from '../format';

/** An rx reading as a bar coloured by the signal bands (above -24 good, -30 to -24 weak, below -30 bad). */
export function RxBar({ rxDbm, width = 120 }: { rxDbm: number | null; width?: number }) {
  const level = rxLevel(rxDbm);
  return (
    <Box sx={{ minWidth: width }} data-rx={rxDbm ?? ''}>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatDbm(rxDbm)}
      </Typography>
      {rxDbm !== null && (
        <LinearProgress
          variant="determinate"
          value={rxFill(rxDbm)}
          color={level === 'default' ? 'inherit' : level}
          aria-hidden
          sx={{ height: 4, borderRadius: 2, mt: 0.25 }}
        />
      )}
    </Box>
  );
}
