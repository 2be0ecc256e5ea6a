import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';
import { customFrom, RANGE_PRESETS, rangeProblem, type HistoryRange } from '../history-range';

/**
 * The graph's range, like the PPPoE page's date strip: presets that end now, or From/To to the minute
 * (editing either turns the shown preset into a custom range).
 */
export function RangeStrip({
  value,
  onChange,
}: {
  value: HistoryRange;
  onChange: (range: HistoryRange) => void;
}) {
  const custom = customFrom(value, Date.now());
  const shown = custom.preset === 'custom' ? custom : null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value.preset}
        onChange={(_, next: HistoryRange['preset'] | null) => {
          if (next && next !== 'custom') onChange({ preset: next });
        }}
        aria-label="Range of the port graph"
        data-testid="switch-range"
      >
        {RANGE_PRESETS.map((p) => (
          <ToggleButton key={p.key} value={p.key}>
            {p.label}
          </ToggleButton>
        ))}
        <ToggleButton value="custom" disabled={value.preset !== 'custom'}>
          Custom
        </ToggleButton>
      </ToggleButtonGroup>
      {shown && (
        <Stack direction="row" spacing={1}>
          <DateRangeFields
            type="datetime-local"
            from={shown.from}
            to={shown.to}
            problem={rangeProblem(value)}
            onChange={(change) => onChange({ ...shown, ...change })}
          />
        </Stack>
      )}
    </Stack>
  );
}
