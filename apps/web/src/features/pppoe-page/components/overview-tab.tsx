import { useMemo, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { DOWN_COUNT_ALARM, rxLevel, type OnuDetail } from '@pondesk/contracts';
import { formatDateTime, formatDbm, formatSince, reasonLabel } from '../../onus';
import { formatAgo, formatSeconds } from '../../../shared/format';
import { SessionActionChip } from '../../../shared/sessions/session-chips';
import { SessionHistoryDialog } from '../../../shared/sessions/session-history-dialog';
import { currentReading } from '../charts';
import { cutText, downCountCaption, REASON_TEXT_MAX, withUnit } from '../format';
import type { LiveView } from '../hooks';
import { formatBps, formatUpDown, liveUptimeSeconds } from '../live-format';
import { useNow } from '../use-now';
import { DownHistoryDialog } from './down-history-dialog';
import { LiveRateChart } from './live-rate-chart';
import { SignalHistoryCard } from './signal-history';
import { CutValue, Tile, TileSkeleton, TILE_SKELETONS } from './tile';
import { FieldGrid } from '../../../shared/ui/field-grid';

const READING_ROUTER = 'Reading the MikroTik router…';
const NO_SESSION = 'No active PPP session on the router';

const levelColor = (rx: number | null) => {
  const level = rxLevel(rx);
  return level === 'default' ? 'text.secondary' : `${level}.main`;
};

/** One Overview tile. */
interface Tiled {
  key: string;
  label: string;
  value: ReactNode;
  note?: ReactNode;
  footer?: ReactNode;
  color?: string;
  onClick?: () => void;
  testId?: string;
}

/**
 * The Overview tab: the tiles, the 'Previous dBm' row, the date strip and the signal chart. Uptime,
 * Upload / Download, Router Brand, Remote Address and the VLAN come from the live session on the OLT's
 * MikroTik; while it cannot be read those tiles say why, and show what the stored data has.
 */
export function OverviewTab({ onu, pppoe, live }: { onu: OnuDetail | null; pppoe: string; live: LiveView }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const now = useNow();
  const status = onu?.status;
  const rxDbm = onu?.rxDbm ?? null;
  const lastSeenAt = onu?.lastSeenAt ?? null;
  // One object per reading, so the chart is rebuilt only when the reading changes.
  const current = useMemo(
    () => (status ? currentReading({ status, rxDbm, lastSeenAt }) : null),
    [status, rxDbm, lastSeenAt],
  );
  if (!onu)
    return (
      <Stack spacing={2} aria-busy>
        <Grid container spacing={1.5} data-testid="overview-loading">
          {Array.from({ length: TILE_SKELETONS }, (_, i) => (
            <Grid key={i} size={{ xs: 6, sm: 4, xl: 3 }}>
              <TileSkeleton />
            </Grid>
          ))}
        </Grid>
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );

  const session = live.data?.session ?? null;
  const answered = live.data?.router.state === 'ok';
  /** The note of a router tile that has no live figure: still reading, or why not (in one line). */
  const why = live.loading ? READING_ROUTER : live.problem ? <OneLine text={live.problem} /> : undefined;

  const tiles: Tiled[] = [
    uptimeTile(onu, live, now, why),
    { key: 'pppoe', label: 'PPPOE ID', value: <CutValue text={pppoe} /> },
    {
      key: 'dbm',
      label: 'dBm',
      value: formatDbm(onu.rxDbm),
      color: levelColor(onu.rxDbm),
      note: onu.rxDbm === null && onu.status === 'offline' ? 'No reading while offline' : undefined,
    },
    {
      key: 'traffic',
      label: 'Upload / Download',
      value: session ? formatUpDown(session.rateBps, formatBps) : '—',
      note: session
        ? session.maxLimitBps
          ? `Plan ${formatUpDown(session.maxLimitBps, formatBps)}`
          : session.rateBps
            ? undefined
            : 'The router gave no rates for this session'
        : answered
          ? NO_SESSION
          : why,
      footer: answered && live.rates.length > 0 ? <LiveRateChart points={live.rates} /> : undefined,
    },
    { key: 'olt', label: 'Olt Name', value: <CutValue text={onu.oltName} /> },
    { key: 'vendor', label: 'Vendor', value: <CutValue text={onu.vendor} /> },
    routerTile(live, why),
    remoteAddressTile(onu, live, now, why),
    {
      key: 'temp',
      label: 'Temperature / Vlan ID',
      value: `${withUnit(onu.temperatureC, '°C')} / ${session?.vlanId ?? '—'}`,
      note: session
        ? session.vlanId === null
          ? 'The session’s PPPoE service is not on a VLAN'
          : undefined
        : answered
          ? NO_SESSION
          : why,
    },
    { key: 'updated', label: 'Last Update', value: formatDateTime(onu.lastSeenAt) },
    {
      key: 'disconnect',
      label: 'Last Disconnect / Time',
      value: onu.reason ? (
        <Tooltip
          title={
            onu.reasonRaw
              ? `${reasonLabel(onu.reason)} (the OLT says: ${onu.reasonRaw})`
              : reasonLabel(onu.reason)
          }
        >
          <span>{cutText(reasonLabel(onu.reason), REASON_TEXT_MAX).shown}</span>
        </Tooltip>
      ) : (
        '—'
      ),
      note: onu.lastDownAt
        ? formatDateTime(onu.lastDownAt)
        : onu.reason
          ? undefined
          : 'Never seen going down',
    },
    { key: 'port', label: 'Port Number', value: <CutValue text={onu.ifName} /> },
    {
      key: 'down-count',
      testId: 'pppoe-down-count',
      label: 'Down Count',
      value: onu.downCount,
      color: onu.downCount > DOWN_COUNT_ALARM ? 'error.main' : undefined,
      note: downCountCaption(onu.downCountSource),
      onClick: () => setHistoryOpen(true),
    },
  ];

  return (
    <Stack spacing={2}>
      <Grid container spacing={1.5} component="section" aria-label="Overview">
        {tiles.map((t) => (
          <Grid key={t.key} size={{ xs: 6, sm: 4, xl: 3 }}>
            <Tile
              label={t.label}
              note={t.note}
              footer={t.footer}
              color={t.color}
              onClick={t.onClick}
              testId={t.testId ?? `tile-${t.key}`}
            >
              {t.value}
            </Tile>
          </Grid>
        ))}
      </Grid>
      {onu.lastSession && <LastSessionRow session={onu.lastSession} now={now} />}
      <PreviousRow onu={onu} pppoe={pppoe} />
      <SignalHistoryCard onuId={onu.id} pppoe={pppoe} current={current} />
      {/* Session drops have the routers' history; ONU outages the ONU's own status changes. */}
      {onu.downCountSource === 'sessions' ? (
        <SessionHistoryDialog open={historyOpen} onClose={() => setHistoryOpen(false)} pppoeId={pppoe} />
      ) : (
        <DownHistoryDialog
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          onuId={onu.id}
          pppoe={pppoe}
          downCount={onu.downCount}
        />
      )}
    </Stack>
  );
}

type LastSession = NonNullable<OnuDetail['lastSession']>;

/**
 * Uptime: the live session's, counting on between reads. Without the router's answer, the ONU's own
 * time online (its last status change) stands in, and the note says why.
 */
function uptimeTile(onu: OnuDetail, live: LiveView, now: number, why: ReactNode): Tiled {
  const base = { key: 'uptime', label: 'Uptime' };
  if (live.status === 'online')
    return {
      ...base,
      value: <LiveUptime live={live} />,
      color: 'success.main',
      note: 'PPP session on the router',
    };
  if (live.status === 'offline')
    return {
      ...base,
      value: 'Offline',
      color: 'error.main',
      note: `${NO_SESSION}${onu.status === 'online' ? ' (the ONU is online)' : ''}`,
    };
  if (onu.status === 'online')
    return { ...base, value: formatSince(onu.statusChangedAt, now), color: 'success.main', note: why };
  return {
    ...base,
    value: 'Offline',
    color: 'error.main',
    note: why ?? (onu.statusChangedAt ? `for ${formatSince(onu.statusChangedAt, now)}` : undefined),
  };
}

/** A note kept to one line (the whole text in its tooltip): five tiles may say the same. */
function OneLine({ text }: { text: string }) {
  return (
    <Tooltip title={text}>
      <Box
        component="span"
        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}

/** The session's uptime, ticking by the second between reads (only this re-renders each second). */
function LiveUptime({ live }: { live: LiveView }) {
  const tick = useNow(1000);
  const seconds = liveUptimeSeconds(live.data, live.receivedAt, tick);
  return <span data-seconds={seconds ?? ''}>{formatSeconds(seconds)}</span>;
}

/** Router Brand: `MikroTik <model>`, the RouterOS version in its tooltip. */
function routerTile(live: LiveView, why: ReactNode): Tiled {
  const router = live.data?.router;
  if (!router || router.state !== 'ok')
    return { key: 'router', label: 'Router Brand', value: '—', note: why };
  const name = [router.brand ?? 'MikroTik', router.model].filter(Boolean).join(' ');
  return {
    key: 'router',
    label: 'Router Brand',
    value: (
      <Tooltip
        title={`${name} · ${router.version ? `RouterOS ${router.version}` : 'RouterOS version not read'}`}
      >
        <span data-testid="router-brand" data-version={router.version ?? ''}>
          {cutText(name).shown}
        </span>
      </Tooltip>
    ),
  };
}

/**
 * Remote Address: the address the router gave the live session. Without the router's answer, the IP of
 * the session the routers last reported up (their session events) stands in.
 */
function remoteAddressTile(onu: OnuDetail, live: LiveView, now: number, why: ReactNode): Tiled {
  const base = { key: 'remote', label: 'Remote Address' };
  const session = live.data?.session;
  if (session) return { ...base, value: <CutValue text={session.address} /> };
  if (live.status === 'offline') return { ...base, value: '—', note: NO_SESSION };
  const s = onu.lastSession;
  if (!s)
    return {
      ...base,
      value: '—',
      note: why ?? (onu.downCountSource === 'sessions' ? 'No session reported for this line' : undefined),
    };
  if (s.action === 'up' && s.ip)
    return { ...base, value: <CutValue text={s.ip} />, note: why ?? `Session up ${formatAgo(s.at, now)}` };
  return { ...base, value: '—', note: why ?? `Session ${s.action} ${formatAgo(s.at, now)}` };
}

/** The subscriber's last session as the routers reported it: its IP and MAC, and when. */
function LastSessionRow({ session, now }: { session: LastSession; now: number }) {
  const fields: [string, ReactNode][] = [
    ['Last IP', <CutValue key="ip" text={session.ip} />],
    ['Last MAC', <CutValue key="mac" text={session.mac} />],
    [
      'Last event',
      <Stack key="at" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <SessionActionChip action={session.action} />
        <Tooltip title={formatDateTime(session.at)}>
          <span>{formatAgo(session.at, now)}</span>
        </Tooltip>
      </Stack>,
    ],
  ];
  return (
    <Card variant="outlined" component="section" aria-label="Last session" data-testid="pppoe-last-session">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Last session
        </Typography>
        <FieldGrid items={fields} columns={{ xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' }} />
      </CardContent>
    </Card>
  );
}

function PreviousRow({ onu, pppoe }: { onu: OnuDetail; pppoe: string }) {
  const prev = onu.previous;
  const fields: [string, ReactNode][] = [
    [
      'dBm',
      prev ? (
        <>
          <Box component="span" sx={{ color: levelColor(prev.rxDbm) }}>
            {formatDbm(prev.rxDbm)}
          </Box>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {formatDateTime(prev.at)}
          </Typography>
        </>
      ) : (
        <>
          No earlier sample yet
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            One is stored when the rx moves 0.5 dB or after an hour
          </Typography>
        </>
      ),
    ],
    ['PPPOE ID', <CutValue key="p" text={pppoe} />],
    ['Vlan ID', '—'],
    ['Mac Address', <CutValue key="m" text={onu.mac ?? onu.serial} />],
    ['Port Number', <CutValue key="i" text={onu.ifName} />],
  ];
  return (
    <Card variant="outlined" component="section" aria-label="Previous dBm" data-testid="previous-dbm">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Previous dBm
        </Typography>
        <FieldGrid
          items={fields}
          columns={{ xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }}
        />
      </CardContent>
    </Card>
  );
}
