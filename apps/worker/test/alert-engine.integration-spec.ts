import { DataSource } from 'typeorm';
import type { AppConfig } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import { createMigratedDatabase, type TestDatabase } from '@pondesk/server-testing';
import type { AlertDispatcher } from '../src/alerts/alert-dispatcher.service';
import { AlertEngine, ENGINE_LOCK_KEY } from '../src/alerts/alert-engine.service';

const T0 = new Date('2031-05-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/**
 * The alert engine's passes against a database of its own, at chosen instants: what waits out a rule's
 * minimum duration, what clears before it, what a silence and a disabled channel change, and that the first
 * pass ever raises nothing for the history stored before it.
 */
describe('alert engine', () => {
  let database: TestDatabase;
  let db: DataSource;
  let engine: AlertEngine;
  let tenant: string;
  let olt: string;
  const onus: string[] = [];

  const event = async (onu: number, to: 'online' | 'offline', when: Date, reason: string | null = 'los') => {
    await db.query(`UPDATE onu SET status = $2, reason = $3, status_changed_at = $4 WHERE id = $1`, [
      onus[onu],
      to,
      to === 'offline' ? reason : null,
      when,
    ]);
    await db.query(
      `INSERT INTO onu_status_event (tenant_id, olt_id, onu_ref, pon_port, onu_id, from_status, to_status, reason, occurred_at)
       VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8)`,
      [
        tenant,
        olt,
        onus[onu],
        onu + 1,
        to === 'offline' ? 'online' : 'offline',
        to,
        to === 'offline' ? reason : null,
        when,
      ],
    );
  };
  const alerts = async () =>
    (await db.query(
      `SELECT a.kind, a.state, a.onu_ref, a.silenced,
              (SELECT count(*)::int FROM alert_delivery d WHERE d.alert_id = a.id AND d.phase = 'open') AS opens,
              (SELECT count(*)::int FROM alert_delivery d WHERE d.alert_id = a.id AND d.phase = 'resolve') AS resolves
         FROM alert a WHERE a.tenant_id = $1 ORDER BY a.id`,
      [tenant],
    )) as {
      kind: string;
      state: string;
      onu_ref: string | null;
      silenced: boolean;
      opens: number;
      resolves: number;
    }[];
  const pending = async () =>
    (
      (await db.query(`SELECT kind, subject FROM alert_pending WHERE tenant_id = $1 ORDER BY kind, subject`, [
        tenant,
      ])) as { kind: string; subject: string }[]
    ).map((p) => `${p.kind} ${p.subject}`);

  beforeAll(async () => {
    database = await createMigratedDatabase('pondesk_alert_engine');
    db = createDataSource(database.url);
    await db.initialize();
    const dispatcher = { kick: () => undefined } as unknown as AlertDispatcher;
    engine = new AlertEngine(db, dispatcher, { ALERT_EVALUATE_INTERVAL_MS: 0 } as AppConfig);
    [{ id: tenant }] = await db.query(
      `INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ('Engine ISP', 'x') RETURNING id`,
    );
    [{ id: olt }] = await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, status)
       VALUES ($1, 'E1', 'Engine OLT', '127.0.0.1', 'bdcom', 'gpon', 'x', 'online') RETURNING id`,
      [tenant],
    );
    // 12 ONUs on PON 1: one or two down is far from an outage (4 and half the PON).
    for (let i = 0; i < 12; i++) {
      const [{ id }] = await db.query(
        `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, status_changed_at)
         VALUES ($1, $2, 1, $3, $4, 'online', $5) RETURNING id`,
        [tenant, olt, i + 1, `GPON0/1:${i + 1}`, T0],
      );
      onus.push(id);
    }
    await db.query(
      `INSERT INTO alert_channel (tenant_id, kind, name, settings, secret_enc) VALUES ($1, 'telegram', 'NOC', $2, 'x')`,
      [tenant, JSON.stringify({ chatIds: ['-100111', '-100222'] })],
    );
    await db.query(
      `INSERT INTO alert_channel (tenant_id, kind, name, enabled, settings, secret_enc)
       VALUES ($1, 'webhook', 'Off', false, $2, 'x')`,
      [tenant, JSON.stringify({ url: 'http://127.0.0.1:9/hook' })],
    );
    await db.query(
      `INSERT INTO alert_rule (tenant_id, kind, enabled, min_duration_seconds, notify_recovery, params)
       VALUES ($1, 'onu-down', true, 300, true, '{"reasons":["los"]}'),
              ($1, 'olt-unreachable', true, 60, true, '{}')`,
      [tenant],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('raises nothing for the history stored before its first pass', async () => {
    await event(11, 'offline', at(-3600));
    expect(await engine.pass(at(0))).toEqual({ events: 0, opened: 0, resolved: 0 });
    expect(await alerts()).toEqual([]);
    await event(11, 'online', at(1));
  });

  it('waits out the minimum duration, then raises an ONU that is still down, owed to each chat', async () => {
    await event(0, 'offline', at(10));
    expect(await engine.pass(at(15))).toMatchObject({ opened: 0 });
    expect(await pending()).toEqual([`onu-down ${onus[0]}`]);
    expect(await engine.pass(at(200))).toMatchObject({ opened: 0 });
    expect(await engine.pass(at(311))).toMatchObject({ opened: 1 });
    expect(await pending()).toEqual([]);
    // Two chats of the enabled channel; nothing for the disabled one.
    expect(await alerts()).toEqual([
      { kind: 'onu-down', state: 'firing', onu_ref: onus[0], silenced: false, opens: 2, resolves: 0 },
    ]);
    await event(0, 'online', at(400));
    expect(await engine.pass(at(401))).toMatchObject({ resolved: 1 });
    expect(await alerts()).toEqual([
      { kind: 'onu-down', state: 'resolved', onu_ref: onus[0], silenced: false, opens: 2, resolves: 2 },
    ]);
  });

  it('drops an ONU that is back before the minimum duration, and ignores reasons the rule does not name', async () => {
    await event(1, 'offline', at(500));
    await event(2, 'offline', at(500), 'power-off');
    await engine.pass(at(505));
    expect(await pending()).toEqual([`onu-down ${onus[1]}`]);
    await event(1, 'online', at(600));
    await engine.pass(at(605));
    expect(await pending()).toEqual([]);
    await engine.pass(at(1000));
    expect((await alerts()).length).toBe(1);
    await event(2, 'online', at(1001));
  });

  it('raises an unreachable OLT after its minimum duration, silenced when under maintenance, and resolves it', async () => {
    await db.query(
      `INSERT INTO alert_silence (tenant_id, target_type, target_id, starts_at, ends_at, reason)
       VALUES ($1, 'olt', $2, $3, $4, 'Upgrade')`,
      [tenant, olt, at(1000), at(8000)],
    );
    await db.query(`UPDATE olt SET status = 'offline' WHERE id = $1`, [olt]);
    await engine.pass(at(1100));
    expect(await pending()).toEqual([`olt-unreachable ${olt}`]);
    expect(await engine.pass(at(1161))).toMatchObject({ opened: 1 });
    const [, unreachable] = await alerts();
    expect(unreachable).toEqual({
      kind: 'olt-unreachable',
      state: 'firing',
      onu_ref: null,
      silenced: true,
      opens: 0,
      resolves: 0,
    });
    await db.query(`UPDATE olt SET status = 'online' WHERE id = $1`, [olt]);
    expect(await engine.pass(at(1200))).toMatchObject({ resolved: 1 });
    expect((await alerts())[1]).toMatchObject({ state: 'resolved', opens: 0, resolves: 0 });
  });

  it('lets one pass run at a time across workers', async () => {
    const runner = await db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SELECT pg_advisory_xact_lock($1)`, [ENGINE_LOCK_KEY]);
      expect(await engine.pass(at(1300))).toBeNull();
      await runner.rollbackTransaction();
      expect(await engine.pass(at(1301))).not.toBeNull();
    } finally {
      await runner.release();
    }
  });
});
