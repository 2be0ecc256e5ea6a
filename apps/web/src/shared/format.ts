/** Display helpers every screen shares; a missing reading is shown as such, never as 0. */
export const NO_READING = 'No reading';

/** A date and time in the browser's locale; `empty` without one. */
export function formatDateTime(iso: string | null | undefined, empty = '—'): string {
  if (!iso) return empty;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString();
}

/** A duration in seconds as "3d 4h 5m", "2h 5m", "4m 10s" or "45s"; `empty` without one. */
export function formatSeconds(seconds: number | null | undefined, empty = '—'): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return empty;
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${h}h ${m}m`;
  if (h) return `${h}h ${m}m`;
  return m ? `${m}m ${s % 60}s` : `${s}s`;
}
