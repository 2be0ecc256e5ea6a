import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { LIVE_LOG_MAX_LINES, type LogSort } from '@pondesk/contracts';
import { PageHeader } from '../../../shared/ui/page-header';
import { LogDeviceSelect } from '../components/log-device-select';
import { LogTable } from '../components/log-table';
import { useLiveLog, useLogDevices } from '../hooks';
import { sortLines, waitingText } from '../live';
import { DEFAULT_LOG_PARAMS, logEmptyText, nextLogSort, parseDevice } from '../list-params';

/**
 * /live-log-list (2002, as the Log List: it shows the same lines): the newest lines, then each line as
 * the receiver stores it, pushed over the socket (the spec's 3-second refresh, without polling). Pause
 * holds the list still and counts what arrives; Resume adds it. At most 500 lines stay on screen.
 */
export default function LiveLogListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const device = parseDevice(searchParams.get('device'));
  const setDevice = (next: string) => setSearchParams(next ? { device: next } : {}, { replace: true });

  const devices = useLogDevices();
  const live = useLiveLog(device);
  const { state } = live;
  const [order, setOrder] = useState<{ sort: LogSort; order: 'asc' | 'desc' }>({
    sort: 'receivedAt',
    order: 'desc',
  });
  const rows = useMemo(
    () => (live.loading && !state.lines.length ? undefined : sortLines(state.lines, order.sort, order.order)),
    [live.loading, state.lines, order],
  );
  const deviceName = devices.data?.find((d) => d.id === device)?.name;
  const empty = device
    ? {
        title: `No log lines from ${deviceName ?? 'this device'} yet`,
        hint: 'Its lines appear here as it sends them.',
      }
    : logEmptyText(DEFAULT_LOG_PARAMS);

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="live-log-list-page">
      <PageHeader
        title="Live Log List"
        subtitle="Lines appear here as your OLTs and MikroTik routers send them, newest first"
        actions={
          <Button
            variant="outlined"
            component={RouterLink}
            to={device ? `/log-list?device=${encodeURIComponent(device)}` : '/log-list'}
            startIcon={<ArrowBackIcon />}
          >
            Back
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <LogDeviceSelect value={device} devices={devices.data} onChange={setDevice} />
            {state.paused ? (
              <Button
                variant="contained"
                startIcon={<PlayArrowIcon />}
                onClick={live.resume}
                data-testid="live-resume"
              >
                Resume
              </Button>
            ) : (
              <Button
                variant="outlined"
                startIcon={<PauseIcon />}
                onClick={live.pause}
                data-testid="live-pause"
              >
                Pause
              </Button>
            )}
            {state.paused && (
              <Chip
                color={state.waiting ? 'primary' : 'default'}
                label={waitingText(state.waiting)}
                onClick={state.waiting ? live.resume : undefined}
                aria-live="polite"
                data-testid="live-waiting"
              />
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Typography variant="body2" color="text.secondary" data-testid="live-count">
              {state.paused ? 'Paused' : 'Live'} · {state.lines.length} line
              {state.lines.length === 1 ? '' : 's'} on screen (the newest {LIVE_LOG_MAX_LINES} are kept)
            </Typography>
          </Stack>
          <LogTable
            label="Live Log List"
            rows={rows}
            loading={live.loading}
            error={live.error}
            onRetry={live.retry}
            empty={empty}
            sort={order.sort}
            order={order.order}
            onSort={(sort) => setOrder((current) => nextLogSort(current, sort))}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
