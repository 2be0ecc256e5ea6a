import { useMemo, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { DOWN_COUNT_DAYS, rxLevel, type OnuDetail } from '@pondesk/contracts';
import { formatDateTime, formatDbm, formatSince, reasonLabel } from '../../onus';
import { currentReading } from '../charts';
import { cutText, REASON_TEXT_MAX, withUnit } from '../format';
import { useNow } from '../use-now';
import { DownHistoryDialog } from './down-history-dialog';
import { SignalHistoryCard } from './signal-history';
import { CutValue, Tile, TileSkeleton, TILE_SKELETONS } from './tile';
import { FieldGrid } from '../../../shared/ui/field-grid';

/** Spec 2 §9: a down count above 100 is shown in red. */
const DOWN_COUNT_ALERT = 100;
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
    { key: 'remote', label: 'Remote Address', value: '—', note: NEEDS_ROUTER },
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
      label: 'Down Count',
      value: onu.downCount,
      color: onu.downCount > DOWN_COUNT_ALERT ? 'error.main' : undefined,
      note: `Last ${DOWN_COUNT_DAYS} days · open the history`,
      onClick: () => setHistoryOpen(true),
    },
  ];

  return (
    <Stack spacing={2}>
      <Grid container spacing={1.5} component="section" aria-label="Overview">
        {tiles.map((t) => (
          <Grid key={t.key} size={{ xs: 6, sm: 4, xl: 3 }}>
            <Tile label={t.label} note={t.note} color={t.color} onClick={t.onClick} testId={`tile-${t.key}`}>
              {t.value}
            </Tile>
          </Grid>
        ))}
      </Grid>
      <PreviousRow onu={onu} pppoe={pppoe} />
      <SignalHistoryCard onuId={onu.id} pppoe={pppoe} current={current} />
      <DownHistoryDialog
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        onuId={onu.id}
        pppoe={pppoe}
        downCount={onu.downCount}
      />
    </Stack>
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
