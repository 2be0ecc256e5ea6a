import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PaletteMode } from '@mui/material';

const STORAGE_KEY = 'pondesk.colorMode';

interface ColorModeValue {
  mode: PaletteMode;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => undefined });

function initialMode(): PaletteMode {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Light/dark choice, remembered across visits. */
export function ColorModeProvider({ children }: { children: (mode: PaletteMode) => ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(initialMode);
  const toggle = useCallback(() => {
    setMode((m) => {
      const next = m === 'light' ? 'dark' : 'light';
      localStorage.setItem(STORAGE_KEY, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return <ColorModeContext.Provider value={value}>{children(mode)}</ColorModeContext.Provider>;
}

export const useColorMode = () => useContext(ColorModeContext);
