import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../shared/http-client';
import { ToastProvider } from '../shared/ui/toast';
import { ColorModeProvider } from './color-mode';
import { createAppTheme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves on retry.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

function Themed({ mode, children }: { mode: 'light' | 'dark'; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        {(mode) => (
          <Themed mode={mode}>
            <ToastProvider>{children}</ToastProvider>
          </Themed>
        )}
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
