import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Autocomplete, Box, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { graphPath, usePppoeSuggestions } from '../../onus';
import { useDebounced } from '../use-debounced';

/** Spec: suggestions wait for a pause in typing, and their box is 180 px high. */
export const SUGGEST_DEBOUNCE_MS = 300;
const SUGGESTION_BOX_PX = 180;

/**
 * PPPOE mode: suggests the tenant's PPPoE ids by substring (from the server, top 20) and opens the PPPoE
 * page on Enter or a click.
 */
export function PppoeSearch({ modeSelect, onClose }: { modeSelect: ReactNode; onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = usePppoeSuggestions(term);

  const go = (pppoe: string | null) => {
    const id = pppoe?.trim();
    if (!id) return;
    onClose();
    navigate(graphPath(id));
  };
  const options = term ? (suggestions.data?.items ?? []) : [];
  const waiting = text.trim() !== term || suggestions.isFetching;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
        {modeSelect}
        <Autocomplete
          freeSolo
          fullWidth
          autoHighlight={false}
          options={options}
          filterOptions={(o) => o}
          inputValue={text}
          onInputChange={(_, value, reason) => reason !== 'reset' && setText(value)}
          onChange={(_, value) => go(typeof value === 'string' ? value : null)}
          loading={!!term && waiting}
          slotProps={{ listbox: { sx: { maxHeight: SUGGESTION_BOX_PX } } }}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              size="small"
              label="PPPoE ID"
              placeholder="e.g. rahim"
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  maxLength: 64,
                  'data-testid': 'search-pppoe-input',
                },
                input: {
                  ...params.slotProps.input,
                  endAdornment: (
                    <>
                      {term && waiting ? <CircularProgress size={16} /> : null}
                      {params.slotProps.input.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
        />
      </Stack>
      <Box sx={{ mt: 2 }}>
        <Typography
          variant="caption"
          color={suggestions.isError ? 'error' : 'text.secondary'}
          role="status"
          data-testid="search-status"
        >
          {suggestions.isError
            ? `Suggestions failed: ${suggestions.error.message}`
            : term && !waiting && options.length === 0
              ? 'No PPPoE ID contains this text'
              : 'Enter opens the PPPoE page of what you typed or the highlighted suggestion.'}
        </Typography>
      </Box>
    </>
  );
}
