import { OltState, REBOOT_SECONDS, type OltSpec } from './olt-state';
import { SimClock } from './sim-clock';

const EPOCH = Date.parse('2026-11-20T00:00:00Z') / 1000;
const RES = { rx: 0.01, tx: 0.01, temperature: 0.01, voltage: 0.01, bias: 0.01 };

function make(
  seed = 7,
  opts: Partial<OltSpec> = {},
): { state: OltState; clock: SimClock; advance: (s: number) => void } {
  let real = 0;
  const clock = new SimClock(EPOCH, 1, () => real);
  const state = new OltState(
    {
      name: 'olt',
      brand: 'bdcom',
      mode: 'epon',
      ponPorts: 4,
      onusPerPort: 32,
      seed,
      hostname: 'OLT',
      vlan: 100,
      firstOnuId: 1,
      ...opts,
    },
    clock,
    RES,
  );
  return { state, clock, advance: (s) => (real += s * 1000) };
}

describe('OltState', () => {
  it('tells listeners around every manual change (ONU down/up, reboot, PON), with the state before and after', () => {
    const { state } = make();
    const u = state.onus().find((o) => o.status === 'online')!;
    const seen: string[] = [];
    const stop = state.onChange((phase, p, o) =>
      seen.push(`${phase} ${p}/${o ?? '*'} ${o === null ? state.ponUp(p) : state.online(p, o)}`),
    );
    state.setOnuDown(u.ponPort, u.onuId, 'los');
    state.rebootOnu(u.ponPort, u.onuId); // offline: no reboot, nothing told
    state.setOnuRx(u.ponPort, u.onuId, -20); // not a status change
    state.setPonDown(2, true);
    expect(seen).toEqual([
      `before ${u.ponPort}/${u.onuId} true`,
      `after ${u.ponPort}/${u.onuId} false`,
      'before 2/* true',
      'after 2/* false',
    ]);
    stop();
    state.setPonDown(2, false);
    expect(seen).toHaveLength(4);
  });

  it('is a pure function of seed and time: two instances agree, another seed differs', () => {
    const a = make(7).state;
    const b = make(7).state;
    const c = make(8).state;
    const t = EPOCH + 3600;
    expect(a.onus(t)).toEqual(b.onus(t));
    expect(a.onus(t).map((o) => o.mac)).not.toEqual(c.onus(t).map((o) => o.mac));
  });

  it('answers the same for the same instant regardless of what was asked before', () => {
    const a = make(3).state;
    const b = make(3).state;
    a.onus(EPOCH + 86_400 * 3);
    expect(b.onus(EPOCH + 86_400 * 3)).toEqual(a.onus(EPOCH + 86_400 * 3));
  });

  it('over a simulated week: rx stays within -32..-8 dBm, ONUs drop with every reason and come back, some degrade', () => {
    const { state } = make(11, { ponPorts: 4, onusPerPort: 48 });
    const reasons = new Set<string>();
    const seenOff = new Set<string>();
    const cameBack = new Set<string>();
    let samples = 0;
    let offline = 0;
    const firstRx = new Map<string, number>();
    const lastRx = new Map<string, number>();
    const bad: string[] = [];
    for (let h = 0; h < 7 * 24; h += 3) {
      for (const o of state.onus(EPOCH + h * 3600)) {
        const k = `${o.ponPort}/${o.onuId}`;
        samples++;
        if (o.status === 'offline') {
          offline++;
          seenOff.add(k);
          if (o.rxDbm !== null) bad.push(`${k} offline with rx`);
          reasons.add(o.lastDeregReason);
        } else {
          if (seenOff.has(k)) cameBack.add(k);
          const rx = o.rxDbm ?? NaN;
          if (!(rx >= -32 && rx <= -8)) bad.push(`${k} rx ${rx}`);
          if (!firstRx.has(k)) firstRx.set(k, rx);
          lastRx.set(k, rx);
        }
        if (o.description !== null && !/^[a-z]+\d+@[a-z]+$/.test(o.description))
          bad.push(`${k} ${o.description}`);
      }
    }
    expect(bad).toEqual([]);
    expect([...reasons].sort()).toEqual(['los', 'power-off', 'wire-down']);
    expect(cameBack.size).toBeGreaterThan(5);
    const share = offline / samples;
    expect(share).toBeGreaterThan(0.01);
    expect(share).toBeLessThan(0.2);
    const degraded = [...lastRx].filter(([k, rx]) => (firstRx.get(k) ?? rx) - rx > 2);
    expect(degraded.length).toBeGreaterThan(0);
  });

  it('now and then a whole PON loses signal on its own (every ONU offline with LOS), and it comes back', () => {
    const { state } = make(11, { ponPorts: 4, onusPerPort: 16 });
    const outages: { pon: number; t: number }[] = [];
    for (let t = EPOCH; t < EPOCH + 30 * 86_400; t += 300)
      for (let p = 1; p <= 4; p++) if (!state.ponUp(p, t)) outages.push({ pon: p, t });
    // Rare: a few short cuts a month, not a PON that is always down.
    expect(outages.length).toBeGreaterThan(0);
    expect(outages.length).toBeLessThan(30 * 288 * 4 * 0.01);
    const cut = outages[0]!;
    const during = state.onus(cut.t, cut.pon);
    const before = state.onus(cut.t - 1800, cut.pon).filter((o) => o.status === 'online');
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((o) => o.status === 'offline')).toBe(true);
    // Those that were up went down with LOS at the cut; ONUs already dead keep their own earlier reason.
    expect(before.length).toBeGreaterThan(during.length / 2);
    for (const b of before)
      expect(during.find((o) => o.onuId === b.onuId)).toMatchObject({ lastDeregReason: 'los' });
    const after = state.onus(cut.t + 3 * 3600, cut.pon);
    expect(state.ponUp(cut.pon, cut.t + 3 * 3600)).toBe(true);
    expect(after.some((o) => o.status === 'online')).toBe(true);
  });

  it('a reboot drops the ONU for REBOOT_SECONDS with an admin reason, then it re-registers', () => {
    const { state, advance } = make(5);
    const u = state.onus().find((o) => o.status === 'online');
    if (!u) throw new Error('no online ONU');
    expect(state.rebootOnu(u.ponPort, u.onuId)).toBe(true);
    expect(state.onu(u.ponPort, u.onuId)).toMatchObject({ status: 'offline', lastDeregReason: 'reboot' });
    expect(state.rebootOnu(u.ponPort, u.onuId)).toBe(false);
    advance(REBOOT_SECONDS + 1);
    const back = state.onu(u.ponPort, u.onuId);
    expect(back?.status).toBe('online');
    expect(back?.lastDeregReason).toBe('reboot');
    expect(back?.lastRegTime).toBe((back?.lastDeregTime ?? 0) + REBOOT_SECONDS);
  });

  it('deletes remove an ONU from every listing', () => {
    const { state } = make(5);
    const before = state.onuCount;
    const v = state.version;
    expect(state.deleteOnu(2, 3)).toBe(true);
    expect(state.onu(2, 3)).toBeNull();
    expect(state.onuCount).toBe(before - 1);
    expect(state.version).toBe(v + 1);
    expect(state.refs().some((r) => r.ponPort === 2 && r.onuId === 3)).toBe(false);
    expect(state.deleteOnu(2, 3)).toBe(false);
  });

  it('a PON taken down takes all its ONUs offline with LOS; brought up they return', () => {
    const { state, advance } = make(5);
    const wasOnline = state
      .onus(undefined, 3)
      .filter((o) => o.status === 'online')
      .map((o) => o.onuId);
    expect(wasOnline.length).toBeGreaterThan(10);
    advance(1);
    state.setPonDown(3, true);
    expect(state.ponUp(3)).toBe(false);
    const now = state.onus(undefined, 3);
    expect(now.every((o) => o.status === 'offline')).toBe(true);
    // ONUs that were up drop with LOS; ones already down keep their own reason.
    expect(now.filter((o) => wasOnline.includes(o.onuId)).every((o) => o.lastDeregReason === 'los')).toBe(
      true,
    );
    expect(state.pons()[2]).toMatchObject({ ponPort: 3, up: false, online: 0 });
    advance(60);
    state.setPonDown(3, false);
    advance(1);
    expect(state.ponUp(3)).toBe(true);
    const back = state.onus(undefined, 3).filter((o) => o.status === 'online');
    expect(back.length).toBeGreaterThan(state.spec.onusPerPort / 2);
  });

  it('an rx override pins the reading until released', () => {
    const { state } = make(5);
    const u = state.onus().find((o) => o.status === 'online');
    if (!u) throw new Error('no online ONU');
    state.setOnuRx(u.ponPort, u.onuId, -29.5);
    expect(state.onu(u.ponPort, u.onuId)?.rxDbm).toBe(-29.5);
    state.setOnuRx(u.ponPort, u.onuId, null);
    expect(state.onu(u.ponPort, u.onuId)?.rxDbm).toBe(u.rxDbm);
  });

  it('keeps readings at the brand resolution and reports plausible CPU/memory', () => {
    let real = 0;
    const clock = new SimClock(EPOCH, 1, () => real);
    const st = new OltState(
      {
        name: 'b',
        brand: 'bdcom',
        mode: 'gpon',
        ponPorts: 1,
        onusPerPort: 20,
        seed: 1,
        hostname: 'B',
        vlan: 100,
        firstOnuId: 1,
      },
      clock,
      { rx: 0.1, tx: 0.1, temperature: 0.5, voltage: 0.1, bias: 0.1 },
    );
    for (const o of st.onus().filter((x) => x.status === 'online')) {
      expect(Math.round((o.rxDbm ?? 0) * 10) / 10).toBe(o.rxDbm);
      expect(Math.round((o.temperatureC ?? 0) * 2) / 2).toBe(o.temperatureC);
    }
    real += 3_600_000;
    const sys = st.system();
    expect(sys.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(sys.cpuPercent).toBeLessThanOrEqual(100);
    expect(sys.memoryPercent).toBeGreaterThan(20);
    expect(sys.uptimeSeconds).toBeGreaterThan(86_400);
  });

  it('numbers HSGQ GPON ONTs from 0 when asked', () => {
    const { state } = make(5, { firstOnuId: 0, onusPerPort: 3, ponPorts: 1 });
    expect(state.refs().map((r) => r.onuId)).toEqual([0, 1, 2]);
  });

  it('online() answers the status onu() reports, through random outages, PON downs, power-offs and reboots', () => {
    const { state, advance } = make(11, { ponPorts: 4, onusPerPort: 48 });
    const twin = make(11, { ponPorts: 4, onusPerPort: 48 });
    const other = twin.state;
    const check = (t: number): number => {
      let offline = 0;
      for (const r of state.refs()) {
        const on = other.online(r.ponPort, r.onuId, t);
        expect(on).toBe(state.onu(r.ponPort, r.onuId, t)?.status === 'online');
        if (!on) offline++;
      }
      return offline;
    };
    let offline = 0;
    for (let h = 0; h < 3 * 24; h += 2) offline += check(EPOCH + h * 3600);
    expect(offline).toBeGreaterThan(0);
    advance(3 * 86_400);
    twin.advance(3 * 86_400);
    for (const s of [state, other]) {
      s.setPonDown(2, true);
      s.setOnuDown(1, 5, 'power-off');
      s.rebootOnu(3, 7);
    }
    const t = state.now();
    expect(check(t)).toBeGreaterThanOrEqual(48);
    expect(other.online(1, 5, t)).toBe(false);
    expect(other.online(9, 1, t)).toBeNull();
  });
});

describe('SimClock', () => {
  it('scales, freezes and advances simulated time', () => {
    let real = 0;
    const c = new SimClock(1000, 60, () => real);
    real += 1000;
    expect(c.now()).toBe(1060);
    c.setTimeScale(0);
    real += 5000;
    expect(c.now()).toBe(1060);
    c.advance(40);
    expect(c.now()).toBe(1100);
  });
});
