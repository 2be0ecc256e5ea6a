import {
  POP_SOURCE_TYPE_LABELS,
  popSourceBadgeGood,
  type PopSourceState,
  type PopSourceType,
} from '@pondesk/contracts';

export const STATE_LABELS: Record<PopSourceState, string> = { up: 'Up', down: 'Down', unknown: 'Unknown' };

/** The Pop List's Down Type badge (spec 3 §4): green where the state is good for that kind of source. */
export function sourceStateBadge(
  type: PopSourceType,
  state: PopSourceState,
): { label: string; color: 'success' | 'error' | 'default' } {
  const good = popSourceBadgeGood(type, state);
  return { label: STATE_LABELS[state], color: good === null ? 'default' : good ? 'success' : 'error' };
}

export const typeLabel = (type: PopSourceType): string => POP_SOURCE_TYPE_LABELS[type];

/** Whole minutes from `since` to `now` (0 for a moment in the future or none). */
export function minutesSince(since: string | null, now: number): number {
  const t = since ? Date.parse(since) : NaN;
  return Number.isNaN(t) ? 0 : Math.max(0, Math.floor((now - t) / 60_000));
}

/** A number of minutes as '45 min', '2 h 5 min', '3 d 4 h'. */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** How long a down source has been down, as its card says it: 'down 12 min'. */
export const downForText = (stateSince: string | null, now: number): string =>
  `down ${formatMinutes(minutesSince(stateSince, now))}`;

/** The Pop Alive Time column: the grace in minutes ('0 min' when none). */
export const aliveText = (minutes: number): string => `${minutes} min`;

/** What deleting a power source removes, for its confirmation. */
export const sourceDeleteText = (s: { type: PopSourceType; ip: string; popName: string }): string =>
  `The ${typeLabel(s.type)} source ${s.ip} of ${s.popName} will be deleted, with its down log.`;
