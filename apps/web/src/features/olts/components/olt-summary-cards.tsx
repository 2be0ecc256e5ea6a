import { Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import RouterIcon from '@mui/icons-material/Router';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HelpIcon from '@mui/icons-material/Help';
import type { OltList, OltStatus } from '@pondesk/contracts';
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
  const cards: { key: 'total' | OltStatus; title: string; icon: ReactNode }[] = [
    { key: 'total', title: 'Number of OLT', icon: <RouterIcon color="primary" fontSize="large" /> },
    { key: 'online', title: 'Active OLT', icon: <CheckCircleIcon color="success" fontSize="large" /> },
    { key: 'offline', title: 'Offline OLT', icon: <CancelIcon color="error" fontSize="large" /> },
    { key: 'unknown', title: 'Unknown OLT', icon: <HelpIcon color="disabled" fontSize="large" /> },
  ];
  return (
    <Grid container spacing={2}>
      {cards.map((c) => (
        <Grid key={c.key} size={{ xs: 12, sm: 6, md: 3 }}>
          <StatCard
            testId={`olt-count-${c.key}`}
            title={c.title}
            value={value(counts?.[c.key])}
            icon={c.icon}
          />
        </Grid>
      ))}
    </Grid>
  );
}
