import { DataSource } from 'typeorm';
import type { OltDetail, OnuStatusChangesEvent } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import Redis from 'ioredis';
import { redisOptionsFromUrl } from '@pondesk/server-queue';
import {
  ApiClient,
  connectSocket,
  registerAccount,
  startTestStack,
  waitFor,
  type SimulatorProcess,
  type TestAccount,
  type TestRedisServer,
  type TestSocket,
  type TestStack,
} from '@pondesk/server-testing';
import { waitForPollScheduler } from './support/poll-scheduler';

const DEVICE = 'bdcom-gpon-it';

describe('polling the simulated fleet', () => {
  let stack: TestStack;
  let client: ApiClient;
  let db: DataSource;
  let sim: SimulatorProcess;
  let a: TestAccount;
  let b: TestAccount;
  let olt: OltDetail;
  let redis: TestRedisServer;
  const sockets: TestSocket[] = [];

  const state = () => sim.onus(DEVICE);

  beforeAll(async () => {
    // Frozen simulated time: the simulator's state and what the poller stores can be compared exactly.
    stack = await startTestStack({
      fleet: [{ name: DEVICE, brand: 'bdcom', mode: 'gpon', ponPorts: 2, onusPerPort: 8 }],
      ownRedis: true,
    });
    sim = stack.simulator!;
    redis = stack.redis!;
    client = new ApiClient(stack.url);
    db = createDataSource(stack.database.url);
    await db.initialize();
    [a, b] = await Promise.all([registerAccount(client, 'fleeta'), registerAccount(client, 'fleetb')]);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await db?.destroy();
    await stack?.stop();
  });

  it("stores the simulator's ONUs, field by field, within one poll of adding the OLT", async () => {
    const device = await sim.device(DEVICE);
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name: 'Simulated GP3600',
        host: device.host,
        brand: 'bdcom',
        mode: 'gpon',
        snmpPort: device.snmpPort,
        snmpCommunity: device.community,
        telnetPort: device.telnetPort,
        username: device.username,
        password: device.password,
      },
      a.token,
    );
    expect(res.status).toBe(201);
    olt = res.body;
    await waitFor(
      async () => (await db.query('SELECT onu_count FROM olt WHERE id = $1', [olt.id]))[0].onu_count === 16,
      { timeoutMs: 20000, what: 'the first poll' },
    );
    // (BDCOM GPON reports no vendor over SNMP, so vendor is not compared here.)
    const simOnus = await state();
    const rows: Record<string, unknown>[] = await db.query(
      'SELECT pon_port, onu_id, serial, description, status, distance_m, rx_dbm, tx_dbm FROM onu WHERE olt_id = $1 ORDER BY pon_port, onu_id',
      [olt.id],
    );
    const r2 = (v: unknown) => (v === null ? null : Math.round(Number(v) * 100) / 100);
    expect(rows.map((r) => ({ ...r, rx_dbm: r2(r.rx_dbm), tx_dbm: r2(r.tx_dbm) }))).toEqual(
      simOnus
        .sort((x, y) => x.ponPort - y.ponPort || x.onuId - y.onuId)
        .map((o) => ({
          pon_port: o.ponPort,
          onu_id: o.onuId,
          serial: o.serial,
          description: o.description,
          status: o.status,
          distance_m: o.distanceM,
          rx_dbm: o.status === 'online' ? r2(o.rxDbm) : null,
          tx_dbm: o.status === 'online' ? r2(o.txDbm) : null,
        })),
    );
  });

  it("turns a PON outage into LOS events and a socket message to that tenant's browsers only", async () => {
    const connect = async (t: TestAccount) => {
      const s = await connectSocket(stack.url, t.token);
      sockets.push(s);
      return s;
    };
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    const gotA: OnuStatusChangesEvent[] = [];
    const gotB: OnuStatusChangesEvent[] = [];
    sa.on('onu.status.changed', (e) => gotA.push(e));
    sb.on('onu.status.changed', (e) => gotB.push(e));
    const changesA = () => gotA.flatMap((e) => e.changes);
    const onlineOnPon1 = (await state()).filter((o) => o.ponPort === 1 && o.status === 'online').length;
    expect(onlineOnPon1).toBeGreaterThan(0);

    await sim.send('POST', `/devices/${DEVICE}/pons/1/down`);
    expect((await client.post(`/olts/${olt.id}/poll`, {}, a.token)).status).toBe(202);
    await waitFor(async () => changesA().length >= onlineOnPon1, {
      timeoutMs: 20000,
      what: 'the offline events on the socket',
    });

    const events: { reason: string; n: number }[] = await db.query(
      "SELECT reason, count(*)::int AS n FROM onu_status_event WHERE olt_id = $1 AND pon_port = 1 AND from_status = 'online' AND to_status = 'offline' GROUP BY reason",
      [olt.id],
    );
    expect(events).toEqual([{ reason: 'los', n: onlineOnPon1 }]);
    await new Promise((r) => setTimeout(r, 300));
    // The whole outage in one message of that OLT (one poll's changes), not one message per ONU.
    expect(gotA.map((e) => ({ oltId: e.oltId, changes: e.changes.length }))).toEqual([
      { oltId: olt.id, changes: onlineOnPon1 },
    ]);
    expect(changesA().every((c) => c.ponPort === 1 && c.to === 'offline' && c.reason === 'los')).toBe(true);
    expect(new Set(changesA().map((c) => c.onuRef)).size).toBe(onlineOnPon1);
    expect(gotB).toEqual([]);
  });

  it('loses no schedule and duplicates no sample when Redis restarts in the middle of a poll', async () => {
    const samples = async (): Promise<number> =>
      (await db.query('SELECT count(*)::int AS n FROM onu_signal_sample WHERE olt_id = $1', [olt.id]))[0].n;
    const before = await samples();
    const withRx = (await state()).filter(
      (o) => o.rxDbm !== null && o.ponPort === 2 && o.status === 'online',
    ).length;
    expect(before).toBeGreaterThanOrEqual(withRx);
    const polledAt = (await db.query('SELECT last_polled_at FROM olt WHERE id = $1', [olt.id]))[0]
      .last_polled_at as Date;
    // A slow OLT keeps the poll running long enough to pull Redis out from under it.
    await sim.send('PUT', `/devices/${DEVICE}/faults`, { slowMs: 150 });
    const probe = new Redis(redisOptionsFromUrl(redis.url, { maxRetriesPerRequest: 1 }));
    probe.on('error', () => undefined);
    await client.post(`/olts/${olt.id}/poll`, {}, a.token);
    await waitFor(async () => (await probe.exists(`pondesk:lock:olt:${olt.id}`)) === 1, {
      timeoutMs: 10000,
      intervalMs: 20,
      what: 'the poll to start',
    });
    await redis.stop();
    await redis.start(); // nothing on disk: the queue, its schedulers and the lock are gone
    await sim.send('PUT', `/devices/${DEVICE}/faults`, { slowMs: 0 });
    try {
      await waitForPollScheduler(stack, olt.id, 20000);
      await waitFor(
        async () =>
          (await db.query('SELECT last_polled_at FROM olt WHERE id = $1', [olt.id]))[0].last_polled_at >
          polledAt,
        {
          timeoutMs: 30000,
          what: 'a poll to finish after the restart',
        },
      );
      await client.post(`/olts/${olt.id}/poll`, {}, a.token);
      await new Promise((r) => setTimeout(r, 1500));
      // Simulated time is frozen: rx did not move, so the polls around the restart added no sample.
      expect(await samples()).toBe(before);
      const dupes = await db.query(
        'SELECT onu_ref FROM onu_signal_sample WHERE olt_id = $1 GROUP BY onu_ref, sampled_at HAVING count(*) > 1',
        [olt.id],
      );
      expect(dupes).toEqual([]);
    } finally {
      probe.disconnect();
    }
  });
});
