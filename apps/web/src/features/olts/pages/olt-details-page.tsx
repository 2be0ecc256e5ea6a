import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  Grid,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import ListIcon from '@mui/icons-material/List';
import RefreshIcon from '@mui/icons-material/Refresh';
import { OLT_BRAND_LABELS, type BillingPackage, type OltDetail } from '@pondesk/contracts';
import { messageOf } from '../../../shared/ui/errors';
import { useSession } from '../../auth/session';
import { ExpiryCell } from '../../billing/components/expiry-cell';
import { useCatalogue } from '../../billing/hooks';
import { onuListHref, onuListPath, type OnuListParams } from '../../onus/list-params';
import { InfoList } from '../../../shared/ui/info-list';
import { useDocumentTitle } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { CpuDoughnut } from '../components/cpu-doughnut';
import { OltNotFound } from '../components/olt-not-found';
import { OltStatusChip } from '../components/olt-status-chip';
import {
  NO_READING,
  formatDateTime,
  formatDuration,
  formatInterval,
  formatMonths,
  formatPercent,
  formatUptime,
} from '../format';
import { isNotFound, useOlt, useOltLiveUpdates, usePollOlt } from '../hooks';

/** How long "Poll queued" waits for the poll's result before giving up on showing it. */
const POLL_WAIT_MS = 120_000;

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const orDash = (v: string | number | null | undefined): ReactNode =>
  v === null || v === undefined || v === '' ? '—' : v;

/** The OLT's package (its catalogue name; older OLTs stored a name) and the months chosen when it was added. */
function billingText(olt: OltDetail, packages: readonly BillingPackage[] | undefined): string {
  if (!olt.billingPackage && !olt.billingMonths) return 'Not set';
  const ref = olt.billingPackage;
  const offered = packages?.find((p) => p.id === ref)?.name;
  // An id the catalogue no longer lists is a package taken off offer; a UUID says nothing to a reader.
  const name = offered ?? (ref && /^[0-9a-f-]{36}$/i.test(ref) ? 'A package no longer offered' : ref);
  return [name, olt.billingMonths ? formatMonths(olt.billingMonths) : null].filter(Boolean).join(' · ');
}

function Details({ olt }: { olt: OltDetail }) {
  const poll = usePollOlt(olt.id);
  const catalogue = useCatalogue();
  const toast = useToast();
  useDocumentTitle(olt.name);
  // "Poll queued" lasts until a poll result moves lastPolledAt (or gives up after a while).
  const [waitingFrom, setWaitingFrom] = useState<string | null | undefined>(undefined);
  const waiting = waitingFrom !== undefined;
  useEffect(() => {
    if (!waiting) return;
    if (olt.lastPolledAt !== waitingFrom) {
      setWaitingFrom(undefined);
      return;
    }
    const t = setTimeout(() => setWaitingFrom(undefined), POLL_WAIT_MS);
    return () => clearTimeout(t);
  }, [waiting, waitingFrom, olt.lastPolledAt]);

  const pollNow = () =>
    poll.mutate(undefined, {
      onSuccess: () => {
        setWaitingFrom(olt.lastPolledAt);
        toast.success('Poll queued: the result appears here when it finishes.');
      },
      onError: (error) => toast.error(`Failed to queue the poll! ${messageOf(error, '')}`.trim()),
    });

  const offlineOnus = Math.max(0, olt.onuCount - olt.onlineOnuCount);
  const { user } = useSession();
  const onuList = onuListPath(user?.permissions);
  const onusOf = (status: OnuListParams['status']) =>
    onuList ? onuListHref(onuList, { oltId: olt.id, status }) : null;

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {olt.name}
            </Typography>
            <OltStatusChip status={olt.status} size="medium" />
          </Stack>
          <Typography color="text.secondary">
            {olt.host} · {OLT_BRAND_LABELS[olt.brand] ?? olt.brand} {olt.mode.toUpperCase()}
            {olt.model ? ` · ${olt.model}` : ''}
          </Typography>
        </Box>
        <Button component={RouterLink} to="/olt-list" startIcon={<ArrowBackIcon />}>
          Olt List
        </Button>
        {onuList && (
          <Button
            component={RouterLink}
            to={onuListHref(onuList, { oltId: olt.id })}
            variant="outlined"
            startIcon={<ListIcon />}
            data-testid="olt-view-onus"
          >
            View ONUs
          </Button>
        )}
        <Button component={RouterLink} to={`/edit-olt/${olt.id}`} variant="outlined" startIcon={<EditIcon />}>
          Edit
        </Button>
        <Button
          variant="contained"
          onClick={pollNow}
          disabled={poll.isPending || waiting}
          startIcon={
            poll.isPending || waiting ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />
          }
        >
          {waiting ? 'Polling…' : 'Poll now'}
        </Button>
      </Stack>

      {olt.status === 'offline' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This OLT is offline: it is not polled until it answers the health check again (every minute, backing
          off after repeated failures).
        </Alert>
      )}
      {olt.lastError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Last error: {olt.lastError}
        </Alert>
      )}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <InfoCard title="Olt Info">
            <InfoList
              items={[
                ['Id', olt.code],
                ['User Name', orDash(olt.username)],
                ['Olt Name', olt.name],
                ['Ip', olt.host],
                [
                  'Port',
                  `${olt.telnetPort} (telnet) · ${olt.snmpPort} (SNMP)${olt.httpPort ? ` · ${olt.httpPort} (HTTP)` : ''}`,
                ],
                ['Modes', olt.mode.toUpperCase()],
                ['Brands', OLT_BRAND_LABELS[olt.brand] ?? olt.brand],
                ['Branch', orDash(olt.branchName)],
                ['Billing', billingText(olt, catalogue.data?.packages)],
                ['Expiry', <ExpiryCell key="expiry" expiresOn={olt.expiresOn} state={olt.expiryState} />],
                ['Poll interval', formatInterval(olt.pollIntervalSeconds)],
                ['Description', orDash(olt.description)],
              ]}
            />
          </InfoCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2} sx={{ height: '100%' }}>
            <InfoCard title="Mikrotik Info">
              {olt.mikrotikHost ? (
                <InfoList
                  items={[
                    ['User Name', orDash(olt.mikrotikUsername)],
                    ['Ip', olt.mikrotikHost],
                    ['Port', orDash(olt.mikrotikPort)],
                  ]}
                />
              ) : (
                <Typography variant="body2" color="text.secondary" data-testid="olt-details-no-mikrotik">
                  No MikroTik configured for this OLT. PPPoE session reports and the VPN need one: add it on
                  Edit OLT.
                </Typography>
              )}
            </InfoCard>
            <InfoCard title="Notifications and logs">
              <InfoList
                items={[
                  ['WhatsApp ID', orDash(olt.whatsappId)],
                  ['Telegram ID', orDash(olt.telegramId)],
                  ['Data collection ratio', orDash(olt.dataCollectionRatio)],
                  ['dB alert range', olt.dbAlertRange === null ? '—' : `${olt.dbAlertRange} dBm`],
                  ['Log name', olt.logName ?? olt.name],
                  ...(olt.mikrotikHost
                    ? [
                        ['MikroTik log name', olt.mikrotikLogName ?? `MikroTik ${olt.name}`] satisfies [
                          string,
                          string,
                        ],
                      ]
                    : []),
                ]}
              />
            </InfoCard>
          </Stack>
        </Grid>
        <Grid size={12}>
          <InfoCard title="Live status">
            <Grid container spacing={3} sx={{ alignItems: 'center' }}>
              <Grid size={{ xs: 12, sm: 4, md: 2 }} sx={{ textAlign: 'center' }}>
                <CpuDoughnut cpu={olt.cpuPercent} size={130} label={olt.name} />
                <Typography variant="caption" color="text.secondary">
                  CPU
                </Typography>
              </Grid>
              <Grid size={{ xs: 12, sm: 8, md: 4 }}>
                <Typography variant="body2" color="text.secondary">
                  Memory
                </Typography>
                {olt.memoryPercent === null ? (
                  <Typography>{NO_READING}</Typography>
                ) : (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <LinearProgress
                      variant="determinate"
                      value={Math.min(100, Math.max(0, olt.memoryPercent))}
                      sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
                      aria-label="Memory use"
                    />
                    <Typography variant="body2">{formatPercent(olt.memoryPercent)}</Typography>
                  </Stack>
                )}
                <Divider sx={{ my: 2 }} />
                <InfoList
                  items={[
                    ['Status', <OltStatusChip key="s" status={olt.status} />],
                    ['Uptime', formatUptime(olt.uptimeSeconds)],
                    ['PON ports', olt.ponPortCount ?? NO_READING],
                  ]}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Stack direction="row" spacing={4} sx={{ mb: 2 }}>
                  {(
                    [
                      ['ONUs', olt.onuCount, 'text.primary', ''],
                      ['Online', olt.onlineOnuCount, 'success.main', 'online'],
                      ['Offline', offlineOnus, 'error.main', 'offline'],
                    ] as const
                  ).map(([label, n, color, status]) => {
                    const href = onusOf(status);
                    return (
                      <Box
                        key={label}
                        data-testid={`onu-count-${label.toLowerCase()}`}
                        {...(href
                          ? {
                              component: RouterLink,
                              to: href,
                              'aria-label': `${label}: ${n}, open the ONU list`,
                              sx: {
                                textDecoration: 'none',
                                '&:hover p:first-of-type': { textDecoration: 'underline' },
                              },
                            }
                          : {})}
                      >
                        <Typography variant="h4" component="p" sx={{ color, fontWeight: 700 }}>
                          {n}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {label}
                        </Typography>
                      </Box>
                    );
                  })}
                </Stack>
                <InfoList
                  items={[
                    ['Last poll', formatDateTime(olt.lastPolledAt)],
                    ['Poll duration', formatDuration(olt.lastPollDurationMs)],
                    ['Last error', olt.lastError ?? 'None'],
                  ]}
                />
              </Grid>
            </Grid>
          </InfoCard>
        </Grid>
      </Grid>
    </>
  );
}

export default function OltDetailsPage() {
  const { id } = useParams();
  useOltLiveUpdates();
  const olt = useOlt(id);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      {olt.isPending && (
        <Stack spacing={2} aria-busy="true" aria-label="Loading the OLT">
          <Skeleton variant="text" width={320} height={48} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={320} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={320} />
            </Grid>
            <Grid size={12}>
              <Skeleton variant="rounded" height={220} />
            </Grid>
          </Grid>
        </Stack>
      )}
      {olt.isError &&
        (!olt.data || isNotFound(olt.error)) &&
        (isNotFound(olt.error) ? (
          <OltNotFound />
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void olt.refetch()}>
                Retry
              </Button>
            }
          >
            Cannot load the OLT: {olt.error.message}
          </Alert>
        ))}
      {olt.data && !(olt.isError && isNotFound(olt.error)) && <Details olt={olt.data} />}
    </Box>
  );
}
