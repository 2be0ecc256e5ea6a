import { useEffect, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/**
 * A search box that reports its value after the user pauses typing; a value changed from outside (Back,
 * Clear filters) shows in it. With a placeholder (the spec's 'Search...') it has no floating label.
 */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  placeholder,
  ariaLabel,
  maxLength = 100,
  minWidth,
  delayMs = 300,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  /** The input's accessible name where there is no label. */
  ariaLabel?: string;
  maxLength?: number;
  minWidth?: number;
  delayMs?: number;
  /** On the input itself, so a test can type into it. */
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), delayMs);
    return () => clearTimeout(t);
  }, [text, value, onChange, delayMs]);
  return (
    <TextField
      size="small"
      label={placeholder ? undefined : label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={minWidth ? { minWidth } : undefined}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength, 'aria-label': ariaLabel, 'data-testid': testId },
      }}
    />
  );
}
