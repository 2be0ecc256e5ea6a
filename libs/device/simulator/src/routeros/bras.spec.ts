import { parsePppoeIds } from '@pondesk/contracts';
import type { RouterOsRow } from '@pondesk/device-routeros';
import { parseFleetConfig, resolveDevices } from '../config/fleet-config';
import { SimDevice } from '../fleet/sim-device';
import { OltState, type SimOnu } from '../model/olt-state';
import { SimClock } from '../model/sim-clock';
import type { PppState } from '../routers/session-tracker';
import { execute, type ApiOutcome } from './api-menus';
import { SimBras } from './bras';

/** A switch then one BDCOM EPON OLT of 2 × 16 ONUs (fleet position 1), frozen in simulated time. */
function setup(legacy = false) {
  const cfg = parseFleetConfig({
    seed: 7,
    timeScale: 0,
    devices: [
      { name: 'sw', brand: 'snr', ports: 8, sfpPorts: 2 },
      { name: 'olt-a', brand: 'bdcom', mode: 'epon', ponPorts: 2, onusPerPort: 16 },
    ],
  });
  const clock = new SimClock(Math.floor(Date.parse(cfg.epoch) / 1000), 0);
  const devices = resolveDevices(cfg, { mode: 'free' }).map((s) => new SimDevice(s, '127.0.0.1', clock));
  const st = devices[1]!.state as OltState;
  const ppp = new Map<string, PppState>();
  const bras = new SimBras({
    olt: 'olt-a',
    identity: 'BRAS-olt-a',
    index: 1,
    state: st,
    pppState: (p, o) => ppp.get(`${p}/${o}`) ?? { held: false, backAt: null },
    legacy: () => legacy,
  });
  const print = (menu: string, queries: string[] = [], args: Record<string, string> = {}): RouterOsRow[] => {
    const out = execute(bras, { command: `${menu}/print`, args, queries });
    if (out.kind !== 'rows') throw new Error(out.message);
    return out.rows;
  };
  return { clock, st, bras, ppp, print };
}

const pppoe = (o: SimOnu): string | undefined => parsePppoeIds(o.description)[0];
/** The address the routers give an ONU's session: 100.64.0.0/10, fleet position 1 → 100.64.(64+PON).ONU. */
const addressOf = (o: SimOnu): string => `100.64.${64 + o.ponPort}.${o.onuId}`;
const rows = (o: ApiOutcome): RouterOsRow[] => {
  if (o.kind !== 'rows') throw new Error(o.message);
  return o.rows;
};

describe('a simulated BRAS over its RouterOS API menus', () => {
  it('/ppp/active: one session per online ONU with a PPPoE id, with the events\u2019 caller id and address', () => {
    const { st, print } = setup();
    const expected = st
      .onus()
      .filter((o) => o.status === 'online' && pppoe(o))
      .map((o) => ({
        name: pppoe(o),
        service: 'pppoe',
        'caller-id': o.clientMacs[0]?.mac.toUpperCase() ?? '',
        address: addressOf(o),
        encoding: '',
        'limit-bytes-in': '0',
        'limit-bytes-out': '0',
        radius: 'false',
      }));
    expect(expected.length).toBeGreaterThan(10);
    const active = print('/ppp/active');
    expect(active.map(({ '.id': _id, uptime: _u, 'session-id': _s, ...rest }) => rest)).toEqual(expected);
    // Property names and value forms of the real samples.
    for (const r of active) {
      expect(Object.keys(r)).toEqual([
        '.id',
        'name',
        'service',
        'caller-id',
        'address',
        'uptime',
        'encoding',
        'session-id',
        'limit-bytes-in',
        'limit-bytes-out',
        'radius',
      ]);
      expect(r['.id']).toMatch(/^\*80[0-9A-F]{6}$/);
      expect(r['session-id']).toMatch(/^0x81[0-9A-F]{6}$/);
      expect(r['.id']?.slice(3)).toBe(r['session-id']?.slice(4));
      expect(r['uptime']).toMatch(/^(\d+w)?(\d+d)?(\d+h)?(\d+m)?(\d+s)?$/);
    }
    expect(new Set(active.map((r) => r['.id'])).size).toBe(active.length);
    // No session is older than the router: every one dialled again when it booted.
    const seconds = (d: string): number => {
      const units: Record<string, number> = { w: 604_800, d: 86_400, h: 3600, m: 60, s: 1 };
      return [...d.matchAll(/(\d+)([wdhms])/g)].reduce((n, [, v, u]) => n + Number(v) * (units[u!] ?? 0), 0);
    };
    const routerUptime = seconds(print('/system/resource')[0]!['uptime']!);
    expect(routerUptime).toBeGreaterThan(86_400);
    for (const r of active) expect(seconds(r['uptime']!)).toBeLessThanOrEqual(routerUptime);
  });

  it('an ONU taken offline leaves /ppp/active at once; back, its uptime counts from its return', () => {
    const { clock, st, print } = setup();
    const onu = st.onus().find((o) => o.status === 'online' && pppoe(o) && o.clientMacs.length)!;
    const name = pppoe(onu)!;
    const before = print('/ppp/active', [`?name=${name}`]);
    expect(before).toHaveLength(1);
    st.setOnuDown(onu.ponPort, onu.onuId, 'power-off');
    expect(print('/ppp/active', [`?name=${name}`])).toEqual([]);
    expect(print('/queue/simple', [`?name=<pppoe-${name}>`])).toEqual([]);
    // Released at a frozen instant, the ONU registers again one second later.
    st.setOnuDown(onu.ponPort, onu.onuId, null);
    expect(print('/ppp/active', [`?name=${name}`])).toEqual([]);
    clock.advance(1 + 3600 + 2 * 60 + 3);
    const after = print('/ppp/active', [`?name=${name}`], { '.proplist': '.id,uptime,caller-id' });
    expect(after).toEqual([
      {
        '.id': expect.stringMatching(/^\*80/),
        uptime: '1h2m3s',
        'caller-id': onu.clientMacs[0]!.mac.toUpperCase(),
      },
    ]);
    expect(after[0]!['.id']).not.toBe(before[0]!['.id']);
  });

  it('a session held by a PPP-only drop is gone; back, its uptime starts again from the drop\u2019s end', () => {
    const { clock, st, ppp, print } = setup();
    const onu = st.onus().find((o) => o.status === 'online' && pppoe(o))!;
    const name = pppoe(onu)!;
    const key = `${onu.ponPort}/${onu.onuId}`;
    ppp.set(key, { held: true, backAt: null });
    expect(print('/ppp/active', [`?name=${name}`])).toEqual([]);
    expect(print('/interface/pppoe-server', [`?user=${name}`])).toEqual([]);
    ppp.set(key, { held: false, backAt: st.now() });
    expect(print('/ppp/active', [`?name=${name}`], { '.proplist': 'uptime' })).toEqual([{ uptime: '0s' }]);
    clock.advance(65);
    expect(print('/ppp/active', [`?name=${name}`], { '.proplist': 'uptime' })).toEqual([{ uptime: '1m5s' }]);
    expect(print('/interface/pppoe-server', [`?user=${name}`], { '.proplist': 'uptime' })).toEqual([
      { uptime: '1m5s' },
    ]);
  });

  it('/interface/pppoe-server: each session\u2019s <pppoe-NAME> interface on its PON\u2019s service, from its MAC', () => {
    const { st, print } = setup();
    const onu = st
      .onus()
      .find((o) => o.status === 'online' && pppoe(o) && o.clientMacs.length && o.ponPort === 2)!;
    const name = pppoe(onu)!;
    expect(print('/interface/pppoe-server', [`?user=${name}`])).toEqual([
      {
        '.id': expect.stringMatching(/^\*[0-9A-F]+$/),
        name: `<pppoe-${name}>`,
        service: 'pppoe-pon2',
        'remote-address': onu.clientMacs[0]!.mac.toUpperCase(),
        user: name,
        encoding: '',
        uptime: expect.stringMatching(/s$/),
        mtu: '1480',
        mru: '1480',
        running: 'true',
        disabled: 'false',
      },
    ]);
    expect(
      print('/interface/pppoe-server/server', [], { '.proplist': 'service-name,interface,disabled' }),
    ).toEqual([
      { 'service-name': 'pppoe-pon1', interface: 'vlan101-pon1', disabled: 'false' },
      { 'service-name': 'pppoe-pon2', interface: 'vlan102-pon2', disabled: 'false' },
    ]);
    expect(print('/interface/vlan', [], { '.proplist': 'name,vlan-id,interface' })).toEqual([
      { name: 'vlan101-pon1', 'vlan-id': '101', interface: 'sfp-sfpplus1' },
      { name: 'vlan102-pon2', 'vlan-id': '102', interface: 'sfp-sfpplus1' },
    ]);
    expect(print('/interface', ['?type=pppoe-in'])).toHaveLength(print('/ppp/active').length);
  });

  it('/queue/simple: a dynamic queue per session, its plan as max-limit, a moving rate within it, bytes that add up', () => {
    const { clock, print } = setup();
    const queues = print('/queue/simple');
    expect(queues).toHaveLength(print('/ppp/active').length);
    const q = queues[0]!;
    expect(q).toMatchObject({
      name: expect.stringMatching(/^<pppoe-.+>$/),
      dynamic: 'true',
      disabled: 'false',
      'max-limit': expect.stringMatching(/^(10|20|30|40|50|100)000000\/\1(?:000000)$/),
    });
    expect(q['target']).toBe(q['name']);
    const limit = Number(q['max-limit']!.split('/')[0]);
    const pick = (): { rate: number[]; bytes: number[] } => {
      const r = print('/queue/simple', [`?name=${q['name']}`])[0]!;
      return { rate: r['rate']!.split('/').map(Number), bytes: r['bytes']!.split('/').map(Number) };
    };
    const start = pick();
    const seen = new Set<string>();
    let expectedBits = [0, 0];
    for (let s = 0; s < 120; s++) {
      const now = pick();
      seen.add(now.rate.join('/'));
      for (const v of now.rate) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(limit);
      }
      // The rate over the next second, as a trapezoid of this second's and the next's.
      clock.advance(1);
      const next = pick();
      expectedBits = expectedBits.map((b, i) => b + ((now.rate[i] ?? 0) + (next.rate[i] ?? 0)) / 2);
    }
    const end = pick();
    // Upload and download both move over two minutes, and the bytes grow with what the rates say.
    expect(seen.size).toBeGreaterThan(60);
    for (const i of [0, 1]) {
      const grown = (end.bytes[i] ?? 0) - (start.bytes[i] ?? 0);
      expect(grown).toBeGreaterThan(0);
      expect(Math.abs(grown - (expectedBits[i] ?? 0) / 8)).toBeLessThan(0.01 * grown + 2);
    }
    expect(end.bytes[1]).toBeGreaterThan(end.bytes[0]!);
  });

  it('/interface/monitor-traffic: rx is the subscriber\u2019s upload, tx its download, as the queue\u2019s rate; unknown interface traps', () => {
    const { bras, print } = setup();
    const q = print('/queue/simple')[0]!;
    const [up, down] = q['rate']!.split('/');
    const once = rows(bras.run('/interface/monitor-traffic', { interface: q['name']!, once: '' })!);
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ name: q['name'], 'rx-bits-per-second': up, 'tx-bits-per-second': down });
    expect(bras.run('/interface/monitor-traffic', { interface: '<pppoe-nobody>', once: '' })).toEqual({
      kind: 'trap',
      message: 'input does not match any value of interface',
      category: 1,
    });
    // Without `once` it keeps reporting until cancelled.
    const follow = bras.run('/interface/monitor-traffic', { interface: q['name']! });
    expect(follow).toMatchObject({ kind: 'rows', follow: { everyMs: 1000 } });
  });

  it('/ip/arp and leases: uplink and management neighbours only, nothing on a PPP interface', () => {
    const { print } = setup();
    const session = print('/ppp/active')[0]!;
    expect(print('/ip/arp', [`?interface=<pppoe-${session['name']}>`])).toEqual([]);
    const arp = print('/ip/arp');
    expect(arp.length).toBeGreaterThanOrEqual(2);
    expect(arp.every((a) => !a['interface']!.startsWith('<'))).toBe(true);
    expect(arp.map((a) => a['interface'])).toContain('sfp28-1');
    expect(print('/ip/arp', [`?address=${session['address']}`])).toEqual([]);
    expect(print('/ip/dhcp-server/lease', [], { '.proplist': 'address,server,status' })).toEqual([
      { address: '192.168.88.10', server: 'dhcp-mgmt', status: 'bound' },
    ]);
  });

  it('/system/resource and /system/routerboard with the real samples\u2019 properties; an old router is 6.42', () => {
    const { print } = setup();
    const res = print('/system/resource')[0]!;
    expect(res).toMatchObject({
      version: '7.12.2 (stable)',
      'board-name': 'CCR2004-1G-12S+2XS',
      platform: 'MikroTik',
      'architecture-name': 'arm64',
      cpu: 'ARM64',
      'cpu-count': '4',
      'total-memory': String(4032 * 1024 * 1024),
    });
    for (const k of ['uptime', 'cpu-load', 'free-memory', 'free-hdd-space', 'total-hdd-space', 'build-time'])
      expect(res[k]).toBeDefined();
    expect(res['uptime']).toMatch(/^(\d+w)?(\d+d)?(\d+h)?(\d+m)?(\d+s)?$/);
    expect(Number(res['cpu-load'])).toBeGreaterThanOrEqual(0);
    expect(Number(res['cpu-load'])).toBeLessThanOrEqual(100);
    expect(print('/system/routerboard')[0]).toMatchObject({
      routerboard: 'true',
      model: 'CCR2004-1G-12S+2XS',
      'serial-number': expect.stringMatching(/^HE[0-9A-F]{8}$/),
      'current-firmware': '7.12.2',
    });
    expect(print('/system/identity')).toEqual([{ name: 'BRAS-olt-a' }]);
    expect(setup(true).print('/system/resource')[0]).toMatchObject({ version: '6.42.12 (long-term)' });
  });

  it('/ppp/secret: every subscriber has a local secret (no password printed); duplicates are refused', () => {
    const { st, bras, print } = setup();
    const subscribers = st.onus().filter((o) => pppoe(o));
    const secrets = print('/ppp/secret');
    expect(secrets.map((s) => s['name'])).toEqual(subscribers.map((o) => pppoe(o)));
    expect(secrets.every((s) => s['service'] === 'pppoe' && s['password'] === undefined)).toBe(true);
    expect(bras.run('/ppp/secret/add', { name: secrets[0]!['name']!, password: 'x' })).toEqual({
      kind: 'trap',
      message: 'failure: secret with the same name already exists',
    });
    expect(bras.run('/ppp/active/monitor', {})).toBeNull();
  });
});
