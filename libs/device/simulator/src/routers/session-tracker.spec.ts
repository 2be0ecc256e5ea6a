import { SessionTracker, type OnuView } from './session-tracker';
import { callerIdOf } from './session-event';

interface FakeOnu {
  pppoe: string | null;
  online: boolean;
  mac: string | null;
}

/** An OLT as the tracker reads it: ONUs keyed `pon/onu`. */
function fakeOlt(onus: Record<string, FakeOnu>): OnuView & { onus: Record<string, FakeOnu> } {
  const at = (p: number, o: number): FakeOnu | undefined => onus[`${p}/${o}`];
  return {
    onus,
    refs: () =>
      Object.keys(onus).map((k) => {
        const [ponPort, onuId] = k.split('/').map(Number);
        return { ponPort, onuId };
      }),
    pppoeId: (p, o) => at(p, o)?.pppoe ?? null,
    online: (p, o) => (at(p, o) ? at(p, o)!.online : null),
    // An offline ONU shows no client MACs, as the OLT state does.
    clientMac: (p, o) => (at(p, o)?.online ? at(p, o)!.mac : null),
  };
}

const tracker = () => new SessionTracker('BRAS-olt-1', (p, o) => `100.64.${p}.${o}`, callerIdOf);

const ev = (action: 'up' | 'down', user: string, callerId: string, p: number, o: number) => ({
  action,
  user,
  callerId,
  remoteAddress: `100.64.${p}.${o}`,
  router: 'BRAS-olt-1',
});

function threeOnus() {
  return fakeOlt({
    '1/1': { pppoe: 'rahim482@isp', online: true, mac: '02:aa:bb:cc:dd:01' },
    '1/2': { pppoe: 'karim77', online: false, mac: '02:aa:bb:cc:dd:02' },
    '2/1': { pppoe: null, online: true, mac: '02:aa:bb:cc:dd:03' },
  });
}

describe('SessionTracker', () => {
  it('records the first pass without events, then reports online→offline as down and offline→online as up', () => {
    const olt = threeOnus();
    const t = tracker();
    expect(t.observe(olt)).toEqual([]);
    expect(t.subscribers).toBe(2);
    expect(t.sessionsUp).toBe(1);
    expect(t.observe(olt)).toEqual([]);

    olt.onus['1/1'].online = false;
    olt.onus['1/2'].online = true;
    olt.onus['2/1'].online = false; // no PPPoE id: no subscriber, no event
    expect(t.observe(olt)).toEqual([
      // The MAC remembered from while it was online (offline ONUs show none).
      ev('down', 'rahim482@isp', '02:AA:BB:CC:DD:01', 1, 1),
      ev('up', 'karim77', '02:AA:BB:CC:DD:02', 1, 2),
    ]);
    expect(t.observe(olt)).toEqual([]);
    olt.onus['1/1'].online = true;
    expect(t.observe(olt)).toEqual([ev('up', 'rahim482@isp', '02:AA:BB:CC:DD:01', 1, 1)]);
  });

  it('sends an empty caller-id for a subscriber never seen with a client MAC', () => {
    const olt = fakeOlt({ '1/1': { pppoe: 'nomac', online: false, mac: null } });
    const t = tracker();
    t.observe(olt);
    olt.onus['1/1'].online = true;
    expect(t.observe(olt)).toEqual([ev('up', 'nomac', '', 1, 1)]);
  });

  it('ends the session of a deleted ONU that was online, and forgets it', () => {
    const olt = threeOnus();
    const t = tracker();
    t.observe(olt);
    delete olt.onus['1/1'];
    delete olt.onus['1/2'];
    expect(t.observe(olt)).toEqual([ev('down', 'rahim482@isp', '02:AA:BB:CC:DD:01', 1, 1)]);
    expect(t.subscribers).toBe(0);
  });

  it('a PPP-only drop: down now, up when due, the ONU staying online', () => {
    const olt = threeOnus();
    const t = tracker();
    t.observe(olt);
    const r = t.pppDrop(olt, 1, 1, 10_000, 3000);
    expect(r).toEqual({
      ok: true,
      down: ev('down', 'rahim482@isp', '02:AA:BB:CC:DD:01', 1, 1),
      upAtMs: 13_000,
    });
    expect(t.sessionsUp).toBe(0);
    expect(t.pppDrop(olt, 1, 1, 11_000, 3000)).toEqual({ ok: false, why: 'already-down' });
    expect(t.observe(olt)).toEqual([]);
    expect(t.due(12_999)).toEqual([]);
    expect(t.due(13_000)).toEqual([ev('up', 'rahim482@isp', '02:AA:BB:CC:DD:01', 1, 1)]);
    expect(t.due(20_000)).toEqual([]);
    expect(t.sessionsUp).toBe(1);
  });

  it('an ONU going offline during a PPP-only drop posts no second down and no up', () => {
    const olt = threeOnus();
    const t = tracker();
    t.observe(olt);
    expect(t.pppDrop(olt, 1, 1, 0, 2000).ok).toBe(true);
    olt.onus['1/1'].online = false;
    expect(t.observe(olt)).toEqual([]);
    expect(t.due(10_000)).toEqual([]);
    olt.onus['1/1'].online = true;
    expect(t.observe(olt)).toEqual([ev('up', 'rahim482@isp', '02:AA:BB:CC:DD:01', 1, 1)]);
  });

  it('refuses PPP drops of offline, id-less and unknown ONUs, and reports a change since the last pass first', () => {
    const olt = threeOnus();
    const t = tracker();
    t.observe(olt);
    expect(t.pppDrop(olt, 1, 2, 0, 3000)).toEqual({ ok: false, why: 'offline' });
    expect(t.pppDrop(olt, 2, 1, 0, 3000)).toEqual({ ok: false, why: 'no-pppoe' });
    expect(t.pppDrop(olt, 9, 9, 0, 3000)).toEqual({ ok: false, why: 'unknown' });
    olt.onus['1/2'].online = true;
    const before: ReturnType<SessionTracker['due']> = [];
    const r = t.pppDrop(olt, 1, 2, 0, 3000, before);
    expect(before).toEqual([ev('up', 'karim77', '02:AA:BB:CC:DD:02', 1, 2)]);
    expect(r.ok && r.down.action).toBe('down');
    // The pass after has nothing more to say about it.
    expect(t.observe(olt)).toEqual([]);
  });

  it('picks subscribers by index for random drops, only while their session is up', () => {
    const olt = threeOnus();
    const t = tracker();
    t.observe(olt);
    const picks = [0, 1, 2, 3].map((i) => t.sessionAt(i));
    expect(picks.filter(Boolean)).toEqual([
      { ponPort: 1, onuId: 1 },
      { ponPort: 1, onuId: 1 },
    ]);
    t.pppDrop(olt, 1, 1, 0, 3000);
    expect([0, 1].map((i) => t.sessionAt(i))).toEqual([null, null]);
  });

  it('tells the router tables a session held by a PPP-only drop, and when it came back (by its stamp clock)', () => {
    const olt = threeOnus();
    let simSeconds = 1_800_000_000;
    const t = new SessionTracker(
      'BRAS-olt-1',
      (p, o) => `100.64.${p}.${o}`,
      callerIdOf,
      () => simSeconds,
    );
    t.observe(olt);
    expect(t.pppState(1, 1)).toEqual({ held: false, backAt: null });
    t.pppDrop(olt, 1, 1, 10_000, 3000);
    expect(t.pppState(1, 1)).toEqual({ held: true, backAt: null });
    simSeconds = 1_800_000_042;
    expect(t.due(12_999)).toEqual([]);
    expect(t.pppState(1, 1).held).toBe(true);
    expect(t.due(13_000)).toEqual([ev('up', 'rahim482@isp', '02:AA:BB:CC:DD:01', 1, 1)]);
    expect(t.pppState(1, 1)).toEqual({ held: false, backAt: 1_800_000_042 });
    // Not a subscriber, or not an ONU at all: nothing held.
    expect(t.pppState(2, 1)).toEqual({ held: false, backAt: null });
    expect(t.pppState(9, 9)).toEqual({ held: false, backAt: null });
  });
});
