import { useState } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { splitList } from '../channel-form';

const NO_OPTIONS: string[] = [];

/**
 * A list of free-typed values as chips: Enter, a comma or leaving the field adds what was typed; a pasted
 * list becomes one chip per entry. Enter on an empty input submits the form.
 */
export function ChipsField({
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
  placeholder,
  testId,
  autoFocus,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={NO_OPTIONS}
      value={value}
      inputValue={text}
      disabled={disabled}
      onChange={(_, next) => onChange(splitList(next))}
      onInputChange={(_, typed, reason) => {
        // A comma ends an entry as Enter does; what follows the last one is still being typed.
        const cut = Math.max(typed.lastIndexOf(','), typed.lastIndexOf(';'));
        if (reason === 'input' && cut >= 0) {
          onChange(splitList([...value, typed.slice(0, cut)]));
          setText(typed.slice(cut + 1).trimStart());
        } else setText(typed);
      }}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={item} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          autoFocus={autoFocus}
          error={!!error}
          helperText={error ?? helperText}
          placeholder={value.length ? undefined : placeholder}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId, spellCheck: false },
          }}
        />
      )}
    />
  );
}
