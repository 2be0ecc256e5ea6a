import { DOWN_COUNT_DAYS, type OnuDetail, type OnuStatusEventRow } from '@pondesk/contracts';
import { parseDayKey as dayDate } from '../../shared/format';

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

export { formatDay, formatSeconds, formatTime } from '../../shared/format';

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

/** Value with a unit, or '—' without a reading (never 0). */
export function withUnit(value: number | null | undefined, unit: string, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toFixed(digits)} ${unit}`;
}

/** What the Down Count tile counts: session drops the routers reported, or the ONU going offline. */
export function downCountCaption(source: OnuDetail['downCountSource']): string {
  return source === 'sessions'
    ? `session drops, last ${DOWN_COUNT_DAYS} days`
    : `ONU went offline, last ${DOWN_COUNT_DAYS} days`;
}
