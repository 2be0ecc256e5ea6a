import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { deviceDataPath, startSnmpSimulator, type SnmpSimulator } from '@pondesk/device-snmp/testing';
import { startFleet, type RunningFleet } from '@pondesk/device-simulator';
import { runPonctl } from './ponctl';

const ROOT = resolve(__dirname, '../../..');
const DATA = deviceDataPath('snmp');
let sim: SnmpSimulator;

beforeAll(async () => {
  sim = await startSnmpSimulator({
    dataDir: DATA,
    probeCommunity: 'librenms/tests/snmpsim/vsolution_v1600d',
  });
}, 60_000);
afterAll(() => sim?.stop());

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runPonctl(argv, { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n') });
  return { code, out, err };
}

describe('ponctl against snmpsim', () => {
  it('`npx ponctl onus … --json` prints the 16 V1600D ONUs (real process, real exit code)', () => {
    const r = spawnSync(
      'npx',
      [
        'ponctl',
        'onus',
        '--host',
        '127.0.0.1',
        '--port',
        String(sim.port),
        '--community',
        'librenms/tests/snmpsim/vsolution_v1600d',
        '--json',
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(r.status).toBe(0);
    const onus = JSON.parse(r.stdout) as { ifName: string; rxDbm: number | null; status: string }[];
    expect(onus).toHaveLength(16);
    expect(onus[0]).toMatchObject({ ifName: 'EPON0/1:1', rxDbm: -14.61, status: 'online' });
  });

  it('prints tables for people and JSON arrays for scripts', async () => {
    const t = await run(
      'ports',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'librenms/tests/snmpsim/snr',
    );
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/^IFINDEX\s+PORT\s+LINK\s+RX dBm/);
    expect(t.out).toMatch(/Ethernet1\/0\/10\s+up\s+-9\.6\s+-6\.09/);
    const j = await run(
      'identify',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'librenms/tests/snmpsim/bdcom',
      '--json',
    );
    expect(JSON.parse(j.out)).toEqual([
      expect.objectContaining({ brand: 'bdcom', mode: 'gpon', model: 'GP3600-16B' }),
    ]);
    const inactive = await run(
      'inactive',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'derived/hsgq_g02id_gpon',
      '--json',
    );
    expect(JSON.parse(inactive.out).map((o: { ifName: string }) => o.ifName)).toEqual(['1/0', '1/29']);
    const onu = await run(
      'onu',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'derived/hsgq_g02id_gpon',
      '--brand',
      'avies',
      '--mode',
      'gpon',
      '--onu',
      '1:2',
      '--json',
    );
    expect(JSON.parse(onu.out)[0]).toMatchObject({ rxDbm: -25, description: 'HOTMAN P BATUARA' });
    const mac = await run(
      'mac',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'derived/vsol_v1600d4l_epon',
      '--mac',
      '30d1.7e94.aeef',
      '--json',
    );
    expect(JSON.parse(mac.out)).toEqual([
      { mac: '30:d1:7e:94:ae:ef', kind: 'onu', ponPort: 3, onuId: 5, ifName: 'EPON0/3:5', vlan: null },
    ]);
    const health = await run(
      'health',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'librenms/tests/snmpsim/bdcom',
      '--json',
    );
    expect(JSON.parse(health.out)).toEqual([
      { cpuPercent: null, memoryPercent: null, uptimeSeconds: 12600868, temperatureC: null },
    ]);
  });

  it('fails with one line and a non-zero exit: timeout, unsupported, usage', async () => {
    const t = await run(
      'onus',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'wrong',
      '--timeout',
      '300',
      '--retries',
      '0',
    );
    expect(t.code).toBe(1);
    expect(t.err.trim().split('\n')).toEqual([
      `ponctl: timeout: no SNMP response from 127.0.0.1:${sim.port} within 300 ms (wrong community or host unreachable)`,
    ]);
    const u = await run(
      'history',
      '--host',
      '127.0.0.1',
      '--port',
      String(sim.port),
      '--community',
      'librenms/tests/snmpsim/snr',
      '--onu',
      '1:1',
    );
    expect(u.code).toBe(1);
    expect(u.err).toMatch(/^ponctl: unsupported: history is for OLTs/);
    const usage = await run('onus');
    expect(usage.code).toBe(2);
    expect(usage.err.trim().split('\n')).toEqual(['ponctl: --host is required (ponctl --help for usage)']);
    expect((await run('onu', '--host', 'x')).err).toMatch(/onu needs --onu PON:ID/);
  });
});

describe('ponctl against the simulator: auth failures are one line and exit 1', () => {
  let fleet: RunningFleet;
  beforeAll(async () => {
    fleet = await startFleet(
      {
        devices: [
          { name: 'v', brand: 'vsol', mode: 'gpon', ponPorts: 1, onusPerPort: 4 },
          { name: 'a', brand: 'avies', mode: 'epon', ponPorts: 1, onusPerPort: 4, username: 'root' },
        ],
      },
      { timeScale: 0, controlPort: null },
    );
  });
  afterAll(() => fleet?.stop());

  const dev = (name: string) => fleet.devices.find((d) => d.name === name)!;

  it('wrong telnet password and wrong web API password', async () => {
    const v = dev('v');
    const t = await run(
      'telnet-check',
      '--host',
      v.host,
      '--port',
      String(v.snmpPort),
      '--telnet-port',
      String(v.telnetPort),
      '--user',
      'admin',
      '--password',
      'wrong',
      '--brand',
      'vsol',
      '--mode',
      'gpon',
    );
    expect(t.code).toBe(1);
    expect(t.err.trim().split('\n')).toEqual([
      `ponctl: auth: login refused by ${v.host}:${v.telnetPort} (wrong username or password)`,
    ]);
    const a = dev('a');
    const w = await run(
      'onus',
      '--host',
      a.host,
      '--port',
      String(a.snmpPort),
      '--http-port',
      String(a.httpPort),
      '--telnet-port',
      String(a.telnetPort),
      '--brand',
      'avies',
      '--user',
      'root',
      '--password',
      'wrongpw',
    );
    expect(w.code).toBe(1);
    expect(w.err.trim().split('\n')).toHaveLength(1);
    expect(w.err).toMatch(/^ponctl: auth: login to 127\.0\.0\.1:\d+ refused: \(\d+\) Error/);
    const ok = await run(
      'onus',
      '--host',
      a.host,
      '--port',
      String(a.snmpPort),
      '--http-port',
      String(a.httpPort),
      '--telnet-port',
      String(a.telnetPort),
      '--brand',
      'avies',
      '--user',
      'root',
      '--password',
      'admin',
      '--json',
    );
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toHaveLength(4);
  });
});
