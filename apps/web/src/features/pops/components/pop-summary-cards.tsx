import type { ReactNode } from 'react';
import { Avatar, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import BoltIcon from '@mui/icons-material/Bolt';
import PowerIcon from '@mui/icons-material/Power';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import CellTowerIcon from '@mui/icons-material/CellTower';
import type { PopMonitor } from '@pondesk/contracts';

type Tone = 'primary' | 'success' | 'error' | 'warning' | 'info';

const CARDS: { key: string; title: string; tone: Tone; icon: ReactNode; value: (m: PopMonitor) => number }[] =
  [
    { key: 'total', title: 'Total', tone: 'primary', icon: <CellTowerIcon />, value: (m) => m.total },
    {
      key: 'generator-up',
      title: 'Generator Up',
      tone: 'warning',
      icon: <BoltIcon />,
      value: (m) => m.generator.up,
    },
    {
      key: 'generator-down',
      title: 'Generator Down',
      tone: 'success',
      icon: <PowerOffIcon />,
      value: (m) => m.generator.down,
    },
    {
      key: 'electric-up',
      title: 'Electric Up',
      tone: 'success',
      icon: <PowerIcon />,
      value: (m) => m.electric.up,
    },
    {
      key: 'electric-down',
      title: 'Electric Down',
      tone: 'error',
      icon: <PowerOffIcon />,
      value: (m) => m.electric.down,
    },
  ];

/**
 * The dashboard's five counts. A running generator means the mains failed, so Generator Up is amber
 * and Generator Down green, as the Pop List's badges colour them.
 */
export function PopSummaryCards({ monitor, failed }: { monitor: PopMonitor | undefined; failed: boolean }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {CARDS.map((c) => (
        <Grid key={c.key} size={{ xs: 6, sm: 4, md: 'grow' }}>
          <Card variant="outlined" data-testid={`pop-card-${c.key}`} sx={{ height: '100%' }}>
            <CardContent>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Avatar
                  aria-hidden
                  variant="rounded"
                  sx={{ bgcolor: `${c.tone}.main`, color: `${c.tone}.contrastText`, width: 40, height: 40 }}
                >
                  {c.icon}
                </Avatar>
                <Stack sx={{ minWidth: 0 }}>
                  <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                    {c.title}
                  </Typography>
                  {monitor ? (
                    <Typography
                      variant="h5"
                      component="p"
                      data-testid="pop-card-value"
                      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}
                    >
                      {c.value(monitor)}
                    </Typography>
                  ) : failed ? (
                    <Typography variant="h5" component="p" color="text.disabled">
                      —
                    </Typography>
                  ) : (
                    <Skeleton variant="text" width={48} sx={{ fontSize: '1.5rem' }} />
                  )}
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
