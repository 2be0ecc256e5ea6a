import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Box, Button, Grid, Stack, Typography } from '@mui/material';
import { Permission, type SignalBandKey } from '@pondesk/contracts';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSession } from '../../auth/session';
import { useOnuLiveUpdates } from '../../onus';
import { ProfileCompletionDialog } from '../../profile/components/profile-completion-dialog';
import { useProfile } from '../../profile/hooks';
import { BandMembersDialog } from '../components/band-members-dialog';
import { DegradingCard } from '../components/degrading-card';
import { InvoiceCard } from '../components/invoice-card';
import { OltSignalTable } from '../components/olt-signal-table';
import { PortUsageCard } from '../components/port-usage-card';
import { SignalBands } from '../components/signal-bands';
import { onuListPath } from '../../onus/list-params';
import { NoOltState } from '../../../shared/ui/no-olt-state';
import { StatCards, type DrillDown } from '../components/stat-cards';
import { useDashboard } from '../hooks';
import { DashboardSwitchTable } from '../../switches/components/dashboard-switch-table';

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString();

export default function DashboardPage() {
  const { user } = useSession();
  const profile = useProfile();
  const [dismissed, setDismissed] = useState(false);
  const needsCompletion = !!profile.data && !profile.data.profileConfirmed && !dismissed;

  useOnuLiveUpdates();
  const dashboard = useDashboard();
  const summary = dashboard.data;
  // The counts come first: the bands, tables and bars below render in a later, interruptible pass, so
  // the figures an operator opens the page for are on screen one render sooner.
  const detail = useDeferredValue(summary);
  const detailPending = !detail && (dashboard.isPending || !!summary);
  const canSeeOlts = !!user?.permissions.includes(Permission.OltList);
  const canSeeSwitches = !!user?.permissions.includes(Permission.DashboardSwitchList);
  const links = useMemo<DrillDown>(
    () => ({ oltList: canSeeOlts ? '/olt-list' : null, onuList: onuListPath(user?.permissions) }),
    [canSeeOlts, user?.permissions],
  );

  const [bandKey, setBandKey] = useState<SignalBandKey | null>(null);
  const [bandOpen, setBandOpen] = useState(false);
  // The dialog shows the band as the summary has it now, so its count follows live updates.
  const band = summary?.bands.find((b) => b.key === bandKey) ?? null;
  const portCounts = useMemo(
    () => new Map((detail?.olts ?? []).map((o) => [o.oltId, o.dataPortCount])),
    [detail?.olts],
  );

  const retry = (
    <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
      Retry
    </Button>
  );
  const empty = summary?.oltCount === 0;

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <PageHeader
        title="Dashboard"
        subtitle={
          summary
            ? `Updated ${timeOf(dashboard.dataUpdatedAt)}; ONU status changes update the counts live.`
            : undefined
        }
      />

      <Stack spacing={3}>
        {dashboard.isError &&
          (summary ? (
            <Alert severity="warning" action={retry}>
              {`Showing the figures from ${timeOf(dashboard.dataUpdatedAt)}. Could not refresh them: ${dashboard.error.message}`}
            </Alert>
          ) : (
            <Alert severity="error" action={retry} data-testid="dashboard-error">
              {`Could not load the dashboard: ${dashboard.error.message}`}
            </Alert>
          ))}

        <StatCards summary={summary} failed={dashboard.isError} links={links} />

        {empty && <NoOltState permissions={user?.permissions} testId="dashboard-no-olt" />}

        {!empty && (summary || dashboard.isPending) && (
          <>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, lg: 5 }}>
                <SignalBands
                  summary={detail}
                  onOpen={(key) => {
                    setBandKey(key);
                    setBandOpen(true);
                  }}
                />
              </Grid>
              <Grid size={{ xs: 12, lg: 7 }}>
                <OltSignalTable olts={detail?.olts} loading={detailPending} linkNames={canSeeOlts} />
              </Grid>
            </Grid>

            <DegradingCard onuListPath={links.onuList} />

            <Box>
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                Port usage
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <PortUsageCard mode="gpon" olts={detail?.portUsage.gpon} portCounts={portCounts} />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <PortUsageCard mode="epon" olts={detail?.portUsage.epon} portCounts={portCounts} />
                </Grid>
              </Grid>
            </Box>
          </>
        )}

        {canSeeSwitches && <DashboardSwitchTable />}

        <InvoiceCard />
      </Stack>

      <BandMembersDialog
        band={band}
        open={bandOpen}
        onClose={() => setBandOpen(false)}
        onExited={() => setBandKey(null)}
      />
      {profile.data && (
        <ProfileCompletionDialog
          profile={profile.data}
          open={needsCompletion}
          onClose={() => setDismissed(true)}
        />
      )}
    </Box>
  );
}
