import { useCallback, useEffect, useState } from 'react';
import { Button, Chip, CircularProgress, Tooltip } from '@mui/material';
import SensorsIcon from '@mui/icons-material/Sensors';
import { rxLevel } from '@pondesk/contracts';
import { useReadSignal } from '../hooks';
import { fetchErrorText, shortFetchErrorText } from './fetch-error';

/** Spec: a live reading shows 'dBm' and the value for 9 s; a failure says 'Error fetching data' for 5 s. */
export const SIGNAL_SHOWN_MS = 9000;
export const SIGNAL_ERROR_MS = 5000;

/** A failed read keeps the whole text (tooltip) and a short one for the screen. */
export type SignalShown = { ok: true; rx: number | null } | { ok: false; text: string; short: string };

/** One ONU's Get: the live read and what it found, shown for the spec's time and then forgotten. */
export function useSignalRead(onuId: string) {
  const { mutate, isPending } = useReadSignal();
  const [shown, setShown] = useState<SignalShown | null>(null);
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => setShown(null), shown.ok ? SIGNAL_SHOWN_MS : SIGNAL_ERROR_MS);
    return () => clearTimeout(t);
  }, [shown]);
  const start = useCallback(
    () =>
      mutate(onuId, {
        onSuccess: (r) => setShown({ ok: true, rx: r.rxDbm }),
        onError: (error) =>
          setShown({ ok: false, text: fetchErrorText(error), short: shortFetchErrorText(error) }),
      }),
    [mutate, onuId],
  );
  const clear = useCallback(() => setShown(null), []);
  return { shown, pending: isPending, start, clear };
}

/** Lets a chip's label wrap inside a given width rather than being cut or widening its column. */
const WRAPPING = { height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

/** The result of a Get as a chip; its text wraps within `maxWidth`, and an error's is also in a tooltip. */
export function SignalResultChip({
  shown,
  onClear,
  maxWidth,
  dismissible = true,
  clampLines,
}: {
  shown: SignalShown;
  onClear: () => void;
  maxWidth?: number | string;
  /** With a close button (it goes by itself after 9 s either way). */
  dismissible?: boolean;
  /** At most this many lines of an error's text on screen; the whole text is in the tooltip. */
  clampLines?: number;
}) {
  if (shown.ok)
    return (
      <Chip
        size="small"
        color={rxLevel(shown.rx) === 'default' ? 'default' : rxLevel(shown.rx)}
        label={shown.rx === null ? 'dBm: no reading' : `dBm ${shown.rx.toFixed(2)}`}
        data-testid="signal-reading"
        role="status"
        onDelete={dismissible ? onClear : undefined}
        sx={{ maxWidth, ...WRAPPING }}
      />
    );
  return (
    <Tooltip title={shown.text}>
      <Chip
        size="small"
        color="error"
        label={shown.short}
        data-testid="signal-error"
        role="alert"
        sx={{
          maxWidth,
          ...WRAPPING,
          ...(clampLines && {
            '& .MuiChip-label': {
              ...WRAPPING['& .MuiChip-label'],
              // Small print, so the spec's words and the reason fit a narrow cell.
              fontSize: '0.7rem',
              display: '-webkit-box',
              WebkitLineClamp: clampLines,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            },
          }),
        }}
      />
    </Tooltip>
  );
}

/** The Get button alone (the ONU table shows its result elsewhere, so the Actions column keeps its width). */
export function GetSignalButton({
  label,
  pending,
  onClick,
}: {
  label: string;
  pending: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={`Get the signal of ${label}`}
      disabled={pending}
      startIcon={pending ? <CircularProgress size={14} /> : <SensorsIcon fontSize="small" />}
      onClick={onClick}
      sx={{ minWidth: 64, flexShrink: 0, '& .MuiButton-startIcon': { mr: 0.5 } }}
    >
      Get
    </Button>
  );
}

/** Get: reads the ONU's rx live from the OLT through the worker; the result takes the button's place. */
export function SignalReadButton({ onuId, label }: { onuId: string; label: string }) {
  const { shown, pending, start, clear } = useSignalRead(onuId);
  if (shown) return <SignalResultChip shown={shown} onClear={clear} maxWidth={360} />;
  return <GetSignalButton label={label} pending={pending} onClick={start} />;
}
