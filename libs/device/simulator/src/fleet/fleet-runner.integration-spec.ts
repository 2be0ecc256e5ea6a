/**
 * The fleet as a whole: the default fleet starts fast and answers; the control API lists devices, reads the exact
 * state and triggers events; per-device faults act on every transport; the AVIES web API keeps its envelope and
 * session cap; `npm run sim -- --list --json` prints the fleet.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { SnmpClient, SnmpError } from '@pondesk/device-snmp';
import { createOltDriver, profiles } from '@pondesk/device-drivers';
import { DEFAULT_FLEET_PATH, startFleet, type RunningFleet } from '../index';
import type { SimDeviceInfo } from './sim-device';
import { OltState } from '../model/olt-state';
import { HsgqWebEndpoint, MAX_WEB_SESSIONS } from '../http/hsgq-web-server';
import { NO_FAULTS } from '../model/device-faults';
import { HsgqWebClient } from '@pondesk/device-http';
import { TelnetError } from '@pondesk/device-telnet';

const run = promisify(execFile);
const REPO = resolve(__dirname, '../../../../..');

const client = (d: SimDeviceInfo, community = d.community): SnmpClient =>
  new SnmpClient({ host: d.host, port: d.snmpPort, community, version: 'v2c', timeoutMs: 400, retries: 0 });

async function http(
  url: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; headers: Headers; json: unknown }> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token !== undefined ? { 'X-Token': init.token } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as unknown };
}

describe('default fleet', () => {
  it('starts in under 10 s and every device answers SNMP', async () => {
    const t0 = Date.now();
    const fleet = await startFleet(DEFAULT_FLEET_PATH);
    try {
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(fleet.devices).toHaveLength(12);
      const onus = fleet.devices.reduce((n, d) => n + d.onus, 0);
      expect(onus).toBeGreaterThan(2900);
      for (const d of fleet.devices) {
        const c = client(d);
        try {
          const descr = (await c.getMap([profiles.switchOptics.system.sysDescr])).get(
            profiles.switchOptics.system.sysDescr,
          );
          expect(descr?.type).toBe('octets');
        } finally {
          c.close();
        }
      }
    } finally {
      await fleet.stop();
    }
  });
});

describe('control API and faults', () => {
  let fleet: RunningFleet;
  let base: string;
  const dev = (name: string): SimDeviceInfo => fleet.devices.find((d) => d.name === name)!;

  beforeAll(async () => {
    fleet = await startFleet(
      {
        devices: [
          { name: 'b', brand: 'bdcom', mode: 'epon', ponPorts: 2, onusPerPort: 8 },
          { name: 'v', brand: 'vsol', mode: 'gpon', ponPorts: 2, onusPerPort: 8 },
          {
            name: 'a',
            brand: 'avies',
            mode: 'epon',
            ponPorts: 2,
            onusPerPort: 8,
            username: 'root',
            password: 'admin',
          },
          { name: 's', brand: 'snr', ports: 10, sfpPorts: 2 },
        ],
      },
      { timeScale: 0 },
    );
    base = fleet.controlUrl ?? '';
  });

  afterAll(async () => {
    await fleet?.stop();
  });

  it('lists devices with ports and credentials, and serves the exact state', async () => {
    const list = await http(`${base}/devices`);
    expect(list.json).toEqual(fleet.devices);
    expect(fleet.devices[0]).toEqual(
      expect.objectContaining({
        name: 'b',
        brand: 'bdcom',
        mode: 'epon',
        community: 'public',
        username: 'admin',
        password: 'admin',
        onus: 16,
      }),
    );
    const st = await http(`${base}/devices/b/state`);
    expect(st.json).toEqual(JSON.parse(JSON.stringify(fleet.snapshot('b'))));
    expect((await http(`${base}/devices/nope/state`)).status).toBe(404);
  });

  it('takes a PON down and up, and pins an ONU rx that SNMP then reports', async () => {
    const down = await http(`${base}/devices/b/pons/2/down`, { method: 'POST' });
    expect(down.json).toMatchObject({ ponPort: 2, up: false, online: 0 });
    const st = fleet.device('b').state as OltState;
    expect(st.onus(undefined, 2).every((o) => o.status === 'offline')).toBe(true);
    await http(`${base}/clock`, { method: 'PUT', body: { advanceSeconds: 5 } });
    expect((await http(`${base}/devices/b/pons/2/up`, { method: 'POST' })).json).toMatchObject({ up: true });
    const u = st.onus().find((o) => o.status === 'online')!;
    const set = await http(`${base}/devices/b/onus/${u.ponPort}/${u.onuId}/rx`, {
      method: 'PUT',
      body: { rxDbm: -27.3 },
    });
    expect(set.json).toMatchObject({ rxDbm: -27.3 });
    const drv = createOltDriver('bdcom', 'epon', {
      host: dev('b').host,
      snmp: { port: dev('b').snmpPort, community: 'public' },
    });
    try {
      const rec = (await drv.listOnus()).find((o) => o.ponPort === u.ponPort && o.onuId === u.onuId);
      expect(rec?.rxDbm).toBe(-27.3);
    } finally {
      await drv.close();
    }
    expect(
      (
        await http(`${base}/devices/b/onus/${u.ponPort}/${u.onuId}/rx`, {
          method: 'PUT',
          body: { rxDbm: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it('reboots an ONU through SNMP SET (BDCOM onuReset = reset(0)), as the MIB and production tools do', async () => {
    const st = fleet.device('b').state as OltState;
    const u = st.onus().find((o) => o.status === 'online')!;
    const c = client(dev('b'));
    try {
      const ifIndex = 40 + (u.ponPort - 1) * 64 + u.onuId;
      await c.set([{ oid: `${profiles.bdcomEpon.oids.onuReset}.${ifIndex}`, type: 'integer', value: 0 }]);
      expect(st.onu(u.ponPort, u.onuId)).toMatchObject({ status: 'offline', lastDeregReason: 'reboot' });
    } finally {
      c.close();
    }
  });

  it('off the air: no SNMP answer, telnet refused; back on the air it answers again', async () => {
    await http(`${base}/devices/v/off-air`, { method: 'POST' });
    const c = client(dev('v'));
    try {
      await expect(c.getMap(['1.3.6.1.2.1.1.5.0'])).rejects.toBeInstanceOf(SnmpError);
      const drv = createOltDriver('vsol', 'gpon', {
        host: dev('v').host,
        telnet: {
          port: dev('v').telnetPort!,
          username: 'admin',
          password: 'admin',
          connectTimeoutMs: 1000,
          loginTimeoutMs: 1000,
        },
      });
      expect((await drv.checkTelnetLogin()).ok).toBe(false);
      await http(`${base}/devices/v/on-air`, { method: 'POST' });
      expect((await c.getMap(['1.3.6.1.2.1.1.5.0'])).size).toBe(1);
      expect((await drv.checkTelnetLogin()).ok).toBe(true);
      await drv.close();
    } finally {
      c.close();
    }
  });

  it('faults: wrong community, slow answers, telnet auth failure, truncated output, unreachable', async () => {
    const d = dev('v');
    const put = (f: unknown) => http(`${base}/devices/v/faults`, { method: 'PUT', body: f });
    expect((await put({ wrongCommunity: true })).json).toMatchObject({ wrongCommunity: true });
    const right = client(d);
    const changed = client(d, `${d.community}-changed`);
    try {
      await expect(right.getMap(['1.3.6.1.2.1.1.5.0'])).rejects.toBeInstanceOf(SnmpError);
      expect((await changed.getMap(['1.3.6.1.2.1.1.5.0'])).size).toBe(1);
      await put({ wrongCommunity: false, slowMs: 250 });
      const t0 = Date.now();
      await right.getMap(['1.3.6.1.2.1.1.5.0']);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
      await put({ slowMs: 0, unreachable: true });
      await expect(right.getMap(['1.3.6.1.2.1.1.5.0'])).rejects.toBeInstanceOf(SnmpError);
      await put({ unreachable: false, telnetAuthFailure: true });
      const drv = createOltDriver('vsol', 'gpon', {
        host: d.host,
        snmp: { port: d.snmpPort },
        telnet: {
          port: d.telnetPort!,
          username: 'admin',
          password: 'admin',
          loginTimeoutMs: 2000,
          commandTimeoutMs: 2000,
        },
      });
      const login = await drv.checkTelnetLogin();
      expect(login.ok).toBe(false);
      await put({ telnetAuthFailure: false, truncateOutput: true });
      expect((await drv.checkTelnetLogin()).ok).toBe(true);
      // Half an answer and a dropped session: a typed telnet error, well within the command timeout.
      const t1 = Date.now();
      await expect(drv.readOnuOptics({ ponPort: 1, onuId: 1 })).rejects.toBeInstanceOf(TelnetError);
      expect(Date.now() - t1).toBeLessThan(2000);
      await put({ truncateOutput: false });
      await drv.close();
      expect((await put({ slowMs: 'x' })).status).toBe(400);
    } finally {
      right.close();
      changed.close();
    }
  });

  it('AVIES web API: envelope codes, X-Token header, board_info without login, cap of 4 sessions', async () => {
    const d = dev('a');
    const url = (p: string) => `http://${d.host}:${d.httpPort}${p}`;
    const key = createHash('md5').update('root:admin').digest('hex');
    const login = (k = key) =>
      http(url('/userlogin?form=login'), {
        method: 'POST',
        token: 'null',
        body: { method: 'set', param: { name: 'root', key: k, value: '', captcha_v: '', captcha_f: '' } },
      });
    expect((await http(url('/board_info'))).json).toMatchObject({
      code: 1,
      data: { device_type: 1, ponports: 2 },
    });
    expect((await http(url('/board?info=cpu'))).json).toMatchObject({ code: 0 });
    expect((await http(url('/board?info=cpu'), { token: 'forged' })).json).toMatchObject({ code: 0 });
    expect(((await login('0'.repeat(32))).json as { code: number }).code).toBeGreaterThan(1);
    const tokens: string[] = [];
    for (let i = 0; i < MAX_WEB_SESSIONS; i++) {
      const r = await login();
      expect(r.json).toMatchObject({ code: 1 });
      tokens.push(r.headers.get('x-token') ?? '');
    }
    const fifth = await login();
    expect((fifth.json as { code: number }).code).toBeGreaterThan(1);
    expect(fifth.headers.get('x-token')).toBeNull();
    const cpu = await http(url('/board?info=cpu'), { token: tokens[0] });
    expect(cpu).toMatchObject({
      status: 200,
      json: { code: 1, message: 'success', data: { cpu_usage: expect.any(Number) } },
    });
    await http(url('/userlogin?form=logout'), {
      method: 'POST',
      token: tokens[0],
      body: { method: 'set', param: { name: 'root' } },
    });
    expect((await login()).json).toMatchObject({ code: 1 });
    expect(fleet.device('a').webSessions).toBe(MAX_WEB_SESSIONS);
    // Truncated output: half a JSON body and a dropped connection.
    await http(`${base}/devices/a/faults`, { method: 'PUT', body: { truncateOutput: true } });
    await expect(http(url('/board?info=cpu'), { token: tokens[1] })).rejects.toThrow();
    await http(`${base}/devices/a/faults`, { method: 'PUT', body: { truncateOutput: false } });
    expect((await http(url('/board?info=cpu'), { token: tokens[1] })).json).toMatchObject({ code: 1 });
  });

  it('AVIES web API: an idle session times out with code -1, and the client logs in again', async () => {
    const web = new HsgqWebEndpoint({
      host: '127.0.0.1',
      port: 0,
      username: 'root',
      password: 'admin',
      route: () => ({ ok: true, data: { cpu_usage: 5, memory_usage: 6 } }),
      faults: () => NO_FAULTS,
      isReachable: () => true,
      sessionIdleMs: 50,
    });
    await web.start();
    const client = new HsgqWebClient({
      host: '127.0.0.1',
      port: web.port,
      username: 'root',
      password: 'admin',
    });
    try {
      const key = createHash('md5').update('root:admin').digest('hex');
      const r = await http(`http://127.0.0.1:${web.port}/userlogin?form=login`, {
        method: 'POST',
        body: { method: 'set', param: { name: 'root', key, value: '' } },
      });
      const token = r.headers.get('x-token') ?? '';
      await new Promise((res) => setTimeout(res, 120));
      expect((await http(`http://127.0.0.1:${web.port}/board?info=cpu`, { token })).json).toMatchObject({
        code: -1,
      });
      expect(await client.get('/board?info=cpu')).toEqual({ cpu_usage: 5, memory_usage: 6 });
      await new Promise((res) => setTimeout(res, 120));
      expect(await client.get('/board?info=cpu')).toEqual({ cpu_usage: 5, memory_usage: 6 });
      expect(client.logins).toBe(2);
    } finally {
      await client.close();
      await web.stop();
    }
  });

  it('`npm run sim -- --list --json` prints the running fleet: live ports and ONU counts after a delete', async () => {
    const port = Number(new URL(base).port);
    expect((await http(`${base}/devices/b/onus/1/3`, { method: 'DELETE' })).status).toBe(200);
    const { stdout } = await run(
      process.execPath,
      [
        resolve(REPO, 'tools/run-ts.cjs'),
        'libs/device/simulator/src/main.ts',
        '--list',
        '--json',
        '--control-port',
        String(port),
      ],
      { cwd: REPO },
    );
    const rows = JSON.parse(stdout) as SimDeviceInfo[];
    expect(rows).toEqual(fleet.devices);
    expect(rows.find((r) => r.name === 'b')?.onus).toBe(15);
  });

  it('`npm run sim -- --list --json` with no fleet running prints the default fleet with the documented fields and fixed ports', async () => {
    // A control port nobody listens on: the list comes from the fleet file.
    const idle = await new Promise<number>((res) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => res(p));
      });
    });
    const { stdout } = await run(
      process.execPath,
      [
        resolve(REPO, 'tools/run-ts.cjs'),
        'libs/device/simulator/src/main.ts',
        '--list',
        '--json',
        '--control-port',
        String(idle),
      ],
      {
        cwd: REPO,
      },
    );
    const rows = JSON.parse(stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(12);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'brand',
        'community',
        'host',
        'httpPort',
        'mode',
        'name',
        'onus',
        'password',
        'routerHost',
        'snmpPort',
        'telnetPort',
        'username',
      ].sort(),
    );
    expect(rows[0]).toMatchObject({
      snmpPort: 16101,
      telnetPort: 12301,
      host: '127.0.0.1',
      routerHost: '127.0.0.1',
    });
    expect(rows.find((r) => r['brand'] === 'avies')?.['httpPort']).toBeGreaterThanOrEqual(18081);
  });

  it('`npm run sim -- --list --json --addresses per-device`: own addresses (what the demo registers); --syslog off loopback refused', async () => {
    const idle = await new Promise<number>((res) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => res(p));
      });
    });
    const sim = (...args: string[]) =>
      run(
        process.execPath,
        [resolve(REPO, 'tools/run-ts.cjs'), 'libs/device/simulator/src/main.ts', ...args],
        {
          cwd: REPO,
        },
      );
    const { stdout } = await sim(
      '--list',
      '--json',
      '--control-port',
      String(idle),
      '--addresses',
      'per-device',
    );
    const rows = JSON.parse(stdout) as SimDeviceInfo[];
    expect(rows.map((r) => r.host)).toEqual(rows.map((_, i) => `127.0.1.${i + 1}`));
    expect(rows.filter((r) => r.mode !== null).map((r) => r.routerHost)).toEqual(
      rows.map((r, i) => (r.mode !== null ? `127.0.2.${i + 1}` : null)).filter((x) => x !== null),
    );
    expect(rows.filter((r) => r.mode === null).every((r) => r.routerHost === null)).toBe(true);
    await expect(
      sim('--list', '--control-port', String(idle), '--syslog', '10.0.0.1:514'),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(
        /syslog target 10\.0\.0\.1 refused: the simulator sends syslog to loopback/,
      ),
    });
  });
});
