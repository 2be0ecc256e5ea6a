import { useEffect, useState } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { PROGRESS_TICK_MS, nextProgress } from '../progress';

/**
 * A determinate bar that climbs in steps of 5 while `loading` and fills when the data is in (spec 1 §9).
 * It keeps its height when hidden so the content below does not jump.
 */
export function SteppedProgress({ loading, label }: { loading: boolean; label: string }) {
  const [value, setValue] = useState(loading ? 0 : 100);
  const [wasLoading, setWasLoading] = useState(loading);
  // A new load starts from zero; the end of one fills the bar.
  if (loading !== wasLoading) {
    setWasLoading(loading);
    setValue(loading ? 0 : nextProgress(value, true));
  }
  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(() => setValue((v) => nextProgress(v, false)), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [loading]);
  return (
    <Box sx={{ visibility: loading ? 'visible' : 'hidden' }} aria-hidden={!loading}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={label}
        data-testid="band-progress"
        sx={{ height: 4, borderRadius: 2 }}
      />
    </Box>
  );
}
