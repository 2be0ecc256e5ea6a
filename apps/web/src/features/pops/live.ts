import type {
  PopMonitor,
  PopSourceRow,
  PopSourceState,
  PopSourcesChangedEvent,
  PopSourceType,
} from '@pondesk/contracts';

type Change = PopSourcesChangedEvent['sources'][number];

/** A row with a pushed change applied (the same row when nothing it shows moved). */
export function patchSource<T extends PopSourceRow>(row: T, change: Change | undefined): T {
  if (!change || change.id !== row.id) return row;
  if (
    row.state === change.state &&
    row.stateSince === change.stateSince &&
    row.lastReplyAt === change.lastReplyAt
  )
    return row;
  return { ...row, state: change.state, stateSince: change.stateSince, lastReplyAt: change.lastReplyAt };
}

const changesById = (event: PopSourcesChangedEvent) => new Map(event.sources.map((s) => [s.id, s]));

/** The Pop List's rows with the pushed states (rows of other sources are left as they are). */
export function patchSources(rows: readonly PopSourceRow[], event: PopSourcesChangedEvent): PopSourceRow[] {
  const changes = changesById(event);
  let moved = false;
  const next = rows.map((r) => {
    const p = patchSource(r, changes.get(r.id));
    if (p !== r) moved = true;
    return p;
  });
  return moved ? next : (rows as PopSourceRow[]);
}

/** Down first, then by POP name (the API's order); sources that tie keep their places. */
export function monitorOrder(cards: readonly PopSourceRow[]): PopSourceRow[] {
  return [...cards].sort(
    (a, b) =>
      Number(b.state === 'down') - Number(a.state === 'down') ||
      a.popName.localeCompare(b.popName, undefined, { sensitivity: 'base' }),
  );
}

const count = (
  counts: { generator: { up: number; down: number }; electric: { up: number; down: number } },
  type: PopSourceType,
  state: PopSourceState,
  by: number,
) => {
  if (state === 'unknown') return;
  counts[type][state] = Math.max(0, counts[type][state] + by);
};

/**
 * The dashboard with the pushed states: the cards change and re-order, and the summary moves by what
 * changed (a source that went down leaves its type's Up and joins its Down). Total stays: no source was
 * added or removed.
 */
export function patchMonitor(monitor: PopMonitor, event: PopSourcesChangedEvent): PopMonitor {
  const changes = changesById(event);
  const counts = { generator: { ...monitor.generator }, electric: { ...monitor.electric } };
  let moved = false;
  const cards = monitor.cards.map((card) => {
    const next = patchSource(card, changes.get(card.id));
    if (next === card) return card;
    moved = true;
    if (next.state !== card.state) {
      count(counts, card.type, card.state, -1);
      count(counts, card.type, next.state, +1);
    }
    return next;
  });
  if (!moved) return monitor;
  return { ...monitor, ...counts, cards: monitorOrder(cards) };
}
