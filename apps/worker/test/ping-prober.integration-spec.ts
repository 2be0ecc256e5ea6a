import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import {
  permissionRoom,
  tenantRoom,
  type PermissionCode,
  type PopSourcesChangedEvent,
  type ServerSamplesEvent,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { loadConfig } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import { pingTargetsVersionKey } from '@pondesk/server-queue';
import { createPingHosts, type PingHosts } from '@pondesk/device-simulator';
import {
  createMigratedDatabase,
  startWorkerProcess,
  testEnv,
  waitFor,
  type EntrypointProcess,
  type TestDatabase,
} from '@pondesk/server-testing';
import { MaintenanceService } from '../src/maintenance/maintenance.service';
import { PingStore } from '../src/ping/ping-store';

jest.setTimeout(180_000);

/**
 * The worker's prober with the real fping, Postgres and Redis: hosts that stop answering are addresses
 * inside a network namespace this test makes (198.18.0.0/15, never leaving the machine), loopback
 * addresses always answer. Events are read as the API's gateway would deliver them: a Socket.IO server on
 * the same Redis adapter, its sockets joined to the rooms a user's permissions give.
 */

interface Heard<T> {
  at: number;
  event: T;
}

/** A socket of a user who holds `codes` in `tenantId` (and one in the tenant's room only, with none). */
interface Listener {
  socket: Socket<ServerToClientEvents>;
  samples: Heard<ServerSamplesEvent>[];
  pops: Heard<PopSourcesChangedEvent>[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sleepUntil = (t: number) => sleep(Math.max(0, t - Date.now()));

/** The fping processes a worker runs (its children). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && stat.includes('(fping)')) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ping prober (worker, real fping, Postgres, Redis)', () => {
  let database: TestDatabase;
  let db: DataSource;
  let redis: Redis;
  let hosts: PingHosts;
  let worker: EntrypointProcess;
  let standby: EntrypointProcess | undefined;
  let http: HttpServer;
  let ioServer: Server;
  let adapterRedis: Redis[] = [];
  let workerStartedAt: number;
  const listeners: Listener[] = [];
  const ids: Record<string, string> = {};
  let tenantA: string;
  let tenantB: string;
  let versionKey: string;
  let env: Record<string, string>;
  let silentIp: string;
  let sharedIp: string;

  const listen = async (rooms: string[]): Promise<Listener> => {
    const { port } = http.address() as AddressInfo;
    const socket: Socket<ServerToClientEvents> = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      auth: { rooms },
      reconnection: false,
    });
    const l: Listener = { socket, samples: [], pops: [] };
    socket.on('monitor.servers.samples', (event) => l.samples.push({ at: Date.now(), event }));
    socket.on('pop.sources.changed', (event) => l.pops.push({ at: Date.now(), event }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    listeners.push(l);
    return l;
  };
  let a2012: Listener;
  let aPop: Listener[];
  let aTenantOnly: Listener;
  let b2012: Listener;
  let bPop: Listener;

  const insertTenant = async (name: string) =>
    (
      await db.query(`INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ($1, 'x') RETURNING id`, [name])
    )[0].id as string;
  const insertServer = async (tenantId: string, name: string, ip: string, limit: number) =>
    (
      await db.query(
        `INSERT INTO monitor_server (tenant_id, name, ip, latency_limit_ms) VALUES ($1, $2, $3, $4) RETURNING id`,
        [tenantId, name, ip, limit],
      )
    )[0].id as string;
  const insertPop = async (tenantId: string, name: string) =>
    (await db.query(`INSERT INTO pop (tenant_id, name) VALUES ($1, $2) RETURNING id`, [tenantId, name]))[0]
      .id as string;
  const insertSource = async (tenantId: string, popId: string, ip: string, state = 'unknown') =>
    (
      await db.query(
        `INSERT INTO pop_source (tenant_id, pop_id, ip, type, alive_minutes, state)
         VALUES ($1, $2, $3, 'electric', 0, $4) RETURNING id`,
        [tenantId, popId, ip, state],
      )
    )[0].id as string;
  const serverRow = async (id: string) =>
    (
      await db.query(`SELECT state, alert_reason, state_since FROM monitor_server WHERE id = $1`, [id])
    )[0] as { state: string; alert_reason: string | null; state_since: Date | null };
  /** The next time after `t` one of the target's probes goes out (from its stored results). */
  const probeClock = async (targetId: string) => {
    const [{ ms }]: { ms: number }[] = await db.query(
      `SELECT (extract(epoch FROM at) * 1000)::float8 AS ms FROM ping_sample WHERE target_id = $1
       ORDER BY at DESC LIMIT 1`,
      [targetId],
    );
    const phase = ms % 1000;
    return (t: number) => t + ((((phase - t) % 1000) + 1000) % 1000);
  };
  const countSamples = async (targetId: string, from: number, to: number) =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM ping_sample WHERE target_id = $1 AND at >= $2 AND at < $3`,
        [targetId, new Date(from), new Date(to)],
      )
    )[0].n as number;
  const sampleOf = (l: Listener, id: string, after: number) =>
    l.samples
      .filter((h) => h.at >= after)
      .flatMap((h) => h.event.samples.filter((s) => s.id === id).map((s) => ({ ...s, heardAt: h.at })));

  beforeAll(async () => {
    database = await createMigratedDatabase('pondesk_ping');
    db = createDataSource(database.url);
    await db.initialize();
    env = testEnv({ DATABASE_URL: database.url });
    redis = new Redis(env.REDIS_URL);
    versionKey = pingTargetsVersionKey(loadConfig(env));
    hosts = await createPingHosts(5);
    [silentIp, sharedIp] = hosts.addresses;

    // The gateway's stand-in: sockets join the rooms they name.
    http = createServer();
    const pub = new Redis(env.REDIS_URL);
    const sub = new Redis(env.REDIS_URL);
    adapterRedis = [pub, sub];
    ioServer = new Server(http, { adapter: createAdapter(pub, sub), transports: ['websocket'] });
    ioServer.on('connection', (socket) => {
      const rooms = (socket.handshake.auth as { rooms?: string[] }).rooms ?? [];
      for (const room of rooms) void socket.join(room);
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));

    tenantA = await insertTenant('Ping A');
    tenantB = await insertTenant('Ping B');
    const room = (t: string, code: PermissionCode) => permissionRoom(t, code);
    a2012 = await listen([room(tenantA, 2012)]);
    aPop = await Promise.all([2011, 2014, 2015].map((c) => listen([room(tenantA, c as PermissionCode)])));
    aTenantOnly = await listen([tenantRoom(tenantA)]);
    b2012 = await listen([room(tenantB, 2012)]);
    bPop = await listen([room(tenantB, 2011), room(tenantB, 2014), room(tenantB, 2015)]);

    ids.aSilent = await insertServer(tenantA, 'A goes silent', silentIp, 50);
    // No netem on CI to slow a host down: a limit of 0 ms makes any real round trip too slow.
    ids.aSlow = await insertServer(tenantA, 'A slower than its limit', '127.0.0.1', 0);
    ids.aFast = await insertServer(tenantA, 'A on loopback', '127.0.0.2', 50);
    const popA = await insertPop(tenantA, 'Mirpur');
    ids.aSource = await insertSource(tenantA, popA, sharedIp);
    // Tenant B watches the same address as a server: pinged once, the result goes to both.
    ids.bShared = await insertServer(tenantB, 'B at the shared address', sharedIp, 50);
    ids.bOther = await insertServer(tenantB, 'B elsewhere', hosts.addresses[2], 50);
    // A source stored down with its outage open ten minutes ago (a worker restart): its first reply closes it.
    ids.aResumed = await insertSource(tenantA, popA, hosts.addresses[3], 'down');
    await db.query(
      `INSERT INTO pop_outage (tenant_id, source_id, pop_id, ip, type, down_at)
       VALUES ($1, $2, $3, $4, 'electric', now() - interval '10 minutes')`,
      [tenantA, ids.aResumed, popA, hosts.addresses[3]],
    );

    workerStartedAt = Date.now();
    worker = await startWorkerProcess({
      DATABASE_URL: database.url,
      PING_ENABLED: 'true',
      LOG_LEVEL: 'info',
    });
    await waitFor(async () => sampleOf(a2012, ids.aFast, 0).length >= 2, {
      timeoutMs: 30_000,
      what: "the first seconds of tenant A's servers",
    });
  });

  afterAll(async () => {
    for (const l of listeners) l.socket.close();
    await ioServer?.close();
    for (const r of adapterRedis) r.disconnect();
    await standby?.stop(8000);
    await worker?.stop(8000);
    await hosts?.close();
    redis?.disconnect();
    await db?.destroy();
    await database?.drop();
  });

  it("turns a silent server's card alert within its limit + 2 s, and ok within that once it answers", async () => {
    await waitFor(async () => (await serverRow(ids.aSilent)).state === 'ok', { what: 'the server ok' });
    const silencedAt = Date.now();
    await hosts.setAnswering(silentIp, false);
    const alert = await waitFor(
      async () => sampleOf(a2012, ids.aSilent, silencedAt).find((s) => s.state === 'alert'),
      { timeoutMs: 5000, what: 'the alert on the socket' },
    );
    expect(alert).toMatchObject({ rttMs: null, state: 'alert', alertReason: 'no-answer' });
    expect(alert.heardAt - silencedAt).toBeLessThanOrEqual(50 + 2000);
    const stored = await waitFor(async () => {
      const row = await serverRow(ids.aSilent);
      return row.state === 'alert' ? row : undefined;
    });
    expect(stored.alert_reason).toBe('no-answer');
    // Dated by the first probe that got no reply: sent after the host went silent, before the alert came.
    expect(stored.state_since!.getTime()).toBeGreaterThanOrEqual(silencedAt - 100);
    expect(stored.state_since!.getTime()).toBeLessThanOrEqual(alert.heardAt);
    expect(new Date(alert.stateSince!).getTime()).toBe(stored.state_since!.getTime());

    await sleep(2500);
    const answeredAt = Date.now();
    await hosts.setAnswering(silentIp, true);
    const ok = await waitFor(
      async () => sampleOf(a2012, ids.aSilent, answeredAt).find((s) => s.state === 'ok'),
      { timeoutMs: 5000, what: 'ok again on the socket' },
    );
    expect(ok.rttMs).toBeGreaterThan(0);
    expect(ok.heardAt - answeredAt).toBeLessThanOrEqual(50 + 2000);
    await waitFor(async () => (await serverRow(ids.aSilent)).state === 'ok', { what: 'stored ok again' });
  });

  it('shows a server slower than its limit as alert (slow), with its round trip', async () => {
    const since = Date.now();
    await sleep(2100);
    const seconds = sampleOf(a2012, ids.aSlow, since);
    expect(seconds.length).toBeGreaterThanOrEqual(1);
    for (const s of seconds) {
      expect(s).toMatchObject({ state: 'alert', alertReason: 'slow' });
      expect(s.rttMs).toBeGreaterThan(0);
    }
    expect(await serverRow(ids.aSlow)).toMatchObject({ state: 'alert', alert_reason: 'slow' });
    expect(sampleOf(a2012, ids.aFast, since).every((s) => s.state === 'ok' && s.rttMs! < 50)).toBe(true);
  });

  it('closes the outage of a source stored down at its first reply, opening none', async () => {
    const rows = await waitFor(async () => {
      const r: { down_at: Date; up_at: Date | null }[] = await db.query(
        `SELECT down_at, up_at FROM pop_outage WHERE source_id = $1`,
        [ids.aResumed],
      );
      return r[0]?.up_at ? r : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].up_at!.getTime()).toBeGreaterThanOrEqual(workerStartedAt);
    const [source] = await db.query(
      `SELECT state, state_since, last_reply_at FROM pop_source WHERE id = $1`,
      [ids.aResumed],
    );
    expect(source).toEqual({ state: 'up', state_since: rows[0].up_at, last_reply_at: rows[0].up_at });
    const heard = aPop[0].pops.flatMap((h) => h.event.sources).filter((s) => s.id === ids.aResumed);
    expect(heard.map((s) => [s.state, s.outage?.upAt])).toEqual([['up', rows[0].up_at!.toISOString()]]);
  });

  it('writes one outage of the right length for a source silent ~5 s, heard by its tenant only', async () => {
    // The probes' grid, from the stored results: the silence starts just after a reply and ends just
    // before a probe, so the outage (last reply to first reply) is the silence plus a few hundred ms.
    const probeAfter = await probeClock(ids.aSource);
    const lastReply = probeAfter(Date.now() + 200);
    await sleepUntil(lastReply + 150);
    const silencedAt = Date.now();
    await hosts.setAnswering(sharedIp, false);
    const firstReply = probeAfter(silencedAt + 5000);
    await sleepUntil(firstReply - 200);
    const answeredAt = Date.now();
    await hosts.setAnswering(sharedIp, true);
    const silence = answeredAt - silencedAt;

    const [outage] = await waitFor(
      async () => {
        const r: { id: string; down_at: Date; up_at: Date | null; ip: string; type: string }[] =
          await db.query(`SELECT id, down_at, up_at, ip, type FROM pop_outage WHERE source_id = $1`, [
            ids.aSource,
          ]);
        return r.length && r.every((o) => o.up_at) ? r : undefined;
      },
      { timeoutMs: 5000, what: 'the outage closed' },
    );
    const all = await db.query(`SELECT id FROM pop_outage WHERE source_id = $1`, [ids.aSource]);
    expect(all).toHaveLength(1);
    const length = outage.up_at!.getTime() - outage.down_at.getTime();
    expect(Math.abs(length - silence)).toBeLessThanOrEqual(1500);
    expect(outage.down_at.getTime()).toBeLessThanOrEqual(silencedAt);
    expect(outage.up_at!.getTime()).toBeGreaterThanOrEqual(answeredAt);
    expect(outage).toMatchObject({ ip: sharedIp, type: 'electric' });
    const [source] = await db.query(
      `SELECT state, state_since, last_reply_at FROM pop_source WHERE id = $1`,
      [ids.aSource],
    );
    expect(source).toEqual({ state: 'up', state_since: outage.up_at, last_reply_at: outage.up_at });

    // Each of A's POP rooms heard it go down and come back, with the outage as stored.
    await waitFor(
      async () =>
        aPop.every((l) =>
          l.pops
            .flatMap((h) => h.event.sources)
            .some((s) => s.id === ids.aSource && s.state === 'up' && s.outage),
        ),
      { timeoutMs: 3000, what: 'the up event in every POP room' },
    );
    for (const l of aPop) {
      const mine = l.pops.flatMap((h) => h.event.sources).filter((s) => s.id === ids.aSource && s.outage);
      expect(mine.map((s) => s.state)).toEqual(['down', 'up']);
      expect(mine[0].outage).toMatchObject({
        id: outage.id,
        sourceId: ids.aSource,
        popName: 'Mirpur',
        ip: sharedIp,
        type: 'electric',
        downAt: outage.down_at.toISOString(),
        upAt: null,
      });
      expect(mine[1].outage).toMatchObject({ id: outage.id, upAt: outage.up_at!.toISOString() });
      expect(mine[1]).toMatchObject({ stateSince: outage.up_at!.toISOString() });
    }
    // Tenant B's server at the same address went alert in B's room meanwhile, and only there.
    const bHeard = sampleOf(b2012, ids.bShared, silencedAt);
    expect(bHeard.some((s) => s.state === 'alert' && s.alertReason === 'no-answer')).toBe(true);
    expect(bHeard.at(-1)).toMatchObject({ state: 'ok' });
  });

  it("never lets a tenant hear another's servers or power sources, nor anyone outside the rooms", () => {
    const aServers = new Set([ids.aSilent, ids.aSlow, ids.aFast]);
    const bServers = new Set([ids.bShared, ids.bOther]);
    const idsIn = (l: Listener) => l.samples.flatMap((h) => h.event.samples.map((s) => s.id));
    expect(idsIn(a2012).length).toBeGreaterThan(0);
    expect(idsIn(a2012).every((id) => aServers.has(id))).toBe(true);
    expect(new Set(idsIn(b2012))).toEqual(bServers);
    // Power sources go to the POP rooms, servers to the IP monitor's: neither to the other, nor the tenant room.
    expect(a2012.pops).toEqual([]);
    expect(aPop.every((l) => l.samples.length === 0)).toBe(true);
    expect(aPop.every((l) => l.pops.length > 0)).toBe(true);
    expect(bPop.pops).toEqual([]);
    expect(bPop.samples).toEqual([]);
    expect(aTenantOnly.samples).toEqual([]);
    expect(aTenantOnly.pops).toEqual([]);
    // One message a second per tenant.
    const seconds = a2012.samples.map((h) => h.event.at);
    expect(new Set(seconds).size).toBe(seconds.length);
  });

  it('probes a server added later once the API bumps the version', async () => {
    const id = await insertServer(tenantB, 'B added later', '127.0.0.3', 50);
    const bumpedAt = Date.now();
    await redis.incr(versionKey);
    const first = await waitFor(async () => sampleOf(b2012, id, bumpedAt)[0], {
      timeoutMs: 5000,
      what: 'the new server on the socket',
    });
    expect(first).toMatchObject({ state: 'ok' });
    expect(first.heardAt - bumpedAt).toBeLessThan(3500);
  });

  it('stores a row per target per second, and a minute rollup that matches them', async () => {
    // Ten seconds from mid-way between two probes: ten probes, whatever the moment.
    const from = (await probeClock(ids.aFast))(Date.now() + 500) - 500;
    await sleepUntil(from + 10_000 + 2000);
    expect(await countSamples(ids.aFast, from, from + 10_000)).toBe(10);
    // The first minute the worker probed whole (it started within the minute before it).
    const minute = Math.ceil((workerStartedAt + 15_000) / 60_000) * 60_000;
    const row = await waitFor(
      async () =>
        (
          await db.query(
            `SELECT sent, received, min_ms, avg_ms, max_ms FROM ping_minute WHERE target_id = $1 AND minute = $2`,
            [ids.aFast, new Date(minute)],
          )
        )[0] as
          { sent: number; received: number; min_ms: number; avg_ms: number; max_ms: number } | undefined,
      { timeoutMs: minute + 60_000 + 10_000 - Date.now(), intervalMs: 500, what: 'the minute rollup' },
    );
    expect(row).toMatchObject({ sent: 60, received: 60 });
    const [raw] = await db.query(
      `SELECT count(*)::int AS sent, count(rtt_ms)::int AS received, min(rtt_ms) AS min_ms,
         avg(rtt_ms)::real AS avg_ms, max(rtt_ms) AS max_ms
       FROM ping_sample WHERE target_id = $1 AND at >= $2 AND at < $3`,
      [ids.aFast, new Date(minute), new Date(minute + 60_000)],
    );
    expect(row.min_ms).toBe(raw.min_ms);
    expect(row.max_ms).toBe(raw.max_ms);
    expect(row.avg_ms).toBeCloseTo(raw.avg_ms, 3);
    expect(raw).toMatchObject({ sent: 60, received: 60 });
    // The rows went into today's partition, which the prober made at start.
    const [{ part }] = await db.query(
      `SELECT tableoid::regclass::text AS part FROM ping_sample WHERE target_id = $1 ORDER BY at DESC LIMIT 1`,
      [ids.aFast],
    );
    expect(part).toMatch(/^ping_sample_y\d{4}m\d{2}d\d{2}$/);
  });

  it('runs on one worker only; another takes over when it dies, leaving no fping behind', async () => {
    standby = await startWorkerProcess({
      DATABASE_URL: database.url,
      PING_ENABLED: 'true',
      LOG_LEVEL: 'info',
    });
    await sleep(4000);
    const from = (await probeClock(ids.aFast))(Date.now() + 500) - 500;
    await sleepUntil(from + 5000 + 2000);
    expect(await countSamples(ids.aFast, from, from + 5000)).toBe(5);
    expect(standby.output()).not.toContain('this worker runs the prober');

    const fpings = childrenOf(worker.pid!);
    expect(fpings.length).toBeGreaterThan(0);
    worker.kill('SIGKILL');
    await worker.exited;
    const killedAt = Date.now();
    // Its fping processes end on their next line of output, which has no reader any more.
    await waitFor(async () => fpings.every((pid) => !alive(pid)), {
      timeoutMs: 3000,
      what: 'the fping processes gone',
    });
    await waitFor(async () => standby!.output().includes('this worker runs the prober'), {
      timeoutMs: 20_000,
      what: 'the standby taking over',
    });
    const resumed = await waitFor(async () => sampleOf(a2012, ids.aFast, killedAt)[0], {
      timeoutMs: 5000,
      what: 'seconds from the standby',
    });
    // The lease (10 s) lapses, the standby tries every 2 s, then starts on the next second.
    expect(resumed.heardAt - killedAt).toBeLessThan(16_000);
    expect(childrenOf(standby.pid!).length).toBeGreaterThan(0);
  });

  it('adds up a minute written in parts (a prober that stopped mid-minute, then another)', async () => {
    const store = new PingStore(db);
    const target = '00000000-0000-4000-8000-000000000002';
    const minute = Date.parse('2031-05-01T10:00:00Z');
    await store.upsertMinutes([
      { targetId: target, minute, sent: 20, received: 19, minMs: 1, avgMs: 2, maxMs: 5 },
    ]);
    await store.upsertMinutes([
      { targetId: target, minute, sent: 40, received: 40, minMs: 0.5, avgMs: 3, maxMs: 4 },
    ]);
    const [row] = await db.query(
      `SELECT sent, received, min_ms, avg_ms, max_ms FROM ping_minute WHERE target_id = $1 AND minute = $2`,
      [target, new Date(minute)],
    );
    expect(row).toMatchObject({ sent: 60, received: 59, min_ms: 0.5, max_ms: 5 });
    expect(row.avg_ms).toBeCloseTo((2 * 19 + 3 * 40) / 59, 4);
    // A part with no reply adds its probes and leaves the times as they were.
    await store.upsertMinutes([
      { targetId: target, minute, sent: 1, received: 0, minMs: null, avgMs: null, maxMs: null },
    ]);
    const [after] = await db.query(
      `SELECT sent, received, min_ms, avg_ms, max_ms FROM ping_minute WHERE target_id = $1 AND minute = $2`,
      [target, new Date(minute)],
    );
    expect(after).toEqual({ ...row, sent: 61 });
  });

  it('keeps ping results a day in daily partitions and rollups for the rollup days', async () => {
    // Days long past: today's partitions, which the prober writes to, are not touched.
    const maintenance = new MaintenanceService(db, loadConfig(env));
    const target = '00000000-0000-4000-8000-000000000001';
    const first = await maintenance.maintainPingTables(new Date('2020-03-10T12:00:00Z'));
    expect(first).toEqual({
      created: ['ping_sample_y2020m03d10', 'ping_sample_y2020m03d11', 'ping_sample_y2020m03d12'],
      dropped: [],
      deleted: 0,
    });
    // A day with no partition: the row waits in the default partition.
    await db.query(`INSERT INTO ping_sample (target_id, at, rtt_ms) VALUES ($1, '2020-03-09T00:00:00Z', 1)`, [
      target,
    ]);
    await db.query(`INSERT INTO ping_sample (target_id, at, rtt_ms) VALUES ($1, '2020-03-11T05:00:00Z', 2)`, [
      target,
    ]);
    await db.query(
      `INSERT INTO ping_minute (target_id, minute, sent, received) VALUES ($1, '2019-12-01T00:00:00Z', 60, 60),
         ($1, '2020-03-01T00:00:00Z', 60, 59)`,
      [target],
    );
    // 2020-03-12 06:00: the 10th ended more than 24 h ago and goes; the 11th ended 6 h ago and stays.
    const later = await maintenance.maintainPingTables(new Date('2020-03-12T06:00:00Z'));
    expect(later.created).toEqual(['ping_sample_y2020m03d13', 'ping_sample_y2020m03d14']);
    expect(later.dropped).toEqual(['ping_sample_y2020m03d10']);
    // The default partition's row of the 9th and the rollup older than 90 days.
    expect(later.deleted).toBe(2);
    const left = await db.query(
      `SELECT tableoid::regclass::text AS part, rtt_ms FROM ping_sample WHERE target_id = $1`,
      [target],
    );
    expect(left).toEqual([{ part: 'ping_sample_y2020m03d11', rtt_ms: 2 }]);
    const minutes = await db.query(`SELECT received FROM ping_minute WHERE target_id = $1`, [target]);
    expect(minutes).toEqual([{ received: 59 }]);
  });
});
