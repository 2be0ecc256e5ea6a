import { TextField } from '@mui/material';

/** From and To of a list's time filter; each bounds the other, and `problem` shows under To. */
export function DateRangeFields({
  from,
  to,
  onChange,
  type = 'date',
  problem,
}: {
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
  /** `date` for whole days, `datetime-local` down to the minute. */
  type?: 'date' | 'datetime-local';
  problem?: string | null;
}) {
  return (
    <>
      <TextField
        size="small"
        type={type}
        label="From"
        value={from}
        onChange={(e) => onChange({ from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
      />
      <TextField
        size="small"
        type={type}
        label="To"
        value={to}
        onChange={(e) => onChange({ to: e.target.value })}
        error={!!problem}
        helperText={problem ?? undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
      />
    </>
  );
}
