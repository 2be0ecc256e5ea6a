import type {
  SwitchList,
  SwitchOption,
  SwitchPortEvent,
  SwitchPortHistory,
  SwitchPortList,
  SwitchPortRow,
  SwitchPortsChanged,
  SwitchRow,
  SwitchStatusChanged,
} from '@pondesk/contracts';

/**
 * Pure patches of cached switch data from the socket. A `switch.ports.changed` message carries the whole
 * new row of every port that changed, so rows are replaced, not merged; a throttled refetch then brings
 * what a patch cannot (order, filters, other pages).
 */

type Counts = SwitchPortList['counts'];

/** The header counts with one row swapped for its new state. */
function moveCounts(counts: Counts, before: SwitchPortRow, after: SwitchPortRow): Counts {
  const next = { ...counts };
  const link = (row: SwitchPortRow, by: number) => {
    if (row.link === 'up') next.up = Math.max(0, next.up + by);
    if (row.link === 'down') next.down = Math.max(0, next.down + by);
  };
  const power = (row: SwitchPortRow, by: number) => {
    if (row.power === 'critical') next.critical = Math.max(0, next.critical + by);
    if (row.power === 'warning') next.warning = Math.max(0, next.warning + by);
  };
  link(before, -1);
  power(before, -1);
  link(after, +1);
  power(after, +1);
  return next;
}

/** The port list with the rows on this page replaced by their pushed state (the same list when none is). */
export function patchPortList(list: SwitchPortList, event: SwitchPortsChanged): SwitchPortList {
  if (!event.ports.length || !list.items.length) return list;
  const pushed = new Map(event.ports.map((p) => [p.id, p]));
  let items: SwitchPortRow[] | null = null;
  let counts = list.counts;
  for (const [index, row] of list.items.entries()) {
    const next = pushed.get(row.id);
    if (!next || next === row) continue;
    items ??= list.items.slice();
    items[index] = next;
    counts = moveCounts(counts, row, next);
  }
  return items ? { ...list, items, counts } : list;
}

const MAX_EVENTS = 100;

/** New events first, none twice, at most the API's 100. */
function mergeEvents(shown: SwitchPortEvent[], pushed: SwitchPortEvent[]): SwitchPortEvent[] {
  if (!pushed.length) return shown;
  const seen = new Set(shown.map((e) => e.id));
  const fresh = pushed.filter((e) => !seen.has(e.id)).sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return fresh.length ? [...fresh, ...shown].slice(0, MAX_EVENTS) : shown;
}

/**
 * A port's history with its pushed state: the tiles (the port row) and the events always; the chart gets
 * the new reading as a point when the range ends now and shows raw samples (an hour's rollup is only
 * known when the hour is over: the refetch brings it).
 */
export function patchHistory(
  history: SwitchPortHistory,
  event: SwitchPortsChanged,
  rangeEndsNow: boolean,
): SwitchPortHistory {
  const port = event.ports.find((p) => p.id === history.port.id);
  const events = mergeEvents(
    history.events,
    event.events.filter((e) => e.portId === history.port.id),
  );
  if (!port && events === history.events) return history;
  const next: SwitchPortHistory = { ...history, port: port ?? history.port, events };
  if (!port || !rangeEndsNow || history.resolution !== 'raw') return next;
  const at = Date.parse(port.updatedAt);
  const last = history.points.length ? Date.parse(history.points[history.points.length - 1].at) : -Infinity;
  if (!(at > last) || at < Date.parse(history.from)) return next;
  return {
    ...next,
    to: at > Date.parse(history.to) ? port.updatedAt : history.to,
    points: [
      ...history.points,
      { at: port.updatedAt, rxDbm: port.rxDbm, txDbm: port.txDbm, linkUp: port.link === 'up' },
    ],
  };
}

/** The switches of the filters and the graph's header with a pushed status. */
export function patchOptions(options: SwitchOption[], event: SwitchStatusChanged): SwitchOption[] {
  const index = options.findIndex((o) => o.id === event.switchId);
  if (index < 0 || options[index].status === event.status) return options;
  const next = options.slice();
  next[index] = { ...options[index], status: event.status };
  return next;
}

/** Whether a message names a port the options do not list yet (a switch's first poll found its ports). */
export function hasNewPorts(options: SwitchOption[], event: SwitchPortsChanged): boolean {
  const sw = options.find((o) => o.id === event.switchId);
  if (!sw) return event.ports.length > 0;
  const known = new Set(sw.ports.map((p) => p.id));
  return event.ports.some((p) => !known.has(p.id));
}

/** The Manage list with a pushed status: the row's chip and the header's online/offline counts move. */
export function patchSwitchList(list: SwitchList, event: SwitchStatusChanged): SwitchList {
  const index = list.items.findIndex((r) => r.id === event.switchId);
  if (index < 0) return list;
  const before = list.items[index];
  if (before.status === event.status) return list;
  const after: SwitchRow = {
    ...before,
    status: event.status,
    lastError: event.status === 'online' ? null : (event.error ?? before.lastError),
  };
  const items = list.items.slice();
  items[index] = after;
  const counts = { ...list.counts };
  if (before.status === 'online' || before.status === 'offline')
    counts[before.status] = Math.max(0, counts[before.status] - 1);
  if (after.status === 'online' || after.status === 'offline') counts[after.status] += 1;
  return { ...list, items, counts };
}
