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
      (await db.query(`SELECT kind, subject FROM alert_pending WHERE tenant_id = $1`, [tenant])) as {
        kind: string;
        subject: string;
      }[]
    )
      .map((p) => `${p.kind} ${p.subject}`)
      .sort();

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

  it('raises a watched server that stops answering or slows down, and resolves it when it is back', async () => {
    const [{ id: server }] = await db.query(
      `INSERT INTO monitor_server (tenant_id, name, ip, latency_limit_ms, state, alert_reason)
       VALUES ($1, 'Core router', '127.0.0.5', 40, 'alert', 'slow') RETURNING id`,
      [tenant],
    );
    expect(await engine.pass(at(1400))).toMatchObject({ opened: 1 });
    const row = async () =>
      (
        await db.query(
          `SELECT state, title, target_type, target_id, silenced,
                  (SELECT count(*)::int FROM alert_delivery d WHERE d.alert_id = a.id AND d.phase = 'resolve') AS resolves
             FROM alert a WHERE kind = 'server-down' AND tenant_id = $1`,
          [tenant],
        )
      )[0];
    expect(await row()).toEqual({
      state: 'firing',
      title: 'Server Core router (127.0.0.5) slower than 40 ms',
      target_type: 'server',
      target_id: server,
      silenced: false,
      resolves: 0,
    });
    expect(await engine.pass(at(1410))).toMatchObject({ opened: 0, resolved: 0 }); // one alert, not one a pass
    await db.query(`UPDATE monitor_server SET state = 'ok', alert_reason = NULL WHERE id = $1`, [server]);
    expect(await engine.pass(at(1420))).toMatchObject({ resolved: 1 });
    expect(await row()).toMatchObject({ state: 'resolved', resolves: 2 });
  });

  it("raises a POP's mains outage once, silenced while the POP is under maintenance, and resolves it", async () => {
    const [{ id: pop }] = await db.query(
      `INSERT INTO pop (tenant_id, name) VALUES ($1, 'Mirpur') RETURNING id`,
      [tenant],
    );
    const source = async (type: string, ip: string) =>
      (
        await db.query(
          `INSERT INTO pop_source (tenant_id, pop_id, ip, type) VALUES ($1, $2, $3, $4) RETURNING id`,
          [tenant, pop, ip, type],
        )
      )[0].id as string;
    const mains = await source('electric', '127.0.0.6');
    const generator = await source('generator', '127.0.0.7');
    const outage = async (src: string, ip: string, type: string, downAt: Date) =>
      (
        await db.query(
          `INSERT INTO pop_outage (tenant_id, source_id, pop_id, ip, type, down_at) VALUES ($1, $2, $3, $4, $5, $6)
           RETURNING id`,
          [tenant, src, pop, ip, type, downAt],
        )
      )[0].id as string;
    const pops = async () =>
      (await db.query(
        `SELECT state, title, silenced, target_id,
                (SELECT count(*)::int FROM alert_delivery d WHERE d.alert_id = a.id) AS deliveries
           FROM alert a WHERE kind = 'pop-power' AND tenant_id = $1 ORDER BY id`,
        [tenant],
      )) as { state: string; title: string; silenced: boolean; target_id: string; deliveries: number }[];
    // A generator going quiet is the mains being back (or the generator off): no alert.
    await outage(generator, '127.0.0.7', 'generator', at(1500));
    const first = await outage(mains, '127.0.0.6', 'electric', at(1500));
    expect(await engine.pass(at(1510))).toMatchObject({ opened: 1 });
    expect(await pops()).toEqual([
      {
        state: 'firing',
        title: 'POP Mirpur: mains power down (127.0.0.6 silent)',
        silenced: false,
        target_id: pop,
        deliveries: 2,
      },
    ]);
    await db.query(`UPDATE pop_outage SET up_at = $2 WHERE id = $1`, [first, at(1600)]);
    expect(await engine.pass(at(1610))).toMatchObject({ resolved: 1 });
    await db.query(
      `INSERT INTO alert_silence (tenant_id, target_type, target_id, starts_at, ends_at) VALUES ($1, 'pop', $2, $3, $4)`,
      [tenant, pop, at(1600), at(5000)],
    );
    await outage(mains, '127.0.0.6', 'electric', at(1700));
    expect(await engine.pass(at(1710))).toMatchObject({ opened: 1 });
    expect((await pops()).map((p) => [p.state, p.silenced, p.deliveries])).toEqual([
      ['resolved', false, 4],
      ['firing', true, 0],
    ]);
  });

  it("raises a switch port's link down and low rx per port, and resolves each when the port is back", async () => {
    const [{ id: sw }] = await db.query(
      `INSERT INTO switch (tenant_id, name, ip, snmp_community_enc, brand, db_alert_range)
       VALUES ($1, 'Core-1', '127.0.0.8', 'x', 'cisco', -20) RETURNING id`,
      [tenant],
    );
    const [{ id: port }] = await db.query(
      `INSERT INTO switch_port (tenant_id, switch_id, port_key, name, sort_name, link, power, rx_dbm, updated_at)
       VALUES ($1, $2, 'Te1/1', 'Te1/1', 'te0001/0001', 'up', 'good', -8, now()) RETURNING id`,
      [tenant, sw],
    );
    const portEvent = async (kind: string, rx: number | null, power: string, link: string) => {
      await db.query(`UPDATE switch_port SET power = $2, link = $3, rx_dbm = $4 WHERE id = $1`, [
        port,
        power,
        link,
        rx,
      ]);
      await db.query(
        `INSERT INTO switch_port_event (tenant_id, switch_id, port_id, kind, rx_dbm, at) VALUES ($1, $2, $3, $4, $5, now())`,
        [tenant, sw, port, kind, rx],
      );
    };
    const ports = async () =>
      (
        (await db.query(
          `SELECT state, title FROM alert WHERE kind = 'switch-port' AND tenant_id = $1 ORDER BY id`,
          [tenant],
        )) as { state: string; title: string }[]
      ).map((a) => `${a.state}: ${a.title}`);
    // The first pass over switch events starts from now.
    await engine.pass(at(1800));
    await portEvent('rx-low', -23.46, 'critical', 'up');
    expect(await engine.pass(at(1810))).toMatchObject({ opened: 1 });
    // The port goes dark while its rx is low, and comes back with a good rx: both alerts end.
    await portEvent('link-down', null, 'down', 'down');
    expect(await engine.pass(at(1820))).toMatchObject({ opened: 1 });
    expect(await ports()).toEqual([
      'firing: Switch Core-1 port Te1/1: rx -23.5 dBm, below -20 dBm',
      'firing: Switch Core-1 port Te1/1: link down',
    ]);
    await portEvent('link-up', -9, 'good', 'up');
    expect(await engine.pass(at(1830))).toMatchObject({ resolved: 2 });
    expect(await ports()).toEqual([
      'resolved: Switch Core-1 port Te1/1: rx -23.5 dBm, below -20 dBm',
      'resolved: Switch Core-1 port Te1/1: link down',
    ]);
  });

  it("raises each ONU below its OLT's Db Alert Range after a poll, and resolves it 1 dB above or offline", async () => {
    await db.query(
      `INSERT INTO alert_rule (tenant_id, kind, enabled, min_duration_seconds, notify_recovery, params)
       VALUES ($1, 'onu-signal', true, 0, true, '{}')`,
      [tenant],
    );
    const polledAt = async (seconds: number, rx: Record<number, number | null>) => {
      for (const [i, value] of Object.entries(rx))
        await db.query(`UPDATE onu SET rx_dbm = $2 WHERE id = $1`, [onus[Number(i)], value]);
      await db.query(`UPDATE olt SET db_alert_range = -27, last_good_poll_at = $2 WHERE id = $1`, [
        olt,
        at(seconds),
      ]);
    };
    const signals = async () =>
      (
        (await db.query(
          `SELECT state, title FROM alert WHERE kind = 'onu-signal' AND tenant_id = $1 ORDER BY id`,
          [tenant],
        )) as { state: string; title: string }[]
      ).map((a) => `${a.state}: ${a.title}`);
    await polledAt(2000, { 3: -28.24, 4: -27.5, 5: -26.9 });
    expect(await engine.pass(at(2001))).toMatchObject({ opened: 2 });
    expect(await signals()).toEqual([
      'firing: ONU GPON0/1:4 on Engine OLT: rx -28.2 dBm, below -27 dBm',
      'firing: ONU GPON0/1:5 on Engine OLT: rx -27.5 dBm, below -27 dBm',
    ]);
    // No new poll: nothing is read again.
    expect(await engine.pass(at(2005))).toMatchObject({ opened: 0, resolved: 0 });
    // Above the range but within 1 dB: still low. The other ONU goes offline: its alert ends.
    await event(4, 'offline', at(2100), 'power-off');
    await polledAt(2100, { 3: -26.4 });
    expect(await engine.pass(at(2101))).toMatchObject({ opened: 0, resolved: 1 });
    await polledAt(2200, { 3: -25.9 });
    expect(await engine.pass(at(2201))).toMatchObject({ resolved: 1 });
    expect(await signals()).toEqual([
      'resolved: ONU GPON0/1:4 on Engine OLT: rx -28.2 dBm, below -27 dBm',
      'resolved: ONU GPON0/1:5 on Engine OLT: rx -27.5 dBm, below -27 dBm',
    ]);
    await event(4, 'online', at(2300));
  });

  it('waits out the minimum duration for a low signal, and drops it when the ONU reads well again first', async () => {
    await db.query(
      `UPDATE alert_rule SET min_duration_seconds = 60 WHERE tenant_id = $1 AND kind = 'onu-signal'`,
      [tenant],
    );
    const poll = async (seconds: number, rx: Record<number, number>) => {
      for (const [i, value] of Object.entries(rx))
        await db.query(`UPDATE onu SET rx_dbm = $2 WHERE id = $1`, [onus[Number(i)], value]);
      await db.query(`UPDATE olt SET last_good_poll_at = $2 WHERE id = $1`, [olt, at(seconds)]);
    };
    const count = async () =>
      (
        await db.query(`SELECT count(*)::int AS n FROM alert WHERE kind = 'onu-signal' AND tenant_id = $1`, [
          tenant,
        ])
      )[0].n as number;
    const before = await count();
    await poll(2400, { 4: -20, 6: -29, 7: -28 });
    await engine.pass(at(2401));
    expect(await pending()).toEqual([`onu-signal ${onus[6]}`, `onu-signal ${onus[7]}`].sort());
    // ONU 8 reads well at the next poll, before its minute is up; ONU 7 does not.
    await poll(2430, { 7: -25 });
    await engine.pass(at(2431));
    expect(await pending()).toEqual([`onu-signal ${onus[6]}`]);
    expect(await engine.pass(at(2462))).toMatchObject({ opened: 1 });
    expect(await count()).toBe(before + 1);
    expect(await pending()).toEqual([]);
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
