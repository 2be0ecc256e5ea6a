import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Grid, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Permission } from '@pondesk/contracts';
import { useSession } from '../../auth/session';
import {
  OnuActionDialogs,
  type PendingAction,
  type OnuAction,
  useOnuLiveUpdates,
  useOnuRealtime,
  usePppoeLookup,
  onuKeys,
} from '../../onus';
import { messageOf } from '../../../shared/ui/errors';
import { useDocumentTitle } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { DuplicateDialog } from '../components/duplicate-dialog';
import { GraphHeader } from '../components/graph-header';
import { HostsTab } from '../components/hosts-tab';
import { OfflineNotice } from '../components/offline-notice';
import { OverviewTab } from '../components/overview-tab';
import { PppoeNotFound } from '../components/pppoe-not-found';
import { RealtimeTab } from '../components/realtime-tab';
import { StatusPanel } from '../components/status-panel';
import { useLiveView } from '../hooks';
import { liveKeys } from '../query-keys';
import { canChangeOnus, isNotFound, listLink, selectMatch } from '../page-state';
import { usePppoeSessionUpdates } from '../use-session-updates';

type TabKey = 'overview' | 'realtime' | 'hosts';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'realtime', label: 'ONU Realtime' },
  { key: 'hosts', label: 'Hosts' },
];

const OLT_NOT_KNOWN = 'Olt Id Not Found. Please Wait!';

/**
 * /graph/:pppoe — one subscriber line. The route's param arrives decoded (React Router decodes path
 * params; decoding again would corrupt ids containing '%'). `?onu=` picks one ONU when the id is on
 * several. A new id or ONU is a new visit: the view is keyed on both, so every piece of state resets.
 */
export default function GraphPage() {
  const { pppoe = '' } = useParams();
  const [searchParams] = useSearchParams();
  const onuParam = searchParams.get('onu');
  return <GraphView key={`${pppoe}\n${onuParam ?? ''}`} pppoe={pppoe} onuParam={onuParam} />;
}

function TabPanel({ tab, current, children }: { tab: TabKey; current: TabKey; children: ReactNode }) {
  if (tab !== current) return null;
  return (
    <Box role="tabpanel" id={`graph-panel-${tab}`} aria-labelledby={`graph-tab-${tab}`} sx={{ pt: 2 }}>
      {children}
    </Box>
  );
}

function GraphView({ pppoe, onuParam }: { pppoe: string; onuParam: string | null }) {
  useDocumentTitle(pppoe || 'Graph');
  useOnuLiveUpdates();
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  const { user } = useSession();
  const permissions = user?.permissions ?? [];
  const canChange = canChangeOnus(permissions);
  const canClear = permissions.includes(Permission.PortClear);
  const canOpenOlt = permissions.includes(Permission.OltList);
  const back = listLink(permissions);

  const lookup = usePppoeLookup(pppoe);
  const matches = lookup.data?.matches ?? [];
  const { onu, choice } = selectMatch(matches, onuParam);
  usePppoeSessionUpdates(pppoe, onu?.pppoeIds);
  const [tab, setTab] = useState<TabKey>('overview');
  const realtime = useOnuRealtime(onu?.id, tab === 'realtime');
  // The id as the ONU stores it (the page may be open under another case): the router's user name.
  const linePppoe = onu
    ? (onu.pppoeIds.find((id) => id === pppoe) ??
      onu.pppoeIds.find((id) => id.toLowerCase() === pppoe.toLowerCase()) ??
      pppoe)
    : undefined;
  const live = useLiveView(onu?.id, linePppoe);

  const [pending, setPending] = useState<PendingAction | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [duplicateOpen, setDuplicateOpen] = useState(false);
  // The offline banner stays while the ONU is offline, unless the operator hides it for this ONU.
  const [offlineHiddenFor, setOfflineHiddenFor] = useState<string | null>(null);
  const [firstLoadHandled, setFirstLoadHandled] = useState(false);

  // On the first load only: several ONUs and none chosen asks which.
  const loadedOnu = onu !== null;
  useEffect(() => {
    if (firstLoadHandled || !onu) return;
    setFirstLoadHandled(true);
    if (choice === 'first' || (choice === 'stale' && matches.length > 1)) setDuplicateOpen(true);
    // Decided once, from the first data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedOnu, firstLoadHandled]);

  const closeDuplicate = () => setDuplicateOpen(false);

  const onTab = (next: TabKey) => {
    if (next === 'realtime' && !onu) {
      toast.error(OLT_NOT_KNOWN);
      return;
    }
    setTab(next);
  };

  const refresh = async () => {
    if (!onu) return;
    setRefreshing(true);
    const results = await Promise.allSettled([
      lookup.refetch({ throwOnError: true }),
      // The page's other stored data: signal history, its days and (when open) the event history.
      qc.refetchQueries({ queryKey: onuKeys.all, type: 'active' }, { throwOnError: true }),
      // The live session now rather than at its next turn (a router that cannot be read is no failure).
      qc.refetchQueries({ queryKey: liveKeys.all, type: 'active' }),
      ...(tab === 'realtime' ? [realtime.refetch({ throwOnError: true })] : []),
    ]);
    setRefreshing(false);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) toast.error(`Refresh Failed! ${messageOf(failed.reason, '')}`.trim());
    else toast.success('Data Updated Successfully');
  };

  const onAction = (action: OnuAction) => onu && setPending({ action, onu });

  if (lookup.isError && (isNotFound(lookup.error) || !lookup.data))
    return isNotFound(lookup.error) ? (
      <PppoeNotFound pppoe={pppoe} back={back} />
    ) : (
      <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2, overflowWrap: 'anywhere' }}>
          {pppoe}
        </Typography>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void lookup.refetch()}>
              Retry
            </Button>
          }
        >
          <AlertTitle>Could not load {pppoe}</AlertTitle>
          {messageOf(lookup.error, 'The server did not answer. Try again in a moment.')}
        </Alert>
      </Box>
    );

  if (lookup.data && !onu) return <PppoeNotFound pppoe={pppoe} back={back} />;

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <GraphHeader
        pppoe={pppoe}
        onu={onu}
        sessionStatus={live.status}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
        canChange={canChange}
        canClear={canClear}
        onAction={onAction}
      />

      {onu && choice !== 'only' && (
        <Alert
          severity={choice === 'chosen' ? 'info' : 'warning'}
          sx={{ mb: 2 }}
          data-testid="duplicate-notice"
          action={
            <Button color="inherit" size="small" onClick={() => setDuplicateOpen(true)}>
              {choice === 'chosen' ? 'Show the others' : 'Choose ONU'}
            </Button>
          }
        >
          {choice === 'stale'
            ? `The ONU in the link no longer carries ${pppoe}. Showing ${onu.ifName} on ${onu.oltName}, one of ${matches.length} ONU${matches.length === 1 ? '' : 's'} that do.`
            : choice === 'first'
              ? `${pppoe} is on ${matches.length} ONUs. Showing the first, ${onu.ifName} on ${onu.oltName}, until you choose one.`
              : `${pppoe} is on ${matches.length} ONUs. This is ${onu.ifName} on ${onu.oltName}.`}
        </Alert>
      )}

      {onu && onu.status === 'offline' && offlineHiddenFor !== onu.id && (
        <OfflineNotice pppoe={pppoe} onu={onu} onClose={() => setOfflineHiddenFor(onu.id)} />
      )}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4, xl: 3 }}>
          <StatusPanel onu={onu} pppoe={pppoe} live={live} canOpenOlt={canOpenOlt} />
        </Grid>
        <Grid size={{ xs: 12, md: 8, xl: 9 }}>
          <Paper variant="outlined">
            <Tabs value={tab} onChange={(_, next: TabKey) => onTab(next)} aria-label="PPPoE page sections">
              {TABS.map((t) => (
                <Tab
                  key={t.key}
                  value={t.key}
                  label={t.label}
                  id={`graph-tab-${t.key}`}
                  aria-controls={`graph-panel-${t.key}`}
                />
              ))}
            </Tabs>
          </Paper>
          <TabPanel tab="overview" current={tab}>
            <OverviewTab onu={onu} pppoe={pppoe} live={live} />
          </TabPanel>
          <TabPanel tab="realtime" current={tab}>
            <RealtimeTab query={realtime} />
          </TabPanel>
          <TabPanel tab="hosts" current={tab}>
            <HostsTab onuId={onu?.id} pppoe={linePppoe} />
          </TabPanel>
        </Grid>
      </Grid>

      <DuplicateDialog
        open={duplicateOpen}
        onClose={closeDuplicate}
        onChoose={() => setDuplicateOpen(false)}
        pppoe={pppoe}
        matches={matches}
        currentId={choice === 'first' || choice === 'stale' ? null : (onu?.id ?? null)}
      />
      <OnuActionDialogs
        pending={pending}
        onClose={() => setPending(null)}
        onDeleted={() => navigate(back.to, { replace: true })}
      />
    </Box>
  );
}
