import { Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import RouterIcon from '@mui/icons-material/Router';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HelpIcon from '@mui/icons-material/Help';
import type { OltList } from '@pondesk/contracts';
import type { ReactNode } from 'react';

function StatCard({
  title,
  value,
  icon,
  testId,
}: {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {icon}
          <div>
            <Typography variant="body2" color="text.secondary">
              {title}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
              {value}
            </Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Number of OLT, Active OLT, Offline OLT and Unknown OLT (not yet checked, or checking) over every OLT
 * the user may see (not just this page): the last three add up to the first.
 */
export function OltSummaryCards({
  counts,
  failed,
}: {
  counts: OltList['counts'] | undefined;
  failed: boolean;
}) {
  const value = (n: number | undefined) => (n !== undefined ? n : failed ? '—' : <Skeleton width={48} />);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="olt-count-total"
          title="Number of OLT"
          value={value(counts?.total)}
          icon={<RouterIcon color="primary" fontSize="large" />}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="olt-count-online"
          title="Active OLT"
          value={value(counts?.online)}
          icon={<CheckCircleIcon color="success" fontSize="large" />}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="olt-count-offline"
          title="Offline OLT"
          value={value(counts?.offline)}
          icon={<CancelIcon color="error" fontSize="large" />}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="olt-count-unknown"
          title="Unknown OLT"
          value={value(counts?.unknown)}
          icon={<HelpIcon color="disabled" fontSize="large" />}
        />
      </Grid>
    </Grid>
  );
}
