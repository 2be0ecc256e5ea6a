import type { OnuStatusEventRow } from '@pondesk/contracts';

/** Spec 2 §9: tile values are cut to 20 characters, the last disconnect reason to 10. */
export const TILE_TEXT_MAX = 20;
export const REASON_TEXT_MAX = 10;

export interface CutText {
  shown: string;
  full: string;
  cut: boolean;
}

/** A value cut for a tile; the full text goes into its tooltip. */
export function cutText(text: string | null | undefined, max = TILE_TEXT_MAX): CutText {
  const full = text ?? '';
  if (full.length <= max) return { shown: full, full, cut: false };
  return { shown: `${full.slice(0, max).trimEnd()}…`, full, cut: true };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A YYYY-MM-DD day as a local date (parsing the string directly would read it as UTC midnight). */
function dayDate(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The date strip's label, 'Weekday, DD' (spec 2 §2.1): '2024-09-24' → 'Tue, 24'. */
export function dayLabel(day: string): string {
  const d = dayDate(day);
  if (!d) return day;
  return `${WEEKDAYS[d.getDay()]}, ${String(d.getDate()).padStart(2, '0')}`;
}

/** The full date of a strip item, for its tooltip (the short label repeats across months). */
export function dayTitle(day: string): string {
  const d = dayDate(day);
  return d
    ? d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    : day;
}

/** The local day (YYYY-MM-DD) an instant falls on. */
export function localDayKey(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export { formatSeconds } from '../../shared/format';

export const eventAction = (e: Pick<OnuStatusEventRow, 'to'>): string =>
  e.to === 'offline' ? 'Went offline' : 'Came back';

export interface DayGroup<T> {
  day: string;
  items: T[];
}

/** Items grouped by the local day of their time, in the order given (the API sends newest first). */
export function groupByDay<T>(items: readonly T[], at: (item: T) => string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = localDayKey(at(item));
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? '—'
    : d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function formatDay(day: string): string {
  const d = dayDate(day);
  return d ? d.toLocaleDateString(undefined, { day: '2-digit', month: 'short', year: 'numeric' }) : '—';
}

/** Value with a unit, or '—' without a reading (never 0). */
export function withUnit(value: number | null | undefined, unit: string, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toFixed(digits)} ${unit}`;
}
