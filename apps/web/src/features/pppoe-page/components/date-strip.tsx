import { Alert, Box, Button, Skeleton, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { SignalDay } from '@pondesk/contracts';
import { dayLabel, dayTitle } from '../format';

const ALL = 'all';

/** 'All' plus one item per day with samples ('Weekday, DD'); arrow keys and Tab move through it. */
export function DateStrip({
  days,
  loading,
  error,
  onRetry,
  value,
  onChange,
}: {
  days: SignalDay[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  value: string | null;
  onChange: (day: string | null) => void;
}) {
  return (
    <Stack spacing={1}>
      <Box sx={{ overflowX: 'auto', pb: 0.5 }} data-testid="date-strip">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value ?? ALL}
          onChange={(_, next: string | null) => {
            // Clicking the selected item again keeps it selected.
            if (next !== null) onChange(next === ALL ? null : next);
          }}
          aria-label="Day of the signal chart"
          sx={{ flexWrap: 'nowrap', '& .MuiToggleButton-root': { whiteSpace: 'nowrap', px: 1.5 } }}
        >
          <ToggleButton value={ALL} title="The last 90 days, hourly">
            All
          </ToggleButton>
          {days?.map((d) => (
            <ToggleButton
              key={d.day}
              value={d.day}
              title={`${dayTitle(d.day)}: ${d.count} sample${d.count === 1 ? '' : 's'}`}
            >
              {dayLabel(d.day)}
            </ToggleButton>
          ))}
          {loading &&
            !days &&
            Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} variant="rounded" width={72} height={32} sx={{ ml: 0.5 }} aria-hidden />
            ))}
        </ToggleButtonGroup>
      </Box>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          Could not load the days with samples: {error.message}
        </Alert>
      )}
    </Stack>
  );
}
