import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar, Card, CardActionArea, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import RouterIcon from '@mui/icons-material/Router';
import SettingsInputComponentIcon from '@mui/icons-material/SettingsInputComponent';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import type { DashboardSummary } from '@pondesk/contracts';
import { onuListHref } from '../../onus/list-params';
import { formatCount } from '../summary';

type Tone = 'primary' | 'info' | 'warning' | 'error';

interface CardSpec {
  testId: string;
  title: string;
  tone: Tone;
  icon: ReactNode;
  value: (s: DashboardSummary) => number;
  caption: (s: DashboardSummary) => string;
  /** Where the card drills down to, given the pages the user may open (null: the card is not a link). */
  href: (to: DrillDown) => string | null;
}

/** The pages the dashboard may link to for this user: null where the user lacks the permission. */
export interface DrillDown {
  oltList: string | null;
  onuList: string | null;
}

const CARDS: CardSpec[] = [
  {
    testId: 'dashboard-card-olt',
    title: 'OLT',
    tone: 'primary',
    icon: <RouterIcon />,
    value: (s) => s.oltCount,
    caption: (s) => `${formatCount(s.onuCount)} ONUs on them`,
    href: (to) => to.oltList,
  },
  {
    testId: 'dashboard-card-olt-port',
    title: 'OLT PORT',
    tone: 'info',
    icon: <SettingsInputComponentIcon />,
    value: (s) => s.ponPortCount,
    caption: () => 'PON ports on these OLTs',
    href: (to) => to.onuList,
  },
  {
    testId: 'dashboard-card-weak',
    title: 'OLT 24+ DB',
    tone: 'warning',
    icon: <NetworkCheckIcon />,
    value: (s) => s.weakOnuCount,
    caption: () => 'ONUs at -24 dBm or weaker',
    href: (to) => to.onuList && onuListHref(to.onuList, { signal: 'weak24' }),
  },
  {
    testId: 'dashboard-card-offline',
    title: 'OLT OFFLINE ONU',
    tone: 'error',
    icon: <CloudOffIcon />,
    value: (s) => s.offlineOnuCount,
    caption: (s) => `of ${formatCount(s.onuCount)} ONUs`,
    href: (to) => to.onuList && onuListHref(to.onuList, { status: 'offline' }),
  },
];

/** A card's body, as a link to its list when it has one. */
function Drill({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <CardActionArea component={RouterLink} to={href} sx={{ height: '100%' }}>
      {children}
    </CardActionArea>
  );
}

/**
 * The four counts, each a link to the list behind it (OLT list, ONU list, weak or offline ONUs); the
 * number is plain (no separators) so it reads the same everywhere.
 */
export function StatCards({
  summary,
  failed,
  links,
}: {
  summary: DashboardSummary | undefined;
  failed: boolean;
  links: DrillDown;
}) {
  return (
    <Grid container spacing={2}>
      {CARDS.map((c) => (
        <Grid key={c.testId} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card variant="outlined" data-testid={c.testId} sx={{ height: '100%' }}>
            <Drill href={c.href(links)}>
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Avatar
                    aria-hidden
                    variant="rounded"
                    sx={{ bgcolor: `${c.tone}.main`, color: `${c.tone}.contrastText`, width: 48, height: 48 }}
                  >
                    {c.icon}
                  </Avatar>
                  <Stack sx={{ minWidth: 0 }}>
                    <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
                      {c.title}
                    </Typography>
                    {summary ? (
                      <Typography
                        variant="h4"
                        component="p"
                        data-testid="dashboard-card-value"
                        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}
                      >
                        {c.value(summary)}
                      </Typography>
                    ) : failed ? (
                      <Typography variant="h4" component="p" color="text.disabled" sx={{ lineHeight: 1.2 }}>
                        —
                      </Typography>
                    ) : (
                      <Skeleton variant="text" width={72} sx={{ fontSize: '2rem' }} />
                    )}
                    <Typography variant="caption" color="text.secondary">
                      {summary ? c.caption(summary) : ' '}
                    </Typography>
                  </Stack>
                </Stack>
              </CardContent>
            </Drill>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
