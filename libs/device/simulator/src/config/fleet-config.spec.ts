import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PORTS, loadFleetConfig, parseFleetConfig, resolveDevices } from './fleet-config';
import { BENCH_FLEET_PATH, DEFAULT_FLEET_PATH } from '../fleet/fleet-runner';

/** 200 switches of 48 SFP ports, for the switch poll benchmark. */
const BENCH_SWITCH_FLEET_PATH = join(DEFAULT_FLEET_PATH, '..', 'bench-switches.json');

describe('fleet files', () => {
  it('the default demo fleet has 8 OLTs covering every brand and mode, 4 switches and about 3,000 ONUs', () => {
    const devices = resolveDevices(loadFleetConfig(DEFAULT_FLEET_PATH));
    const olts = devices.filter((d) => d.kind === 'olt');
    expect(olts.map((d) => `${d.brand}/${d.mode}`).sort()).toEqual([
      'avies/epon',
      'avies/gpon',
      'bdcom/epon',
      'bdcom/gpon',
      'cdata/epon',
      'cdata/gpon',
      'vsol/epon',
      'vsol/gpon',
    ]);
    expect(
      devices
        .filter((d) => d.kind === 'switch')
        .map((d) => d.brand)
        .sort(),
    ).toEqual(['cisco', 'cisco', 'snr', 'snr']);
    const onus = olts.reduce((n, d) => n + d.ponPorts * d.onusPerPort, 0);
    expect(onus).toBeGreaterThanOrEqual(2900);
    expect(onus).toBeLessThanOrEqual(3100);
  });

  it('gives fixed, documented ports: SNMP 16101+, telnet 12301+, HTTP 18081+ for AVIES only', () => {
    const devices = resolveDevices(loadFleetConfig(DEFAULT_FLEET_PATH));
    expect(devices[0]).toMatchObject({
      snmpPort: DEFAULT_PORTS.snmp,
      telnetPort: DEFAULT_PORTS.telnet,
      httpPort: null,
    });
    devices.forEach((d, i) => expect(d.snmpPort).toBe(16101 + i));
    for (const d of devices) expect(d.httpPort !== null).toBe(d.brand === 'avies');
    for (const d of devices.filter((x) => x.kind === 'switch')) expect(d.telnetPort).toBeNull();
    const shifted = resolveDevices(loadFleetConfig(DEFAULT_FLEET_PATH), {
      mode: 'fixed',
      snmpBase: 26101,
      telnetBase: 22301,
      httpBase: 28081,
    });
    expect(shifted[0]?.snmpPort).toBe(26101);
    const free = resolveDevices(loadFleetConfig(DEFAULT_FLEET_PATH), { mode: 'free' });
    expect(free.every((d) => d.snmpPort === 0)).toBe(true);
  });

  it('the bench fleet expands to 200 OLTs with 500 ONUs each', () => {
    const devices = resolveDevices(loadFleetConfig(BENCH_FLEET_PATH));
    expect(devices).toHaveLength(200);
    expect(devices.every((d) => d.ponPorts * d.onusPerPort === 500)).toBe(true);
    expect(new Set(devices.map((d) => d.name)).size).toBe(200);
    expect(new Set(devices.map((d) => d.seed)).size).toBe(200);
    expect(devices[199]?.snmpPort).toBe(16101 + 199);
  });

  it('reads YAML fleets too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
    try {
      const file = join(dir, 'lab.yaml');
      writeFileSync(
        file,
        'seed: 3\ntimeScale: 0\ndevices:\n  - { name: "lab-{n}", brand: cdata, mode: gpon, repeat: 2, onusPerPort: 8 }\n',
      );
      const devices = resolveDevices(loadFleetConfig(file));
      expect(devices.map((d) => d.name)).toEqual(['lab-1', 'lab-2']);
      expect(devices[1]).toMatchObject({ brand: 'cdata', mode: 'gpon', onusPerPort: 8, snmpPort: 16102 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names one port of each demo switch after an OLT of the fleet (its ifAlias), and the bench's 200 switches", () => {
    const devices = resolveDevices(loadFleetConfig(DEFAULT_FLEET_PATH));
    const olts = new Set(devices.filter((d) => d.kind === 'olt').map((d) => d.name));
    for (const sw of devices.filter((d) => d.kind === 'switch')) {
      const aliases = Object.entries(sw.portAliases);
      expect(aliases).toHaveLength(1);
      const [[port, alias]] = aliases;
      expect(Number(port)).toBeGreaterThan(sw.ports - sw.sfpPorts);
      expect(alias).toMatch(/^uplink /);
      expect(olts.has(alias.replace(/^uplink /, ''))).toBe(true);
    }
    const bench = resolveDevices(loadFleetConfig(BENCH_SWITCH_FLEET_PATH));
    expect(bench).toHaveLength(200);
    expect(bench.map((d) => `${d.kind} ${d.brand} ${d.ports}/${d.sfpPorts}`)).toEqual([
      ...Array(100).fill('switch snr 48/48'),
      ...Array(100).fill('switch cisco 48/48'),
    ]);
  });

  it('reads portAliases by port number and refuses them on OLTs or past the last port', () => {
    const [sw] = resolveDevices(
      parseFleetConfig({
        devices: [{ name: 's', brand: 'cisco', ports: 8, portAliases: { '8': 'to olt' } }],
      }),
    );
    expect(sw?.portAliases).toEqual({ 8: 'to olt' });
    expect(() =>
      parseFleetConfig({ devices: [{ name: 's', brand: 'snr', ports: 8, portAliases: { '9': 'x' } }] }),
    ).toThrow(/port 9 of 8/);
    expect(() =>
      parseFleetConfig({ devices: [{ name: 's', brand: 'snr', portAliases: { uplink: 'x' } }] }),
    ).toThrow();
    expect(() =>
      parseFleetConfig({
        devices: [{ name: 'o', brand: 'vsol', mode: 'epon', portAliases: { '1': 'x' } }],
      }),
    ).toThrow(/for switches/);
  });

  it('rejects broken fleets with a reason', () => {
    expect(() => parseFleetConfig({ devices: [{ name: 'x', brand: 'bdcom' }] })).toThrow(/needs mode/);
    expect(() => parseFleetConfig({ devices: [{ name: 'x', brand: 'snr', mode: 'epon' }] })).toThrow(
      /no PON mode/,
    );
    expect(() =>
      parseFleetConfig({ devices: [{ name: 'x', brand: 'vsol', mode: 'epon', onusPerPort: 100 }] }),
    ).toThrow(/64/);
    expect(() => parseFleetConfig({ devices: [{ name: 'x', brand: 'nokia', mode: 'gpon' }] })).toThrow();
    expect(() =>
      parseFleetConfig({ devices: [{ name: 'x', brand: 'vsol', mode: 'gpon', repeat: 3 }] }),
    ).toThrow(/\{n\}/);
    expect(() =>
      resolveDevices(
        parseFleetConfig({
          devices: [
            { name: 'a', brand: 'snr' },
            { name: 'a', brand: 'snr' },
          ],
        }),
      ),
    ).toThrow(/duplicate/);
  });

  it("addresses: 'shared' by default; 'per-device' gives device i base + i and its router routerBase + i", () => {
    const cfg = parseFleetConfig({
      devices: [
        { name: 'olt-{n}', brand: 'bdcom', mode: 'epon', repeat: 2 },
        { name: 'sw', brand: 'snr' },
        { name: 'v', brand: 'vsol', mode: 'gpon' },
      ],
    });
    expect(resolveDevices(cfg).map((d) => [d.address, d.routerAddress])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    const own = resolveDevices(cfg, { mode: 'fixed', addresses: 'per-device' });
    expect(own.map((d) => [d.name, d.address, d.routerAddress])).toEqual([
      ['olt-1', '127.0.1.1', '127.0.2.1'],
      ['olt-2', '127.0.1.2', '127.0.2.2'],
      ['sw', '127.0.1.3', null],
      ['v', '127.0.1.4', '127.0.2.4'],
    ]);
    // Ports stay as they were: distinct per device whatever the address.
    expect(own.map((d) => d.snmpPort)).toEqual([16101, 16102, 16103, 16104]);
    const file = parseFleetConfig({
      addresses: 'per-device',
      addressBase: '127.0.9.254',
      routerAddressBase: '127.1.0.1',
      devices: [{ name: 'o{n}', brand: 'cdata', mode: 'gpon', repeat: 3 }],
    });
    expect(resolveDevices(file).map((d) => d.address)).toEqual(['127.0.9.254', '127.0.9.255', '127.0.10.0']);
    expect(resolveDevices(file, { mode: 'fixed', addresses: 'shared' }).map((d) => d.address)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('refuses addresses off loopback, device and router runs that meet, and a syslog target off loopback', () => {
    const devices = [{ name: 'o{n}', brand: 'bdcom', mode: 'epon', repeat: 300 }];
    expect(() => parseFleetConfig({ addressBase: '192.168.1.10', devices })).toThrow(
      'addressBase must be an IPv4 address in 127.0.0.0/8 (loopback), not 192.168.1.10',
    );
    expect(() => parseFleetConfig({ routerAddressBase: '10.0.0.1', devices })).toThrow(/routerAddressBase/);
    // 300 devices from 127.0.1.1 run into 127.0.2.x, where the routers start.
    expect(() => resolveDevices(parseFleetConfig({ addresses: 'per-device', devices }))).toThrow(
      /overlap the router addresses 127\.0\.2\.1/,
    );
    expect(
      resolveDevices(
        parseFleetConfig({ addresses: 'per-device', routerAddressBase: '127.0.8.1', devices }),
      )[299],
    ).toMatchObject({ address: '127.0.2.44', routerAddress: '127.0.9.44' });
    expect(() => parseFleetConfig({ syslog: '10.1.1.1:514', devices })).toThrow(/loopback/);
    expect(parseFleetConfig({ syslog: '127.0.0.1:5514', devices }).syslog).toBe('127.0.0.1:5514');
  });
});
