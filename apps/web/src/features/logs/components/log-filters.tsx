import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import {
  LOG_EVENT_KIND_LABELS,
  LOG_EVENT_KINDS,
  LOG_SEVERITIES,
  type LogDevice,
  type LogEventKind,
  type LogSeverity,
} from '@pondesk/contracts';
import { SearchField } from '../../../shared/ui/search-field';
import { MAX_SEARCH_LENGTH, hasLogFilters, rangeError, windowText, type LogParams } from '../list-params';
import { LogDeviceSelect } from './log-device-select';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';

/** A select whose empty value ('All events') is shown as such. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The Log List's filters: device, search, event kind, severity and the receive-time range. */
export function LogFilters({
  params,
  devices,
  onChange,
}: {
  params: LogParams;
  devices: readonly LogDevice[] | undefined;
  onChange: (change: Partial<LogParams>) => void;
}) {
  const rangeProblem = rangeError(params);
  const window = windowText(params);
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="log-filters">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <LogDeviceSelect
          value={params.device}
          devices={devices}
          onChange={(device) => onChange({ device })}
        />
        <SearchField
          value={params.q}
          onChange={(q) => onChange({ q })}
          placeholder="Search..."
          ariaLabel="Search the log"
          maxLength={MAX_SEARCH_LENGTH}
          minWidth={240}
          testId="log-search"
        />
        <TextField
          select
          size="small"
          label="Event"
          value={params.kind}
          onChange={(e) => onChange({ kind: e.target.value as LogEventKind | '' })}
          sx={{ minWidth: 180 }}
          slotProps={SHOW_EMPTY}
        >
          <MenuItem value="">All events</MenuItem>
          {LOG_EVENT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {LOG_EVENT_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Severity"
          value={params.severity}
          onChange={(e) => onChange({ severity: e.target.value as LogSeverity | '' })}
          sx={{ minWidth: 170 }}
          slotProps={SHOW_EMPTY}
        >
          <MenuItem value="">Any severity</MenuItem>
          {LOG_SEVERITIES.map((s, i) => (
            <MenuItem key={s} value={s}>
              {i === 0 ? 'Emergency' : `${capitalised(s)} and worse`}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFields
          from={params.from}
          to={params.to}
          onChange={onChange}
          type="datetime-local"
          problem={rangeProblem}
        />
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 30 }}>
        {window && (
          <Typography variant="body2" color="text.secondary" data-testid="log-window">
            {window}
          </Typography>
        )}
        {hasLogFilters(params) && (
          <Button
            size="small"
            startIcon={<FilterAltOffIcon />}
            onClick={() => onChange({ device: '', kind: '', severity: '', from: '', to: '', q: '' })}
            data-testid="log-clear-filters"
          >
            Clear filters
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
