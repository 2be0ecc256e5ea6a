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
import { SIGNAL_CHART_HEIGHT } from '../charts';
import { dayTitle } from '../format';
import { DateStrip } from './date-strip';
import { SignalLineChart } from './signal-line-chart';

/** The date strip and the signal chart: 'All' is 90 days of hourly rollups, a day its raw samples. */
export function SignalHistoryCard({ onuId, pppoe }: { onuId: string; pppoe: string }) {
  const [day, setDay] = useState<string | null>(null);
  const days = useSignalDays(onuId);
  const history = useSignalHistory(onuId, day);
  const data = history.data;
  const state = history.isPending
    ? 'loading'
    : history.isError && !data
      ? 'error'
      : data?.points.length
        ? 'ready'
        : 'empty';
  const range = day ? dayTitle(day) : `the last ${SIGNAL_HISTORY_DAYS} days (hourly)`;

  return (
    <Card variant="outlined" component="section" aria-label="Signal history">
      <CardContent>
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
            <Skeleton
              variant="rounded"
              height={SIGNAL_CHART_HEIGHT}
              aria-label="Loading the signal history"
            />
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
                  : 'Samples are stored with each poll of the OLT while the ONU is online.'}
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
                  label={`Signal of ${pppoe} in dBm over ${range}: ${data.points.length} points`}
                />
              </Box>
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
