import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { SIGNAL_HISTORY_DAYS } from '@pondesk/contracts';
import { useSignalDays, useSignalHistory } from '../../onus';
import { SIGNAL_CHART_HEIGHT, signalSeries, type CurrentReading } from '../charts';
import { dayTitle } from '../format';
import { useNow } from '../use-now';
import { DateStrip } from './date-strip';
import { SignalLineChart } from './signal-line-chart';

/** How samples are kept, in the words of the worker's rules (poll-diff and the hourly rollup). */
export const SAMPLING_NOTE = `A sample is stored when the rx moves 0.5 dB or once an hour; 'All' shows hourly min / average / max, a day its samples. Kept for ${SIGNAL_HISTORY_DAYS} days. The line ends with the current reading from the last poll.`;

/** The signal history as a card of the PPPoE page's Overview. */
export function SignalHistoryCard(props: { onuId: string; pppoe: string; current: CurrentReading | null }) {
  return (
    <Card variant="outlined" component="section" aria-label="Signal history">
      <CardContent>
        <SignalHistoryPanel {...props} />
      </CardContent>
    </Card>
  );
}

/**
 * The date strip and the signal chart: 'All' is 90 days of hourly rollups, a day its raw samples. The
 * current reading (last poll) ends the line, so a new or steady ONU shows what is known now. Without a
 * frame of its own, so a popup (the Down Count List's graph) can show it too.
 */
export function SignalHistoryPanel({
  onuId,
  pppoe,
  current,
}: {
  onuId: string;
  pppoe: string;
  current: CurrentReading | null;
}) {
  const [day, setDay] = useState<string | null>(null);
  const days = useSignalDays(onuId);
  const history = useSignalHistory(onuId, day);
  const now = useNow(60_000);
  const data = history.data;
  const drawn = data ? signalSeries(data, current).length : 0;
  const state = history.isPending
    ? 'loading'
    : history.isError && !data
      ? 'error'
      : drawn
        ? 'ready'
        : 'empty';
  const range = day ? dayTitle(day) : `the last ${SIGNAL_HISTORY_DAYS} days (hourly)`;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
      >
        <Typography variant="h6" component="h2">
          Signal history
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {range}
        </Typography>
      </Stack>
      <DateStrip
        days={days.data}
        loading={days.isPending}
        error={days.isError ? days.error : null}
        onRetry={() => void days.refetch()}
        value={day}
        onChange={setDay}
      />
      <Box
        data-testid="signal-chart"
        data-state={state}
        aria-busy={history.isFetching}
        sx={{ position: 'relative', mt: 2, minHeight: SIGNAL_CHART_HEIGHT }}
      >
        <LinearProgress
          aria-hidden
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            height: 2,
            zIndex: 1,
            visibility: history.isFetching && !history.isPending ? 'visible' : 'hidden',
          }}
        />
        {state === 'loading' && (
          <Skeleton variant="rounded" height={SIGNAL_CHART_HEIGHT} aria-label="Loading the signal history" />
        )}
        {state === 'error' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void history.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load the signal history: {history.error?.message}
          </Alert>
        )}
        {state === 'empty' && (
          <Stack
            spacing={1}
            sx={{
              height: SIGNAL_CHART_HEIGHT,
              alignItems: 'center',
              justifyContent: 'center',
              textAlign: 'center',
            }}
          >
            <ShowChartIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography>No signal samples yet</Typography>
            <Typography variant="body2" color="text.secondary">
              {day
                ? 'Nothing was stored for this ONU on that day.'
                : 'The first sample is stored at the next poll of the OLT while the ONU is online.'}
            </Typography>
          </Stack>
        )}
        {state === 'ready' && data && (
          <>
            {history.isError && (
              <Alert severity="error" sx={{ mb: 1 }}>
                Could not refresh the signal history: {history.error?.message}
              </Alert>
            )}
            <Box sx={{ opacity: history.isPlaceholderData ? 0.5 : 1, transition: 'opacity 0.2s' }}>
              <SignalLineChart
                history={data}
                current={current}
                now={now}
                label={`Signal of ${pppoe} in dBm over ${range}: ${drawn} points`}
              />
            </Box>
          </>
        )}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mt: 1 }}
        data-testid="signal-sampling-note"
      >
        {SAMPLING_NOTE}
      </Typography>
    </>
  );
}
