import { DataSource } from 'typeorm';
import type { AppConfig } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import { createMigratedDatabase, type TestDatabase } from '@pondesk/server-testing';
import type { AlertDispatcher } from '../src/alerts/alert-dispatcher.service';
import { AlertEngine } from '../src/alerts/alert-engine.service';

/**
 * 'Payment due' from the alert engine's passes at chosen instants (billing days are Asia/Dhaka, UTC+6): one
 * reminder per device and expiry date within the rule's days, one more once expired, never again after a
 * restart; a silenced switch's reminder recorded but not sent; a disabled rule raises nothing.
 */
describe('payment due alerts', () => {
  let database: TestDatabase;
  let db: DataSource;
  let engine: AlertEngine;
  let tenant: string;
  let other: string;
  let olt: string;
  let sw: string;

  const newEngine = () =>
    new AlertEngine(
      db,
      { kick: () => undefined } as unknown as AlertDispatcher,
      {
        ALERT_EVALUATE_INTERVAL_MS: 0,
      } as AppConfig,
    );
  const reminders = async (tenantId = tenant) =>
    (await db.query(
      `SELECT a.state, a.title, a.olt_id, a.target_type, a.target_id, a.silenced, a.dedup_key,
              (SELECT count(*)::int FROM alert_delivery d WHERE d.alert_id = a.id) AS deliveries
         FROM alert a WHERE a.kind = 'payment-due' AND a.tenant_id = $1 ORDER BY a.id`,
      [tenantId],
    )) as {
      state: string;
      title: string;
      olt_id: string | null;
      target_type: string | null;
      target_id: string | null;
      silenced: boolean;
      dedup_key: string;
      deliveries: number;
    }[];

  beforeAll(async () => {
    database = await createMigratedDatabase('pondesk_alert_payment');
    db = createDataSource(database.url);
    await db.initialize();
    engine = newEngine();
    [{ id: tenant }] = await db.query(
      `INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ('Billing ISP', 'x') RETURNING id`,
    );
    [{ id: other }] = await db.query(
      `INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ('Quiet ISP', 'x') RETURNING id`,
    );
    [{ id: olt }] = await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, status, expires_on)
       VALUES ($1, 'P1', 'Uttara-1', '127.0.0.1', 'bdcom', 'gpon', 'x', 'online', '2031-05-04') RETURNING id`,
      [tenant],
    );
    // Never billed, and hidden (deleted): no reminders.
    await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, status, expires_on, show)
       VALUES ($1, 'P2', 'Demo OLT', '127.0.0.2', 'vsol', 'epon', 'x', 'online', NULL, true),
              ($1, 'P3', 'Old OLT', '127.0.0.3', 'vsol', 'epon', 'x', 'online', '2031-05-02', false)`,
      [tenant],
    );
    [{ id: sw }] = await db.query(
      `INSERT INTO switch (tenant_id, name, ip, snmp_community_enc, brand, db_alert_range, expires_on)
       VALUES ($1, 'Core-1', '127.0.0.8', 'x', 'cisco', -20, '2031-05-10') RETURNING id`,
      [tenant],
    );
    await db.query(
      `INSERT INTO alert_channel (tenant_id, kind, name, settings, secret_enc) VALUES ($1, 'telegram', 'NOC', $2, 'x')`,
      [tenant, JSON.stringify({ chatIds: ['-100111'] })],
    );
    await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, status, expires_on)
       VALUES ($1, 'Q1', 'Quiet OLT', '127.0.0.4', 'bdcom', 'gpon', 'x', 'online', '2031-05-02')`,
      [other],
    );
    await db.query(
      `INSERT INTO alert_rule (tenant_id, kind, enabled, min_duration_seconds, notify_recovery, params)
       VALUES ($1, 'payment-due', false, 0, false, '{"daysBefore":3}')`,
      [other],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('reminds 3 days before an OLT expires, once, sent to the channel, not again after a restart', async () => {
    // 10:00 UTC is 16:00 in Dhaka: billing day 1 May 2031, the OLT expires on the 4th.
    expect(await engine.pass(new Date('2031-04-30T10:00:00Z'))).toMatchObject({ opened: 0 });
    expect(await engine.pass(new Date('2031-05-01T10:00:00Z'))).toMatchObject({ opened: 1 });
    expect(await reminders()).toEqual([
      {
        state: 'resolved',
        title: "OLT 'Uttara-1' expires on 4 May 2031 (in 3 days); renew from the OLT list",
        olt_id: olt,
        target_type: null,
        target_id: null,
        silenced: false,
        dedup_key: `payment-due:olt:${olt}:2031-05-04:due`,
        deliveries: 1,
      },
    ]);
    expect(await engine.pass(new Date('2031-05-02T10:00:00Z'))).toMatchObject({ opened: 0 });
    engine = newEngine();
    expect(await engine.pass(new Date('2031-05-03T10:00:00Z'))).toMatchObject({ opened: 0 });
    expect(await reminders()).toHaveLength(1);
  });

  it('tells once an OLT has expired when device actions stop', async () => {
    // Expired on the 4th; the 5th is its first day of grace (the due reminder was sent already).
    expect(await engine.pass(new Date('2031-05-05T10:00:00Z'))).toMatchObject({ opened: 1 });
    expect(await engine.pass(new Date('2031-05-06T10:00:00Z'))).toMatchObject({ opened: 0 });
    expect((await reminders()).map((r) => [r.title, r.dedup_key, r.deliveries])).toEqual([
      [
        "OLT 'Uttara-1' expires on 4 May 2031 (in 3 days); renew from the OLT list",
        `payment-due:olt:${olt}:2031-05-04:due`,
        1,
      ],
      [
        "OLT 'Uttara-1' expired on 4 May 2031; device actions stop on 12 May 2031",
        `payment-due:olt:${olt}:2031-05-04:grace`,
        1,
      ],
    ]);
  });

  it("reminds a silenced switch by Dhaka's day, recorded but not sent", async () => {
    await db.query(
      `INSERT INTO alert_silence (tenant_id, target_type, target_id, starts_at, ends_at, reason)
       VALUES ($1, 'switch', $2, '2031-05-01T00:00:00Z', '2031-05-09T00:00:00Z', 'Rack move')`,
      [tenant, sw],
    );
    // 17:00 UTC on the 6th is already the 7th in Dhaka: 3 days before the switch's expiry on the 10th.
    expect(await engine.pass(new Date('2031-05-06T17:00:00Z'))).toMatchObject({ opened: 0 });
    expect(await engine.pass(new Date('2031-05-06T19:00:00Z'))).toMatchObject({ opened: 1 });
    expect((await reminders()).slice(2)).toEqual([
      {
        state: 'resolved',
        title: "Switch 'Core-1' expires on 10 May 2031 (in 3 days); renew from the switch list",
        olt_id: null,
        target_type: 'switch',
        target_id: sw,
        silenced: true,
        dedup_key: `payment-due:switch:${sw}:2031-05-10:due`,
        deliveries: 0,
      },
    ]);
  });

  it('says nothing past the grace, and a renewed expiry gets reminders of its own', async () => {
    await engine.pass(new Date('2031-05-20T10:00:00Z'));
    expect(await reminders()).toHaveLength(3);
    await db.query(`UPDATE olt SET expires_on = '2031-06-04' WHERE id = $1`, [olt]);
    expect(await engine.pass(new Date('2031-06-02T10:00:00Z'))).toMatchObject({ opened: 1 });
    expect((await reminders()).map((r) => r.title).slice(-1)).toEqual([
      "OLT 'Uttara-1' expires on 4 Jun 2031 (in 2 days); renew from the OLT list",
    ]);
  });

  it('raises nothing for a tenant whose rule is off', async () => {
    expect(await reminders(other)).toEqual([]);
  });
});
