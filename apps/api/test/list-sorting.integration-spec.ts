import { DataSource } from 'typeorm';
import {
  OLT_SORTS,
  ONU_SORTS,
  type OltList,
  type OltSort,
  type OnuList,
  type OnuSort,
} from '@pondesk/contracts';
import { createDataSource, refreshOltStats } from '@pondesk/server-database';
import { ApiClient, registerAccount, userWithCodes, type TestAccount } from '@pondesk/server-testing';
import { ONU_LIST_PATHS } from '../src/modules/onus/onus.service';
import { startApi, type RunningApi } from './support/test-app';

/**
 * Every sortable list route, sorted by every column of its contract's sort enum in both directions,
 * against orders worked out here from hand-seeded rows. Text values are plain lower-case words so the
 * expected order does not hang on the database's collation; blanks (null) sort last both ways.
 */

type Key = string | number | null;
type Order = 'asc' | 'desc';

/** Sorts labels by their keys (compared in turn), blanks last in both directions. */
function expectedOrder<T>(rows: T[], keys: (r: T) => Key[], order: Order): T[] {
  const cmp = (a: Key, b: Key): number => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    const c = a < b ? -1 : 1;
    return order === 'asc' ? c : -c;
  };
  return [...rows].sort((x, y) => {
    const kx = keys(x);
    const ky = keys(y);
    for (let i = 0; i < kx.length; i++) {
      const c = cmp(kx[i], ky[i]);
      if (c) return c;
    }
    return 0;
  });
}

interface SeedOlt {
  name: string;
  code: string;
  host: string;
  branch: string | null;
  mikrotikHost: string | null;
  status: 'online' | 'offline' | 'unknown';
  createdAt: string;
}

// Each OLT differs from the others in every sortable column.
const OLTS: SeedOlt[] = [
  {
    name: 'Charlie',
    code: 'olt-k',
    host: '127.0.0.13',
    branch: 'north',
    mikrotikHost: null,
    status: 'online',
    createdAt: '2026-01-03T00:00:00Z',
  },
  {
    name: 'alpha',
    code: 'olt-m',
    host: '127.0.0.12',
    branch: null,
    mikrotikHost: '127.0.1.2',
    status: 'offline',
    createdAt: '2026-01-01T00:00:00Z',
  },
  {
    name: 'Bravo',
    code: 'olt-a',
    host: '127.0.0.14',
    branch: 'east',
    mikrotikHost: '127.0.1.1',
    status: 'unknown',
    createdAt: '2026-01-04T00:00:00Z',
  },
  {
    name: 'delta',
    code: 'olt-z',
    host: '127.0.0.11',
    branch: 'west',
    mikrotikHost: '127.0.1.3',
    status: 'online',
    createdAt: '2026-01-02T00:00:00Z',
  },
];

interface SeedOnu {
  olt: number;
  ponPort: number;
  onuId: number;
  vendor: string | null;
  description: string | null;
  distance: number | null;
  status: 'online' | 'offline';
  rx: number | null;
  tx: number | null;
  lastSeen: string | null;
}

// Three, one, two and no ONUs on the four OLTs (so their ONU counts differ), with ONU ids distinct
// across the fleet; values differ per column apart from the blanks and the two statuses.
const ONUS: SeedOnu[] = [
  {
    olt: 0,
    ponPort: 1,
    onuId: 4,
    vendor: 'zte',
    description: 'mango',
    distance: 1200,
    status: 'online',
    rx: -21.5,
    tx: 2.1,
    lastSeen: '2026-02-01T10:00:00Z',
  },
  {
    olt: 0,
    ponPort: 1,
    onuId: 2,
    vendor: null,
    description: 'Apple',
    distance: null,
    status: 'offline',
    rx: null,
    tx: null,
    lastSeen: null,
  },
  {
    olt: 0,
    ponPort: 3,
    onuId: 7,
    vendor: 'Bdcom',
    description: null,
    distance: 300,
    status: 'online',
    rx: -27.25,
    tx: 1.4,
    lastSeen: '2026-02-01T12:00:00Z',
  },
  {
    olt: 3,
    ponPort: 2,
    onuId: 1,
    vendor: 'huawei',
    description: 'kiwi',
    distance: 4500,
    status: 'online',
    rx: -18,
    tx: 3,
    lastSeen: '2026-02-01T09:00:00Z',
  },
  {
    olt: 2,
    ponPort: 1,
    onuId: 5,
    vendor: 'cdata',
    description: 'banana',
    distance: 50,
    status: 'offline',
    rx: -30.5,
    tx: 0.5,
    lastSeen: '2026-01-30T08:00:00Z',
  },
  {
    olt: 3,
    ponPort: 4,
    onuId: 3,
    vendor: '',
    description: '',
    distance: 2000,
    status: 'online',
    rx: -24,
    tx: -0.5,
    lastSeen: '2026-02-01T11:00:00Z',
  },
];

const blank = (s: string | null): string | null => (s ? s.toLowerCase() : null);

const ONU_KEYS: Record<OnuSort, (o: SeedOnu) => Key[]> = {
  olt: (o) => [OLTS[o.olt].name, o.ponPort, o.onuId],
  ponPort: (o) => [o.ponPort, o.onuId],
  onuId: (o) => [o.onuId],
  vendor: (o) => [blank(o.vendor)],
  distance: (o) => [o.distance],
  description: (o) => [blank(o.description)],
  status: (o) => [o.status],
  rx: (o) => [o.rx],
  tx: (o) => [o.tx],
  // An online ONU is being seen: it sorts as the latest of all, whatever its row's time.
  lastSeen: (o) => [o.status === 'online' ? '9999-12-31' : o.lastSeen],
};

const onuCountOf = (i: number) => ONUS.filter((o) => o.olt === i).length;
const OLT_KEYS: Record<OltSort, (o: SeedOlt, i: number) => Key[]> = {
  name: (o) => [o.name.toLowerCase()],
  code: (o) => [o.code],
  host: (o) => [o.host],
  status: (o) => [o.status],
  branch: (o) => [o.branch],
  mikrotikHost: (o) => [o.mikrotikHost],
  onuCount: (_o, i) => [onuCountOf(i)],
  createdAt: (o) => [o.createdAt],
};

describe('list sorting: every column of every sortable list, both ways', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  const oltIds: string[] = [];

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    admin = await registerAccount(client, 'sorts');
    const tenantId = admin.auth.user.tenantId!;
    const branchIds = new Map<string, string>();
    for (const name of ['north', 'east', 'west']) {
      const res = await client.post<{ id: string }>('/branches', { name }, admin.token);
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      branchIds.set(name, res.body.id);
    }
    for (const o of OLTS) {
      const res = await client.post<{ id: string }>(
        '/olts',
        {
          name: o.name,
          code: o.code,
          host: o.host,
          brand: 'bdcom',
          mode: 'gpon',
          snmpCommunity: 'c',
          ...(o.branch ? { branchId: branchIds.get(o.branch) } : {}),
          ...(o.mikrotikHost ? { mikrotikHost: o.mikrotikHost } : {}),
        },
        admin.token,
      );
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      oltIds.push(res.body.id);
      await db.query('UPDATE olt SET status = $2, created_at = $3 WHERE id = $1', [
        res.body.id,
        o.status,
        o.createdAt,
      ]);
    }
    for (const n of ONUS) {
      await db.query(
        `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, reason, rx_dbm, tx_dbm,
                          distance_m, vendor, description, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          tenantId,
          oltIds[n.olt],
          n.ponPort,
          n.onuId,
          `GPON0/${n.ponPort}:${n.onuId}`,
          n.status,
          n.status === 'offline' ? 'los' : null,
          n.rx,
          n.tx,
          n.distance,
          n.vendor,
          n.description,
          n.lastSeen,
        ],
      );
    }
    await refreshOltStats(db, oltIds);
  });

  afterAll(async () => {
    await db?.destroy();
    await api?.close();
  });

  const label = (o: SeedOnu) => `${OLTS[o.olt].name}/${o.ponPort}:${o.onuId}`;

  // Small pages are gathered and sorted, larger ones found by walking the sort index: both, on these rows.
  describe.each([
    ['/onus', 'gathered', ONU_LIST_PATHS.gatherAtMost],
    ['/onus', 'walked', 0],
    ['/olt-ports/onus', 'gathered', ONU_LIST_PATHS.gatherAtMost],
    ['/olt-ports/onus', 'walked', 0],
  ])('GET %s (%s)', (route, _path, gatherAtMost) => {
    const gatherAtFirst = ONU_LIST_PATHS.gatherAtMost;
    beforeAll(() => {
      ONU_LIST_PATHS.gatherAtMost = gatherAtMost;
    });
    afterAll(() => {
      ONU_LIST_PATHS.gatherAtMost = gatherAtFirst;
    });

    it.each(ONU_SORTS.flatMap((s) => (['asc', 'desc'] as const).map((o) => [s, o] as const)))(
      'sort=%s order=%s',
      async (sort, order) => {
        const res = await client.get<OnuList>(
          `${route}?sort=${sort}&order=${order}&pageSize=100`,
          admin.token,
        );
        expect(res.status).toBe(200);
        const got = res.body.items.map((r) => `${r.oltName}/${r.ponPort}:${r.onuId}`);
        const want = expectedOrder(ONUS, ONU_KEYS[sort], order);
        // Compared by the sort keys, so rows whose keys tie (two blanks) may come either way round.
        expect(got.map((l) => ONU_KEYS[sort](ONUS.find((o) => label(o) === l)!))).toEqual(
          want.map(ONU_KEYS[sort]),
        );
        expect([...got].sort()).toEqual(ONUS.map(label).sort());
      },
    );

    it.each(ONU_SORTS.flatMap((s) => (['asc', 'desc'] as const).map((o) => [s, o] as const)))(
      'pages sort=%s order=%s exactly as one long page, the later pages read from the far end',
      async (sort, order) => {
        const whole = await client.get<OnuList>(
          `${route}?sort=${sort}&order=${order}&pageSize=100`,
          admin.token,
        );
        const size = 3;
        const pages = await Promise.all(
          Array.from({ length: Math.ceil(ONUS.length / size) + 1 }, (_, i) =>
            client.get<OnuList>(
              `${route}?sort=${sort}&order=${order}&pageSize=${size}&page=${i + 1}`,
              admin.token,
            ),
          ),
        );
        expect(pages.every((p) => p.status === 200)).toBe(true);
        expect(pages.flatMap((p) => p.body.items.map((r) => r.id))).toEqual(
          whole.body.items.map((r) => r.id),
        );
        expect(pages.at(-1)!.body).toMatchObject({ items: [], total: ONUS.length });
      },
    );

    it('pages a sort by description without losing or repeating a row', async () => {
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          client.get<OnuList>(`${route}?sort=description&order=desc&pageSize=2&page=${page}`, admin.token),
        ),
      );
      const got = pages.flatMap((p) => p.body.items.map((r) => `${r.oltName}/${r.ponPort}:${r.onuId}`));
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      expect(got.slice(0, 4)).toEqual(
        expectedOrder(ONUS, ONU_KEYS.description, 'desc').slice(0, 4).map(label),
      );
      expect([...got].sort()).toEqual(ONUS.map(label).sort());
    });
  });

  describe('GET /olts', () => {
    it.each(OLT_SORTS.flatMap((s) => (['asc', 'desc'] as const).map((o) => [s, o] as const)))(
      'sort=%s order=%s',
      async (sort, order) => {
        const res = await client.get<OltList>(`/olts?sort=${sort}&order=${order}&pageSize=100`, admin.token);
        expect(res.status).toBe(200);
        const keysOf = ({ o, i }: { o: SeedOlt; i: number }) => OLT_KEYS[sort](o, i);
        const indexed = OLTS.map((o, i) => ({ o, i }));
        const got = res.body.items.map((r) => indexed.find(({ o }) => o.name === r.name)!);
        // By keys: two OLTs share a status, and those two may come either way round.
        expect(got.map(keysOf)).toEqual(expectedOrder(indexed, keysOf, order).map(keysOf));
        expect(got.map(({ o }) => o.name).sort()).toEqual(OLTS.map((o) => o.name).sort());
      },
    );
  });

  it('filters the ONU lists to the weak signals by the one bound rule (-24.00 counts as 24+)', async () => {
    const want = (dbm: number) =>
      ONUS.filter((o) => o.rx !== null && o.rx <= dbm)
        .map(label)
        .sort();
    for (const [signal, dbm] of [
      ['weak24', -24],
      ['below28', -28],
      ['below30', -30],
    ] as const) {
      const res = await client.get<OnuList>(`/onus?signal=${signal}&pageSize=100`, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.items.map((r) => `${r.oltName}/${r.ponPort}:${r.onuId}`).sort()).toEqual(want(dbm));
      expect(res.body.total).toBe(want(dbm).length);
      expect(res.body.counts.total).toBe(want(dbm).length);
    }
    // Hand-counted: -24, -27.25 and -30.5 dBm; -30.5 is the only offline one.
    const weak = await client.get<OnuList>('/olt-ports/onus?signal=weak24&status=offline', admin.token);
    expect(weak.body.items.map((r) => r.rxDbm)).toEqual([-30.5]);
    const summary = await client.get<{ weakOnuCount: number }>('/dashboard', admin.token);
    expect(summary.body.weakOnuCount).toBe(3);
  });

  it('answers 400 naming the field for a signal filter it does not know', async () => {
    const res = await client.get<{ fields?: { field: string }[] }>('/onus?signal=-24', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.fields?.map((f) => f.field)).toEqual(['signal']);
  });

  it('lets staff add an OLT only with Olt List (2006), and keeps the one they add in their sight', async () => {
    const body = { name: 'Echo', host: '127.0.0.15', brand: 'bdcom', mode: 'gpon', snmpCommunity: 'c' };
    const viewer = await userWithCodes(client, admin, [2007, 2008]);
    expect((await client.post('/olts', body, viewer.token)).status).toBe(403);
    const adder = await userWithCodes(client, admin, [2006]);
    expect((await client.get<OltList>('/olts', adder.token)).body.total).toBe(0);
    const created = await client.post<{ id: string }>('/olts', body, adder.token);
    expect(created.status).toBe(201);
    const seen = await client.get<OltList>('/olts', adder.token);
    expect(seen.body.items.map((o) => o.name)).toEqual(['Echo']);
    expect((await client.get(`/olts/${created.body.id}`, adder.token)).status).toBe(200);
    // Others without Admin still do not see it.
    const other = await userWithCodes(client, admin, [2006]);
    expect((await client.get<OltList>('/olts', other.token)).body.total).toBe(0);
    await db.query('UPDATE olt SET show = false WHERE id = $1', [created.body.id]);
  });

  it("keeps a hidden OLT's ONUs out of every order, and pages a search in OLT order as one long page", async () => {
    const hidden = await client.post<{ id: string }>(
      '/olts',
      { name: 'Hidden', host: '127.0.0.16', brand: 'bdcom', mode: 'gpon', snmpCommunity: 'c' },
      admin.token,
    );
    expect(hidden.status).toBe(201);
    await db.query(
      `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, description, distance_m, last_seen_at)
       VALUES ($1, $2, 1, 99, 'GPON0/1:99', 'offline', 'mango hidden', 10, '2026-02-02T00:00:00Z')`,
      [admin.auth.user.tenantId, hidden.body.id],
    );
    await refreshOltStats(db, [hidden.body.id]);
    await db.query('UPDATE olt SET show = false WHERE id = $1', [hidden.body.id]);
    try {
      for (const sort of ONU_SORTS)
        for (const order of ['asc', 'desc']) {
          const res = await client.get<OnuList>(
            `/onus?sort=${sort}&order=${order}&pageSize=100`,
            admin.token,
          );
          expect(res.body.total).toBe(ONUS.length);
          expect(res.body.items.map((r) => r.oltId)).not.toContain(hidden.body.id);
        }
      // 'an' is in two descriptions (mango, banana) and the hidden ONU's.
      const matching = ONUS.filter((o) => /an/.test(o.description ?? ''));
      const want = expectedOrder(matching, ONU_KEYS.olt, 'asc').map(label);
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          client.get<OnuList>(`/onus?search=an&sort=olt&pageSize=1&page=${page}`, admin.token),
        ),
      );
      expect(pages.map((p) => p.body.total)).toEqual([2, 2, 2]);
      expect(pages.flatMap((p) => p.body.items.map((r) => `${r.oltName}/${r.ponPort}:${r.onuId}`))).toEqual(
        want,
      );
    } finally {
      await db.query('DELETE FROM onu WHERE olt_id = $1', [hidden.body.id]);
    }
  });

  it('answers 400 naming the field for a sort no list has', async () => {
    for (const path of ['/onus?sort=nope', '/olt-ports/onus?sort=nope', '/olts?sort=nope']) {
      const res = await client.get<{ fields?: { field: string }[] }>(path, admin.token);
      expect(res.status).toBe(400);
      expect(res.body.fields?.map((f) => f.field)).toContain('sort');
    }
  });
});
