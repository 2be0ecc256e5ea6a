import type { MonitorServer, ServerSamplesEvent } from '@pondesk/contracts';
import {
  applySamples,
  liveServersReducer,
  loadServers,
  lossOverMinute,
  mergePoints,
  type LiveServer,
} from './live';

const at = (s: number) => new Date(Date.UTC(2026, 0, 15, 8, 0, s)).toISOString();

function server(id: string, over: Partial<MonitorServer> = {}): MonitorServer {
  return {
    id,
    name: `srv ${id}`,
    ip: '127.0.0.1',
    latencyLimitMs: 50,
    logoUrl: null,
    state: 'ok',
    alertReason: null,
    stateSince: at(0),
    lastRttMs: 1,
    lossPct: 0,
    recent: [],
    createdAt: at(0),
    ...over,
  };
}

const samples = (second: number, ...s: [string, number | null][]): ServerSamplesEvent => ({
  at: at(second),
  samples: s.map(([id, rttMs]) => ({
    id,
    rttMs,
    state: rttMs === null ? 'alert' : rttMs > 50 ? 'alert' : 'ok',
    alertReason: rttMs === null ? 'no-answer' : rttMs > 50 ? 'slow' : null,
    stateSince: at(second),
  })),
});

describe('a server card’s points', () => {
  it('appends each pushed second and keeps the last 10, oldest first', () => {
    let list: LiveServer[] = loadServers([], [server('a')]);
    for (let s = 1; s <= 12; s++) list = applySamples(list, samples(s, ['a', s]));
    expect(list[0].recent.map((p) => p.rttMs)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(list[0].recent[9].at).toBe(at(12));
    expect(list[0].lastRttMs).toBe(12);
  });

  it('takes the pushed state and reason: slow, then not answering, then ok again', () => {
    let list = loadServers([], [server('a')]);
    list = applySamples(list, samples(1, ['a', 80]));
    expect([list[0].state, list[0].alertReason, list[0].lastRttMs]).toEqual(['alert', 'slow', 80]);
    list = applySamples(list, samples(2, ['a', null]));
    expect([list[0].state, list[0].alertReason, list[0].lastRttMs]).toEqual(['alert', 'no-answer', null]);
    list = applySamples(list, samples(3, ['a', 2]));
    expect([list[0].state, list[0].alertReason]).toEqual(['ok', null]);
  });

  it('ignores servers not on screen, repeated seconds and late ones', () => {
    const list = loadServers([], [server('a', { recent: [{ at: at(5), rttMs: 1 }] })]);
    expect(applySamples(list, samples(6, ['other', 3]))).toBe(list);
    expect(applySamples(list, samples(5, ['a', 9]))).toBe(list);
    expect(applySamples(list, samples(4, ['a', 9]))).toBe(list);
  });

  it('keeps points pushed after a re-read left the server, and drops servers the list no longer has', () => {
    let list = loadServers([], [server('a'), server('b')]);
    list = applySamples(list, samples(1, ['a', 1], ['b', 1]));
    list = applySamples(list, samples(2, ['a', 70]));
    // The re-read left after second 1: it does not know second 2 yet, and b was deleted meanwhile.
    const reread = server('a', { recent: [{ at: at(1), rttMs: 1 }], state: 'ok', lastRttMs: 1 });
    list = liveServersReducer(list, { type: 'loaded', servers: [reread] });
    expect(list.map((s) => s.id)).toEqual(['a']);
    expect(list[0].recent.map((p) => p.rttMs)).toEqual([1, 70]);
    expect([list[0].state, list[0].alertReason, list[0].lastRttMs]).toEqual(['alert', 'slow', 70]);
  });

  it('takes the re-read list’s state when it is as new as what was pushed', () => {
    let list = loadServers([], [server('a')]);
    list = applySamples(list, samples(1, ['a', 70]));
    const reread = server('a', {
      recent: [{ at: at(1), rttMs: 70 }],
      latencyLimitMs: 100,
      state: 'ok',
      alertReason: null,
    });
    list = loadServers(list, [reread]);
    expect([list[0].state, list[0].latencyLimitMs, list[0].recent.length]).toEqual(['ok', 100, 1]);
  });

  it('merges two lists of points by their instant', () => {
    const merged = mergePoints(
      [
        { at: at(1), rttMs: 1 },
        { at: at(2), rttMs: 2 },
      ],
      [
        { at: at(2), rttMs: 20 },
        { at: at(3), rttMs: 3 },
      ],
    );
    expect(merged).toEqual([
      { at: at(1), rttMs: 1 },
      { at: at(2), rttMs: 20 },
      { at: at(3), rttMs: 3 },
    ]);
  });
});

describe('the loss over the last minute', () => {
  it('is the listed figure until something is pushed', () => {
    expect(lossOverMinute({ lossPct: 12.5, pushed: [] })).toBe(12.5);
    expect(lossOverMinute({ lossPct: null, pushed: [] })).toBeNull();
  });

  it('replaces a second of the listed minute with each pushed result', () => {
    // 30 s of the listed 10 % and 30 pushed results of which 3 were lost: (10·30 + 100·3) / 60 = 10 %.
    const pushed = Array.from({ length: 30 }, (_, i) => ({ at: i * 1000, lost: i < 3 }));
    expect(lossOverMinute({ lossPct: 10, pushed })).toBeCloseTo(10, 6);
    // All 30 lost on top of a clean minute: half the minute.
    expect(lossOverMinute({ lossPct: 0, pushed: pushed.map((p) => ({ ...p, lost: true })) })).toBe(50);
  });

  it('stands on the pushed results alone once they fill a minute, and forgets older ones', () => {
    let list = loadServers([], [server('a', { lossPct: 100 })]);
    for (let s = 1; s <= 90; s++) list = applySamples(list, samples(s, ['a', s <= 45 ? null : 1]));
    // Seconds 31–90 are kept: 15 of them lost.
    expect(list[0].pushed).toHaveLength(60);
    expect(lossOverMinute(list[0])).toBe(25);
  });
});
