import { Queue, QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { SecretBox, loadConfig } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import { JobName, QueueName, queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import type { OltVpnTestResult } from '@pondesk/contracts';
import {
  addPppSecret,
  connectRouterOs,
  readPppSecrets,
  removePppSecret,
  type RouterOsConnection,
} from '@pondesk/device-routeros';
import {
  SimulatorProcess,
  createMigratedDatabase,
  startWorkerProcess,
  testEnv,
  type EntrypointProcess,
  type SimDeviceInfo,
  type SimVpnSecret,
  type TestDatabase,
} from '@pondesk/server-testing';

jest.setTimeout(120_000);

/**
 * The worker's VPN jobs with the real worker process, Postgres, Redis and the simulator's VPN concentrator
 * (a RouterOS API server with `/ppp/secret` and `/ppp/active`) and one simulated OLT standing for an OLT
 * behind an ISP's NAT. Jobs are sent to the device-action queue as the API sends them.
 */

const OLT = 'vpn-olt';
const PROFILE = 'pondesk-vpn';
const PUBLIC_ADDRESS = 'vpn.pondesk.example';

interface TenantVpnRow {
  tenant_id: string;
  username: string;
  password_enc: string;
  service: string;
  connection_name: string;
}

type AccountResult =
  | { ok: true; value: { connected: boolean | null; changed: boolean } }
  | { ok: false; code: string; error: string };

describe('VPN accounts and the VPN test (worker, simulated concentrator)', () => {
  let sim: SimulatorProcess;
  let olt: SimDeviceInfo;
  let database: TestDatabase;
  let db: DataSource;
  let worker: EntrypointProcess;
  let queue: Queue;
  let events: QueueEvents;
  let box: SecretBox;
  let concentratorPassword: string;

  const tenant = async (): Promise<string> =>
    (
      await db.query(`INSERT INTO tenant (ingest_secret_enc) VALUES ($1) RETURNING id`, [box.seal('ingest')])
    )[0].id as string;
  const account = (tenantId: string, action: 'ensure' | 'remove' | 'status') =>
    queue
      .add(JobName.VpnAccount, { tenantId, action })
      .then((job) => job.waitUntilFinished(events, 30_000) as Promise<AccountResult>);
  const vpnTest = (payload: Record<string, unknown>) =>
    queue
      .add(JobName.VpnTest, payload)
      .then((job) => job.waitUntilFinished(events, 30_000) as Promise<OltVpnTestResult>);
  const rows = (tenantId: string): Promise<TenantVpnRow[]> =>
    db.query(`SELECT * FROM tenant_vpn WHERE tenant_id = $1`, [tenantId]);
  const secrets = async (): Promise<SimVpnSecret[]> => (await sim.concentrator()).secrets;
  const secretsOf = async (tenantId: string) =>
    (await secrets()).filter((s) => s.comment === `PonDesk tenant ${tenantId}`);
  /** Works on the concentrator over its API, as an operator there would. */
  const onConcentrator = async (fn: (c: RouterOsConnection) => Promise<void>) => {
    const c = await sim.concentrator();
    const conn = await connectRouterOs({
      host: c.host,
      port: c.port,
      username: c.username,
      password: c.password,
    });
    try {
      await fn(conn);
    } finally {
      await conn.close();
    }
  };
  /** `pd-` and the first 8 hex digits of the tenant id: the name the tenant's first secret takes. */
  const shortName = (tenantId: string) => `pd-${tenantId.slice(0, 8)}`;

  beforeAll(async () => {
    sim = await SimulatorProcess.start([
      { name: OLT, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 2 },
    ]);
    olt = await sim.device(OLT);
    const concentrator = await sim.concentrator();
    expect(concentrator.profile).toBe(PROFILE);
    concentratorPassword = concentrator.password;
    database = await createMigratedDatabase('pondesk_vpn_worker');
    db = createDataSource(database.url);
    await db.initialize();
    const env = testEnv({
      DATABASE_URL: database.url,
      VPN_CONCENTRATOR_HOST: concentrator.host,
      VPN_CONCENTRATOR_PORT: String(concentrator.port),
      VPN_CONCENTRATOR_TRANSPORT: 'api',
      VPN_CONCENTRATOR_USER: concentrator.username,
      VPN_CONCENTRATOR_PASSWORD: concentrator.password,
      VPN_CONCENTRATOR_PROFILE: PROFILE,
      VPN_SERVICE: 'l2tp',
      VPN_PUBLIC_ADDRESS: PUBLIC_ADDRESS,
    });
    box = new SecretBox(env.ENCRYPTION_KEY);
    worker = await startWorkerProcess(env);
    const config = loadConfig(env);
    const connection = redisOptionsFromUrl(config.REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue(QueueName.DeviceAction, { connection, prefix: queuePrefix(config) });
    events = new QueueEvents(QueueName.DeviceAction, { connection, prefix: queuePrefix(config) });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await queue?.close();
    await events?.close();
    await worker?.stop();
    await db?.destroy();
    await database?.drop();
    await sim?.stop();
  });

  it('makes one account per tenant: a second ensure answers the same one, one secret on the concentrator', async () => {
    const tenantId = await tenant();
    expect(await account(tenantId, 'ensure')).toEqual({
      ok: true,
      value: { connected: false, changed: true },
    });
    const [row] = await rows(tenantId);
    expect(row).toMatchObject({
      username: shortName(tenantId),
      service: 'l2tp',
      connection_name: 'pondesk-l2tp',
    });
    // Stored sealed: the row never holds the password in clear.
    const password = box.open(row.password_enc);
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/);
    expect(row.password_enc).not.toContain(password);
    expect(await secretsOf(tenantId)).toEqual([
      {
        id: expect.any(String),
        name: shortName(tenantId),
        password,
        service: 'l2tp',
        profile: PROFILE,
        disabled: false,
        comment: `PonDesk tenant ${tenantId}`,
        connected: false,
      },
    ]);

    expect(await account(tenantId, 'ensure')).toEqual({
      ok: true,
      value: { connected: false, changed: false },
    });
    expect(await rows(tenantId)).toEqual([row]);
    expect(await secretsOf(tenantId)).toHaveLength(1);
  });

  it('makes one secret and one row when several ensures of a tenant run at once', async () => {
    const tenantId = await tenant();
    const results = await Promise.all([1, 2, 3].map(() => account(tenantId, 'ensure')));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.value.changed)).toHaveLength(1);
    expect(await rows(tenantId)).toHaveLength(1);
    expect((await secretsOf(tenantId)).map((s) => s.name)).toEqual([shortName(tenantId)]);
  });

  it('puts a secret removed on the concentrator back with the stored password', async () => {
    const tenantId = await tenant();
    await account(tenantId, 'ensure');
    const [row] = await rows(tenantId);
    await onConcentrator(async (c) => {
      for (const secret of await readPppSecrets(c, { name: row.username }))
        await removePppSecret(c, secret.id);
    });
    expect(await secretsOf(tenantId)).toEqual([]);

    expect(await account(tenantId, 'ensure')).toEqual({
      ok: true,
      value: { connected: false, changed: false },
    });
    const [again] = await secretsOf(tenantId);
    expect(again).toMatchObject({
      name: row.username,
      password: box.open(row.password_enc),
      profile: PROFILE,
    });
    expect(await rows(tenantId)).toEqual([row]);
  });

  it("leaves another's secret of the same name alone and takes the next name", async () => {
    const tenantId = await tenant();
    await onConcentrator(async (c) => {
      await addPppSecret(c, {
        name: shortName(tenantId),
        password: 'someone-elses',
        service: 'l2tp',
        comment: 'branch office',
      });
    });
    expect(await account(tenantId, 'ensure')).toMatchObject({ ok: true, value: { changed: true } });
    const next = `pd-${tenantId.replace(/-/g, '').slice(0, 12)}`;
    expect((await rows(tenantId))[0].username).toBe(next);
    const byName = new Map((await secrets()).map((s) => [s.name, s]));
    expect(byName.get(shortName(tenantId))).toMatchObject({
      password: 'someone-elses',
      comment: 'branch office',
    });
    expect(byName.get(next)).toMatchObject({ comment: `PonDesk tenant ${tenantId}` });
  });

  it('takes over a secret the tenant left when its row was never written, with a new password', async () => {
    const tenantId = await tenant();
    await onConcentrator(async (c) => {
      await addPppSecret(c, {
        name: shortName(tenantId),
        password: 'left-behind',
        service: 'l2tp',
        comment: `PonDesk tenant ${tenantId}`,
      });
    });
    expect(await account(tenantId, 'ensure')).toEqual({
      ok: true,
      value: { connected: false, changed: true },
    });
    const [row] = await rows(tenantId);
    expect(row.username).toBe(shortName(tenantId));
    const [secret] = await secretsOf(tenantId);
    expect((await secretsOf(tenantId)).length).toBe(1);
    expect(secret.password).toBe(box.open(row.password_enc));
    expect(secret.password).not.toBe('left-behind');
  });

  it("reads whether the tenant's router is dialled in", async () => {
    const tenantId = await tenant();
    expect(await account(tenantId, 'status')).toEqual({
      ok: true,
      value: { connected: false, changed: false },
    });
    await account(tenantId, 'ensure');
    expect(await account(tenantId, 'status')).toEqual({
      ok: true,
      value: { connected: false, changed: false },
    });
    await sim.connectVpn(shortName(tenantId));
    expect(await account(tenantId, 'status')).toEqual({
      ok: true,
      value: { connected: true, changed: false },
    });
    expect(await account(tenantId, 'ensure')).toEqual({
      ok: true,
      value: { connected: true, changed: false },
    });
  });

  it("tests the OLT's ports only once the tenant's router is dialled in", async () => {
    const tenantId = await tenant();
    const payload = {
      tenantId,
      host: olt.host,
      ports: [
        { service: 'telnet', port: olt.telnetPort },
        { service: 'snmp', port: olt.snmpPort },
      ],
      community: olt.community,
    };
    const unknown = [
      { service: 'telnet', port: olt.telnetPort, state: 'unknown' },
      { service: 'snmp', port: olt.snmpPort, state: 'unknown' },
    ];
    // No account yet, then an account whose router has not dialled in.
    expect(await vpnTest(payload)).toEqual({ ok: false, message: 'Please Connect VPN', ports: unknown });
    await account(tenantId, 'ensure');
    expect(await vpnTest(payload)).toEqual({ ok: false, message: 'Please Connect VPN', ports: unknown });

    await sim.connectVpn(shortName(tenantId));
    expect(await vpnTest(payload)).toEqual({
      ok: true,
      message: 'Test Success',
      ports: [
        { service: 'telnet', port: olt.telnetPort, state: 'open' },
        { service: 'snmp', port: olt.snmpPort, state: 'open' },
      ],
    });
    // Without the community SNMP is not asked; a wrong one gets no answer.
    expect(await vpnTest({ ...payload, community: undefined })).toEqual({
      ok: true,
      message: 'Test Success',
      ports: [
        { service: 'telnet', port: olt.telnetPort, state: 'open' },
        { service: 'snmp', port: olt.snmpPort, state: 'unknown' },
      ],
    });
    const wrong = await vpnTest({ ...payload, community: 'not-the-community' });
    expect(wrong.ports).toEqual([
      { service: 'telnet', port: olt.telnetPort, state: 'open' },
      { service: 'snmp', port: olt.snmpPort, state: 'closed' },
    ]);

    // The tunnel goes down: the test says so again.
    await sim.disconnectVpn(shortName(tenantId));
    expect(await vpnTest(payload)).toEqual({ ok: false, message: 'Please Connect VPN', ports: unknown });
  });

  it('removes the secret, its session and the row; removing again changes nothing', async () => {
    const tenantId = await tenant();
    await account(tenantId, 'ensure');
    await sim.connectVpn(shortName(tenantId));
    expect(await account(tenantId, 'remove')).toEqual({
      ok: true,
      value: { connected: false, changed: true },
    });
    expect(await secretsOf(tenantId)).toEqual([]);
    expect((await sim.concentrator()).active.filter((s) => s.name === shortName(tenantId))).toEqual([]);
    expect(await rows(tenantId)).toEqual([]);
    expect(await account(tenantId, 'remove')).toEqual({
      ok: true,
      value: { connected: false, changed: false },
    });
  });

  it('answers concentrator trouble with a clear message, never a password, and stores nothing', async () => {
    const tenantId = await tenant();
    const dialled = await tenant();
    await account(dialled, 'ensure');
    await sim.connectVpn(shortName(dialled));
    await sim.setConcentratorFaults({ wrongPassword: true });
    try {
      const refused = await account(tenantId, 'ensure');
      expect(refused).toEqual({
        ok: false,
        code: 'DEVICE',
        error: expect.stringMatching(
          /^The VPN concentrator \(.+\) refused the platform's login: the platform operator must check VPN_CONCENTRATOR_USER and VPN_CONCENTRATOR_PASSWORD$/,
        ),
      });
      expect(JSON.stringify(refused)).not.toContain(concentratorPassword);
    } finally {
      await sim.setConcentratorFaults({ wrongPassword: false });
    }
    await sim.setConcentratorFaults({ down: true });
    try {
      const down = await account(tenantId, 'ensure');
      expect(down).toMatchObject({ ok: false, code: 'DEVICE' });
      expect(!down.ok && down.error).toMatch(/^The VPN concentrator \(.+\) could not be reached/);
      // The VPN test cannot tell whether the tunnel is up: it says why, and asks no port.
      const test = await vpnTest({
        tenantId: dialled,
        host: olt.host,
        ports: [{ service: 'telnet', port: olt.telnetPort }],
      });
      expect(test).toEqual({
        ok: false,
        message: expect.stringMatching(/^The VPN concentrator \(.+\) could not be reached/),
        ports: [{ service: 'telnet', port: olt.telnetPort, state: 'unknown' }],
      });
    } finally {
      await sim.setConcentratorFaults({ down: false });
    }
    expect(await rows(tenantId)).toEqual([]);
    expect(await secretsOf(tenantId)).toEqual([]);
  });
});
