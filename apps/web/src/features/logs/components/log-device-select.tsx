import { MenuItem, TextField } from '@mui/material';
import type { LogDevice } from '@pondesk/contracts';

/** 'All' and each device the user may see, by its log name. */
export function LogDeviceSelect({
  value,
  devices,
  onChange,
}: {
  value: string;
  devices: readonly LogDevice[] | undefined;
  onChange: (device: string) => void;
}) {
  // A device from a link keeps its option while the list loads (or after it was removed).
  const options =
    value && !devices?.some((d) => d.id === value)
      ? [...(devices ?? []), { id: value, name: 'Selected device' }]
      : (devices ?? []);
  return (
    <TextField
      select
      size="small"
      label="Device"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 200 }}
      // 'All' shows as the value (an empty value otherwise shows nothing under the label).
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'log-filter-device' },
      }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
