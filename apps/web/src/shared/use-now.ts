import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so "online for 5m" keeps counting without new data. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
