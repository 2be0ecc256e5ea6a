import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import { DataSource } from 'typeorm';
import type { OltDetail } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  registerAccount,
  startWorker,
  userWithCodes,
  waitFor,
  type RunningWorker,
  type TestAccount,
} from '@pondesk/server-testing';
import { offerOltPackages } from './support/billing-catalogue';
import { startApi, type RunningApi } from './support/test-app';

/**
 * Issue 22 findings 1, 4 and 9c: a stored OLT secret follows an address change only when typed again;
 * port checks, probes and OLT addresses obey the device-target policy at the API and in the worker;
 * device credentials with control characters are refused.
 */

type ErrorBody = { message: string; code?: string; fields: { field: string; message: string }[] };

/** A device-shaped listener on a loopback address: what reaches it over UDP (SNMP) and TCP (telnet). */
class Listener {
  readonly datagrams: Buffer[] = [];
  connections = 0;
  private udp!: UdpSocket;
  private tcp!: Server;
  udpPort = 0;
  tcpPort = 0;

  constructor(readonly address: string) {}

  async start(): Promise<this> {
    this.udp = createSocket('udp4');
    this.udp.on('message', (msg) => this.datagrams.push(msg));
    await new Promise<void>((r) => this.udp.bind(0, this.address, () => r()));
    this.udpPort = this.udp.address().port;
    this.tcp = createServer((s) => {
      this.connections++;
      s.destroy();
    });
    await new Promise<void>((r) => this.tcp.listen(0, this.address, () => r()));
    this.tcpPort = (this.tcp.address() as { port: number }).port;
    return this;
  }

  get reached(): number {
    return this.datagrams.length + this.connections;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.udp.close(() => r()));
    await new Promise<void>((r) => this.tcp.close(() => r()));
  }
}

const pgPort = () => Number(new URL(process.env.DATABASE_URL!).port || 5432);
const redisPort = () => Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('device secrets and device targets', () => {
  let api: RunningApi;
  /** The same API without ALLOW_LOOPBACK_DEVICES (production's default). */
  let strictApi: RunningApi;
  let worker: RunningWorker;
  let db: DataSource;
  let client: ApiClient;
  let strictClient: ApiClient;
  let admin: TestAccount;
  /** An OLT operator: code 2006 only. */
  let operator: TestAccount;
  const listeners: Listener[] = [];

  const listener = async (address: string) => {
    const l = await new Listener(address).start();
    listeners.push(l);
    return l;
  };

  beforeAll(async () => {
    [api, strictApi, worker] = await Promise.all([
      startApi(),
      startApi({ ALLOW_LOOPBACK_DEVICES: 'false' }),
      startWorker({ DATABASE_URL: process.env.DATABASE_URL!, SNMP_TIMEOUT_MS: '300', SNMP_RETRIES: '0' }),
    ]);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    await offerOltPackages(db, ['EPON 4 port', 'x']);
    client = new ApiClient(api.url);
    strictClient = new ApiClient(strictApi.url);
    admin = await registerAccount(client, 'devtgt');
    operator = await userWithCodes(client, admin, [2006]);
  });

  afterAll(async () => {
    for (const l of listeners) await l.stop();
    await db?.destroy();
    await worker?.stop();
    await api?.close();
    await strictApi?.close();
  });

  const oltRow = async (id: string) =>
    (
      await db.query(
        'SELECT host, telnet_port, snmp_port, mikrotik_port, last_polled_at, last_error FROM olt WHERE id = $1',
        [id],
      )
    )[0] as {
      host: string;
      telnet_port: number;
      snmp_port: number;
      mikrotik_port: number | null;
      last_polled_at: Date | null;
      last_error: string | null;
    };

  /** Polls the OLT now and waits until that poll has finished (its time is recorded). */
  const pollAndWait = async (id: string, token: string) => {
    const since = Date.now();
    expect((await client.post(`/olts/${id}/poll`, {}, token)).status).toBe(202);
    return waitFor(
      async () => {
        const row = await oltRow(id);
        return row.last_polled_at && row.last_polled_at.getTime() >= since - 1000 && row.last_error
          ? row
          : false;
      },
      { timeoutMs: 20000, what: 'the poll to finish' },
    );
  };

  it("refuses an address change that would send the OLT's stored secrets elsewhere, until they are typed again", async () => {
    const target = await listener('127.0.0.3');
    const created = await client.post<OltDetail>(
      '/olts',
      {
        name: 'Secret-bound OLT',
        host: '127.0.0.2',
        brand: 'vsol',
        mode: 'epon',
        snmpPort: target.udpPort,
        snmpCommunity: 'stored-community-old',
        telnetPort: target.tcpPort,
        username: 'admin',
        password: 'stored-telnet-old',
        enablePassword: 'stored-enable-old',
        mikrotikHost: '127.0.0.2',
        mikrotikPort: 18728,
        mikrotikPassword: 'stored-mikrotik-old',
        billingPackage: 'EPON 4 port',
        billingMonths: 1,
        pollIntervalSeconds: 3600,
      },
      operator.token,
    );
    expect(created.status).toBe(201);
    const id = created.body.id;

    // The host: every secret that goes to it must be typed again.
    const moved = await client.patch<ErrorBody>(`/olts/${id}`, { host: '127.0.0.3' }, operator.token);
    expect(moved.status).toBe(400);
    expect(moved.body.code).toBe('SECRET_REENTRY_REQUIRED');
    expect(moved.body.message).toBe("Re-enter the SNMP community: the OLT's address changed");
    expect(moved.body.fields).toEqual([
      { field: 'snmpCommunity', message: "Re-enter the SNMP community: the OLT's address changed" },
      { field: 'password', message: "Re-enter the telnet password: the OLT's address changed" },
      { field: 'enablePassword', message: "Re-enter the enable password: the OLT's address changed" },
    ]);
    // Typing some of them is not enough.
    const partly = await client.patch<ErrorBody>(
      `/olts/${id}`,
      { host: '127.0.0.3', snmpCommunity: 'typed-community' },
      operator.token,
    );
    expect(partly.status).toBe(400);
    expect(partly.body.fields.map((f) => f.field)).toEqual(['password', 'enablePassword']);
    // A port: only the secrets that protocol carries.
    const telnet = await client.patch<ErrorBody>(`/olts/${id}`, { telnetPort: 2323 }, operator.token);
    expect(telnet.status).toBe(400);
    expect(telnet.body.fields).toEqual([
      { field: 'password', message: "Re-enter the telnet password: the OLT's telnet port changed" },
      { field: 'enablePassword', message: "Re-enter the enable password: the OLT's telnet port changed" },
    ]);
    const mikrotik = await client.patch<ErrorBody>(
      `/olts/${id}`,
      { mikrotikHost: '127.0.0.3', mikrotikUsername: 'api' },
      operator.token,
    );
    expect(mikrotik.status).toBe(400);
    expect(mikrotik.body.fields).toEqual([
      {
        field: 'mikrotikPassword',
        message: "Re-enter the MikroTik password: the MikroTik's address changed",
      },
    ]);

    // Nothing was stored, and a poll still goes to the old address only.
    expect(await oltRow(id)).toMatchObject({
      host: '127.0.0.2',
      telnet_port: target.tcpPort,
      mikrotik_port: 18728,
    });
    await pollAndWait(id, operator.token);
    await sleep(300);
    expect(target.reached).toBe(0);

    // With the secrets typed again the change goes through, and the new address gets only the new ones.
    const retyped = await client.patch<OltDetail>(
      `/olts/${id}`,
      {
        host: '127.0.0.3',
        snmpCommunity: 'typed-community-new',
        password: 'typed-telnet-new',
        enablePassword: 'typed-enable-new',
      },
      operator.token,
    );
    expect(retyped.status).toBe(200);
    expect(retyped.body).toMatchObject({ host: '127.0.0.3', hasPassword: true, hasEnablePassword: true });
    // Forced: the failed polls of the old address may have taken the OLT offline (polls then wait).
    expect((await client.post(`/olts/${id}/poll`, {}, operator.token)).status).toBe(202);
    await waitFor(async () => target.datagrams.length > 0, { timeoutMs: 20000, what: 'an SNMP request' });
    const sent = Buffer.concat(target.datagrams).toString('latin1');
    expect(sent).toContain('typed-community-new');
    expect(sent).not.toContain('stored-community-old');

    // The audit names the secrets that changed, never their values.
    const [audit] = await db.query(
      "SELECT after FROM audit_log WHERE entity_id = $1 AND action = 'olt.update' ORDER BY created_at DESC LIMIT 1",
      [id],
    );
    expect(audit.after.secretsChanged).toEqual(['snmpCommunity', 'password', 'enablePassword']);
    expect(JSON.stringify(audit.after)).not.toMatch(/typed-|stored-/);
  });

  it.each([
    ['password', { password: 'pw\r\nreload' }],
    ['username', { username: 'admin\nshow running-config' }],
    ['enablePassword', { enablePassword: 'en\u0000' }],
    ['snmpCommunity', { snmpCommunity: 'public\r' }],
    ['mikrotikPassword', { mikrotikPassword: 'mk\u001b[2J' }],
    ['password', { password: 'pw\u0085x' }],
  ])('refuses a %s with control characters, on create and on update', async (field, bad) => {
    const valid = {
      name: 'CRLF OLT',
      host: '10.20.30.41',
      brand: 'bdcom',
      mode: 'gpon',
      snmpCommunity: 'c',
      username: 'admin',
      password: 'pw',
      mikrotikHost: '10.20.30.1',
      billingPackage: 'x',
      billingMonths: 1,
    };
    const created = await client.post<ErrorBody>('/olts', { ...valid, ...bad }, admin.token);
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual([
      // NUL is refused for every text field by the validation pipe; other control characters here.
      { field, message: expect.stringMatching(/must not contain (control|NUL) characters/) },
    ]);
    const ok = await client.post<OltDetail>('/olts', { ...valid, name: `CRLF ${field}` }, admin.token);
    expect(ok.status).toBe(201);
    const stored = () =>
      db.query(
        `SELECT username, password_enc, enable_password_enc, snmp_community_enc, mikrotik_password_enc
           FROM olt WHERE id = $1`,
        [ok.body.id],
      );
    const before = await stored();
    const updated = await client.patch<ErrorBody>(`/olts/${ok.body.id}`, bad, admin.token);
    expect(updated.status).toBe(400);
    expect(updated.body.fields.map((f) => f.field)).toEqual([field]);
    expect(await stored()).toEqual(before);
  });

  it('refuses a probe community with control characters', async () => {
    const res = await client.post<ErrorBody>(
      '/olts/probe',
      { host: '10.20.30.40', snmpPort: 161, community: 'public\r\n' },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f) => f.field)).toEqual(['community']);
  });

  it.each([
    ['169.254.169.254', 80, 'host'],
    ['169.254.0.7', 22, 'host'],
    ['0.0.0.0', 22, 'host'],
    ['255.255.255.255', 22, 'host'],
    ['224.0.0.1', 22, 'host'],
    ['::1', 22, 'host'],
  ])('refuses a port check and a probe of %s with a 400 naming the field', async (host, port, field) => {
    const check = await client.post<ErrorBody>('/olts/port-check', { host, port }, admin.token);
    expect(check.status).toBe(400);
    expect(check.body.fields.map((f) => f.field)).toEqual([field]);
    const probe = await client.post<ErrorBody>(
      '/olts/probe',
      { host, snmpPort: 161, community: 'public' },
      admin.token,
    );
    expect(probe.status).toBe(400);
    expect(probe.body.fields.map((f) => f.field)).toEqual([field]);
  });

  it("refuses the platform's own service ports on loopback even where loopback devices are allowed", async () => {
    const check = await client.post<ErrorBody>(
      '/olts/port-check',
      { host: '127.0.0.1', port: pgPort() },
      admin.token,
    );
    expect(check.status).toBe(400);
    expect(check.body).toMatchObject({
      code: 'DEVICE_TARGET_REFUSED',
      fields: [{ field: 'port', message: expect.stringContaining("one of this platform's own services") }],
    });
    const probe = await client.post<ErrorBody>(
      '/olts/probe',
      { host: '127.0.0.5', snmpPort: redisPort(), community: 'public' },
      admin.token,
    );
    expect(probe.status).toBe(400);
    expect(probe.body.fields.map((f) => f.field)).toEqual(['snmpPort']);
    const olt = await client.post<ErrorBody>(
      '/olts',
      {
        name: 'Postgres OLT',
        host: '127.0.0.1',
        brand: 'vsol',
        mode: 'epon',
        snmpCommunity: 'c',
        telnetPort: pgPort(),
        billingPackage: 'x',
        billingMonths: 1,
      },
      admin.token,
    );
    expect(olt.status).toBe(400);
    expect(olt.body.fields.map((f) => f.field)).toEqual(['telnetPort']);
    // Refused probes are audited, with the address and never the community.
    const rows: { after: Record<string, unknown> }[] = await db.query(
      "SELECT after FROM audit_log WHERE action = 'olt.probe' AND actor_user_id = $1",
      [admin.auth.user.id],
    );
    expect(rows.some((r) => r.after.host === '127.0.0.5' && r.after.refused === true)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('public');
  });

  it('refuses loopback without ALLOW_LOOPBACK_DEVICES, and nothing reaches the address', async () => {
    const target = await listener('127.0.0.6');
    const strictAdmin = await registerAccount(strictClient, 'devstrict');
    const check = await strictClient.post<ErrorBody>(
      '/olts/port-check',
      { host: '127.0.0.6', port: target.tcpPort },
      strictAdmin.token,
    );
    expect(check.status).toBe(400);
    expect(check.body.fields).toEqual([
      {
        field: 'host',
        message: expect.stringContaining(
          '127.0.0.6 is a loopback address (this machine); devices cannot be reached there',
        ),
      },
    ]);
    const probe = await strictClient.post<ErrorBody>(
      '/olts/probe',
      { host: '127.0.0.6', snmpPort: target.udpPort, community: 'public' },
      strictAdmin.token,
    );
    expect(probe.status).toBe(400);
    const olt = await strictClient.post<ErrorBody>(
      '/olts',
      {
        name: 'Loopback OLT',
        host: '127.0.0.6',
        brand: 'vsol',
        mode: 'epon',
        snmpPort: target.udpPort,
        snmpCommunity: 'c',
        mikrotikHost: '169.254.169.254',
        billingPackage: 'x',
        billingMonths: 1,
      },
      strictAdmin.token,
    );
    expect(olt.status).toBe(400);
    expect(olt.body.fields.map((f) => f.field)).toEqual(['host', 'mikrotikHost']);
    await sleep(500);
    expect(target.reached).toBe(0);
    // The same check where loopback is allowed does reach it: the listener would have seen the refused ones.
    const allowed = await client.post<{ status: string }>(
      '/olts/port-check',
      { host: '127.0.0.6', port: target.tcpPort },
      admin.token,
    );
    expect(allowed.body.status).toBe('open');
    expect(target.connections).toBe(1);
  });

  it('the worker refuses a stored OLT whose address the policy forbids, before any socket opens', async () => {
    const target = await listener('127.0.0.7');
    const created = await client.post<OltDetail>(
      '/olts',
      {
        name: 'Stored before the fix',
        host: '127.0.0.2',
        brand: 'vsol',
        mode: 'epon',
        snmpPort: target.udpPort,
        snmpCommunity: 'stored-community',
        username: 'admin',
        password: 'stored-telnet',
        billingPackage: 'x',
        billingMonths: 1,
        pollIntervalSeconds: 3600,
      },
      admin.token,
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    // As a row written before the policy existed: SNMP at the listener, the telnet login at Postgres's port.
    await db.query('UPDATE olt SET host = $2, telnet_port = $3 WHERE id = $1', [id, '127.0.0.7', pgPort()]);
    const row = await waitFor(
      async () => {
        const r = await pollAndWait(id, admin.token);
        return r.last_error?.includes("platform's own services") ? r : false;
      },
      { timeoutMs: 30000, what: 'the refused poll' },
    );
    expect(row.last_error).toContain(`${pgPort()} on 127.0.0.7`);
    await sleep(300);
    expect(target.reached).toBe(0);

    await db.query('UPDATE olt SET host = $2, telnet_port = 23 WHERE id = $1', [id, '169.254.169.254']);
    const metadata = await waitFor(
      async () => {
        const r = await pollAndWait(id, admin.token);
        return r.last_error?.includes('link-local') ? r : false;
      },
      { timeoutMs: 30000, what: 'the refused poll' },
    );
    expect(metadata.last_error).toContain('169.254.169.254');
  });

  it('limits port checks and probes per user', async () => {
    const user = await registerAccount(client, 'devrate');
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i++)
      status = (await client.post('/olts/port-check', { host: '169.254.169.254', port: 80 }, user.token))
        .status;
    expect(status).toBe(429);
    let probes = 0;
    status = 0;
    for (; probes < 11 && status !== 429; probes++)
      status = (
        await client.post(
          '/olts/probe',
          { host: '169.254.169.254', snmpPort: 161, community: 'c' },
          user.token,
        )
      ).status;
    expect(status).toBe(429);
    expect(probes).toBe(11);
  });
});
