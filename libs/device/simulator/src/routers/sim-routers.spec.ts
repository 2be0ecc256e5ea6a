import { parsePppoeIds } from '@pondesk/contracts';
import { parseFleetConfig, resolveDevices } from '../config/fleet-config';
import { controlRoute, type ControlTarget } from '../control/control-server';
import { SimDevice } from '../fleet/sim-device';
import { OltState } from '../model/olt-state';
import { SimClock } from '../model/sim-clock';
import { SimRouters } from './sim-routers';

const URL_ = 'http://127.0.0.1:3999/api/v1/ingest/session-events';

/** Two small OLTs and a switch, frozen in simulated time; routers posting into an array; real time by hand. */
function setup(passBudgetMs = Infinity) {
  const cfg = parseFleetConfig({
    seed: 4,
    timeScale: 0,
    devices: [
      { name: 'olt-{n}', brand: 'vsol', mode: 'epon', ponPorts: 2, onusPerPort: 16, repeat: 2 },
      { name: 'sw', brand: 'snr', ports: 8, sfpPorts: 2 },
    ],
  });
  const clock = new SimClock(Math.floor(Date.parse(cfg.epoch) / 1000), 0);
  const devices = resolveDevices(cfg, { mode: 'free' }).map((s) => new SimDevice(s, '127.0.0.1', clock));
  const posted: { url: string; headers: unknown; body: Record<string, string> }[] = [];
  let realMs = 1_000_000;
  const fetchFn = (async (url: string, init: RequestInit) => {
    posted.push({
      url,
      headers: init.headers,
      body: Object.fromEntries(new URLSearchParams(String(init.body))),
    });
    return new Response('{"accepted":true}', { status: 202 });
  }) as unknown as typeof fetch;
  const log = jest.fn();
  const routers = new SimRouters(devices, {
    tickMs: 1e9,
    passBudgetMs,
    now: () => realMs,
    log,
    poster: { fetch: fetchFn },
  });
  const target: ControlTarget = { devices, clock, routers };
  const olt = (name: string) => devices.find((d) => d.name === name)!.state as OltState;
  /** An online ONU with a PPPoE id and a client MAC. */
  const subscriber = (st: OltState, skip = 0) => {
    const o = st
      .onus()
      .filter((x) => x.status === 'online' && parsePppoeIds(x.description).length && x.clientMacs.length)[
      skip
    ];
    return { ...o, pppoe: parsePppoeIds(o.description)[0], callerId: o.clientMacs[0].mac.toUpperCase() };
  };
  return {
    devices,
    routers,
    target,
    olt,
    subscriber,
    posted,
    log,
    advance: (ms: number) => (realMs += ms),
  };
}

afterEach(() => jest.useRealTimers());

describe('simulated routers', () => {
  it('are off until PUT /routers, which refuses URLs off loopback and masks the key', async () => {
    const s = setup();
    expect(controlRoute(s.target, 'GET', '/routers', null)).toMatchObject({
      status: 200,
      body: { enabled: false, url: null, key: null, posted: 0 },
    });
    expect(controlRoute(s.target, 'PUT', '/routers', { url: 'http://192.168.1.5/x', key: 'k' })).toEqual({
      status: 400,
      body: { error: 'url must point at loopback (127.0.0.0/8 or localhost), not 192.168.1.5' },
    });
    const on = controlRoute(s.target, 'PUT', '/routers', { url: URL_, key: 'pdk_secret_key_123' });
    expect(on).toMatchObject({
      status: 200,
      body: { enabled: true, url: URL_, key: 'pdk_************', pppDropsPerMinute: 0, routers: 2 },
    });
    expect((on.body as { subscribers: number }).subscribers).toBeGreaterThan(40);
    await s.routers.idle();
    // The first pass only records.
    expect(s.posted).toEqual([]);
    s.routers.off();
  });

  it('post down when an ONU loses power and up when it comes back, with its PPPoE id and client MAC', async () => {
    const s = setup();
    s.routers.configure({ url: URL_, key: 'k1', pppDropsPerMinute: 0 });
    const st = s.olt('olt-2');
    const sub = s.subscriber(st);
    st.setOnuDown(sub.ponPort, sub.onuId, 'power-off');
    s.routers.tick();
    await s.routers.idle();
    expect(s.posted).toHaveLength(1);
    const expected = {
      action: 'down',
      user: sub.pppoe,
      'caller-id': sub.callerId,
      'remote-address': expect.stringMatching(/^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.\d+\.\d+$/),
      router: 'BRAS-olt-2',
    };
    expect(s.posted[0]).toEqual({
      url: URL_,
      headers: { 'X-Ingest-Key': 'k1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: expected,
    });
    s.routers.tick();
    await s.routers.idle();
    expect(s.posted).toHaveLength(1);
    st.setOnuDown(sub.ponPort, sub.onuId, null);
    // Power comes back a simulated second later (the frozen clock is moved on by hand).
    s.target.clock.advance(1);
    s.routers.tick();
    await s.routers.idle();
    expect(s.posted.map((p) => p.body)).toEqual([
      expected,
      { ...expected, action: 'up', 'remote-address': s.posted[0].body['remote-address'] },
    ]);
    expect(s.routers.view()).toMatchObject({
      posted: 2,
      accepted: 2,
      events: { up: 1, down: 1, pppDrops: 0 },
    });
    s.routers.off();
  });

  it('a PON down posts one down per online subscriber on it; its ONUs without PPPoE id post nothing', async () => {
    const s = setup();
    s.routers.configure({ url: URL_, key: 'k', pppDropsPerMinute: 0 });
    const st = s.olt('olt-1');
    const users = st
      .onus(undefined, 2)
      .filter((o) => o.status === 'online')
      .map((o) => parsePppoeIds(o.description)[0])
      .filter(Boolean);
    expect(users.length).toBeGreaterThan(5);
    expect(controlRoute(s.target, 'POST', '/devices/olt-1/pons/2/down', null).status).toBe(200);
    s.routers.tick();
    await s.routers.idle();
    expect(s.posted.map((p) => p.body['user']).sort()).toEqual([...users].sort());
    expect(new Set(s.posted.map((p) => p.body['action']))).toEqual(new Set(['down']));
    s.routers.off();
  });

  it('POST /routers/ppp-drop: down now and up 3 s later while the ONU stays online; 404 without a PPPoE id', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const s = setup();
    const st = s.olt('olt-1');
    const sub = s.subscriber(st);
    const drop = { device: 'olt-1', ponPort: sub.ponPort, onuId: sub.onuId };
    expect(controlRoute(s.target, 'POST', '/routers/ppp-drop', drop).status).toBe(409);
    s.routers.configure({ url: URL_, key: 'k', pppDropsPerMinute: 0 });
    const r = controlRoute(s.target, 'POST', '/routers/ppp-drop', drop);
    expect(r).toMatchObject({
      status: 200,
      body: { router: 'BRAS-olt-1', down: { action: 'down', user: sub.pppoe } },
    });
    expect(controlRoute(s.target, 'POST', '/routers/ppp-drop', drop).status).toBe(409);
    await s.routers.idle();
    expect(s.posted.map((p) => p.body['action'])).toEqual(['down']);
    s.advance(3000);
    jest.advanceTimersByTime(3100);
    await s.routers.idle();
    expect(s.posted.map((p) => [p.body['action'], p.body['user'], p.body['caller-id']])).toEqual([
      ['down', sub.pppoe, sub.callerId],
      ['up', sub.pppoe, sub.callerId],
    ]);
    expect(st.onu(sub.ponPort, sub.onuId)?.status).toBe('online');

    const nameless = st.onus().find((o) => parsePppoeIds(o.description).length === 0)!;
    expect(
      controlRoute(s.target, 'POST', '/routers/ppp-drop', {
        device: 'olt-1',
        ponPort: nameless.ponPort,
        onuId: nameless.onuId,
      }),
    ).toMatchObject({ status: 404, body: { error: expect.stringMatching(/no PPPoE id/) } });
    expect(
      controlRoute(s.target, 'POST', '/routers/ppp-drop', { device: 'sw', ponPort: 1, onuId: 1 }).status,
    ).toBe(404);
    expect(controlRoute(s.target, 'POST', '/routers/ppp-drop', { device: 'olt-1' }).status).toBe(400);
    s.routers.off();
  });

  it('random PPP-only drops at the configured rate, one sequence per seed', async () => {
    const drops = async (seed: number) => {
      const s = setup();
      s.routers.configure({ url: URL_, key: 'k', pppDropsPerMinute: 30, seed });
      for (let i = 0; i < 120; i++) {
        s.advance(1000);
        s.routers.tick();
      }
      await s.routers.idle();
      const view = s.routers.view();
      s.routers.off();
      // Every drop came back up (2–5 s), and no ONU went offline.
      expect(view.events.down).toBe(view.events.pppDrops);
      return s.posted.map((p) => `${p.body['action']} ${p.body['user']}`);
    };
    const a = await drops(1);
    expect(a.filter((x) => x.startsWith('down')).length).toBeGreaterThan(35);
    expect(a.filter((x) => x.startsWith('down')).length).toBeLessThan(90);
    expect(new Set(a.map((x) => x.split(' ')[1])).size).toBeGreaterThan(20);
    expect(await drops(1)).toEqual(a);
    expect(await drops(2)).not.toEqual(a);
  });

  it('DELETE /routers stops posting and keeps the counters to read', async () => {
    const s = setup();
    s.routers.configure({ url: URL_, key: 'k', pppDropsPerMinute: 0 });
    const st = s.olt('olt-1');
    const sub = s.subscriber(st);
    st.setOnuDown(sub.ponPort, sub.onuId, 'los');
    s.routers.tick();
    await s.routers.idle();
    expect(controlRoute(s.target, 'DELETE', '/routers', null)).toMatchObject({
      status: 200,
      body: { enabled: false, posted: 1, accepted: 1 },
    });
    st.setOnuDown(sub.ponPort, sub.onuId, null);
    s.routers.tick();
    expect(s.posted).toHaveLength(1);
  });

  it('reads a fleet too big for one slice in several, yielding to the event loop in between', async () => {
    // A budget of 0: one OLT a slice.
    const s = setup(0);
    s.routers.configure({ url: URL_, key: 'k', pppDropsPerMinute: 0 });
    const one = s.routers.view().subscribers;
    expect(one).toBeGreaterThan(0);
    await new Promise((r) => setImmediate(r));
    expect(s.routers.view().subscribers).toBeGreaterThan(one);
    const st = s.olt('olt-2');
    const sub = s.subscriber(st);
    st.setOnuDown(sub.ponPort, sub.onuId, 'power-off');
    s.routers.tick(); // olt-1 now, olt-2 in the next slice
    expect(s.routers.view().events.down).toBe(0);
    await new Promise((r) => setImmediate(r));
    await s.routers.idle();
    expect(s.posted.map((p) => p.body['user'])).toEqual([sub.pppoe]);
    s.routers.off();
  });

  it('a syslog sink alone reads the OLTs too (no posting); with posting on, both get each event once', async () => {
    const s = setup();
    const sunk: string[] = [];
    s.routers.setSyslogSink((events) => sunk.push(...events.map((e) => `${e.router} ${e.action} ${e.user}`)));
    expect(s.routers.view()).toMatchObject({ enabled: false, syslog: true, routers: 0 });
    expect(s.routers.view().list).toEqual([
      { olt: 'olt-1', identity: 'BRAS-olt-1', host: '127.0.0.1' },
      { olt: 'olt-2', identity: 'BRAS-olt-2', host: '127.0.0.1' },
    ]);
    const st = s.olt('olt-2');
    const sub = s.subscriber(st);
    st.setOnuDown(sub.ponPort, sub.onuId, 'power-off');
    s.routers.tick();
    expect(sunk).toEqual([`BRAS-olt-2 down ${sub.pppoe}`]);
    expect(s.posted).toHaveLength(0);
    // Posting switched on meanwhile keeps what the sink's reading saw: the return is one `up` to both.
    s.routers.configure({ url: URL_, key: 'k', pppDropsPerMinute: 0 });
    st.setOnuDown(sub.ponPort, sub.onuId, null);
    s.target.clock.advance(1);
    s.routers.tick();
    await s.routers.idle();
    expect(sunk).toEqual([`BRAS-olt-2 down ${sub.pppoe}`, `BRAS-olt-2 up ${sub.pppoe}`]);
    expect(s.posted.map((p) => `${p.body['action']} ${p.body['user']}`)).toEqual([`up ${sub.pppoe}`]);
    // Posting off: the sink still reads; sink off too: nothing reads any more.
    s.routers.off();
    expect(s.routers.view().syslog).toBe(true);
    s.routers.setSyslogSink(null);
    st.setOnuDown(sub.ponPort, sub.onuId, 'los');
    s.target.clock.advance(1);
    s.routers.tick();
    expect(sunk).toHaveLength(2);
  });

  it('tell the routers\u2019 API a PPP-only drop: held, then back at the simulated time; nothing held when off', async () => {
    jest.useFakeTimers();
    const s = setup();
    const st = s.olt('olt-2');
    const sub = s.subscriber(st);
    expect(s.routers.pppState('olt-2', sub.ponPort, sub.onuId)).toEqual({ held: false, backAt: null });
    s.routers.configure({ url: URL_, key: 'k', pppDropsPerMinute: 0 });
    s.routers.pppDrop('olt-2', sub.ponPort, sub.onuId);
    expect(s.routers.pppState('olt-2', sub.ponPort, sub.onuId)).toEqual({ held: true, backAt: null });
    s.target.clock.advance(2);
    s.advance(3000);
    jest.advanceTimersByTime(3100);
    expect(s.routers.pppState('olt-2', sub.ponPort, sub.onuId)).toEqual({ held: false, backAt: st.now() });
    expect(s.routers.pppState('nope', 1, 1)).toEqual({ held: false, backAt: null });
    await s.routers.idle();
    s.routers.off();
    expect(s.routers.pppState('olt-2', sub.ponPort, sub.onuId)).toEqual({ held: false, backAt: null });
  });
});
