import { useState, type HTMLAttributes } from 'react';
import { Dialog, DialogContent, DialogTitle, IconButton, MenuItem, TextField } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { MacFind } from './mac-find-panel';
import { PppoeSearch } from './pppoe-search';

type Mode = 'pppoe' | 'mac';

/**
 * The top bar's search. Mac Find (the default, spec 2 §2.5) searches every OLT the user may see for a MAC
 * address, live; PPPOE suggests PPPoE ids and opens their page. Changing mode starts the new one afresh
 * (and stops a running MAC find).
 */
export function SearchPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('mac');

  const modeSelect = (
    <TextField
      select
      size="small"
      label="Mode"
      value={mode}
      onChange={(e) => setMode(e.target.value as Mode)}
      sx={{ minWidth: 140, flexShrink: 0 }}
      slotProps={{
        select: {
          SelectDisplayProps: { 'data-testid': 'search-mode' } as HTMLAttributes<HTMLDivElement>,
        },
      }}
    >
      <MenuItem value="mac" data-testid="search-mode-mac">
        Mac Find
      </MenuItem>
      <MenuItem value="pppoe" data-testid="search-mode-pppoe">
        PPPOE
      </MenuItem>
    </TextField>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={mode === 'mac' ? 'lg' : 'sm'}
      aria-labelledby="search-popup-title"
    >
      <DialogTitle id="search-popup-title" sx={{ pr: 6 }}>
        Search
        <IconButton
          aria-label="Close search"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {mode === 'mac' ? (
          <MacFind key="mac" modeSelect={modeSelect} onNavigate={onClose} />
        ) : (
          <PppoeSearch key="pppoe" modeSelect={modeSelect} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
