import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { LATENCY_HISTORY_MAX_HOURS, type MonitorServer } from '@pondesk/contracts';
import { FieldGrid } from '../../../shared/ui/field-grid';
import { HISTORY_CHART_HEIGHT, historySummary } from '../charts';
import { formatLatency, formatLoss } from '../format';
import { useServerHistory } from '../hooks';
import { LatencyHistoryChart } from './latency-chart';

const RANGES = [1, 6, LATENCY_HISTORY_MAX_HOURS] as const;

/** A server's latency and loss per minute over the last hours (24 by default). */
export function ServerHistoryDialog({ server, onClose }: { server: MonitorServer; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [hours, setHours] = useState<number>(LATENCY_HISTORY_MAX_HOURS);
  const history = useServerHistory(server.id, hours);
  const data = history.data;
  const summary = data ? historySummary(data.minutes) : null;
  const received = !!data?.minutes.some((m) => m.sent > 0);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
      aria-labelledby="server-history-title"
      data-testid="server-history-dialog"
    >
      <DialogTitle id="server-history-title">
        {server.name} · {server.ip}
        <Typography variant="body2" color="text.secondary">
          Latency and loss per minute
        </Typography>
      </DialogTitle>
      <LinearProgress
        aria-hidden
        sx={{ height: 2, visibility: history.isFetching && !history.isPending ? 'visible' : 'hidden' }}
      />
      <DialogContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            value={hours}
            onChange={(_, h: number | null) => h && setHours(h)}
            aria-label="Time range"
          >
            {RANGES.map((h) => (
              <ToggleButton key={h} value={h} aria-label={`Last ${h} h`}>
                {h} h
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {summary && received && (
            <FieldGrid
              columns={{ xs: 'repeat(3, auto)' }}
              sx={{ columnGap: 3 }}
              items={[
                ['Average', formatLatency(summary.avgMs, '—')],
                ['Slowest', formatLatency(summary.maxMs, '—')],
                ['Lost', formatLoss(summary.lossPct)],
              ]}
            />
          )}
        </Stack>
        {history.isError && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void history.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load the history: {history.error.message}
          </Alert>
        )}
        {history.isPending && <Skeleton variant="rounded" height={HISTORY_CHART_HEIGHT} />}
        {data && received && (
          <LatencyHistoryChart
            history={data}
            limitMs={server.latencyLimitMs}
            label={`Latency of ${server.name} per minute, last ${hours} hours`}
          />
        )}
        {data && !received && (
          <Box sx={{ py: 6, textAlign: 'center' }} data-testid="server-history-empty">
            <Typography sx={{ fontWeight: 600 }}>No results in the last {hours} h</Typography>
            <Typography variant="body2" color="text.secondary">
              Each minute of probing shows here once it is over.
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
