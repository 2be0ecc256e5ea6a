import { useEffect, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/** A search box that reports its value after the user pauses typing. */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  delayMs = 300,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  delayMs?: number;
  /** On the input itself, so a test can type into it. */
  testId?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), delayMs);
    return () => clearTimeout(t);
  }, [text, value, onChange, delayMs]);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: 100, 'data-testid': testId },
      }}
    />
  );
}
