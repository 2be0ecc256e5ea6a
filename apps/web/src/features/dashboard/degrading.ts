import { parseDayKey } from '../../shared/format';

/** A slope as '-0.12 dB/day' (two decimals: the trend is fitted to hundredths of a dB a day). */
export function formatSlope(dbPerDay: number): string {
  return Number.isFinite(dbPerDay) ? `${dbPerDay.toFixed(2)} dB/day` : '—';
}

/** Whole days from the local day of `now` to a YYYY-MM-DD day (negative once it has passed). */
export function daysUntil(day: string, now: Date): number | null {
  const d = parseDayKey(day);
  if (!d) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((d.getTime() - today.getTime()) / 86_400_000);
}

/** 'in 18 days', 'tomorrow', 'today'; 'due' once the projected day has passed. */
export function crossingWhen(day: string, now: Date): string {
  const n = daysUntil(day, now);
  if (n === null) return '';
  if (n < 0) return 'due';
  if (n === 0) return 'today';
  if (n === 1) return 'tomorrow';
  return `in ${n} days`;
}
