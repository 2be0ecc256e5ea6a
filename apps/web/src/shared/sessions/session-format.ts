import {
  DROP_CAUSE_LABELS,
  type DropCause,
  type OnuStatusChange,
  type SessionAction,
  type SessionEventPushed,
  type SessionEventRow,
  type SessionHistoryDay,
} from '@pondesk/contracts';

/** What the Down Count List and the session history show for a value that is not there. */
export const EMPTY = '-';

export const dash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? EMPTY : String(value);

export interface ChipLook {
  label: string;
  color: 'default' | 'error' | 'info' | 'success' | 'warning';
  variant: 'filled' | 'outlined';
}

/**
 * Power off amber, fibre LOS red, an ONU that stayed online (the router or PPP dropped) blue, an unknown
 * ONU grey; 'ONU went offline' for another reason is an ONU-side outage like power off, so amber too.
 */
const CAUSE_COLOR: Record<DropCause, ChipLook['color']> = {
  'onu-power-off': 'warning',
  'fibre-los': 'error',
  'onu-other': 'warning',
  'onu-online': 'info',
  'onu-unknown': 'default',
  pending: 'default',
};

/** The chip of a drop's cause; 'Checking the ONU…' is outlined, as it is not an answer yet. */
export function causeChip(cause: DropCause): ChipLook {
  return {
    label: DROP_CAUSE_LABELS[cause],
    color: CAUSE_COLOR[cause],
    variant: cause === 'pending' ? 'outlined' : 'filled',
  };
}

export function actionChip(action: SessionAction): ChipLook {
  return action === 'up'
    ? { label: 'Up', color: 'success', variant: 'outlined' }
    : { label: 'Down', color: 'error', variant: 'outlined' };
}

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const atMs = (e: SessionEventRow) => {
  const t = Date.parse(e.at);
  return Number.isNaN(t) ? -Infinity : t;
};

/** The history's days newest first, and each day's events newest first, whatever order they came in. */
export function historyDays(days: readonly SessionHistoryDay[]): SessionHistoryDay[] {
  return [...days]
    .sort((a, b) => newestFirst(a.date, b.date))
    .map((d) => ({ ...d, events: [...d.events].sort((x, y) => atMs(y) - atMs(x)) }));
}

/**
 * The first `limit` events of the history (a flapping line has thousands in 30 days), the days cut
 * where the limit falls; `hidden` is how many events are left out. Each day keeps its own count.
 */
export function previewHistory(
  days: readonly SessionHistoryDay[],
  limit: number,
): { days: SessionHistoryDay[]; hidden: number } {
  const shown: SessionHistoryDay[] = [];
  let room = limit;
  let hidden = 0;
  for (const day of days) {
    if (room <= 0) {
      hidden += day.events.length;
      continue;
    }
    const events = day.events.slice(0, room);
    hidden += day.events.length - events.length;
    room -= events.length;
    shown.push(events.length === day.events.length ? day : { ...day, events });
  }
  return { days: shown, hidden };
}

const folded = (ids: readonly string[]) => new Set(ids.map((id) => id.toLowerCase()));

/** Whether pushed session events concern any of these PPPoE ids (compared without case). */
export function mentionsPppoe(
  events: readonly Pick<SessionEventPushed, 'pppoeId'>[],
  ids: readonly string[],
): boolean {
  const wanted = folded(ids);
  return events.some((e) => wanted.has(e.pppoeId.toLowerCase()));
}

/** Whether ONU status changes concern any of these PPPoE ids: a drop's pending cause may now be known. */
export function changesMention(
  changes: readonly Pick<OnuStatusChange, 'pppoeIds'>[],
  ids: readonly string[],
): boolean {
  const wanted = folded(ids);
  return changes.some((c) => c.pppoeIds.some((id) => wanted.has(id.toLowerCase())));
}

/** Whether any drop in the history still waits for the OLT's next poll to tell its cause. */
export const hasPendingCause = (days: readonly SessionHistoryDay[]): boolean =>
  days.some((d) => d.events.some((e) => e.cause === 'pending'));
