import { DataSource } from 'typeorm';
import { Permission, type DegradingOnuList } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import { ApiClient, registerAccount, userWithCodes, type TestAccount } from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

const COMPUTED_AT = '2031-03-10T02:20:00.000Z';

/**
 * The dashboard's Degrading list: the rows the daily signal-trend job leaves in `onu_degradation` (written
 * here directly; the job has its own test), fastest decline first, per tenant and per the user's OLTs.
 */
describe('GET /dashboard/degrading', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  let other: TestAccount;
  const olt = { alpha: '', beta: '', theirs: '' };

  async function createOlt(token: string, name: string): Promise<string> {
    const res = await client.post<{ id: string }>(
      '/olts',
      { name, host: '10.0.0.9', brand: 'bdcom', mode: 'gpon', snmpCommunity: 'c' },
      token,
    );
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  }

  /** An ONU and its degradation row. */
  async function degrading(
    tenantId: string,
    oltId: string,
    ponPort: number,
    onuId: number,
    slope: number,
    rx: number,
    crossing: string,
  ): Promise<string> {
    const [{ id }] = await db.query(
      `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, rx_dbm, description)
       VALUES ($1, $2, $3, $4, $5, 'online', $6, $7) RETURNING id`,
      [tenantId, oltId, ponPort, onuId, `GPON0/${ponPort}:${onuId}`, rx, `cust-${ponPort}-${onuId}`],
    );
    await db.query(
      `INSERT INTO onu_degradation (onu_ref, tenant_id, olt_id, slope_db_per_day, rx_dbm, projected_crossing_on, computed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, tenantId, oltId, slope, rx, crossing, COMPUTED_AT],
    );
    return id as string;
  }

  const list = (token: string, qs = '') => client.get<DegradingOnuList>(`/dashboard/degrading${qs}`, token);

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    [admin, other] = await Promise.all([registerAccount(client, 'dega'), registerAccount(client, 'degb')]);
    olt.alpha = await createOlt(admin.token, 'Alpha GPON');
    olt.beta = await createOlt(admin.token, 'Beta GPON');
    olt.theirs = await createOlt(other.token, 'Their GPON');
    const tenant = admin.auth.user.tenantId!;
    await degrading(tenant, olt.alpha, 1, 4, -0.1, -24.2, '2031-04-07');
    await degrading(tenant, olt.beta, 2, 9, -0.3, -24.1, '2031-03-20');
    await degrading(tenant, olt.alpha, 3, 1, -0.2, -23.4, '2031-03-28');
    await degrading(other.auth.user.tenantId!, olt.theirs, 1, 1, -0.5, -25, '2031-03-14');
  });

  afterAll(async () => {
    await db?.destroy();
    await api?.close();
  });

  it('lists the tenant’s degrading ONUs, fastest decline first, with their ONU and OLT', async () => {
    const { status, body } = await list(admin.token);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((i) => [i.oltName, i.ponPort, i.onuId])).toEqual([
      ['Beta GPON', 2, 9],
      ['Alpha GPON', 3, 1],
      ['Alpha GPON', 1, 4],
    ]);
    expect(body.items[0]).toEqual({
      onuRef: expect.any(String),
      oltId: olt.beta,
      oltName: 'Beta GPON',
      ponPort: 2,
      onuId: 9,
      ifName: 'GPON0/2:9',
      description: 'cust-2-9',
      rxDbm: expect.closeTo(-24.1, 3),
      slopeDbPerDay: expect.closeTo(-0.3, 3),
      projectedCrossingOn: '2031-03-20',
      computedAt: COMPUTED_AT,
    });
  });

  it('pages and filters by OLT', async () => {
    const second = await list(admin.token, '?page=2&pageSize=2');
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.items.map((i) => [i.ponPort, i.onuId])).toEqual([[1, 4]]);
    const alpha = await list(admin.token, `?oltId=${olt.alpha}`);
    expect(alpha.body.total).toBe(2);
    expect(alpha.body.items.every((i) => i.oltId === olt.alpha)).toBe(true);
  });

  it('keeps each tenant to its own rows', async () => {
    const theirs = await list(other.token);
    expect(theirs.body.total).toBe(1);
    expect(theirs.body.items[0].oltName).toBe('Their GPON');
    // Naming another tenant's OLT finds nothing.
    expect((await list(admin.token, `?oltId=${olt.theirs}`)).body).toMatchObject({ total: 0, items: [] });
  });

  it("respects the user's OLT permissions", async () => {
    const staff = await userWithCodes(client, admin, [Permission.Dashboard]);
    expect((await list(staff.token)).body).toMatchObject({ total: 0, items: [] });
    const granted = await client.put(
      `/users/${staff.auth.user.id}/olt-permissions`,
      { action: 'add', oltIds: [olt.beta] },
      admin.token,
    );
    expect(granted.status).toBe(200);
    const seen = await list(staff.token);
    expect(seen.body.total).toBe(1);
    expect(seen.body.items.map((i) => i.oltId)).toEqual([olt.beta]);
    expect((await list(staff.token, `?oltId=${olt.alpha}`)).body.total).toBe(0);
  });

  it('needs the dashboard permission', async () => {
    const noDashboard = await userWithCodes(client, admin, [Permission.OltList]);
    expect((await list(noDashboard.token)).status).toBe(403);
  });

  it('answers 400 naming the bad field', async () => {
    const badOlt = await client.get<{ fields: { field: string }[] }>(
      '/dashboard/degrading?oltId=nope',
      admin.token,
    );
    expect(badOlt.status).toBe(400);
    expect(badOlt.body.fields.map((f) => f.field)).toEqual(['oltId']);
    const badSize = await client.get<{ fields: { field: string }[] }>(
      '/dashboard/degrading?pageSize=1000',
      admin.token,
    );
    expect(badSize.status).toBe(400);
    expect(badSize.body.fields.map((f) => f.field)).toEqual(['pageSize']);
  });
});
