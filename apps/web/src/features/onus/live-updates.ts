import type { OnuDetail, OnuList, OnuRow, OnuStatusChangedEvent, PppoeLookup } from '@pondesk/contracts';

/** A row after an `onu.status.changed` event: status and reason move at once, the rest on refetch. */
export function patchOnuRow<T extends OnuRow>(row: T, e: OnuStatusChangedEvent): T {
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

/** The list with the row patched and the header counts moved, when the row is on this page. */
export function patchOnuList(list: OnuList, e: OnuStatusChangedEvent): OnuList {
  const index = list.items.findIndex((r) => r.id === e.onuRef);
  if (index < 0) return list;
  const before = list.items[index];
  const after = patchOnuRow(before, e);
  if (after === before) return list;
  const items = list.items.slice();
  items[index] = after;
  const counts = { ...list.counts, reasons: { ...list.counts.reasons } };
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
  return { ...list, items, counts };
}

export const patchOnuDetail = (d: OnuDetail, e: OnuStatusChangedEvent): OnuDetail => patchOnuRow(d, e);

export const patchLookup = (l: PppoeLookup, e: OnuStatusChangedEvent): PppoeLookup => {
  const matches = l.matches.map((m) => patchOnuRow(m, e));
  return matches.some((m, i) => m !== l.matches[i]) ? { ...l, matches } : l;
};
