import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

export function createAppTheme(mode: PaletteMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1565c0' : '#64b5f6' },
      secondary: { main: '#00897b' },
      background:
        mode === 'light'
          ? { default: '#f4f6fa', paper: '#ffffff' }
          : { default: '#0f1521', paper: '#172031' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
}
