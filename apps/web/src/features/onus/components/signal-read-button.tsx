import { useEffect, useState } from 'react';
import { Button, Chip, CircularProgress } from '@mui/material';
import SensorsIcon from '@mui/icons-material/Sensors';
import { rxLevel } from '@pondesk/contracts';
import { useReadSignal } from '../hooks';

/** Spec: a live reading shows 'dBm' and the value for 9 s; a failure says 'Error fetching data' for 5 s. */
export const SIGNAL_SHOWN_MS = 9000;
export const SIGNAL_ERROR_MS = 5000;

/** Get: reads the ONU's rx live from the OLT through the worker. */
export function SignalReadButton({ onuId, label }: { onuId: string; label: string }) {
  const read = useReadSignal();
  const [shown, setShown] = useState<{ ok: true; rx: number | null } | { ok: false } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => setShown(null), shown.ok ? SIGNAL_SHOWN_MS : SIGNAL_ERROR_MS);
    return () => clearTimeout(t);
  }, [shown]);

  if (shown?.ok)
    return (
      <Chip
        size="small"
        color={rxLevel(shown.rx) === 'default' ? 'default' : rxLevel(shown.rx)}
        label={shown.rx === null ? 'dBm: no reading' : `dBm ${shown.rx.toFixed(2)}`}
        data-testid="signal-reading"
        onDelete={() => setShown(null)}
      />
    );
  if (shown && !shown.ok)
    return <Chip size="small" color="error" label="Error fetching data" data-testid="signal-error" />;
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={`Get the signal of ${label}`}
      disabled={read.isPending}
      startIcon={read.isPending ? <CircularProgress size={14} /> : <SensorsIcon fontSize="small" />}
      onClick={() =>
        read.mutate(onuId, {
          onSuccess: (r) => setShown({ ok: true, rx: r.rxDbm }),
          onError: () => setShown({ ok: false }),
        })
      }
    >
      Get
    </Button>
  );
}
