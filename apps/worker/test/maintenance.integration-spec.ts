import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { loadConfig } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import { testEnv } from '@pondesk/server-testing';
import { MaintenanceService } from '../src/maintenance/maintenance.service';

describe('partition maintenance (signal samples, session events)', () => {
  let db: DataSource;
  let maintenance: MaintenanceService;
  const tenantId = randomUUID();
  const oltId = randomUUID();
  const onu = randomUUID();

  beforeAll(async () => {
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    maintenance = new MaintenanceService(db, loadConfig(testEnv({ SAMPLE_RETENTION_DAYS: '90' })));
  });
  afterAll(() => db?.destroy());

  const insert = (at: string, rx: number) =>
    db.query(
      'INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm) VALUES ($1, $2, $3, $4, $5)',
      [onu, tenantId, oltId, at, rx],
    );

  it('creates monthly partitions ahead, drops months past retention and deletes the rest past it', async () => {
    const now = new Date('2031-06-15T12:00:00Z');
    const first = await maintenance.maintainPartitions(new Date('2031-01-10T00:00:00Z'));
    // Device logs have days (see the syslog tests); the months are under test here.
    const monthly = (names: string[]) => names.filter((n) => !n.startsWith('device_log'));
    // Session events are partitioned by month the same way (their retention, 180 days, drops nothing here).
    expect(monthly(first.created)).toEqual([
      'onu_signal_sample_y2031m01',
      'onu_signal_sample_y2031m02',
      'onu_signal_sample_y2031m03',
      'session_event_y2031m01',
      'session_event_y2031m02',
      'session_event_y2031m03',
    ]);
    await insert('2031-01-20T10:00:00Z', -20); // in a month that ends before the cutoff
    await insert('2031-03-10T10:00:00Z', -21); // cutoff (2031-03-17) falls in this month: deleted row by row
    await insert('2031-03-20T10:00:00Z', -22); // within retention
    const second = await maintenance.maintainPartitions(now);
    expect(monthly(second.created)).toEqual([
      'onu_signal_sample_y2031m06',
      'onu_signal_sample_y2031m07',
      'onu_signal_sample_y2031m08',
      'session_event_y2031m06',
      'session_event_y2031m07',
      'session_event_y2031m08',
    ]);
    expect(second.dropped.filter((t) => t.startsWith('session_event'))).toEqual([]);
    expect(second.dropped).toEqual(
      expect.arrayContaining(['onu_signal_sample_y2031m01', 'onu_signal_sample_y2031m02']),
    );
    expect(second.dropped).not.toContain('onu_signal_sample_y2031m03');
    const left: { sampled_at: Date }[] = await db.query(
      'SELECT sampled_at FROM onu_signal_sample WHERE onu_ref = $1 ORDER BY sampled_at',
      [onu],
    );
    expect(left.map((r) => r.sampled_at.toISOString())).toEqual(['2031-03-20T10:00:00.000Z']);
    // A second run in the same month changes nothing.
    expect(await maintenance.maintainPartitions(now)).toEqual({ created: [], dropped: [], deleted: 0 });
  });

  it('moves rows that reached the default partition into the month partition created later', async () => {
    const ref = randomUUID();
    await db.query(
      'INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm) VALUES ($1, $2, $3, $4, $5)',
      [ref, tenantId, oltId, '2032-02-03T00:00:00Z', -19],
    );
    const result = await maintenance.maintainPartitions(new Date('2032-02-10T00:00:00Z'));
    expect(result.created).toContain('onu_signal_sample_y2032m02');
    const where = await db.query(
      'SELECT tableoid::regclass::text AS part FROM onu_signal_sample WHERE onu_ref = $1',
      [ref],
    );
    expect(where).toEqual([{ part: 'onu_signal_sample_y2032m02' }]);
  });

  it('rolls up an hour into min/avg/max per ONU, re-runnably', async () => {
    const ref = randomUUID();
    for (const [at, rx] of [
      ['2031-03-21T08:05:00Z', -20],
      ['2031-03-21T08:35:00Z', -24],
      ['2031-03-21T09:01:00Z', -30],
    ] as const) {
      await db.query(
        'INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm) VALUES ($1, $2, $3, $4, $5)',
        [ref, tenantId, oltId, at, rx],
      );
    }
    for (let i = 0; i < 2; i++) await maintenance.rollup(new Date('2031-03-21T08:40:00Z'));
    const rows = await db.query(
      'SELECT hour, rx_min, rx_avg, rx_max, sample_count FROM onu_signal_hourly WHERE onu_ref = $1',
      [ref],
    );
    expect(rows).toEqual([
      { hour: new Date('2031-03-21T08:00:00Z'), rx_min: -24, rx_avg: -22, rx_max: -20, sample_count: 2 },
    ]);
  });
  it("leaves the rollups vacuumed, so a chart's hours come from the covering index alone", async () => {
    const ref = randomUUID();
    await db.query(
      `INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm)
       SELECT $1, $2, $3, timestamptz '2031-04-01T00:10:00Z' + h * interval '1 hour', -20 - h % 3
       FROM generate_series(0, 23) h`,
      [ref, tenantId, oltId],
    );
    for (let h = 0; h < 24; h++) await maintenance.rollup(new Date(Date.UTC(2031, 3, 1, h, 30)));
    // Planner costs differ on a table this small; the layout, not the plan choice, is under test.
    const explain = async () => {
      const plan: { 'QUERY PLAN': string }[] = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_bitmapscan = off');
        return tx.query(
          `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
           SELECT hour, rx_avg, rx_min, rx_max FROM onu_signal_hourly WHERE onu_ref = $1 AND hour >= $2`,
          [ref, '2031-04-01T00:00:00Z'],
        );
      });
      return plan.map((r) => r['QUERY PLAN']).join('\n');
    };
    // A vacuum marks a page all-visible only once no older transaction of the database is open, and the
    // other test files share this database. So, as the next hour's run would, the job runs again (it
    // rewrites its hour and vacuums) until one finds no such transaction; a job that did not vacuum would
    // leave the heap to be read however often it ran.
    let text = await explain();
    for (let tries = 0; tries < 20 && !text.includes('Heap Fetches: 0'); tries++) {
      await new Promise((r) => setTimeout(r, 250));
      await maintenance.rollup(new Date(Date.UTC(2031, 3, 1, 23, 30)));
      text = await explain();
    }
    expect(text).toContain('Index Only Scan using onu_signal_hourly_cover_idx');
    expect(text).toMatch(/actual rows=24 /);
    expect(text).toContain('Heap Fetches: 0');
  });
});

describe('session event partitions', () => {
  it('moves an event that reached the default partition into its month, keeping its id', async () => {
    const db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    try {
      const maintenance = new MaintenanceService(db, loadConfig(testEnv({})));
      const tenant = randomUUID();
      const [{ id }]: { id: string }[] = await db.query(
        `INSERT INTO session_event (tenant_id, received_at, pppoe_id, action) VALUES ($1, '2033-04-02T00:00:00Z', 'p@isp', 'down') RETURNING id::text`,
        [tenant],
      );
      const result = await maintenance.maintainPartitions(new Date('2033-04-05T00:00:00Z'));
      expect(result.created).toContain('session_event_y2033m04');
      const rows = await db.query(
        'SELECT id::text, tableoid::regclass::text AS part FROM session_event WHERE tenant_id = $1',
        [tenant],
      );
      expect(rows).toEqual([{ id, part: 'session_event_y2033m04' }]);
    } finally {
      await db.destroy();
    }
  });
});
