import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import type { OltDetail, OnuStatusChangedEvent, ServerToClientEvents } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import Redis from 'ioredis';
import { Queue } from 'bullmq';
import { QueueName, pollSchedulerId, queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import { TestRedisServer, freePort, waitFor } from '@pondesk/server-testing';
import { ApiClient, registerAccount, type TestAccount } from './support/identity';
import { startApi, startWorker, type RunningApi, type RunningWorker } from './support/test-app';

const ROOT = resolve(__dirname, '../../..');
const DEVICE = 'bdcom-gpon-it';

interface SimOnuState {
  ponPort: number;
  onuId: number;
  serial: string;
  vendor: string;
  description: string | null;
  status: 'online' | 'offline';
  distanceM: number;
  rxDbm: number | null;
  txDbm: number | null;
}

describe('polling the simulated fleet', () => {
  let api: RunningApi;
  let worker: RunningWorker;
  let client: ApiClient;
  let db: DataSource;
  let sim: ChildProcess;
  let control: string;
  let dir: string;
  let a: TestAccount;
  let b: TestAccount;
  let olt: OltDetail;
  let redis: TestRedisServer;
  const sockets: Socket<ServerToClientEvents>[] = [];

  const state = async (): Promise<SimOnuState[]> =>
    ((await (await fetch(`${control}/devices/${DEVICE}/state`)).json()) as { onus: SimOnuState[] }).onus;

  beforeAll(async () => {
    // Frozen simulated time: the simulator's state and what the poller stores can be compared exactly.
    dir = mkdtempSync(join(tmpdir(), 'pondesk-fleet-it-'));
    const fleetFile = join(dir, 'fleet.json');
    writeFileSync(
      fleetFile,
      JSON.stringify({
        name: 'it',
        seed: 11,
        timeScale: 0,
        devices: [{ name: DEVICE, brand: 'bdcom', mode: 'gpon', ponPorts: 2, onusPerPort: 8 }],
      }),
    );
    const base = 20000 + ((await freePort()) % 20000);
    const controlPort = await freePort();
    control = `http://127.0.0.1:${controlPort}`;
    sim = spawn(
      process.execPath,
      [
        resolve(ROOT, 'tools/run-ts.cjs'),
        resolve(ROOT, 'libs/device/simulator/src/main.ts'),
        '--fleet',
        fleetFile,
        '--base-port',
        String(base),
        '--control-port',
        String(controlPort),
      ],
      { cwd: ROOT, stdio: 'ignore' },
    );
    await waitFor(async () => (await fetch(`${control}/devices`).catch(() => undefined))?.ok, {
      timeoutMs: 20000,
      what: 'the simulator',
    });
    redis = await TestRedisServer.start();
    [api, worker] = await Promise.all([
      startApi({ REDIS_URL: redis.url }),
      startWorker({ DATABASE_URL: process.env.DATABASE_URL!, REDIS_URL: redis.url }),
    ]);
    client = new ApiClient(api.url);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    [a, b] = await Promise.all([registerAccount(client, 'fleeta'), registerAccount(client, 'fleetb')]);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await db?.destroy();
    await worker?.stop();
    await api?.close();
    await redis?.stop();
    sim?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores the simulator's ONUs, field by field, within one poll of adding the OLT", async () => {
    const device = (await (await fetch(`${control}/devices/${DEVICE}`)).json()) as {
      host: string;
      snmpPort: number;
      community: string;
      telnetPort: number;
      username: string;
      password: string;
    };
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
    const sim = await state();
    const rows: Record<string, unknown>[] = await db.query(
      'SELECT pon_port, onu_id, serial, description, status, distance_m, rx_dbm, tx_dbm FROM onu WHERE olt_id = $1 ORDER BY pon_port, onu_id',
      [olt.id],
    );
    const r2 = (v: unknown) => (v === null ? null : Math.round(Number(v) * 100) / 100);
    expect(rows.map((r) => ({ ...r, rx_dbm: r2(r.rx_dbm), tx_dbm: r2(r.tx_dbm) }))).toEqual(
      sim
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
    const connect = (t: TestAccount) =>
      new Promise<Socket<ServerToClientEvents>>((done, fail) => {
        const s: Socket<ServerToClientEvents> = io(api.url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: t.token },
          reconnection: false,
        });
        sockets.push(s);
        s.once('connect', () => done(s));
        s.once('connect_error', fail);
      });
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    const gotA: OnuStatusChangedEvent[] = [];
    const gotB: OnuStatusChangedEvent[] = [];
    sa.on('onu.status.changed', (e) => gotA.push(e));
    sb.on('onu.status.changed', (e) => gotB.push(e));
    const onlineOnPon1 = (await state()).filter((o) => o.ponPort === 1 && o.status === 'online').length;
    expect(onlineOnPon1).toBeGreaterThan(0);

    expect((await fetch(`${control}/devices/${DEVICE}/pons/1/down`, { method: 'POST' })).ok).toBe(true);
    expect((await client.post(`/olts/${olt.id}/poll`, {}, a.token)).status).toBe(202);
    await waitFor(async () => gotA.length >= onlineOnPon1, {
      timeoutMs: 20000,
      what: 'the offline events on the socket',
    });

    const events: { reason: string; n: number }[] = await db.query(
      "SELECT reason, count(*)::int AS n FROM onu_status_event WHERE olt_id = $1 AND pon_port = 1 AND from_status = 'online' AND to_status = 'offline' GROUP BY reason",
      [olt.id],
    );
    expect(events).toEqual([{ reason: 'los', n: onlineOnPon1 }]);
    expect(
      gotA.every((e) => e.oltId === olt.id && e.ponPort === 1 && e.to === 'offline' && e.reason === 'los'),
    ).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
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
    await fetch(`${control}/devices/${DEVICE}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slowMs: 150 }),
    });
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
    await fetch(`${control}/devices/${DEVICE}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slowMs: 0 }),
    });
    const queue = new Queue(QueueName.OltPoll, {
      connection: redisOptionsFromUrl(redis.url, { maxRetriesPerRequest: null }),
      prefix: queuePrefix(process.env.DATABASE_URL!),
    });
    try {
      await waitFor(
        async () =>
          (await queue.getJobSchedulers(0, -1)).some((j) => (j.id ?? j.key) === pollSchedulerId(olt.id)),
        {
          timeoutMs: 20000,
          what: 'the poll scheduler to be restored from Postgres',
        },
      );
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
      await queue.close();
      probe.disconnect();
    }
  });
});
