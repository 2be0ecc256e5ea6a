import { DataSource } from 'typeorm';
import { signalBand, type DashboardSummary, type OnuList, type SignalBandMembers } from '@pondesk/contracts';
import { createDataSource, refreshOltStats } from '@pondesk/server-database';
import { ApiClient, registerAccount, userWithCodes, type TestAccount } from '@pondesk/server-testing';
import { ONU_LIST_PATHS } from '../src/modules/onus/onus.service';
import { startApi, type RunningApi } from './support/test-app';

interface SeedOnu {
  ponPort: number;
  onuId: number;
  status: 'online' | 'offline';
  reason?: string;
  rx: number | null;
  description?: string;
}

const GPON: SeedOnu[] = [
  { ponPort: 1, onuId: 1, status: 'online', rx: -18.5, description: 'rahim@FiberNet' },
  { ponPort: 1, onuId: 2, status: 'online', rx: -24.2, description: 'karim_99' },
  { ponPort: 1, onuId: 3, status: 'offline', reason: 'los', rx: null, description: 'shop.12' },
  { ponPort: 2, onuId: 1, status: 'online', rx: -28.4, description: 'office-link' },
  { ponPort: 2, onuId: 2, status: 'online', rx: -31.0, description: 'far-away@isp' },
];
const EPON: SeedOnu[] = [
  { ponPort: 1, onuId: 1, status: 'offline', reason: 'power-off', rx: null, description: 'home-1' },
  { ponPort: 1, onuId: 2, status: 'online', rx: -22.0, description: 'home-2' },
];

describe('monitoring reads: dashboard and ONU list', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  let other: TestAccount;
  const olts: { gpon: string; epon: string } = { gpon: '', epon: '' };

  async function seed(oltId: string, tenantId: string, rows: SeedOnu[]) {
    for (const r of rows) {
      await db.query(
        `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, reason, rx_dbm, description, pppoe_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          tenantId,
          oltId,
          r.ponPort,
          r.onuId,
          `PON0/${r.ponPort}:${r.onuId}`,
          r.status,
          r.reason ?? null,
          r.rx,
          r.description ?? null,
          r.description ? [r.description] : [],
        ],
      );
    }
  }

  async function createOlt(token: string, name: string, mode: 'gpon' | 'epon'): Promise<string> {
    const res = await client.post<{ id: string }>(
      '/olts',
      { name, host: '10.0.0.9', brand: 'bdcom', mode, snmpCommunity: 'c' },
      token,
    );
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  }

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    [admin, other] = await Promise.all([registerAccount(client, 'mona'), registerAccount(client, 'monb')]);
    olts.gpon = await createOlt(admin.token, 'Alpha GPON', 'gpon');
    olts.epon = await createOlt(admin.token, 'Beta EPON', 'epon');
    await db.query('UPDATE olt SET pon_port_count = 8 WHERE id = $1', [olts.gpon]);
    await db.query('UPDATE olt SET pon_port_count = 4 WHERE id = $1', [olts.epon]);
    const tenantId = admin.auth.user.tenantId!;
    await seed(olts.gpon, tenantId, GPON);
    await seed(olts.epon, tenantId, EPON);
    // As a poll leaves them: the OLTs' stored figures follow their ONUs.
    await refreshOltStats(db, [olts.gpon, olts.epon]);
  });

  afterAll(async () => {
    await db?.destroy();
    await api?.close();
  });

  it('sums the dashboard from the stored ONUs', async () => {
    const { status, body } = await client.get<DashboardSummary>('/dashboard', admin.token);
    expect(status).toBe(200);
    const all = [...GPON, ...EPON];
    expect(body).toMatchObject({
      oltCount: 2,
      ponPortCount: 12,
      onuCount: 7,
      offlineOnuCount: 2,
      weakOnuCount: 3,
    });
    const expectedBands = Object.fromEntries(
      body.bands.map((b) => [b.key, all.filter((o) => signalBand(o.rx) === b.key).length]),
    );
    expect(Object.fromEntries(body.bands.map((b) => [b.key, b.count]))).toEqual(expectedBands);
    expect(body.portUsage.gpon).toEqual([
      {
        oltId: olts.gpon,
        oltName: 'Alpha GPON',
        ports: [
          { ponPort: 1, count: 3 },
          { ponPort: 2, count: 2 },
        ],
      },
    ]);
    expect(body.portUsage.epon[0].ports).toEqual([{ ponPort: 1, count: 2 }]);
    expect(body.olts.find((o) => o.oltId === olts.gpon)).toMatchObject({
      dataPortCount: 8,
      below28: 2,
      below30: 1,
    });
  });

  it('lists the members of a band, weakest first, and names a bad band', async () => {
    const weak = await client.get<SignalBandMembers>('/dashboard/band-members?band=weak', admin.token);
    expect(weak.body.items.map((i) => i.rxDbm)).toEqual([-28.4]);
    expect(weak.body.items[0]).toMatchObject({
      oltName: 'Alpha GPON',
      ponPort: 2,
      pppoeIds: ['office-link'],
    });
    const bad = await client.get<{ fields: { field: string }[] }>(
      '/dashboard/band-members?band=purple',
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('band');
  });

  it('filters, searches, sorts and pages the ONU list on the server', async () => {
    const port = await client.get<OnuList>(
      `/onus?oltId=${olts.gpon}&ponPort=1&sort=rx&order=desc`,
      admin.token,
    );
    expect(port.body.items.map((o) => o.onuId)).toEqual([1, 2, 3]); // nulls last
    expect(port.body.counts).toMatchObject({
      total: 3,
      online: 2,
      offline: 1,
      reasons: { los: 1, 'power-off': 0 },
    });
    const search = await client.get<OnuList>('/onus?search=FIBERNET', admin.token);
    expect(search.body.items.map((o) => o.description)).toEqual(['rahim@FiberNet']);
    const paged = await client.get<OnuList>('/onus?sort=rx&order=asc&page=2&pageSize=2', admin.token);
    expect(paged.body).toMatchObject({ total: 7, page: 2, pageSize: 2 });
    expect(paged.body.items.map((o) => o.rxDbm)).toEqual([-24.2, -22]);
    const offline = await client.get<OnuList>('/onus?reason=power-off', admin.token);
    expect(offline.body.items.map((o) => o.oltName)).toEqual(['Beta EPON']);
  });

  it('shows a staff user only the OLTs granted to them, and another tenant nothing', async () => {
    const staff = await userWithCodes(client, admin, [2007, 2008]);
    expect((await client.get<OnuList>('/onus', staff.token)).body.total).toBe(0);
    const grant = await client.put(
      `/users/${staff.auth.user.id}/olt-permissions`,
      { action: 'add', oltIds: [olts.epon] },
      admin.token,
    );
    expect(grant.status).toBe(200);
    const list = await client.get<OnuList>('/onus', staff.token);
    expect(list.body.items.every((o) => o.oltId === olts.epon)).toBe(true);
    expect(list.body.total).toBe(2);
    expect((await client.get<DashboardSummary>('/dashboard', staff.token)).body).toMatchObject({
      oltCount: 1,
      onuCount: 2,
    });
    expect((await client.get<OnuList>('/onus', other.token)).body.total).toBe(0);
    expect((await client.get<DashboardSummary>('/dashboard', other.token)).body.oltCount).toBe(0);
  });

  it('counts from the ONUs themselves an OLT whose figures are not stored yet, with the same answers', async () => {
    const paths = [
      '/dashboard',
      '/onus?sort=olt&page=1&pageSize=3',
      '/onus?sort=olt&order=desc&page=2&pageSize=3',
      `/onus?oltId=${olts.gpon}&ponPort=1`,
      '/onus?status=offline',
    ];
    const stored = await Promise.all(paths.map((p) => client.get(p, admin.token)));
    await db.query("UPDATE olt SET onu_stats = '{}' WHERE id = $1", [olts.epon]);
    try {
      const counted = await Promise.all(paths.map((p) => client.get(p, admin.token)));
      expect(counted.map((r) => r.body)).toEqual(stored.map((r) => r.body));
    } finally {
      await refreshOltStats(db, [olts.epon]);
    }
  });
  it('searches what the ONUs hold now: an edit, a status change and a removal, by either path', async () => {
    const gatherAtFirst = ONU_LIST_PATHS.gatherAtMost;
    // The ONUs found, and the header counts, by gathering (the search table) and by walking (the ONUs).
    const search = async (q: string) => {
      const found: { ids: string[]; counts: OnuList['counts']; total: number }[] = [];
      for (const gatherAtMost of [gatherAtFirst, 0]) {
        ONU_LIST_PATHS.gatherAtMost = gatherAtMost;
        const res = await client.get<OnuList>(`/onus?search=${encodeURIComponent(q)}&sort=rx`, admin.token);
        expect(res.status).toBe(200);
        found.push({ ids: res.body.items.map((o) => o.id), counts: res.body.counts, total: res.body.total });
      }
      ONU_LIST_PATHS.gatherAtMost = gatherAtFirst;
      expect(found[1]).toEqual(found[0]);
      return found[0];
    };
    try {
      const [{ id }]: { id: string }[] = await db.query(
        "SELECT id FROM onu WHERE olt_id = $1 AND description = 'office-link'",
        [olts.gpon],
      );
      expect((await search('office-link')).ids).toEqual([id]);

      // Each change is written as every writer of ONUs writes it (the poll, Update Data, Delete): with the
      // OLT's figures recounted in the same transaction. Counted searches last until that happens.
      const write = async (sql: string) => {
        await db.transaction(async (tx) => {
          await tx.query(sql, [id]);
          await refreshOltStats(tx, [olts.gpon]);
        });
      };
      await write(
        "UPDATE onu SET description = 'clinic@Skynet', pppoe_ids = '{clinic@skynet}' WHERE id = $1",
      );
      expect(await search('office-link')).toMatchObject({ ids: [], total: 0 });
      expect(await search('SKYNET')).toMatchObject({ ids: [id], total: 1, counts: { online: 1 } });
      // The sorts on what seldom changes read the search table too: the edit moves the ONU to the top.
      for (const gatherAtMost of [gatherAtFirst, 0]) {
        ONU_LIST_PATHS.gatherAtMost = gatherAtMost;
        const sorted = await client.get<OnuList>('/onus?sort=description', admin.token);
        expect(sorted.body.items[0]).toMatchObject({ id, description: 'clinic@Skynet' });
      }
      ONU_LIST_PATHS.gatherAtMost = gatherAtFirst;

      await write("UPDATE onu SET status = 'offline', reason = 'los', rx_dbm = NULL WHERE id = $1");
      expect(await search('skynet')).toMatchObject({
        ids: [id],
        counts: { total: 1, online: 0, offline: 1, reasons: { los: 1 } },
      });

      await write('DELETE FROM onu WHERE id = $1');
      expect(await search('skynet')).toMatchObject({ ids: [], total: 0 });
      // Another tenant's search never reaches these ONUs.
      const theirs = await client.get<OnuList>('/onus?search=home', other.token);
      expect(theirs.body).toMatchObject({ items: [], total: 0 });
    } finally {
      ONU_LIST_PATHS.gatherAtMost = gatherAtFirst;
    }
  });
});
