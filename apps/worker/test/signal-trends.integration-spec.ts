import { DataSource } from 'typeorm';
import { createDataSource } from '@pondesk/server-database';
import { createMigratedDatabase, type TestDatabase } from '@pondesk/server-testing';
import { SignalTrendsService } from '../src/alerts/signal-trends.service';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The job's time of day (02:20 UTC); the newest rollup is the hour 01:00–02:00. */
const NOW = new Date('2031-03-10T02:20:00Z');
const LAST_HOUR = Date.parse('2031-03-10T01:00:00Z');

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The daily signal-trend job against a database of its own (its totals count every tenant): hourly rollups
 * seeded for a few ONUs, the service run as the job runs it, then the `onu_degradation` rows and the alerts.
 */
describe('signal trends (daily job)', () => {
  let database: TestDatabase;
  let db: DataSource;
  let service: SignalTrendsService;
  let tenantId: string;
  let offTenantId: string;
  let northOlt: string;
  let southOlt: string;
  let hiddenOlt: string;
  const onu: Record<string, string> = {};

  const insertTenant = async (name: string) =>
    (
      await db.query(`INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ($1, 'x') RETURNING id`, [name])
    )[0].id as string;
  const insertOlt = async (tenant: string, code: string, name: string, show = true) =>
    (
      await db.query(
        `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, status, show)
         VALUES ($1, $2, $3, '127.0.0.1', 'bdcom', 'epon', 'x', 'online', $4) RETURNING id`,
        [tenant, code, name, show],
      )
    )[0].id as string;
  const insertOnu = async (tenant: string, olt: string, ponPort: number, onuId: number) =>
    (
      await db.query(
        `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, rx_dbm)
         VALUES ($1, $2, $3, $4, $5, 'online', -24) RETURNING id`,
        [tenant, olt, ponPort, onuId, `EPON0/${ponPort}:${onuId}`],
      )
    )[0].id as string;
  /** Hourly rollups for `hours` hours ending at `lastHour`: `level(days since the first)` ± `noise`. */
  const seedRollups = async (
    tenant: string,
    ref: string,
    level: (d: number) => number,
    { hours = 7 * 24, lastHour = LAST_HOUR, noise = 0.05, seed = 1, firstIndex = 0 } = {},
  ) => {
    const random = prng(seed);
    const first = lastHour - (hours - 1) * HOUR;
    const at: Date[] = [];
    const rx: number[] = [];
    for (let i = 0; i < hours; i++) {
      at.push(new Date(first + i * HOUR));
      rx.push(level((firstIndex + i) / 24) + (random() * 2 - 1) * noise);
    }
    await db.query(
      `INSERT INTO onu_signal_hourly (onu_ref, hour, tenant_id, rx_min, rx_avg, rx_max, sample_count)
       SELECT $1, u.h, $2, u.rx - 0.2, u.rx, u.rx + 0.2, 12 FROM unnest($3::timestamptz[], $4::real[]) AS u(h, rx)`,
      [ref, tenant, at, rx],
    );
  };
  const degradation = async (tenant: string) =>
    (await db.query(
      `SELECT onu_ref, olt_id, slope_db_per_day, rx_dbm, to_char(projected_crossing_on, 'YYYY-MM-DD') AS crossing, computed_at
         FROM onu_degradation WHERE tenant_id = $1 ORDER BY slope_db_per_day`,
      [tenant],
    )) as {
      onu_ref: string;
      olt_id: string;
      slope_db_per_day: number;
      rx_dbm: number;
      crossing: string;
      computed_at: Date;
    }[];
  const alerts = async (tenant: string) =>
    (await db.query(
      `SELECT kind, dedup_key, state, olt_id, title, detail, opened_at FROM alert WHERE tenant_id = $1 ORDER BY dedup_key`,
      [tenant],
    )) as {
      kind: string;
      dedup_key: string;
      state: string;
      olt_id: string;
      title: string;
      detail: { count: number; worst: Record<string, unknown>[] };
    }[];

  beforeAll(async () => {
    database = await createMigratedDatabase('pondesk_trends');
    db = createDataSource(database.url);
    await db.initialize();
    service = new SignalTrendsService(db);

    tenantId = await insertTenant('Trends ISP');
    northOlt = await insertOlt(tenantId, 'NORTH', 'North OLT');
    southOlt = await insertOlt(tenantId, 'SOUTH', 'South OLT');
    hiddenOlt = await insertOlt(tenantId, 'GONE', 'Removed OLT', false);
    onu.declining = await insertOnu(tenantId, northOlt, 1, 1);
    onu.noisy = await insertOnu(tenantId, northOlt, 1, 2);
    onu.fast = await insertOnu(tenantId, southOlt, 2, 7);
    onu.hidden = await insertOnu(tenantId, hiddenOlt, 1, 1);
    // −0.1 dB/day from −23.5: −24.2 now, 28 days to −27 (7 April).
    await seedRollups(tenantId, onu.declining, (d) => -23.5 - 0.1 * d);
    // ±1 dB around −25 without a trend.
    await seedRollups(tenantId, onu.noisy, () => -25, { noise: 1, seed: 4 });
    // −0.2 dB/day from −22: −23.4 now, 18 days to −27 (28 March).
    await seedRollups(tenantId, onu.fast, (d) => -22 - 0.2 * d, { seed: 2 });
    // On an OLT no longer shown: not listed.
    await seedRollups(tenantId, onu.hidden, (d) => -23.5 - 0.1 * d, { seed: 3 });

    // A tenant that turned the rule off: its old list is emptied, nothing is raised.
    offTenantId = await insertTenant('Quiet ISP');
    const offOlt = await insertOlt(offTenantId, 'Q1', 'Quiet OLT');
    onu.off = await insertOnu(offTenantId, offOlt, 1, 1);
    await seedRollups(offTenantId, onu.off, (d) => -23.5 - 0.1 * d);
    await db.query(
      `INSERT INTO alert_rule (tenant_id, kind, enabled, min_duration_seconds, notify_recovery, params)
       VALUES ($1, 'signal-degrading', false, 0, false, '{}')`,
      [offTenantId],
    );
    await db.query(
      `INSERT INTO onu_degradation (onu_ref, tenant_id, olt_id, slope_db_per_day, rx_dbm, projected_crossing_on, computed_at)
       VALUES ($1, $2, $3, -0.5, -25, '2031-03-01', '2031-02-20T02:20:00Z')`,
      [onu.off, offTenantId, offOlt],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('lists the steadily declining ONUs and raises one alert per OLT', async () => {
    const result = await service.run(NOW);
    // The enabled tenant's three ONUs on shown OLTs get a trend; the hidden OLT's ONU is not read.
    expect(result).toEqual({ onus: 3, degrading: 2, alerts: 2 });

    const rows = await degradation(tenantId);
    expect(rows.map((r) => r.onu_ref)).toEqual([onu.fast, onu.declining]);
    const [fast, declining] = rows;
    expect(fast.olt_id).toBe(southOlt);
    expect(fast.slope_db_per_day).toBeCloseTo(-0.2, 1);
    expect(fast.rx_dbm).toBeCloseTo(-23.4, 1);
    // Hand-computed dates, give or take a day (the slope is fitted through the jitter).
    expect(Math.abs(Date.parse(fast.crossing) - Date.parse('2031-03-28'))).toBeLessThanOrEqual(DAY);
    expect(declining.olt_id).toBe(northOlt);
    expect(declining.slope_db_per_day).toBeCloseTo(-0.1, 1);
    expect(declining.rx_dbm).toBeCloseTo(-24.2, 1);
    expect(Math.abs(Date.parse(declining.crossing) - Date.parse('2031-04-07'))).toBeLessThanOrEqual(DAY);
    expect(declining.computed_at.toISOString()).toBe(NOW.toISOString());

    const raised = await alerts(tenantId);
    const byKey = (a: string[], b: string[]) => (a[0] < b[0] ? -1 : 1);
    expect(raised.map((a) => [a.dedup_key, a.olt_id, a.kind, a.state, a.title]).sort(byKey)).toEqual(
      [
        [
          `signal-degrading:${northOlt}:2031-03-10`,
          northOlt,
          'signal-degrading',
          'resolved',
          '1 ONU on North OLT losing signal',
        ],
        [
          `signal-degrading:${southOlt}:2031-03-10`,
          southOlt,
          'signal-degrading',
          'resolved',
          '1 ONU on South OLT losing signal',
        ],
      ].sort(byKey),
    );
    const north = raised.find((a) => a.olt_id === northOlt)!;
    expect(north.detail.count).toBe(1);
    expect(north.detail.worst).toEqual([
      {
        ponPort: 1,
        onuId: 1,
        ifName: 'EPON0/1:1',
        slopeDbPerDay: expect.closeTo(-0.1, 1) as number,
        projectedCrossingOn: declining.crossing,
      },
    ]);

    // The tenant with the rule off: list emptied, no alert.
    expect(await degradation(offTenantId)).toEqual([]);
    expect(await alerts(offTenantId)).toEqual([]);
  });

  it('raises nothing again the same day, and replaces the list', async () => {
    const later = new Date(NOW.getTime() + 3 * HOUR);
    expect(await service.run(later)).toEqual({ onus: 3, degrading: 2, alerts: 0 });
    expect(await alerts(tenantId)).toHaveLength(2);
    const rows = await degradation(tenantId);
    expect(rows.map((r) => r.onu_ref)).toEqual([onu.fast, onu.declining]);
    expect(rows.every((r) => r.computed_at.toISOString() === later.toISOString())).toBe(true);
  });

  it('groups an OLT’s ONUs into one alert, and raises it again the next day', async () => {
    // A day more of rollups; a second North ONU starts falling fast.
    onu.second = await insertOnu(tenantId, northOlt, 3, 4);
    await seedRollups(tenantId, onu.second, (d) => -21 - 0.4 * d, { lastHour: LAST_HOUR + DAY, seed: 5 });
    await seedRollups(tenantId, onu.declining, (d) => -23.5 - 0.1 * d, {
      hours: 24,
      lastHour: LAST_HOUR + DAY,
      firstIndex: 7 * 24,
      seed: 6,
    });
    await seedRollups(tenantId, onu.fast, (d) => -22 - 0.2 * d, {
      hours: 24,
      lastHour: LAST_HOUR + DAY,
      firstIndex: 7 * 24,
      seed: 7,
    });
    const next = new Date(NOW.getTime() + DAY);
    // The noisy ONU has no rollup in the last day now: no verdict for it.
    expect(await service.run(next)).toEqual({ onus: 3, degrading: 3, alerts: 2 });
    const raised = await alerts(tenantId);
    expect(raised).toHaveLength(4);
    const north = raised.find((a) => a.dedup_key === `signal-degrading:${northOlt}:2031-03-11`)!;
    expect(north.title).toBe('2 ONUs on North OLT losing signal');
    expect(north.detail.count).toBe(2);
    // Fastest falling first.
    expect(north.detail.worst.map((w) => w.ifName)).toEqual(['EPON0/3:4', 'EPON0/1:1']);
  });
});
