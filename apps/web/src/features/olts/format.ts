import { NO_READING, formatDateTime as formatAt, formatSeconds } from '../../shared/format';

/** Display helpers for OLT figures; a missing reading is shown as such, never as 0. */
export { NO_READING };

export function formatPercent(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_READING : `${Math.round(value)}%`;
}

export const formatUptime = (seconds: number | null): string => formatSeconds(seconds, NO_READING);

export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export const formatDateTime = (iso: string | null): string => formatAt(iso, 'Never');

/** "3 months", "1 month". */
export const formatMonths = (n: number): string => `${n} month${n === 1 ? '' : 's'}`;

/** "300 s (5 min)" for poll intervals. */
export function formatInterval(seconds: number): string {
  if (seconds < 60 || seconds % 60) return `${seconds} s`;
  const minutes = seconds / 60;
  return minutes % 60 ? `${seconds} s (${minutes} min)` : `${seconds} s (${minutes / 60} h)`;
}
