import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Snackbar } from '@mui/material';

/** Toasts last 2 seconds, top right; green for success, red for failure (spec 1 §8), amber for a warning. */
export const TOAST_DURATION_MS = 2000;

type Severity = 'success' | 'error' | 'warning';

/** A toast that arrives unasked, after its dialog has closed (a reboot's verdict), stays this long. */
export const LATE_TOAST_DURATION_MS = 8000;

export interface Toast {
  id: number;
  severity: Severity;
  message: string;
  durationMs: number;
}

type Show = (message: string, options?: { durationMs?: number }) => void;

interface ToastApi {
  success: Show;
  error: Show;
  /** Something happened that is neither a plain success nor a failure (e.g. a write's unclear outcome). */
  warning: Show;
}

const ToastContext = createContext<ToastApi>({
  success: () => undefined,
  error: () => undefined,
  warning: () => undefined,
});

let nextId = 1;

/**
 * The queue with one more toast, unless the same message is already showing or waiting: ten failed
 * requests that fail for one reason (the server went away) say so once, not for 20 seconds.
 */
export function withToast(
  queue: readonly Toast[],
  severity: Severity,
  message: string,
  durationMs = TOAST_DURATION_MS,
): Toast[] {
  if (queue.some((t) => t.severity === severity && t.message === message)) return [...queue];
  return [...queue, { id: nextId++, severity, message, durationMs }];
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const push = useCallback((severity: Severity, message: string, durationMs?: number) => {
    setQueue((q) => withToast(q, severity, message, durationMs));
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (m, o) => push('success', m, o?.durationMs),
      error: (m, o) => push('error', m, o?.durationMs),
      warning: (m, o) => push('warning', m, o?.durationMs),
    }),
    [push],
  );
  const current = queue[0];
  const dismiss = () => setQueue((q) => q.slice(1));
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={!!current}
        autoHideDuration={current?.durationMs ?? TOAST_DURATION_MS}
        onClose={(_, reason) => reason !== 'clickaway' && dismiss()}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        // Below the top bar, so a toast never covers its buttons.
        sx={{ top: { xs: 72, sm: 76 } }}
      >
        {current ? (
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={dismiss}
            role={current.severity === 'error' ? 'alert' : 'status'}
            data-testid={`toast-${current.severity}`}
            sx={{ minWidth: 280 }}
          >
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
