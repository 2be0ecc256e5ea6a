import type { PopMonitor, PopSourceRow, PopSourcesChangedEvent } from '@pondesk/contracts';
import { monitorOrder, patchMonitor, patchSources } from './live';

function source(id: string, over: Partial<PopSourceRow> = {}): PopSourceRow {
  return {
    id,
    popId: 'p1',
    popName: 'Uttara',
    ip: '127.0.5.1',
    type: 'electric',
    aliveMinutes: 0,
    state: 'up',
    stateSince: '2026-01-15T08:00:00Z',
    lastReplyAt: '2026-01-15T09:00:00Z',
    createdAt: '2026-01-15T07:00:00Z',
    ...over,
  };
}

const change = (id: string, state: 'up' | 'down', at = '2026-01-15T09:01:00Z'): PopSourcesChangedEvent => ({
  at,
  sources: [
    {
      id,
      popId: 'p1',
      state,
      stateSince: at,
      lastReplyAt: state === 'up' ? at : '2026-01-15T09:00:00Z',
      outage: null,
    },
  ],
});

describe('pushed POP power changes', () => {
  it('patches the Pop List row that changed and leaves the others (and an unchanged list) alone', () => {
    const rows = [source('a'), source('b')];
    const next = patchSources(rows, change('a', 'down'));
    expect(next[0]).toMatchObject({ state: 'down', stateSince: '2026-01-15T09:01:00Z' });
    expect(next[1]).toBe(rows[1]);
    expect(patchSources(rows, change('zzz', 'down'))).toBe(rows);
  });

  it('moves the dashboard counts from Up to Down of the source’s type, keeps Total, and puts down cards first', () => {
    const monitor: PopMonitor = {
      total: 3,
      generator: { up: 0, down: 1 },
      electric: { up: 2, down: 0 },
      cards: [
        source('a', { popName: 'Azimpur' }),
        source('g', { popName: 'Banani', type: 'generator', state: 'down' }),
        source('z', { popName: 'Zindabazar' }),
      ],
    };
    const mainsFailed = patchMonitor(monitor, {
      at: '2026-01-15T09:01:00Z',
      sources: [...change('z', 'down').sources, ...change('g', 'up').sources],
    });
    expect(mainsFailed.total).toBe(3);
    expect(mainsFailed.electric).toEqual({ up: 1, down: 1 });
    expect(mainsFailed.generator).toEqual({ up: 1, down: 0 });
    expect(mainsFailed.cards.map((c) => [c.id, c.state])).toEqual([
      ['z', 'down'],
      ['a', 'up'],
      ['g', 'up'],
    ]);
    // The input is not changed.
    expect(monitor.electric).toEqual({ up: 2, down: 0 });
  });

  it('counts a first result of an unknown source into its side only', () => {
    const monitor: PopMonitor = {
      total: 1,
      generator: { up: 0, down: 0 },
      electric: { up: 0, down: 0 },
      cards: [source('a', { state: 'unknown', stateSince: null })],
    };
    const next = patchMonitor(monitor, change('a', 'down'));
    expect(next.electric).toEqual({ up: 0, down: 1 });
  });

  it('orders down first, then POP name without case, ties in place', () => {
    const cards = [
      source('1', { popName: 'banani' }),
      source('2', { popName: 'Azimpur' }),
      source('3', { popName: 'Zoo', state: 'down' }),
      source('4', { popName: 'banani', type: 'generator' }),
    ];
    expect(monitorOrder(cards).map((c) => c.id)).toEqual(['3', '2', '1', '4']);
  });
});
