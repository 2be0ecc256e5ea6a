import type { OnuDetail, OnuList, OnuRow, OnuStatusChange, PppoeLookup } from '@pondesk/contracts';

/**
 * Pure patches of cached ONU data from an `onu.status.changed` message. A message carries every change
 * one poll found on one OLT (thousands in an outage), so each patch applies the whole batch in one pass
 * and one new value: one cache update, one render, however many ONUs moved.
 */

/** A row after one status change: status and reason move at once, the rest on refetch. */
export function patchOnuRow<T extends OnuRow>(row: T, e: OnuStatusChange): T {
  if (row.id !== e.onuRef || row.status === e.to) return row;
  return {
    ...row,
    status: e.to,
    reason: e.to === 'offline' ? e.reason : row.reason,
    reasonRaw: e.to === 'offline' ? e.reasonRaw : row.reasonRaw,
    // Offline ONUs have no optical reading; a stale rx would look like a live one.
    rxDbm: e.to === 'offline' ? null : row.rxDbm,
    txDbm: e.to === 'offline' ? null : row.txDbm,
    statusChangedAt: e.at,
  };
}

/** The changes by ONU, each ONU's in the order they came. */
function byOnu(changes: readonly OnuStatusChange[]): Map<string, OnuStatusChange[]> {
  const map = new Map<string, OnuStatusChange[]>();
  for (const c of changes) {
    const list = map.get(c.onuRef);
    if (list) list.push(c);
    else map.set(c.onuRef, [c]);
  }
  return map;
}

/** A row after all of its changes in order (the same row when none applies). */
const patchRowWith = <T extends OnuRow>(row: T, changes: readonly OnuStatusChange[] | undefined): T =>
  changes ? changes.reduce((r, c) => patchOnuRow(r, c), row) : row;

/** The list with its rows on this page patched and the header counts moved with each. */
export function patchOnuList(list: OnuList, changes: readonly OnuStatusChange[]): OnuList {
  if (!changes.length || !list.items.length) return list;
  const pending = byOnu(changes);
  let items: OnuRow[] | null = null;
  let counts: OnuList['counts'] | null = null;
  for (const [index, row] of list.items.entries()) {
    const mine = pending.get(row.id);
    if (!mine) continue;
    let current = row;
    for (const c of mine) {
      const before = current;
      const after = patchOnuRow(before, c);
      if (after === before) continue;
      counts ??= { ...list.counts, reasons: { ...list.counts.reasons } };
      if (before.status === 'online') {
        counts.online -= 1;
        counts.offline += 1;
        const reason = after.reason ?? 'unknown';
        counts.reasons[reason] += 1;
      } else {
        counts.offline -= 1;
        counts.online += 1;
        const reason = before.reason ?? 'unknown';
        counts.reasons[reason] = Math.max(0, counts.reasons[reason] - 1);
      }
      current = after;
    }
    if (current === row) continue;
    items ??= list.items.slice();
    items[index] = current;
  }
  return items && counts ? { ...list, items, counts } : list;
}

export const patchOnuDetail = (d: OnuDetail, changes: readonly OnuStatusChange[]): OnuDetail =>
  patchRowWith(
    d,
    changes.filter((c) => c.onuRef === d.id),
  );

export const patchLookup = (l: PppoeLookup, changes: readonly OnuStatusChange[]): PppoeLookup => {
  const pending = byOnu(changes);
  const matches = l.matches.map((m) => patchRowWith(m, pending.get(m.id)));
  return matches.some((m, i) => m !== l.matches[i]) ? { ...l, matches } : l;
};
