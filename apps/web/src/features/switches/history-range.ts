import { SWITCH_HISTORY_MAX_DAYS } from '@pondesk/contracts';

/**
 * The time range of the port graph: a preset that ends now (so new polls extend it), or From/To as the
 * operator typed them (`datetime-local` text, in the browser's time zone).
 */
export const RANGE_PRESETS = [
  { key: '24h', label: 'Last 24 h', hours: 24 },
  { key: '7d', label: '7 days', hours: 7 * 24 },
  { key: '30d', label: '30 days', hours: 30 * 24 },
  { key: '90d', label: '90 days', hours: SWITCH_HISTORY_MAX_DAYS * 24 },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['key'];

export type HistoryRange = { preset: RangePreset } | { preset: 'custom'; from: string; to: string };

export const DEFAULT_RANGE: HistoryRange = { preset: '24h' };

const HOUR_MS = 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input's text, in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` text as epoch ms (local time), or NaN. */
export function fromLocalInput(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return NaN;
  return new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]).getTime();
}

/** What is wrong with a custom range, or null (presets are always right). */
export function rangeProblem(range: HistoryRange): string | null {
  if (range.preset !== 'custom') return null;
  const from = fromLocalInput(range.from);
  const to = fromLocalInput(range.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return 'Enter both From and To';
  if (from >= to) return 'From must be before To';
  if (to - from > SWITCH_HISTORY_MAX_DAYS * 24 * HOUR_MS) return `At most ${SWITCH_HISTORY_MAX_DAYS} days`;
  return null;
}

/** The API's `from` and `to` (ISO) for a range as of `now`, or null while a custom range is wrong. */
export function resolveRange(range: HistoryRange, now: number): { from: string; to: string } | null {
  if (range.preset === 'custom') {
    if (rangeProblem(range)) return null;
    return {
      from: new Date(fromLocalInput(range.from)).toISOString(),
      to: new Date(fromLocalInput(range.to)).toISOString(),
    };
  }
  const preset = RANGE_PRESETS.find((p) => p.key === range.preset) ?? RANGE_PRESETS[0];
  return { from: new Date(now - preset.hours * HOUR_MS).toISOString(), to: new Date(now).toISOString() };
}

/** A preset ends now: a poll's new reading belongs on its chart. */
export const endsNow = (range: HistoryRange): boolean => range.preset !== 'custom';

/** The custom range that starts as the preset shown, for editing From/To. */
export function customFrom(range: HistoryRange, now: number): HistoryRange {
  const r = resolveRange(range, now);
  if (range.preset === 'custom' || !r) return range;
  return { preset: 'custom', from: toLocalInput(Date.parse(r.from)), to: toLocalInput(Date.parse(r.to)) };
}
