import { Card, CardActionArea, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { OltRow } from '@pondesk/contracts';
import { CpuDoughnut } from './cpu-doughnut';
import { OltStatusChip } from './olt-status-chip';

/** A CPU doughnut per OLT on the current page of the list. */
export function CpuChartGrid({ rows, loading }: { rows: OltRow[] | undefined; loading: boolean }) {
  if (loading && !rows) {
    return (
      <Grid container spacing={2}>
        {Array.from({ length: 4 }, (_, i) => (
          <Grid key={i} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
            <Skeleton variant="rounded" height={190} />
          </Grid>
        ))}
      </Grid>
    );
  }
  if (!rows?.length) return null;
  return (
    <Grid container spacing={2}>
      {rows.map((row) => (
        <Grid key={row.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={`/olt-list/${row.id}`} sx={{ height: '100%' }}>
              <CardContent sx={{ textAlign: 'center' }}>
                <Typography variant="subtitle2" noWrap title={row.name}>
                  {row.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" noWrap sx={{ mb: 1 }}>
                  {row.host}
                </Typography>
                <CpuDoughnut cpu={row.cpuPercent} size={110} label={row.name} />
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, mb: 0.5 }}>
                  CPU
                </Typography>
                <OltStatusChip status={row.status} />
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
