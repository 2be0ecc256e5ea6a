import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { AuditRow, OltVpnTestResult, Paged, VpnState } from '@pondesk/contracts';
import { QueueName } from '@pondesk/server-queue';
import {
  ApiClient,
  ENTRYPOINTS,
  SimulatorProcess,
  registerAccount,
  spawnEntrypoint,
  startWorker,
  testEnv,
  userWithCodes,
  type RunningWorker,
  type SimDeviceInfo,
  type SimVpnSecret,
  type TestAccount,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

jest.setTimeout(120_000);

/**
 * Profile → Add VPN and the OLT form's VPN Test through the API, with a worker and the simulator's VPN
 * concentrator; and an installation without a concentrator beside it.
 */

const OLT = 'vpn-api-olt';
const PUBLIC_ADDRESS = 'vpn.pondesk.example';
const NOT_ENABLED =
  'The platform has not enabled VPN: no VPN concentrator is configured on this installation.';

describe('VPN through the API', () => {
  let sim: SimulatorProcess;
  let olt: SimDeviceInfo;
  let api: RunningApi;
  let plain: RunningApi;
  let worker: RunningWorker;
  let client: ApiClient;
  let plainClient: ApiClient;
  let a: TestAccount;
  let b: TestAccount;
  let concentratorPassword: string;

  const secrets = async (): Promise<SimVpnSecret[]> => (await sim.concentrator()).secrets;
  const secretsNamed = async (name: string) => (await secrets()).filter((s) => s.name === name);
  const tenantOf = (x: TestAccount) => x.auth.user.tenantId!;
  const shortName = (x: TestAccount) => `pd-${tenantOf(x).slice(0, 8)}`;

  beforeAll(async () => {
    sim = await SimulatorProcess.start([
      { name: OLT, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 2 },
    ]);
    olt = await sim.device(OLT);
    const c = await sim.concentrator();
    concentratorPassword = c.password;
    const vpnEnv = {
      VPN_CONCENTRATOR_HOST: c.host,
      VPN_CONCENTRATOR_PORT: String(c.port),
      VPN_CONCENTRATOR_USER: c.username,
      VPN_CONCENTRATOR_PASSWORD: c.password,
      VPN_CONCENTRATOR_PROFILE: c.profile,
      VPN_PUBLIC_ADDRESS: PUBLIC_ADDRESS,
    };
    // The installation without a concentrator has a queue namespace of its own, with no worker on it.
    [api, plain, worker] = await Promise.all([
      startApi(vpnEnv),
      startApi({ REDIS_NAMESPACE: `pondesk:test:vpn-off-${process.pid}-${Date.now()}` }),
      startWorker(vpnEnv),
    ]);
    client = new ApiClient(api.url);
    plainClient = new ApiClient(plain.url);
    [a, b] = await Promise.all([registerAccount(client, 'vpna'), registerAccount(client, 'vpnb')]);
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await plain?.close();
    await sim?.stop();
  });

  it('shows no account before Add VPN, then the account, its command and the success line', async () => {
    const before = await client.get<VpnState>('/profile/vpn', a.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ enabled: true, account: null, connected: null, message: null });

    const added = await client.post<VpnState>('/profile/vpn', {}, a.token);
    expect(added.status).toBe(200);
    const account = added.body.account!;
    expect(added.body).toMatchObject({ enabled: true, connected: false, message: 'VPN Added Successfully!' });
    expect(account).toMatchObject({
      connectionName: 'pondesk-l2tp',
      username: shortName(a),
      service: 'l2tp',
      server: PUBLIC_ADDRESS,
    });
    expect(account.password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/);
    expect(account.command).toBe(
      `/interface l2tp-client add name=pondesk-l2tp connect-to=vpn.pondesk.example user=${shortName(a)} ` +
        `password=${account.password} disabled=no`,
    );
    // The secret on the concentrator carries the password the page shows.
    expect(await secretsNamed(shortName(a))).toEqual([
      expect.objectContaining({ password: account.password, service: 'l2tp', profile: 'pondesk-vpn' }),
    ]);

    // A second visit, and a second click, show the same account.
    const again = await client.get<VpnState>('/profile/vpn', a.token);
    expect(again.body).toEqual({ enabled: true, account, connected: false, message: null });
    const second = await client.post<VpnState>('/profile/vpn', {}, a.token);
    expect(second.body.account).toEqual(account);
    expect(await secretsNamed(shortName(a))).toHaveLength(1);

    const audit = await client.get<Paged<AuditRow>>('/audit?action=vpn.create', a.token);
    expect(audit.body.items.map((r) => [r.action, r.entityType, r.entityId, r.after])).toEqual([
      [
        'vpn.create',
        'tenant_vpn',
        tenantOf(a),
        { username: shortName(a), service: 'l2tp', server: PUBLIC_ADDRESS },
      ],
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(account.password);
  });

  it('makes one account when Add VPN is clicked twice at once', async () => {
    const c = await registerAccount(client, 'vpnc');
    const [one, two] = await Promise.all([
      client.post<VpnState>('/profile/vpn', {}, c.token),
      client.post<VpnState>('/profile/vpn', {}, c.token),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.account).toEqual(two.body.account);
    expect(await secretsNamed(shortName(c))).toHaveLength(1);
    const audit = await client.get<Paged<AuditRow>>('/audit?action=vpn.create', c.token);
    expect(audit.body.items).toHaveLength(1);
  });

  it("shows each tenant only its own account, and keeps it from the account's other users", async () => {
    const own = await client.get<VpnState>('/profile/vpn', b.token);
    expect(own.body).toEqual({ enabled: true, account: null, connected: null, message: null });
    const added = await client.post<VpnState>('/profile/vpn', {}, b.token);
    expect(added.body.account?.username).toBe(shortName(b));
    expect(added.body.account?.username).not.toBe(shortName(a));
    const aView = await client.get<VpnState>('/profile/vpn', a.token);
    expect(aView.body.account?.username).toBe(shortName(a));

    // Staff of tenant A without code 2000 see neither the account nor its password.
    const staff = await userWithCodes(client, a, [2006]);
    expect((await client.get('/profile/vpn', staff.token)).status).toBe(403);
    expect((await client.post('/profile/vpn', {}, staff.token)).status).toBe(403);
    expect((await client.delete('/profile/vpn', staff.token)).status).toBe(403);
  });

  it("tests the OLT's ports once the router is dialled in: Please Connect VPN, then Test Success", async () => {
    const body = {
      host: olt.host,
      telnetPort: olt.telnetPort,
      snmpPort: olt.snmpPort,
      community: olt.community,
    };
    const before = await client.post<OltVpnTestResult>('/olts/vpn-test', body, a.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      ok: false,
      message: 'Please Connect VPN',
      ports: [
        { service: 'telnet', port: olt.telnetPort, state: 'unknown' },
        { service: 'snmp', port: olt.snmpPort, state: 'unknown' },
      ],
    });

    await sim.connectVpn(shortName(a));
    const after = await client.post<OltVpnTestResult>('/olts/vpn-test', body, a.token);
    expect(after.body).toEqual({
      ok: true,
      message: 'Test Success',
      ports: [
        { service: 'telnet', port: olt.telnetPort, state: 'open' },
        { service: 'snmp', port: olt.snmpPort, state: 'open' },
      ],
    });
    const state = await client.get<VpnState>('/profile/vpn', a.token);
    expect(state.body.connected).toBe(true);
  });

  it('refuses a malformed VPN test with a 400 naming the field', async () => {
    const body = { host: olt.host, telnetPort: olt.telnetPort, snmpPort: olt.snmpPort };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, telnetPort: 0 }, 'telnetPort'],
      [{ ...body, snmpPort: 70000 }, 'snmpPort'],
      [{ ...body, httpPort: 'eighty' }, 'httpPort'],
      [{ ...body, host: 'not a host' }, 'host'],
      [{ ...body, community: 'public\nshow run' }, 'community'],
    ];
    for (const [sent, field] of cases) {
      const res = await client.post<{ fields: { field: string }[] }>('/olts/vpn-test', sent, a.token);
      expect([res.status, res.body.fields.map((f) => f.field)]).toEqual([400, [field]]);
    }
  });

  it('says clearly when the concentrator refuses the login, never with a password', async () => {
    const d = await registerAccount(client, 'vpnd');
    await sim.setConcentratorFaults({ wrongPassword: true });
    try {
      const res = await client.post<{ message: string; code: string }>('/profile/vpn', {}, d.token);
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('VPN_CONCENTRATOR_ERROR');
      expect(res.body.message).toMatch(
        /^The VPN concentrator \(.+\) refused the platform's login: the platform operator must check VPN_CONCENTRATOR_USER and VPN_CONCENTRATOR_PASSWORD$/,
      );
      expect(JSON.stringify(res.body)).not.toContain(concentratorPassword);
      // An account that exists still shows; only its connection cannot be read.
      const state = await client.get<VpnState>('/profile/vpn', a.token);
      expect(state.body).toMatchObject({
        enabled: true,
        connected: null,
        account: { username: shortName(a) },
      });
      expect(state.body.message).toMatch(/refused the platform's login/);
    } finally {
      await sim.setConcentratorFaults({ wrongPassword: false });
    }
    expect((await client.get<VpnState>('/profile/vpn', d.token)).body.account).toBeNull();
  });

  it('removes the account: the secret leaves the concentrator and the removal is audited', async () => {
    const removed = await client.delete<VpnState>('/profile/vpn', a.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ enabled: true, account: null, connected: null, message: 'VPN Removed' });
    expect(await secretsNamed(shortName(a))).toEqual([]);
    expect((await sim.concentrator()).active.filter((s) => s.name === shortName(a))).toEqual([]);
    expect((await client.get<VpnState>('/profile/vpn', a.token)).body.account).toBeNull();
    const audit = await client.get<Paged<AuditRow>>('/audit?action=vpn.remove', a.token);
    expect(audit.body.items.map((r) => [r.entityId, r.before])).toEqual([
      [tenantOf(a), { username: shortName(a), service: 'l2tp' }],
    ]);
    const test = await client.post<OltVpnTestResult>(
      '/olts/vpn-test',
      { host: olt.host, telnetPort: olt.telnetPort, snmpPort: olt.snmpPort },
      a.token,
    );
    expect(test.body.message).toBe('Please Connect VPN');
  });

  it('without a concentrator: not enabled, Add VPN refused with 409, nothing queued or made', async () => {
    const e = await registerAccount(plainClient, 'vpne');
    const secretsBefore = (await secrets()).length;
    expect((await plainClient.get<VpnState>('/profile/vpn', e.token)).body).toEqual({
      enabled: false,
      account: null,
      connected: null,
      message: null,
    });
    const add = await plainClient.post<{ message: string; code: string }>('/profile/vpn', {}, e.token);
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({ message: NOT_ENABLED, code: 'VPN_NOT_ENABLED' });
    expect((await plainClient.delete('/profile/vpn', e.token)).status).toBe(409);
    const test = await plainClient.post<OltVpnTestResult>(
      '/olts/vpn-test',
      { host: olt.host, telnetPort: olt.telnetPort, snmpPort: olt.snmpPort },
      e.token,
    );
    expect(test.body).toEqual({
      ok: false,
      message: NOT_ENABLED,
      ports: [
        { service: 'telnet', port: olt.telnetPort, state: 'unknown' },
        { service: 'snmp', port: olt.snmpPort, state: 'unknown' },
      ],
    });
    const queue = plain.app.get<Queue>(getQueueToken(QueueName.DeviceAction));
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
    expect(counts).toEqual({ waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 });
    expect((await secrets()).length).toBe(secretsBefore);
  });
});

describe.each([ENTRYPOINTS.api, ENTRYPOINTS.worker])('%s with part of the VPN settings', (entry) => {
  it('stops at start with one line naming the missing VPN variables', async () => {
    // A directory without a .env, so only the given environment counts.
    const cwd = mkdtempSync(join(tmpdir(), 'pondesk-vpn-cfg-'));
    const child = spawnEntrypoint(entry, {
      env: testEnv({ VPN_CONCENTRATOR_HOST: '10.20.0.1', VPN_CONCENTRATOR_USER: 'pondesk' }),
      cwd,
    });
    const code = await child.exited;
    rmSync(cwd, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(child.output()).toBe(
      'Invalid configuration: VPN_CONCENTRATOR_PASSWORD is required: VPN needs VPN_CONCENTRATOR_HOST, ' +
        'VPN_CONCENTRATOR_USER, VPN_CONCENTRATOR_PASSWORD and VPN_PUBLIC_ADDRESS together ' +
        '(missing: VPN_CONCENTRATOR_PASSWORD, VPN_PUBLIC_ADDRESS)\n',
    );
  });
});
