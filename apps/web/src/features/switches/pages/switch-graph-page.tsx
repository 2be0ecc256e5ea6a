import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Permission } from '@pondesk/contracts';
import { useDocumentTitle } from '../../../shared/ui/page-header';
import { useSession } from '../../auth/session';
import { PORT_CHART_HEIGHT } from '../charts';
import { PortChart } from '../components/port-chart';
import { PortEvents } from '../components/port-events';
import { PortTiles } from '../components/port-tiles';
import { RangeStrip } from '../components/range-strip';
import { SwitchStatusChip } from '../components/switch-status-chip';
import { DEFAULT_RANGE, RANGE_PRESETS, type HistoryRange } from '../history-range';
import { isNotFound, usePortHistory, useSwitchLiveUpdates, useSwitchOptions } from '../hooks';
import { portGraphPath } from '../list-params';

function NotFound({ what }: { what: string }) {
  return (
    <Alert severity="warning" data-testid="switch-graph-not-found">
      <AlertTitle>{what} not found</AlertTitle>
      It may have been deleted, or it belongs to another account.{' '}
      <Link component={RouterLink} to="/switch-list">
        Back to the Switch List
      </Link>
    </Alert>
  );
}

const rangeText = (range: HistoryRange) =>
  range.preset === 'custom'
    ? `${range.from.replace('T', ' ')} to ${range.to.replace('T', ' ')}`
    : (RANGE_PRESETS.find((p) => p.key === range.preset)?.label ?? '');

/**
 * /switch-graph/:id/:olt? — one switch port (`olt` is the port's id, the spec's param name): its rx and
 * tx over a range, its current values, its events and the OLTs its description names. Without a port
 * the first one is shown.
 */
export default function SwitchGraphPage() {
  const { id = '', olt: portId } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const canOpenOlts = !!user?.permissions.includes(Permission.OltList);
  useSwitchLiveUpdates();
  const options = useSwitchOptions();
  const sw = options.data?.find((o) => o.id === id);
  const [range, setRange] = useState<HistoryRange>(DEFAULT_RANGE);
  const history = usePortHistory(sw ? portId : undefined, range);
  useDocumentTitle(sw ? `${sw.name} · Switch Graph` : 'Switch Graph');

  // No port chosen: the first one (replacing the entry, so Back leaves the graph).
  const first = sw?.ports[0]?.id;
  useEffect(() => {
    if (!portId && first) navigate(portGraphPath(id, first), { replace: true });
  }, [portId, first, id, navigate]);

  if (options.isPending) return <Skeleton variant="rounded" height={200} aria-label="Loading the switch" />;
  if (options.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void options.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the switch: {options.error.message}
      </Alert>
    );
  if (!sw) return <NotFound what="Switch" />;

  const data = history.data;
  // The port must be this switch's: another switch's port id in the address is not found here.
  const wrongSwitch = !!data && data.port.switchId !== sw.id;
  const portMissing = (history.isError && isNotFound(history.error)) || wrongSwitch;
  const port = data && !wrongSwitch ? data.port : undefined;
  const inOptions = sw.ports.some((p) => p.id === portId);

  return (
    <Box sx={{ maxWidth: 1500, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {sw.name}
          </Typography>
          <SwitchStatusChip status={sw.status} />
        </Stack>
        <FormControl size="small" sx={{ minWidth: 220 }} disabled={!sw.ports.length}>
          <InputLabel id="switch-graph-port-label">Port</InputLabel>
          <Select
            labelId="switch-graph-port-label"
            label="Port"
            value={inOptions ? portId : ''}
            onChange={(e) => navigate(portGraphPath(sw.id, e.target.value))}
            data-testid="switch-graph-port"
          >
            {sw.ports.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>

      {!sw.ports.length && (
        <Alert severity="info" data-testid="switch-graph-no-ports">
          This switch has no ports yet. They appear after its first poll.
        </Alert>
      )}
      {portMissing && <NotFound what="Port" />}
      {history.isError && !portMissing && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the port: {history.error.message}
        </Alert>
      )}

      {portId && !portMissing && (
        <Stack spacing={3}>
          <Card variant="outlined" component="section" aria-label="Current values">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {port ? `Port ${port.name}` : 'Port'}
                {port?.description && (
                  <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                    {port.description}
                  </Typography>
                )}
              </Typography>
              {port ? <PortTiles port={port} /> : <Skeleton variant="rounded" height={90} />}
            </CardContent>
          </Card>

          <Card variant="outlined" component="section" aria-label="Rx and tx history">
            <CardContent>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', mb: 1.5 }}
              >
                <Typography variant="h6" component="h2">
                  Rx and tx
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {rangeText(range)}
                  {data && !wrongSwitch && data.resolution === 'hour'
                    ? ' (hourly: rx line with its min–max band)'
                    : ''}
                </Typography>
              </Stack>
              <RangeStrip value={range} onChange={setRange} />
              <Box sx={{ position: 'relative', mt: 2, minHeight: PORT_CHART_HEIGHT }}>
                <LinearProgress
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: 2,
                    visibility: history.isFetching && !history.isPending ? 'visible' : 'hidden',
                  }}
                />
                {!data && history.isFetching && <Skeleton variant="rounded" height={PORT_CHART_HEIGHT} />}
                {data && !wrongSwitch && data.points.length === 0 && (
                  <Typography
                    color="text.secondary"
                    sx={{ py: 8, textAlign: 'center' }}
                    data-testid="switch-port-chart-empty"
                  >
                    No readings stored in this range.
                  </Typography>
                )}
                {data && !wrongSwitch && data.points.length > 0 && (
                  <Box sx={{ opacity: history.isPlaceholderData ? 0.5 : 1 }}>
                    <PortChart
                      history={data}
                      label={`Rx and tx of ${sw.name} ${data.port.name} in dBm, ${data.points.length} points`}
                    />
                  </Box>
                )}
              </Box>
            </CardContent>
          </Card>

          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Card variant="outlined" component="section" aria-label="Events" sx={{ flex: 2 }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Events
                </Typography>
                {data && !wrongSwitch ? <PortEvents events={data.events} /> : <Skeleton height={60} />}
              </CardContent>
            </Card>
            <Card variant="outlined" component="section" aria-label="OLTs on this port" sx={{ flex: 1 }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  OLTs on this port
                </Typography>
                {data && !wrongSwitch && data.olts.length === 0 && (
                  <Typography color="text.secondary">
                    The port&apos;s description names no OLT. Put an OLT&apos;s name or address in it on the
                    switch.
                  </Typography>
                )}
                {data && !wrongSwitch && data.olts.length > 0 && (
                  <List dense disablePadding data-testid="switch-port-olts">
                    {data.olts.map((o) => (
                      <ListItem key={o.id} disableGutters>
                        <ListItemText
                          primary={
                            canOpenOlts ? (
                              <Link component={RouterLink} to={`/olt-list/${encodeURIComponent(o.id)}`}>
                                {o.name}
                              </Link>
                            ) : (
                              o.name
                            )
                          }
                          secondary={`${o.onlineOnuCount} of ${o.onuCount} ONUs online`}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </CardContent>
            </Card>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
