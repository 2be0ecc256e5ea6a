import type {
  OltDetail,
  OltList,
  OltPollFinishedEvent,
  OltReachabilityChangedEvent,
  OltRow,
  OnuStatusChangesEvent,
} from '@pondesk/contracts';

/**
 * Pure patches of cached OLT data from socket events. They make status and ONU counts move at once;
 * a throttled refetch then brings the authoritative figures (header counts, CPU, memory).
 */
export type OltEvent =
  | { name: 'olt.reachability.changed'; payload: OltReachabilityChangedEvent }
  | { name: 'olt.poll.finished'; payload: OltPollFinishedEvent }
  | { name: 'onu.status.changed'; payload: OnuStatusChangesEvent };

export function patchRow<T extends OltRow>(row: T, event: OltEvent): T {
  if (row.id !== event.payload.oltId) return row;
  switch (event.name) {
    case 'olt.reachability.changed': {
      const e = event.payload;
      if (row.status === e.status) return row;
      return { ...row, status: e.status, lastError: e.error ?? row.lastError };
    }
    case 'olt.poll.finished': {
      const e = event.payload;
      const polled = { ...row, lastPolledAt: e.at };
      if ('lastPollDurationMs' in row) Object.assign(polled, { lastPollDurationMs: e.durationMs });
      return e.ok
        ? { ...polled, onuCount: e.total, onlineOnuCount: e.online, lastError: null }
        : { ...polled, lastError: e.error ?? 'Poll failed' };
    }
    case 'onu.status.changed': {
      // Every change of the batch, counted in order, into one new row.
      let { onuCount, onlineOnuCount } = row;
      let moved = false;
      for (const c of event.payload.changes) {
        if (c.from === c.to) continue;
        moved = true;
        if (c.from === null) onuCount += 1;
        if (c.to === 'online') onlineOnuCount += 1;
        else if (c.from === 'online') onlineOnuCount -= 1;
        onlineOnuCount = Math.min(onuCount, Math.max(0, onlineOnuCount));
      }
      return moved ? { ...row, onuCount, onlineOnuCount } : row;
    }
  }
}

export function patchList(list: OltList, event: OltEvent): OltList {
  const index = list.items.findIndex((r) => r.id === event.payload.oltId);
  if (index < 0) return list;
  const before = list.items[index];
  const after = patchRow(before, event);
  if (after === before) return list;
  const items = list.items.slice();
  items[index] = after;
  let counts = list.counts;
  // Header counts move with a row we can see change; other pages' rows come with the refetch.
  if (before.status !== after.status) {
    counts = { ...counts, [before.status]: Math.max(0, counts[before.status] - 1) };
    counts = { ...counts, [after.status]: counts[after.status] + 1 };
  }
  return { ...list, items, counts };
}

export const patchDetail = (detail: OltDetail, event: OltEvent): OltDetail => patchRow(detail, event);

/** Events after which the server holds newer figures than any patch can give. */
export const needsRefetch = (event: OltEvent): boolean => event.name !== 'onu.status.changed';
