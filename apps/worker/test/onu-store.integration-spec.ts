import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, onuLastSeenSql } from '@pondesk/server-database';
import { OnuStore } from '../src/polling/onu-store.service';
import type { PolledOnu } from '../src/polling/poll-diff';

/** A reading as a driver gives it; the values are typed here, not taken from the code under test. */
const onu = (onuId: number, over: Partial<PolledOnu> = {}): PolledOnu => ({
  ponPort: 1,
  onuId,
  ifName: `EPON0/1:${onuId}`,
  mac: `a0:94:6a:00:00:0${onuId}`,
  serial: null,
  description: `user${onuId}@isp`,
  status: 'online',
  reason: null,
  reasonRaw: null,
  rxDbm: -20,
  txDbm: 2.5,
  temperatureC: 40,
  voltageV: 3.3,
  biasMa: 12,
  distanceM: 1200,
  vendor: 'BDCM',
  model: 'P1501C1',
  ...over,
});

describe('ONU store: a poll rewrites only the ONUs that moved', () => {
  let db: DataSource;
  let store: OnuStore;
  const olt = { id: randomUUID(), tenantId: randomUUID() };
  const t1 = new Date('2031-05-01T10:00:00Z');
  const t2 = new Date('2031-05-01T10:02:00Z');
  const t3 = new Date('2031-05-01T10:04:00Z');

  beforeAll(async () => {
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    store = new OnuStore(db);
    await db.query(
      `INSERT INTO olt (id, tenant_id, code, name, host, brand, mode, snmp_community_enc, status)
       VALUES ($1, $2, 'STORE-1', 'Store test OLT', '127.0.0.1', 'bdcom', 'epon', 'x', 'online')`,
      [olt.id, olt.tenantId],
    );
  });
  afterAll(() => db?.destroy());

  /** Each ONU's row with its row version (xmin changes whenever the row is written). */
  const rows = async () =>
    new Map(
      (
        (await db.query(
          `SELECT onu_id, xmin::text AS version, xmax::text AS locker, status, reason, rx_dbm, temperature_c, last_seen_at
           FROM onu WHERE olt_id = $1`,
          [olt.id],
        )) as {
          onu_id: number;
          version: string;
          /** The last transaction that locked the row; an upsert that only checks a row locks it. */
          locker: string;
          status: string;
          reason: string | null;
          rx_dbm: number;
          temperature_c: number | null;
          last_seen_at: Date | null;
        }[]
      ).map((r) => [r.onu_id, r]),
    );

  it('leaves readings within the deadband alone, writes moved ones, and dates a drop by the last good poll', async () => {
    await store.applyPoll(olt, [onu(1), onu(2), onu(3), onu(4)], t1, 100, 1);
    const before = await rows();
    expect(before.size).toBe(4);

    const second = await store.applyPoll(
      olt,
      [
        // Hundredths of a dB and a few tenths of a degree: the same reading.
        onu(1, { rxDbm: -20.04, txDbm: 2.53, temperatureC: 40.4, voltageV: 3.32, biasMa: 12.5 }),
        // A quarter of a dB: a new reading.
        onu(2, { rxDbm: -20.25 }),
        onu(3, { status: 'offline', reason: 'los', reasonRaw: 'LOS', rxDbm: null, txDbm: null }),
        onu(4, { description: 'renamed@isp' }),
      ],
      t2,
      100,
      1,
    );
    const after = await rows();
    // Not rewritten, and not even sent: an upsert that checked and skipped it would have locked it.
    expect(after.get(1)).toEqual(before.get(1));
    expect(after.get(1)?.locker).toBe('0');
    expect(after.get(2)?.version).not.toBe(before.get(2)?.version);
    expect(after.get(2)?.rx_dbm).toBeCloseTo(-20.25, 5);
    expect(after.get(3)).toMatchObject({ status: 'offline', reason: 'los', last_seen_at: t1 });
    expect(after.get(4)?.version).not.toBe(before.get(4)?.version);
    expect(second.changes).toEqual([
      expect.objectContaining({ ponPort: 1, onuId: 3, from: 'online', to: 'offline', reason: 'los', at: t2 }),
    ]);
    const [o] = await db.query('SELECT last_polled_at, last_good_poll_at FROM olt WHERE id = $1', [olt.id]);
    expect(o).toEqual({ last_polled_at: t2, last_good_poll_at: t2 });
  });

  // Then no indexed column changes (readings, status, last seen) and Postgres can update the row in place.
  it('a row rewritten for a signal sample alone keeps its readings within their deadbands and its last seen', async () => {
    const other = { id: randomUUID(), tenantId: olt.tenantId };
    await db.query(
      `INSERT INTO olt (id, tenant_id, code, name, host, brand, mode, snmp_community_enc, status)
       VALUES ($1, $2, 'STORE-2', 'Store test OLT 2', '127.0.0.2', 'bdcom', 'epon', 'x', 'online')`,
      [other.id, other.tenantId],
    );
    const read = async () =>
      (
        await db.query(
          `SELECT rx_dbm, tx_dbm, temperature_c, last_seen_at, sampled_rx_dbm, sampled_at
           FROM onu WHERE olt_id = $1`,
          [other.id],
        )
      )[0];
    await store.applyPoll(other, [onu(7)], t1, 100, 1);
    // An hour and a minute later the readings moved by hundredths only: due a sample for its age.
    const later = new Date(t1.getTime() + 61 * 60_000);
    const applied = await store.applyPoll(
      other,
      [onu(7, { rxDbm: -20.06, txDbm: 2.54, temperatureC: 40.3 })],
      later,
      100,
      1,
    );
    expect(applied.samples).toBe(1);
    const row = await read();
    expect(row).toMatchObject({
      rx_dbm: -20,
      tx_dbm: 2.5,
      temperature_c: 40,
      last_seen_at: t1,
      sampled_at: later,
    });
    expect(row.sampled_rx_dbm).toBeCloseTo(-20.06, 5);
    // Its last seen reads as the OLT's last good poll, as for any ONU left alone.
    const [seen] = await db.query(
      `SELECT ${onuLastSeenSql('o', 't.last_good_poll_at')} AS at
       FROM onu o JOIN olt t ON t.id = o.olt_id WHERE o.olt_id = $1`,
      [other.id],
    );
    expect(seen.at).toEqual(later);
  });

  it('an ONU left alone since t1 that drops at t3 was last seen at t2, the last good poll', async () => {
    await store.applyPoll(
      olt,
      [onu(1, { status: 'offline', reason: 'power-off', reasonRaw: 'dying gasp' })],
      t3,
      100,
      1,
    );
    const after = await rows();
    expect(after.get(1)).toMatchObject({ status: 'offline', reason: 'power-off', last_seen_at: t2 });
    // The others were not in this poll: their bindings are gone.
    expect([...after.keys()]).toEqual([1]);
  });

  it('a repeated poll (a retried job) writes nothing', async () => {
    const before = await rows();
    await store.applyPoll(
      olt,
      [onu(1, { status: 'offline', reason: 'power-off', reasonRaw: 'dying gasp' })],
      t3,
      100,
      1,
    );
    expect(await rows()).toEqual(before);
  });
});
