import { useMemo, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { DOWN_COUNT_ALARM, rxLevel, type OnuDetail } from '@pondesk/contracts';
import { formatDateTime, formatDbm, formatSince, reasonLabel } from '../../onus';
import { formatAgo } from '../../../shared/format';
import { SessionActionChip } from '../../../shared/sessions/session-chips';
import { SessionHistoryDialog } from '../../../shared/sessions/session-history-dialog';
import { currentReading } from '../charts';
import { cutText, downCountCaption, REASON_TEXT_MAX, withUnit } from '../format';
import { useNow } from '../use-now';
import { DownHistoryDialog } from './down-history-dialog';
import { SignalHistoryCard } from './signal-history';
import { CutValue, Tile, TileSkeleton, TILE_SKELETONS } from './tile';
import { FieldGrid } from '../../../shared/ui/field-grid';

const NEEDS_ROUTER = 'Needs the MikroTik router (not connected yet)';

const levelColor = (rx: number | null) => {
  const level = rxLevel(rx);
  return level === 'default' ? 'text.secondary' : `${level}.main`;
};

/** The Overview tab: the tiles, the 'Previous dBm' row, the date strip and the signal chart. */
export function OverviewTab({ onu, pppoe }: { onu: OnuDetail | null; pppoe: string }) {
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

  const tiles: {
    key: string;
    label: string;
    value: ReactNode;
    note?: ReactNode;
    color?: string;
    onClick?: () => void;
    testId?: string;
  }[] = [
    onu.status === 'online'
      ? {
          key: 'uptime',
          label: 'Uptime',
          value: formatSince(onu.statusChangedAt, now),
          color: 'success.main',
        }
      : {
          key: 'uptime',
          label: 'Uptime',
          value: 'Offline',
          color: 'error.main',
          note: onu.statusChangedAt ? `for ${formatSince(onu.statusChangedAt, now)}` : undefined,
        },
    { key: 'pppoe', label: 'PPPOE ID', value: <CutValue text={pppoe} /> },
    {
      key: 'dbm',
      label: 'dBm',
      value: formatDbm(onu.rxDbm),
      color: levelColor(onu.rxDbm),
      note: onu.rxDbm === null && onu.status === 'offline' ? 'No reading while offline' : undefined,
    },
    { key: 'traffic', label: 'Upload / Download', value: '—', note: NEEDS_ROUTER },
    { key: 'olt', label: 'Olt Name', value: <CutValue text={onu.oltName} /> },
    { key: 'vendor', label: 'Vendor', value: <CutValue text={onu.vendor} /> },
    { key: 'router', label: 'Router Brand', value: '—', note: NEEDS_ROUTER },
    remoteAddressTile(onu, now),
    { key: 'temp', label: 'Temperature / Vlan ID', value: `${withUnit(onu.temperatureC, '°C')} / —` },
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
 * Remote Address: the IP of the session the routers last reported up. Once it went down there is no
 * current address; without any session event it still needs the routers.
 */
function remoteAddressTile(onu: OnuDetail, now: number) {
  const s = onu.lastSession;
  if (!s)
    return {
      key: 'remote',
      label: 'Remote Address',
      value: '—',
      note: onu.downCountSource === 'sessions' ? 'No session reported for this line' : NEEDS_ROUTER,
    };
  if (s.action === 'up' && s.ip)
    return {
      key: 'remote',
      label: 'Remote Address',
      value: <CutValue text={s.ip} />,
      note: `Session up ${formatAgo(s.at, now)}`,
    };
  return {
    key: 'remote',
    label: 'Remote Address',
    value: '—',
    note: `Session ${s.action} ${formatAgo(s.at, now)}`,
  };
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
