import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Divider,
  Link,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { OLT_BRAND_LABELS, type OnuDetail } from '@pondesk/contracts';
import { formatDateTime, formatDbm, formatDistance, formatSince, reasonLabel, RxBar } from '../../onus';
import { withUnit } from '../format';
import type { LiveView } from '../hooks';
import { formatBytes, formatUpDown } from '../live-format';
import { useNow } from '../use-now';
import { StatusBadge } from './status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

const FIELD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 2,
  rowGap: 1.25,
  m: 0,
} as const;

/**
 * The subscriber's PPP session as the OLT's MikroTik has it now: how many sessions carry the id, the
 * caller id (the subscriber router's MAC) and the bytes since the session came up; or why the router
 * could not be read.
 */
function LiveSessionFields({ pppoe, live }: { pppoe: string; live: LiveView }) {
  const session = live.data?.session ?? null;
  return (
    <Box component="section" aria-label="Live session" data-testid="live-session-panel">
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Live session (MikroTik)
      </Typography>
      {live.loading ? (
        <Stack spacing={1} aria-busy data-testid="live-session-loading">
          <Skeleton />
          <Skeleton />
        </Stack>
      ) : live.problem ? (
        <Alert severity="warning" variant="outlined" data-testid="live-session-problem">
          {live.problem}
        </Alert>
      ) : (
        <Box component="dl" sx={FIELD_GRID}>
          <Field label="Active sessions">
            <span data-testid="live-session-count">{session ? 1 : 0}</span>
          </Field>
          {session ? (
            <>
              <Field label="Session">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusBadge
                    status={live.status === 'online' ? 'online' : 'offline'}
                    size="small"
                    testId="panel-session-status"
                    source="session"
                  />
                  <span>{session.service.toUpperCase()}</span>
                </Stack>
              </Field>
              <Field label="Caller ID (MAC)">
                <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="live-caller-id">
                  {session.callerId ?? '—'}
                </Box>
              </Field>
              <Field label="Total up / down">
                <span data-testid="live-total-bytes">{formatUpDown(session.bytes, formatBytes)}</span>
              </Field>
              <Field label="Interface">
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {session.interface}
                </Box>
              </Field>
            </>
          ) : (
            <Field label="Session">No active PPP session for {pppoe} on the router</Field>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The ONU's stored state: what the last poll found, plus where it sits; then the live session. */
export function StatusPanel({
  onu,
  pppoe,
  live,
  canOpenOlt,
}: {
  onu: OnuDetail | null;
  pppoe: string;
  live: LiveView;
  canOpenOlt: boolean;
}) {
  const now = useNow();
  return (
    <Card variant="outlined" component="section" aria-label="Status" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Status
        </Typography>
        {!onu ? (
          <Stack spacing={1.25} aria-busy>
            {Array.from({ length: 12 }, (_, i) => (
              <Skeleton key={i} />
            ))}
          </Stack>
        ) : (
          <>
            <Box component="dl" sx={FIELD_GRID}>
              <Field label="Online status">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusBadge status={onu.status} size="small" testId="panel-status" />
                  <span>for {formatSince(onu.statusChangedAt, now)}</span>
                </Stack>
              </Field>
              <Field label="OLT">
                {canOpenOlt ? (
                  <Link component={RouterLink} to={`/olt-list/${onu.oltId}`}>
                    {onu.oltCode} · {onu.oltName}
                  </Link>
                ) : (
                  `${onu.oltCode} · ${onu.oltName}`
                )}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="span"
                  sx={{ display: 'block' }}
                >
                  {OLT_BRAND_LABELS[onu.oltBrand] ?? onu.oltBrand} {onu.oltMode.toUpperCase()}
                  {onu.oltStatus === 'offline' ? ' · OLT offline' : ''}
                </Typography>
              </Field>
              <Field label="Port number">
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {onu.ifName}
                </Box>
              </Field>
              <Field label="ONU temperature">{withUnit(onu.temperatureC, '°C')}</Field>
              <Field label="Last dereg. reason">
                {onu.reasonRaw ? (
                  <Tooltip title={`The OLT says: ${onu.reasonRaw}`}>
                    <span>{reasonLabel(onu.reason)}</span>
                  </Tooltip>
                ) : (
                  reasonLabel(onu.reason)
                )}
              </Field>
              <Field label="Vendor">
                {onu.vendor ?? '—'}
                {onu.model ? ` · ${onu.model}` : ''}
              </Field>
              <Field label="MAC / serial">
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {onu.mac ?? onu.serial ?? '—'}
                </Box>
              </Field>
              <Field label="Distance">{formatDistance(onu.distanceM)}</Field>
              <Field label="Description">{onu.description || '—'}</Field>
              <Field label="Last update">{formatDateTime(onu.lastSeenAt)}</Field>
              <Field label="Rx">
                <RxBar rxDbm={onu.rxDbm} />
              </Field>
              <Field label="Tx">{formatDbm(onu.txDbm)}</Field>
            </Box>
            <Divider sx={{ my: 2 }} />
            <LiveSessionFields pppoe={pppoe} live={live} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
