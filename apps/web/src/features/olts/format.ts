/** Display helpers for OLT figures; a missing reading is shown as such, never as 0. */
export const NO_READING = 'No reading';

export function formatPercent(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_READING : `${Math.round(value)}%`;
}

export function formatUptime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return NO_READING;
  const s = Math.floor(seconds);
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return `${days}d ${hours}h ${minutes}m`;
  if (hours) return `${hours}h ${minutes}m`;
  return minutes ? `${minutes}m ${s % 60}s` : `${s % 60}s`;
}

export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString();
}

/** "3 months", "1 month". */
export const formatMonths = (n: number): string => `${n} month${n === 1 ? '' : 's'}`;

/** "300 s (5 min)" for poll intervals. */
export function formatInterval(seconds: number): string {
  if (seconds < 60 || seconds % 60) return `${seconds} s`;
  const minutes = seconds / 60;
  return minutes % 60 ? `${seconds} s (${minutes} min)` : `${seconds} s (${minutes / 60} h)`;
}
