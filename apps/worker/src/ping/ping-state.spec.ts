import type { PingResult } from '@pondesk/device-ping';
import { PingMonitor, serverVerdict, sourceStep, type ServerTarget, type SourceTarget } from './ping-state';

const T0 = Date.parse('2031-05-01T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);
const result = (ip: string, s: number, rttMs: number | null): PingResult => ({ ip, at: at(s), rttMs });

const server = (over: Partial<ServerTarget> = {}): ServerTarget => ({
  kind: 'server',
  id: 'srv-a',
  tenantId: 'tenant-a',
  ip: '198.18.0.2',
  latencyLimitMs: 50,
  state: 'unknown',
  alertReason: null,
  stateSince: null,
  ...over,
});

const source = (over: Partial<SourceTarget> = {}): SourceTarget => ({
  kind: 'source',
  id: 'src-a',
  tenantId: 'tenant-a',
  popId: 'pop-a',
  popName: 'Mirpur POP',
  ip: '198.18.0.3',
  type: 'electric',
  aliveMinutes: 0,
  state: 'unknown',
  stateSince: null,
  lastReplyAt: null,
  openOutage: null,
  ...over,
});

describe('serverVerdict (spec: alert when the current latency exceeds the limit)', () => {
  it('is ok up to the limit, slow above it, no-answer when lost', () => {
    expect(serverVerdict(12.5, 50)).toEqual({ state: 'ok', alertReason: null });
    expect(serverVerdict(50, 50)).toEqual({ state: 'ok', alertReason: null });
    expect(serverVerdict(50.1, 50)).toEqual({ state: 'alert', alertReason: 'slow' });
    expect(serverVerdict(734, 50)).toEqual({ state: 'alert', alertReason: 'slow' });
    expect(serverVerdict(null, 50)).toEqual({ state: 'alert', alertReason: 'no-answer' });
  });
});

describe('PingMonitor: servers', () => {
  it('changes state only when the verdict changes, dated by the probe that changed it', () => {
    const m = new PingMonitor(1000, 800);
    m.setTargets({ servers: [server()], sources: [] });
    const rtts = [10, 12, null, null, 80, 20];
    const changes = rtts.map(
      (rtt, s) => m.process([result('198.18.0.2', s, rtt)], at(s + 0.9)).serverChanges,
    );
    expect(changes).toEqual([
      [{ id: 'srv-a', state: 'ok', alertReason: null, stateSince: at(0) }],
      [],
      [{ id: 'srv-a', state: 'alert', alertReason: 'no-answer', stateSince: at(2) }],
      [],
      [{ id: 'srv-a', state: 'alert', alertReason: 'slow', stateSince: at(4) }],
      [{ id: 'srv-a', state: 'ok', alertReason: null, stateSince: at(5) }],
    ]);
  });

  it("puts each tenant's servers in its own second, and every target of a shared address gets the result", () => {
    const m = new PingMonitor(1000, 800);
    m.setTargets({
      servers: [
        server({ id: 'srv-a', tenantId: 'tenant-a' }),
        server({ id: 'srv-b', tenantId: 'tenant-b', latencyLimitMs: 5 }),
      ],
      sources: [source({ id: 'src-b', tenantId: 'tenant-b', ip: '198.18.0.2' })],
    });
    expect(m.addresses).toEqual(['198.18.0.2']);
    const out = m.process([result('198.18.0.2', 0, 7.5)], at(0.9));
    expect(out.samples).toEqual({
      targetIds: ['srv-a', 'srv-b', 'src-b'],
      ats: [T0, T0, T0],
      rtts: [7.5, 7.5, 7.5],
    });
    expect(Object.fromEntries(out.serverSamples)).toEqual({
      'tenant-a': [
        { id: 'srv-a', rttMs: 7.5, state: 'ok', alertReason: null, stateSince: at(0).toISOString() },
      ],
      // Tenant B's limit is 5 ms: the same round trip is slow there.
      'tenant-b': [
        { id: 'srv-b', rttMs: 7.5, state: 'alert', alertReason: 'slow', stateSince: at(0).toISOString() },
      ],
    });
    expect(out.sourceChanges.map((c) => [c.id, c.tenantId, c.state])).toEqual([['src-b', 'tenant-b', 'up']]);
  });

  it('keeps what it knows of a server across a reload that keeps its address, not one that moves it', () => {
    const m = new PingMonitor(1000, 800);
    m.setTargets({ servers: [server()], sources: [] });
    m.process([result('198.18.0.2', 0, null)], at(0.9));
    m.setTargets({ servers: [server({ latencyLimitMs: 100 })], sources: [] });
    expect(m.server('srv-a')).toMatchObject({
      state: 'alert',
      alertReason: 'no-answer',
      latencyLimitMs: 100,
    });
    m.setTargets({ servers: [server({ ip: '198.18.0.9' })], sources: [] });
    expect(m.server('srv-a')).toMatchObject({ state: 'unknown', ip: '198.18.0.9' });
    expect(m.addresses).toEqual(['198.18.0.9']);
  });
});

describe('power sources', () => {
  const run = (s: SourceTarget, rtts: (number | null)[], from = 0) =>
    rtts.map((rtt, i) => sourceStep(s, at(from + i), rtt, 1000));

  it('with no alive time: down at the third lost probe, the outage from the last reply, up at the next reply', () => {
    const s = source({ state: 'up', stateSince: at(-100) });
    const steps = run(s, [5, null, null, null, null, null, 6, null, 7]);
    expect(steps.map((t) => t?.kind ?? null)).toEqual([
      null,
      null,
      null,
      'down',
      null,
      null,
      'up',
      null,
      null,
    ]);
    expect(steps[3]).toMatchObject({ kind: 'down', at: at(0), opened: { downAt: at(0), popId: 'pop-a' } });
    const opened = steps[3]!.kind === 'down' ? steps[3]!.opened : undefined;
    expect(steps[6]).toEqual({ kind: 'up', at: at(6), closed: opened });
    expect(s).toMatchObject({ state: 'up', stateSince: at(6), lastReplyAt: at(6), openOutage: null });
  });

  it('with an alive time of a minute: still up after 59 silent seconds, down at 60', () => {
    const s = source({ state: 'up', aliveMinutes: 1 });
    const steps = run(s, [3, ...Array<null>(61).fill(null)]);
    const down = steps.findIndex((t) => t?.kind === 'down');
    expect(down).toBe(60);
    expect(steps[60]).toMatchObject({ kind: 'down', at: at(0) });
  });

  it('never answered since start: down at the third lost probe, dated by the first', () => {
    const s = source({ state: 'unknown' });
    const steps = run(s, [null, null, null, null]);
    expect(steps.map((t) => t?.kind ?? null)).toEqual([null, null, 'down', null]);
    expect(steps[2]).toMatchObject({ kind: 'down', at: at(0), opened: { downAt: at(0) } });
    expect(s.lastReplyAt).toBeNull();
  });

  it('resumes a source stored down with its open outage: the first reply closes that one, none is opened', () => {
    const stored = {
      id: 'outage-1',
      downAt: at(-600),
      popId: 'pop-a',
      ip: '198.18.0.3',
      type: 'electric' as const,
    };
    const s = source({ state: 'down', stateSince: at(-600), openOutage: stored });
    const steps = run(s, [null, null, null, null, 4]);
    expect(steps.slice(0, 4)).toEqual([null, null, null, null]);
    expect(steps[4]).toEqual({ kind: 'up', at: at(4), closed: stored });
  });

  it('reports the change with its outage, and the outage it closes with its end', () => {
    const m = new PingMonitor(1000, 800);
    m.setTargets({ servers: [], sources: [source({ state: 'up' })] });
    const changes = [4, null, null, null, 9].map((rtt, i) =>
      m.process([result('198.18.0.3', i, rtt)], at(i + 0.9)),
    );
    const down = changes[3].sourceChanges[0];
    expect(down).toMatchObject({
      id: 'src-a',
      tenantId: 'tenant-a',
      popName: 'Mirpur POP',
      state: 'down',
      stateSince: at(0),
      lastReplyAt: at(0),
      opened: { downAt: at(0), ip: '198.18.0.3', type: 'electric' },
      closed: null,
    });
    expect(changes[4].sourceChanges).toEqual([
      {
        id: 'src-a',
        tenantId: 'tenant-a',
        popId: 'pop-a',
        popName: 'Mirpur POP',
        state: 'up',
        stateSince: at(4),
        lastReplyAt: at(4),
        opened: null,
        closed: { ...down.opened!, upAt: at(4) },
      },
    ]);
  });
});

describe('PingMonitor: per-minute rollups', () => {
  it('writes a minute once no result of it can come any more, per target', () => {
    const m = new PingMonitor(1000, 800);
    m.setTargets({ servers: [server()], sources: [source({ ip: '198.18.0.2' })] });
    m.process(
      [result('198.18.0.2', 1, 10), result('198.18.0.2', 2, null), result('198.18.0.2', 3, 30)],
      at(3.9),
    );
    // The minute [T0, T0+60 s) ends; its last probe's timeout and a tick later it is complete.
    expect(m.process([result('198.18.0.2', 61, 5)], at(61.9)).minutes).toEqual([]);
    const rows = m.process([], at(62.4)).minutes;
    const expected = { minute: T0, sent: 3, received: 2, minMs: 10, avgMs: 20, maxMs: 30 };
    expect(rows).toEqual([
      { targetId: 'srv-a', ...expected },
      { targetId: 'src-a', ...expected },
    ]);
    // The next minute's probe stays until its minute is complete, or the prober stops.
    expect(m.flushMinutes()).toEqual([
      { targetId: 'srv-a', minute: T0 + 60_000, sent: 1, received: 1, minMs: 5, avgMs: 5, maxMs: 5 },
      { targetId: 'src-a', minute: T0 + 60_000, sent: 1, received: 1, minMs: 5, avgMs: 5, maxMs: 5 },
    ]);
  });

  it('gives a minute with no reply no times', () => {
    const m = new PingMonitor(1000, 800);
    m.setTargets({ servers: [server()], sources: [] });
    m.process([result('198.18.0.2', 1, null), result('198.18.0.2', 2, null)], at(2.9));
    expect(m.flushMinutes()).toEqual([
      { targetId: 'srv-a', minute: T0, sent: 2, received: 0, minMs: null, avgMs: null, maxMs: null },
    ]);
  });

  it("refreshes sources' last reply once a minute, only where it moved on", () => {
    const m = new PingMonitor(1000, 800);
    m.setTargets({ servers: [], sources: [source({ state: 'up', lastReplyAt: at(-5) })] });
    // The first tick refreshes (a minute since never); the reply's change is written with it anyway.
    expect(m.process([result('198.18.0.3', 0, 3)], at(0.9)).lastReplies).toEqual([
      { id: 'src-a', at: at(0) },
    ]);
    m.replyStored('src-a', at(0));
    expect(m.process([result('198.18.0.3', 1, 3)], at(1.9)).lastReplies).toEqual([]);
    expect(m.process([result('198.18.0.3', 60, 3)], at(60.9)).lastReplies).toEqual([
      { id: 'src-a', at: at(60) },
    ]);
  });
});
