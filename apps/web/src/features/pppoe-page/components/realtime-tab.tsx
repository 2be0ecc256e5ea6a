import type { ReactNode } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import type { OnuRealtime } from '@pondesk/contracts';
import { FETCH_ERROR, formatDateTime, formatDbm, formatDistance, reasonLabel } from '../../onus';
import { cutText, formatSeconds, withUnit } from '../format';
import { realtimeFailure } from '../page-state';
import { DbmDonut } from './dbm-donut';
import { DeviceHistory } from './device-history';
import { CutValue, Tile } from './tile';
import { InfoList } from '../../../shared/ui/info-list';

export interface RealtimeQuery {
  data: OnuRealtime | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

function StatusDot({ status }: { status: OnuRealtime['status'] }) {
  const color = status === 'online' ? 'success.main' : status === 'offline' ? 'error.main' : 'grey.500';
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center' }}
      data-testid="realtime-status"
      data-status={status}
    >
      <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
      <span>{status === 'online' ? 'Online' : status === 'offline' ? 'Offline' : 'Unknown'}</span>
    </Stack>
  );
}

function Section({
  title,
  children,
  action,
  fill,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** Stretch to the grid row's height. */
  fill?: boolean;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ height: fill ? '100%' : undefined }}
    >
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function InfoTiles({ tiles }: { tiles: [string, ReactNode][] }) {
  return (
    <Grid container spacing={1.5}>
      {tiles.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, sm: 4, xl: 3 }}>
          <Tile label={label}>{value}</Tile>
        </Grid>
      ))}
    </Grid>
  );
}

function Counts({
  items,
}: {
  items: { label: string; value: number; color: 'success' | 'error' | 'default' }[];
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {items.map((c) => (
        <Box key={c.label} sx={{ minWidth: 72 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {c.label}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              color: c.color === 'default' ? 'text.primary' : `${c.color}.main`,
            }}
          >
            {c.value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function ReasonSummary({ data }: { data: OnuRealtime }) {
  if (!data.reasonSummary.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {data.history === null ? 'No history to summarise.' : 'No deactivation reasons in the log.'}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {data.reasonSummary.map((r) => (
        <Chip key={r.reason} variant="outlined" label={`${reasonLabel(r.reason)}: ${r.count}`} />
      ))}
    </Stack>
  );
}

/** Cut like the other tile values; the whole reason, with the OLT's own words, is in the tooltip. */
function LastReason({ data }: { data: OnuRealtime }) {
  if (!data.lastDeregReason && !data.lastDeregReasonRaw) return <>—</>;
  const label = data.lastDeregReason ? reasonLabel(data.lastDeregReason) : (data.lastDeregReasonRaw ?? '');
  const full =
    data.lastDeregReason && data.lastDeregReasonRaw && data.lastDeregReasonRaw !== label
      ? `${label} (the OLT says: ${data.lastDeregReasonRaw})`
      : label;
  const t = cutText(label);
  return (
    <Tooltip title={full}>
      <span data-testid="last-disconnect-reason">{t.shown}</span>
    </Tooltip>
  );
}

function GponLayout({ data }: { data: OnuRealtime }) {
  return (
    <Stack spacing={2} data-testid="realtime-gpon">
      <InfoTiles
        tiles={[
          ['Total Onu Status', <StatusDot key="s" status={data.status} />],
          ['Distance', formatDistance(data.distanceM)],
          ['Mac Address / Serial', <CutValue key="m" text={data.serial ?? data.mac} />],
          ['Vendor ID', <CutValue key="v" text={data.vendor} />],
          ['Model ID', <CutValue key="o" text={data.model} />],
          ['Online Duration', formatSeconds(data.onlineSeconds)],
          ['Current Time', formatDateTime(data.readAt)],
        ]}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Signal" fill>
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              <DbmDonut rxDbm={data.optics.rxDbm} />
              <InfoList
                strong
                items={[
                  ['Temperature', withUnit(data.optics.temperatureC, '°C')],
                  ['Last Disconnect Reason', <LastReason key="r" data={data} />],
                  ['Tx', formatDbm(data.optics.txDbm)],
                ]}
              />
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <Section title="Up / Down">
              <Counts
                items={[
                  { label: 'Up', value: data.historyCounts.up, color: 'success' },
                  { label: 'Down', value: data.historyCounts.down, color: 'error' },
                ]}
              />
            </Section>
            <Section title="Reason summary">
              <ReasonSummary data={data} />
            </Section>
          </Stack>
        </Grid>
      </Grid>
      <Section title="Deactivation logs">
        <DeviceHistory history={data.history} title="Deactivation logs" />
      </Section>
    </Stack>
  );
}

function EponLayout({ data }: { data: OnuRealtime }) {
  return (
    <Stack spacing={2} data-testid="realtime-epon">
      <InfoTiles
        tiles={[
          ['Status', <StatusDot key="s" status={data.status} />],
          ['Onu Name', <CutValue key="n" text={data.description} />],
          ['Distance', formatDistance(data.distanceM)],
          ['Mac Address', <CutValue key="m" text={data.mac ?? data.serial} />],
          ['Software Version / Extmodel', <CutValue key="x" text={data.model} />],
          ['Vendor', <CutValue key="v" text={data.vendor} />],
          ['Online Duration', formatSeconds(data.onlineSeconds)],
          ['Current Time', formatDateTime(data.readAt)],
        ]}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Optical diagnosis" fill>
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              <DbmDonut rxDbm={data.optics.rxDbm} label="Receive power" />
              <InfoList
                strong
                items={[
                  ['Work temperature', withUnit(data.optics.temperatureC, '°C')],
                  ['Work voltage', withUnit(data.optics.voltageV, 'V', 2)],
                  ['Transmit bias', withUnit(data.optics.biasMa, 'mA', 2)],
                  ['Transmit power', formatDbm(data.optics.txDbm)],
                ]}
              />
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Counts by status" fill>
            <Counts
              items={[
                { label: 'Up', value: data.historyCounts.up, color: 'success' },
                { label: 'Down', value: data.historyCounts.down, color: 'error' },
                { label: 'Other', value: data.historyCounts.other, color: 'default' },
              ]}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              Last disconnect: <LastReason data={data} />
            </Typography>
          </Section>
        </Grid>
      </Grid>
      <Section title="Up / down log">
        <DeviceHistory history={data.history} title="Up / down log" />
      </Section>
    </Stack>
  );
}

/** ONU Realtime: the OLT read live through the worker, in the GPON or EPON layout. */
export function RealtimeTab({ query }: { query: RealtimeQuery }) {
  const { data, isPending, isFetching, error } = query;
  const reread = (
    <Button
      size="small"
      variant="outlined"
      onClick={() => void query.refetch()}
      disabled={isFetching}
      startIcon={isFetching ? <CircularProgress size={14} color="inherit" /> : <SyncIcon />}
    >
      Read again
    </Button>
  );

  if (error && !isFetching) {
    const failure = realtimeFailure(error);
    if (failure.kind === 'unsupported')
      return (
        <Box sx={{ textAlign: 'center', py: 6 }} data-testid="realtime-unsupported">
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} gutterBottom>
            404 Not Found
          </Typography>
          <Typography color="text.secondary">{failure.message}</Typography>
        </Box>
      );
    return (
      <Alert
        severity="error"
        data-testid="realtime-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {/* The spec's words, then the server's reason ("ONU is offline"). */}
        <AlertTitle sx={{ overflowWrap: 'anywhere' }}>
          {FETCH_ERROR}: {failure.message}
        </AlertTitle>
        Could not read the ONU from the OLT.
      </Alert>
    );
  }

  if (isPending || !data)
    return (
      <Stack spacing={2} aria-busy data-testid="realtime-loading">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={18} />
          <Typography variant="body2" color="text.secondary">
            Reading the ONU from the OLT…
          </Typography>
        </Stack>
        <Grid container spacing={1.5}>
          {Array.from({ length: 8 }, (_, i) => (
            <Grid key={i} size={{ xs: 6, sm: 4, xl: 3 }}>
              <Skeleton variant="rounded" height={64} />
            </Grid>
          ))}
        </Grid>
        <Skeleton variant="rounded" height={220} />
      </Stack>
    );

  return (
    <Stack spacing={2} aria-busy={isFetching}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="text.secondary">
          Read live from the OLT at {formatDateTime(data.readAt)} ({data.mode.toUpperCase()}, {data.ifName})
        </Typography>
        {reread}
      </Stack>
      {data.mode === 'gpon' ? <GponLayout data={data} /> : <EponLayout data={data} />}
    </Stack>
  );
}
