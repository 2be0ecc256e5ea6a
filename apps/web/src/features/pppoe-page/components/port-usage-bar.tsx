import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { portUsageLevel, type OnuDetail } from '@pondesk/contracts';
import { portUsagePercent } from '../page-state';

/** How full the ONU's PON port is: ONUs on it against the mode's capacity (GPON 128, EPON 64). */
export function PortUsageBar({ onu }: { onu: Pick<OnuDetail, 'portUsage' | 'oltMode' | 'ifName'> }) {
  const { count, capacity } = onu.portUsage;
  const level = portUsageLevel(onu.oltMode, count);
  const port = onu.ifName.split(':')[0];
  return (
    <Box sx={{ minWidth: 200, flexGrow: 1, maxWidth: 420 }} data-testid="port-usage" data-level={level}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          Port usage · {port}
        </Typography>
        <Typography variant="caption" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {count} / {capacity}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={portUsagePercent(count, capacity)}
        color={level}
        aria-label={`Port usage: ${count} of ${capacity} ONUs on ${port}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
