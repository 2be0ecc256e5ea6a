import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  addDaysToDay,
  billingDay,
  type ExpiryNotice,
  type OltDetail,
  type OltList,
  type OnuWriteStarted,
} from '@pondesk/contracts';
import {
  ApiClient,
  SimulatorProcess,
  createMigratedDatabase,
  registerAccount,
  startWorker,
  userWithCodes,
  waitFor,
  type RunningWorker,
  type TestAccount,
  type TestDatabase,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

const GPON = 'bdcom-gpon-billing';
type ErrorBody = { statusCode: number; message: string; code?: string };

/*
 * What a package's expiry changes, against the real API and worker and a simulated OLT: the banner's notices
 * (per-user OLT permissions, switches only with 2004), the OLT rows' expiry fields, and device actions
 * refused with 402 once the grace is over, while reads and polling go on.
 */
describe('package expiry', () => {
  let database: TestDatabase;
  let api: RunningApi;
  let worker: RunningWorker;
  let sim: SimulatorProcess;
  let client: ApiClient;
  let db: DataSource;
  let a: TestAccount;
  let b: TestAccount;
  let olt: OltDetail;
  let onus: string[] = [];
  // Relative to the day the test runs (Asia/Dhaka), as the API counts it.
  const today = billingDay();
  const day = (n: number) => addDaysToDay(today, n);

  const tenantOf = (x: TestAccount) => x.auth.user.tenantId!;
  const setExpiry = (id: string, expiresOn: string | null) =>
    db.query(`UPDATE olt SET expires_on = $2 WHERE id = $1`, [id, expiresOn]);
  /** An OLT row written directly (no device behind it, never polled): enough for the notices. */
  const storedOlt = async (owner: TestAccount, name: string, expiresOn: string | null, show = true) =>
    (
      (await db.query(
        `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, status, expires_on, show)
         VALUES ($1, $2, $3, '127.0.0.1', 'vsol', 'epon', 'x', 'unknown', $4, $5) RETURNING id`,
        [tenantOf(owner), `B-${randomUUID().slice(0, 8)}`, name, expiresOn, show],
      )) as { id: string }[]
    )[0].id;
  const storedSwitch = async (owner: TestAccount, name: string, expiresOn: string | null) =>
    (
      (await db.query(
        `INSERT INTO switch (tenant_id, name, ip, snmp_community_enc, brand, expires_on)
         VALUES ($1, $2, '127.0.0.1', 'x', 'cisco', $3) RETURNING id`,
        [tenantOf(owner), name, expiresOn],
      )) as { id: string }[]
    )[0].id;
  const notices = async (who: TestAccount) => {
    const res = await client.get<ExpiryNotice[]>('/billing/expiry-notices', who.token);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    sim = await SimulatorProcess.start([
      { name: GPON, brand: 'bdcom', mode: 'gpon', ponPorts: 1, onusPerPort: 8 },
    ]);
    // A database and queue namespace of this file's own: its worker polls and reboots this file's OLT only.
    database = await createMigratedDatabase('pondesk_it_billing_expiry');
    const env = { DATABASE_URL: database.url, REDIS_NAMESPACE: `pondesk:it-expiry-${randomUUID()}` };
    [api, worker] = await Promise.all([
      startApi(env),
      startWorker({ ...env, SNMP_TIMEOUT_MS: '3000', ONU_REBOOT_OFFLINE_WITHIN_SECONDS: '10' }),
    ]);
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    [a, b] = await Promise.all([registerAccount(client, 'expa'), registerAccount(client, 'expb')]);
    const d = await sim.device(GPON);
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name: 'Uttara-1',
        host: d.host,
        brand: 'bdcom',
        mode: 'gpon',
        snmpPort: d.snmpPort,
        snmpCommunity: d.community,
        telnetPort: d.telnetPort,
        username: d.username,
        password: d.password,
      },
      a.token,
    );
    expect(res.status).toBe(201);
    olt = res.body;
    await waitFor(
      async () =>
        ((await db.query(`SELECT onu_count FROM olt WHERE id = $1`, [olt.id])) as { onu_count: number }[])[0]
          .onu_count > 0,
      { timeoutMs: 30000, what: 'the first poll' },
    );
    onus = (
      (await db.query(
        `SELECT id FROM onu WHERE olt_id = $1 AND status = 'online' ORDER BY pon_port, onu_id`,
        [olt.id],
      )) as { id: string }[]
    ).map((r) => r.id);
    expect(onus.length).toBeGreaterThanOrEqual(3);
  }, 90000);

  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await sim?.stop();
    await database?.drop();
  });

  it('shows a never billed OLT as active, without an expiry', async () => {
    expect(olt).toMatchObject({ expiresOn: null, expiryState: 'active' });
    expect(await notices(a)).toEqual([]);
  });

  it("lists the banner's devices the user may see, soonest expiry first", async () => {
    const expired = await storedOlt(a, 'Banani', '2026-11-03');
    const grace = await storedOlt(a, 'Gulshan', day(-2));
    const expiring = await storedOlt(a, 'Mirpur', day(3));
    await storedOlt(a, 'Dhanmondi', day(30));
    await storedOlt(a, 'Demo', null);
    await storedOlt(a, 'Removed', '2026-11-01', false);
    const sw = await storedSwitch(a, 'Core switch', day(1));
    await storedSwitch(a, 'Edge switch', day(20));
    const elsewhere = await storedOlt(b, 'Other ISP OLT', '2026-11-02');

    expect(await notices(a)).toEqual([
      {
        targetType: 'olt',
        targetId: expired,
        name: 'Banani',
        expiresOn: '2026-11-03',
        state: 'expired',
        graceEndsOn: '2026-11-10',
      },
      {
        targetType: 'olt',
        targetId: grace,
        name: 'Gulshan',
        expiresOn: day(-2),
        state: 'grace',
        graceEndsOn: day(5),
      },
      {
        targetType: 'switch',
        targetId: sw,
        name: 'Core switch',
        expiresOn: day(1),
        state: 'expiring',
        graceEndsOn: day(8),
      },
      {
        targetType: 'olt',
        targetId: expiring,
        name: 'Mirpur',
        expiresOn: day(3),
        state: 'expiring',
        graceEndsOn: day(10),
      },
    ]);
    expect((await notices(b)).map((n) => n.targetId)).toEqual([elsewhere]);

    // Staff see the OLTs granted to them, and switches only with the switch list (2004).
    const oltStaff = await userWithCodes(client, a, [2006]);
    const grant = await client.put(
      `/users/${oltStaff.auth.user.id}/olt-permissions`,
      { action: 'add', oltIds: [grace] },
      a.token,
    );
    expect(grant.status).toBe(200);
    expect((await notices(oltStaff)).map((n) => n.name)).toEqual(['Gulshan']);
    const switchStaff = await userWithCodes(client, a, [2004]);
    expect((await notices(switchStaff)).map((n) => n.name)).toEqual(['Core switch']);

    expect((await client.get('/billing/expiry-notices')).status).toBe(401);
    await db.query(`UPDATE olt SET show = false WHERE id = ANY($1)`, [[expired, grace, expiring]]);
    await db.query(`UPDATE switch SET show = false WHERE id = $1`, [sw]);
  });

  it('lets device actions run during the grace', async () => {
    await setExpiry(olt.id, day(-3));
    const row = await client.get<OltDetail>(`/olts/${olt.id}`, a.token);
    expect(row.body).toMatchObject({ expiresOn: day(-3), expiryState: 'grace' });
    const res = await client.post<OnuWriteStarted>(`/onus/${onus[0]}/reboot`, {}, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, verification: 'watching' });
  });

  it('refuses device actions after the grace with 402, naming the OLT and the day; reads and polls go on', async () => {
    await setExpiry(olt.id, '2026-11-03');
    const refusal = {
      statusCode: 402,
      code: 'package-expired',
      message:
        "The package of OLT 'Uttara-1' expired on 3 Nov 2026. Renew it (OLT list → Billing) to reboot, delete or clear ONUs again.",
    };
    const reboot = await client.post<ErrorBody>(`/onus/${onus[1]}/reboot`, {}, a.token);
    expect(reboot.status).toBe(402);
    expect(reboot.body).toMatchObject(refusal);
    const clear = await client.post<ErrorBody>(`/onus/${onus[1]}/clear`, { acceptInferred: true }, a.token);
    expect(clear.status).toBe(402);
    expect(clear.body).toMatchObject(refusal);
    // Nothing was sent: no audited write, and the ONU is still stored.
    expect(
      await db.query(`SELECT action FROM audit_log WHERE entity_id = $1 AND action LIKE 'onu.%'`, [onus[1]]),
    ).toEqual([]);
    expect(await db.query(`SELECT id FROM onu WHERE id = $1`, [onus[1]])).toHaveLength(1);

    // Another tenant's ONU stays unknown: 404, not 402.
    expect((await client.post(`/onus/${onus[1]}/reboot`, {}, b.token)).status).toBe(404);
    expect((await client.post(`/onus/${onus[1]}/clear`, {}, b.token)).status).toBe(404);

    const list = await client.get<OltList>('/olts', a.token);
    expect(list.body.items.find((o) => o.id === olt.id)).toMatchObject({
      expiresOn: '2026-11-03',
      expiryState: 'expired',
    });
    expect((await client.post(`/onus/${onus[1]}/read-signal`, {}, a.token)).status).toBe(200);
    const before = (
      (await db.query(`SELECT last_polled_at FROM olt WHERE id = $1`, [olt.id])) as { last_polled_at: Date }[]
    )[0].last_polled_at;
    expect((await client.post(`/olts/${olt.id}/poll`, {}, a.token)).status).toBe(202);
    await waitFor(
      async () =>
        (
          (await db.query(`SELECT last_polled_at FROM olt WHERE id = $1`, [olt.id])) as {
            last_polled_at: Date | null;
          }[]
        )[0].last_polled_at! > before,
      { timeoutMs: 30000, what: 'a poll of the expired OLT' },
    );
  });

  it('lets device actions run on an OLT that was never billed', async () => {
    await setExpiry(olt.id, null);
    const res = await client.post<OnuWriteStarted>(`/onus/${onus[2]}/reboot`, {}, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, verification: 'watching' });
  });
});
