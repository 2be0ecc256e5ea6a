import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PORTS, loadFleetConfig, parseFleetConfig, resolveDevices } from './fleet-config';
import { BENCH_FLEET_PATH, DEFAULT_FLEET_PATH } from '../fleet/fleet-runner';

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
});
