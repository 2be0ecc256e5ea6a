import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import {
  closeHsgqSessions,
  createOltDriver,
  type Brand,
  type OltDriver,
  type PonMode,
} from '@pondesk/device-drivers';
import { HsgqWebClient } from '@pondesk/device-http';
import type { OnuChangeResult } from '@pondesk/device-simulator';
import { DEFAULT_POLL_INTERVAL_SECONDS } from '@pondesk/contracts';
import { SnmpClient } from '@pondesk/device-snmp';
import { TelnetSession } from '@pondesk/device-telnet';
import { SecretBox, envSchema } from '@pondesk/server-config';
import { QueueName, queuePrefix } from '@pondesk/server-queue';
import {
  ENTRYPOINTS,
  REPO_ROOT,
  createMigratedDatabase,
  spawnEntrypoint,
  testEnv,
  waitFor,
} from '@pondesk/server-testing';
import { dropRedisNamespace } from '../bench-stats';
import type { Benchmark } from '../bench-types';

const FLEET = resolve(REPO_ROOT, 'libs/device/simulator/fleets/bench.json');
/** The worker's default POLL_CONCURRENCY: the worker runs with it, the baseline uses the same parallelism. */
const POLL_CONCURRENCY = envSchema.shape.POLL_CONCURRENCY.parse(undefined);
/** The SNMP client's max-repetitions (the drivers pass none of their own). */
const MAX_REPS = 40;
/** Tools, starts, starts, tools: how many times the baseline's block runs. */
const BASELINE_BLOCKS = 2;

/** The steady-state round is the schedulers' next one: long enough for the first round to end before it. */
const POLL_INTERVAL_SECONDS = 120;
/** The slow-OLT fleet of the budget. */
const WAN_LINK = { rttMs: 20, varbindsPerSecond: 1000 };
/** About 2 % of the ONUs change between two rounds. */
const CHANGE_EVERY = 50;
const run = promisify(execFile);

interface SimDevice {
  name: string;
  brand: string;
  mode: PonMode | null;
  host: string;
  snmpPort: number;
  community: string;
  telnetPort: number | null;
  httpPort: number | null;
  username: string;
  password: string;
  onus: number;
}

interface Sim {
  devices: SimDevice[];
  control: string;
}

interface RoundResult {
  seconds: number;
  /** From the first poll job's time (worker start excluded) to the last OLT stored. */
  pollSeconds: number;
  onus: number;
}

const cleanups: (() => Promise<void> | void)[] = [];
/** Every run's worker; one runs at a time, so no run is measured beside another's polling. */
const runs: PollRun[] = [];
const pending: Promise<unknown>[] = [];
/** Each figure's run, shared by the figures that come from the same run. */
const once = new Map<string, Promise<unknown>>();
function shared<T>(key: string, fn: () => Promise<T>): Promise<T> {
  let p = once.get(key) as Promise<T> | undefined;
  if (!p) {
    p = fn();
    once.set(key, p);
    pending.push(p.catch(() => undefined));
  }
  return p;
}

const sim = (log: (l: string) => void) => shared('sim', () => startSim(log));

async function startSim(log: (l: string) => void): Promise<Sim> {
  // Below the ephemeral range (32768+), where outgoing connections of this machine would collide.
  const base = 20000 + Math.floor(Math.random() * 8000);
  const controlPort = base + 1000;
  const args = ['--fleet', FLEET, '--base-port', String(base), '--control-port', String(controlPort)];
  const list = spawnEntrypoint(ENTRYPOINTS.simulator, { args: [...args, '--list', '--json'] });
  if ((await list.exited) !== 0)
    throw new Error(`the simulator could not list the bench fleet: ${list.output()}`);
  const devices = (JSON.parse(list.stdoutText()) as SimDevice[]).filter((d) => d.mode);
  const proc = spawnEntrypoint(ENTRYPOINTS.simulator, { args });
  cleanups.push(() => proc.stop());
  const control = `http://127.0.0.1:${controlPort}`;
  await waitFor(
    async () => {
      const c = new SnmpClient({
        host: '127.0.0.1',
        port: devices[devices.length - 1].snmpPort,
        community: devices[0].community,
        timeoutMs: 300,
        retries: 0,
      });
      try {
        return (await c.get(['1.3.6.1.2.1.1.1.0'])).length > 0 && (await fetch(`${control}/clock`)).ok;
      } catch {
        return false;
      } finally {
        c.close();
      }
    },
    { timeoutMs: 30000, what: 'the bench fleet' },
  );
  log(`bench fleet: ${devices.length} OLTs, ${devices.reduce((n, d) => n + d.onus, 0)} ONUs`);
  return { devices, control };
}

async function controlCall(sim: Sim, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sim.control}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`simulator ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A fresh database with the OLTs in it, and a worker process polling them as the product does. */
class PollRun {
  readonly db: Client;
  readonly oltIds = new Map<string, string>();
  readonly env: Record<string, string>;
  private workerStarted = 0;
  private worker: ReturnType<typeof spawnEntrypoint> | null = null;
  /** Poll jobs that did not simply poll, since the last `jobReport`: failed attempts and skips, by reason. */
  private unusual = new Map<string, number>();

  private constructor(
    db: Client,
    env: Record<string, string>,
    readonly devices: SimDevice[],
  ) {
    this.db = db;
    this.env = env;
  }

  static async create(name: string, devices: SimDevice[]): Promise<PollRun> {
    const database = await createMigratedDatabase(`pondesk_bench_${name}`);
    cleanups.push(() => database.drop());
    const namespace = `pondesk:bench-${name}-${randomBytes(4).toString('hex')}`;
    cleanups.push(() => dropRedisNamespace(namespace));
    const env = testEnv({ DATABASE_URL: database.url, REDIS_NAMESPACE: namespace, LOG_LEVEL: 'info' });
    const db = new Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());
    const r = new PollRun(db, env, devices);
    runs.push(r);
    const box = new SecretBox(env.ENCRYPTION_KEY);
    const tenantId = '00000000-0000-4000-8000-000000000001';
    for (const [i, d] of devices.entries()) {
      const { rows } = await db.query(
        `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_port, telnet_port, http_port, username, password_enc, snmp_community_enc, status, poll_interval_seconds)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'online', $13) RETURNING id`,
        [
          tenantId,
          `B-${i}`,
          d.name,
          d.host,
          d.brand,
          d.mode,
          d.snmpPort,
          d.telnetPort ?? 23,
          d.httpPort,
          d.username,
          box.seal(d.password),
          box.seal(d.community),
          POLL_INTERVAL_SECONDS,
        ],
      );
      r.oltIds.set(d.name, (rows[0] as { id: string }).id);
    }
    return r;
  }

  get onus(): number {
    return this.devices.reduce((n, d) => n + d.onus, 0);
  }

  /** Starts the worker (cold): its scheduler sync enqueues every OLT at once. */
  async startWorker(): Promise<void> {
    await Promise.all(runs.filter((r) => r !== this).map((r) => r.stopWorker()));
    await this.watchJobs();
    this.workerStarted = performance.now();
    const worker = spawnEntrypoint(ENTRYPOINTS.worker, { env: this.env });
    this.worker = worker;
    cleanups.push(() => worker.stop());
  }

  /** Nothing of this run may take the machine while the next one is measured. */
  async stopWorker(): Promise<void> {
    await this.worker?.stop();
  }

  /** The first round: until every OLT is polled and all its ONUs are stored. */
  async firstRound(): Promise<RoundResult> {
    await waitFor(
      async () => {
        const { rows } = await this.db.query(
          'SELECT count(*) FILTER (WHERE last_polled_at IS NOT NULL)::int AS polled, coalesce(sum(onu_count), 0)::int AS onus FROM olt',
        );
        return rows[0].polled === this.devices.length && rows[0].onus === this.onus;
      },
      { timeoutMs: 300000, intervalMs: 100, what: 'every OLT to be polled' },
    );
    const doneAt = Date.now();
    const seconds = (performance.now() - this.workerStarted) / 1000;
    const { rows } = await this.db.query(
      'SELECT (SELECT count(*)::int FROM onu) AS onus, (SELECT min(last_polled_at) FROM olt) AS first',
    );
    const first = rows[0] as { onus: number; first: Date };
    return { seconds, pollSeconds: (doneAt - first.first.getTime()) / 1000, onus: first.onus };
  }

  /** Counts poll attempts that failed (retried by BullMQ) or were skipped, as the worker reports them. */
  private async watchJobs(): Promise<void> {
    const connection = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    const events = new QueueEvents(QueueName.OltPoll, {
      connection,
      prefix: queuePrefix({ DATABASE_URL: this.env.DATABASE_URL, REDIS_NAMESPACE: this.env.REDIS_NAMESPACE }),
    });
    const count = (what: string) => this.unusual.set(what, (this.unusual.get(what) ?? 0) + 1);
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    events.on('failed', ({ failedReason }) => count(`failed: ${failedReason.replace(uuid, '<id>')}`));
    events.on('completed', ({ returnvalue }) => {
      const r = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as {
        skipped?: string;
        ok?: boolean;
        error?: string;
      } | null;
      if (r?.skipped) count(`skipped: ${r.skipped}`);
      else if (r?.ok === false) count(`walk failed: ${(r.error ?? '').replace(uuid, '<id>')}`);
    });
    await events.waitUntilReady();
    cleanups.push(async () => {
      await events.close();
      connection.disconnect();
    });
  }

  /** What went unusually since the last report, e.g. `3 × failed: OLT <id> is busy; poll retried`. */
  jobReport(): string {
    const out = [...this.unusual].map(([what, n]) => `${n} × ${what}`).join('; ');
    this.unusual = new Map();
    return out || 'none';
  }

  async errors(): Promise<string[]> {
    const { rows } = await this.db.query(
      'SELECT name, last_error FROM olt WHERE last_error IS NOT NULL ORDER BY name',
    );
    return (rows as { name: string; last_error: string }[]).map((r) => `${r.name}: ${r.last_error}`);
  }

  private async withPollQueue<T>(fn: (queue: Queue) => Promise<T>): Promise<T> {
    const connection = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(QueueName.OltPoll, {
      connection,
      prefix: queuePrefix({ DATABASE_URL: this.env.DATABASE_URL, REDIS_NAMESPACE: this.env.REDIS_NAMESPACE }),
    });
    try {
      return await fn(queue);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }

  /** When the OLTs' poll schedulers say their next jobs are due. */
  pollSchedulerNext(): Promise<number[]> {
    return this.withPollQueue(async (queue) =>
      (await queue.getJobSchedulers(0, -1))
        .map((s) => s.next)
        .filter((n): n is number => typeof n === 'number'),
    );
  }

  /** When the worker took the first poll job after `since` (epoch ms), once it has. */
  firstPollStartedAfter(since: number): Promise<number> {
    return this.withPollQueue((queue) =>
      waitFor(
        async () => {
          const started = (await queue.getJobs(['active', 'completed', 'failed'], 0, 200))
            .map((j) => j.processedOn ?? 0)
            .filter((t) => t > since);
          return started.length > 0 && Math.min(...started);
        },
        { timeoutMs: 600000, intervalMs: 100, what: 'the next round of polls to start' },
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The instant fleet: first refresh, then the steady-state round

interface StoredChange {
  ref: string;
  status: string;
  reason: string | null;
  rxDbm: number | null;
}

const instant = (log: (l: string) => void) => shared('instant', () => measureInstant(log));

async function measureInstant(log: (l: string) => void): Promise<{ run: PollRun; first: RoundResult }> {
  const s = await sim(log);
  const r = await PollRun.create('poll', s.devices);
  await r.startWorker();
  const first = await r.firstRound();
  const errors = await r.errors();
  log(
    `instant fleet, first refresh: ${first.onus} ONUs on ${s.devices.length} OLTs in ${first.seconds.toFixed(1)} s from worker start ` +
      `(${first.pollSeconds.toFixed(1)} s from the first poll job), POLL_CONCURRENCY ${POLL_CONCURRENCY}, ${errors.length} OLT errors`,
  );
  errors.slice(0, 5).forEach((e) => log(`  ${e}`));
  log(`  poll jobs that did not simply poll: ${r.jobReport()}`);
  return { run: r, first };
}

const steady = (log: (l: string) => void) =>
  shared('steady', async () => steadyRound(await sim(log), (await instant(log)).run, log));

/**
 * The schedulers' next round of run `r` polls every OLT again; about 2 % of the ONUs changed on the
 * simulator before it, and a default poll interval passed there (every reading drifted). Seconds from the round's first poll job until every OLT was polled again and
 * every change is in Postgres.
 */
async function steadyRound(s: Sim, r: PollRun, log: (l: string) => void): Promise<number> {
  const names = new Map([...r.oltIds].map(([name, id]) => [id, name]));
  const polledBefore = new Map(
    (
      (await r.db.query('SELECT id, last_polled_at FROM olt')).rows as { id: string; last_polled_at: Date }[]
    ).map((o) => [o.id, o.last_polled_at.getTime()]),
  );
  const online = (
    await r.db.query(
      "SELECT olt_id, pon_port, onu_id, rx_dbm FROM onu WHERE status = 'online' ORDER BY olt_id, pon_port, onu_id",
    )
  ).rows as { olt_id: string; pon_port: number; onu_id: number; rx_dbm: number | null }[];
  const reasons = ['los', 'power-off', 'wire-down'] as const;
  const changes = online
    .filter((_o, i) => i % CHANGE_EVERY === 0)
    .map((o, i) => ({
      device: names.get(o.olt_id) as string,
      ponPort: o.pon_port,
      onuId: o.onu_id,
      // Half go offline with a reason, half get a signal well away from theirs (they read -13…-27 dBm).
      ...(i % 2 === 0 ? { down: reasons[(i / 2) % 3] } : { rxDbm: (o.rx_dbm ?? -20) > -24 ? -29.5 : -12.5 }),
    }));
  const round2 = Math.min(...(await r.pollSchedulerNext()));
  const margin = round2 - Date.now();
  if (margin < 1000)
    throw new Error(
      `the first refresh overran the ${POLL_INTERVAL_SECONDS} s poll interval (next round ${margin} ms away): no steady state to time`,
    );
  r.jobReport();
  // The schedulers here run every 120 s; an install polls every 300 s by default, and its ONUs' readings
  // drift in between. The simulated clock moves on by that interval, so the round reads what a default
  // install's next round reads (on the simulator, a new 5-minute jitter of every reading).
  await controlCall(s, 'POST', '/clock', { advanceSeconds: DEFAULT_POLL_INTERVAL_SECONDS });
  const changedAt = Date.now();
  const answer = (await controlCall(s, 'POST', '/onu-changes', { changes })) as { onus: OnuChangeResult[] };
  // What the simulator now holds for each changed ONU is what the next round must store.
  const want = new Map(answer.onus.map((o) => [`${r.oltIds.get(o.device)}/${o.ponPort}/${o.onuId}`, o]));
  // Brands know fewer reasons than the simulator: the reason each brand/mode reports for each one given is
  // read back through its driver (as the worker reads it) from devices holding such a change.
  const kindOf = new Map(s.devices.map((d) => [d.name, `${d.brand}/${d.mode}`]));
  const readAs = new Map<string, string>();
  for (const d of r.devices) {
    const kind = `${d.brand}/${d.mode}`;
    const unknown = answer.onus.filter(
      (o) => o.device === d.name && o.status === 'offline' && !readAs.has(`${kind}/${o.reason}`),
    );
    if (!unknown.length) continue;
    const records = await withDriver(d, (driver) => driver.listOnus());
    for (const o of unknown) {
      const rec = records.find((r) => r.ponPort === o.ponPort && r.onuId === o.onuId);
      if (rec?.status === 'offline') readAs.set(`${kind}/${o.reason}`, rec.lastDeregReason ?? 'unknown');
    }
  }
  await closeHsgqSessions();
  const renamed = [...readAs].filter(([k, v]) => !k.endsWith(`/${v}`));
  if (renamed.length)
    log(
      `steady state: reasons as the brands report them: ${renamed.map(([k, v]) => `${k} → ${v}`).join(', ')}`,
    );
  const ours = answer.onus.filter((o, i) =>
    'down' in changes[i]
      ? o.status === 'offline' && o.reason === changes[i].down
      : o.rxDbm === changes[i].rxDbm,
  ).length;
  log(
    `steady state: ${changes.length} of ${online.length} online ONUs changed on the simulator ` +
      `(${changes.filter((c) => 'down' in c).length} offline with a reason, the rest a new rx; ${ours} hold exactly our change), ` +
      `${(margin / 1000).toFixed(1)} s before the schedulers' next round is due; the simulated clock moved on ${DEFAULT_POLL_INTERVAL_SECONDS} s`,
  );

  let landed = 0;
  let repolled = 0;
  let movedOn = 0;
  const matches = (o: StoredChange): boolean => {
    const w = want.get(o.ref);
    if (!w || w.status !== o.status) return false;
    if (w.status === 'offline')
      return o.reason === (readAs.get(`${kindOf.get(w.device)}/${w.reason}`) ?? w.reason);
    return w.rxDbm === null ? o.rxDbm === null : o.rxDbm !== null && Math.abs(o.rxDbm - w.rxDbm) < 0.06;
  };
  const stored = async (): Promise<StoredChange[]> =>
    (
      await r.db.query(
        `SELECT o.olt_id || '/' || o.pon_port || '/' || o.onu_id AS ref, o.status, o.reason, o.rx_dbm AS "rxDbm"
         FROM onu o JOIN unnest($1::uuid[], $2::int[], $3::int[]) AS c(olt, pon, onu)
           ON o.olt_id = c.olt AND o.pon_port = c.pon AND o.onu_id = c.onu`,
        [
          answer.onus.map((c) => r.oltIds.get(c.device)),
          answer.onus.map((c) => c.ponPort),
          answer.onus.map((c) => c.onuId),
        ],
      )
    ).rows as StoredChange[];
  // The round starts when the worker takes its first job (the schedulers' `next` is only a lower bound).
  const roundStart = await r.firstPollStartedAfter(changedAt);
  log(
    `steady state: the next round's first poll started ${((roundStart - changedAt) / 1000).toFixed(1)} s after the changes ` +
      `(${((roundStart - round2) / 1000).toFixed(1)} s after the schedulers said it was due)`,
  );
  try {
    await waitFor(
      async () => {
        const { rows } = await r.db.query('SELECT id, last_polled_at FROM olt');
        repolled = (rows as { id: string; last_polled_at: Date }[]).filter(
          (o) => o.last_polled_at.getTime() > (polledBefore.get(o.id) ?? Infinity),
        ).length;
        if (repolled < r.devices.length) return false;
        const changed = await stored();
        // An ONU the simulator has since changed on its own (a random outage) is no longer ours to find.
        for (const o of changed.filter((c) => !matches(c))) {
          const w = want.get(o.ref);
          if (!w) continue;
          const now = (await controlCall(
            s,
            'GET',
            `/devices/${encodeURIComponent(w.device)}/onus/${w.ponPort}/${w.onuId}`,
          )) as { status: string; lastDeregReason: string; rxDbm: number | null };
          const reason = now.status === 'offline' ? now.lastDeregReason : null;
          if (now.status !== w.status || reason !== w.reason || now.rxDbm !== w.rxDbm) {
            want.delete(o.ref);
            movedOn++;
          }
        }
        landed = changed.filter(matches).length;
        return landed === want.size;
      },
      { timeoutMs: 240000, intervalMs: 250, what: 'the second round to store every change' },
    );
  } catch (e) {
    const wrong = (await stored()).filter((o) => !matches(o)).slice(0, 3);
    throw new Error(
      `${e instanceof Error ? e.message : String(e)}: ${repolled}/${r.devices.length} OLTs polled again, ${landed}/${want.size} changes stored; ` +
        wrong.map((o) => `${JSON.stringify(o)} wanted ${JSON.stringify(want.get(o.ref))}`).join('; '),
    );
  }
  const seconds = (Date.now() - roundStart) / 1000;
  await r.stopWorker();
  const { rows } = await r.db.query(
    'SELECT count(*)::int AS n, (SELECT count(*)::int FROM onu WHERE updated_at >= $2) AS written FROM onu_status_event WHERE occurred_at > $1',
    [new Date(Math.min(...polledBefore.values())), new Date(roundStart)],
  );
  log(
    `steady state: the round rewrote ${rows[0].written} of ${r.onus} ONU rows (changed, a reading moved past its deadband, or a signal sample taken)`,
  );
  log(
    `steady state: every OLT polled again and ${landed}/${want.size} changes stored (${movedOn} more changed again by the simulator itself) ${seconds.toFixed(1)} s after the round's first poll started ` +
      `(${rows[0].n} status events since the first round: ours and the simulator's own)`,
  );
  log(`steady state: poll jobs that did not simply poll: ${r.jobReport()}`);
  return seconds;
}

// ---------------------------------------------------------------------------------------------
// The slow-OLT fleet

const wan = (log: (l: string) => void) => shared('wan', () => measureWan(log));

async function measureWan(log: (l: string) => void): Promise<RoundResult> {
  const s = await sim(log);
  await controlCall(s, 'PUT', '/link', WAN_LINK);
  try {
    const r = await PollRun.create('poll_wan', s.devices);
    await r.startWorker();
    const first = await r.firstRound();
    const errors = await r.errors();
    log(
      `slow-OLT fleet (every OLT at ${WAN_LINK.rttMs} ms round trip, ${WAN_LINK.varbindsPerSecond} varbinds/s): ` +
        `${first.onus} ONUs on ${s.devices.length} OLTs in ${first.seconds.toFixed(1)} s from worker start ` +
        `(${first.pollSeconds.toFixed(1)} s from the first poll job), ${errors.length} OLT errors`,
    );
    errors.slice(0, 5).forEach((e) => log(`  ${e}`));
    log(`  poll jobs that did not simply poll: ${r.jobReport()}`);
    await r.stopWorker();
    return first;
  } finally {
    await controlCall(s, 'PUT', '/link', { rttMs: 0, varbindsPerSecond: 0 });
  }
}

// ---------------------------------------------------------------------------------------------
// Beside snmpbulkwalk: the same OIDs of the same agents, the same parallelism

interface Reads {
  /** Column roots walked (GETBULK), in the order the driver walked them. */
  walks: string[];
  /** Each GET request's OIDs. */
  gets: string[][];
  /** Each GETNEXT request's OIDs. */
  nexts: string[][];
  varbinds: number;
  /** Read something other than SNMP (the web API, the CLI). */
  other: string[];
}

/** Runs `fn` with a driver for `d`, connected as the worker connects (the web API for AVIES only). */
async function withDriver<T>(d: SimDevice, fn: (driver: OltDriver) => Promise<T>): Promise<T> {
  const driver = createOltDriver(d.brand as Brand, d.mode as PonMode, {
    host: d.host,
    snmp: { port: d.snmpPort, community: d.community },
    telnet: d.telnetPort ? { port: d.telnetPort, username: d.username, password: d.password } : undefined,
    http:
      d.httpPort && d.brand === 'avies'
        ? { port: d.httpPort, username: d.username, password: d.password }
        : undefined,
  });
  try {
    return await fn(driver);
  } finally {
    await driver.close();
  }
}

/** What a driver reads for a full ONU poll of `d`, found by watching its clients (SNMP, web, CLI). */
async function readsOf(d: SimDevice): Promise<Reads> {
  const reads: Reads = { walks: [], gets: [], nexts: [], varbinds: 0, other: [] };
  const snmp = SnmpClient.prototype;
  const { get, getNext, walkColumns } = snmp;
  const webGet = HsgqWebClient.prototype.get;
  const exec = TelnetSession.prototype.exec;
  const clients = new Set<SnmpClient>();
  snmp.walkColumns = function (this: SnmpClient, roots, options) {
    clients.add(this);
    reads.walks.push(...roots.filter((r) => !reads.walks.includes(r)));
    return walkColumns.call(this, roots, options);
  };
  snmp.get = function (this: SnmpClient, oids) {
    clients.add(this);
    reads.gets.push([...oids]);
    return get.call(this, oids);
  };
  snmp.getNext = function (this: SnmpClient, oids) {
    clients.add(this);
    reads.nexts.push([...oids]);
    return getNext.call(this, oids);
  };
  HsgqWebClient.prototype.get = function <T>(this: HsgqWebClient, path: string): Promise<T> {
    reads.other.push(`web ${path}`);
    return webGet.call(this, path) as Promise<T>;
  };
  TelnetSession.prototype.exec = function (this: TelnetSession, command, options) {
    reads.other.push(`cli ${command}`);
    return exec.call(this, command, options);
  };
  try {
    await withDriver(d, async (driver) => {
      // As the worker reads them: the ONU list, then the ports given that list.
      const onus = await driver.listOnus();
      await driver.listPonPorts({ onus });
    });
    await closeHsgqSessions();
  } finally {
    Object.assign(snmp, { get, getNext, walkColumns });
    HsgqWebClient.prototype.get = webGet;
    TelnetSession.prototype.exec = exec;
  }
  reads.varbinds = [...clients].reduce((n, c) => n + c.stats.varbinds, 0);
  return reads;
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const lines = (s: string) => s.split('\n').filter(Boolean).length;

/**
 * Numeric OIDs in and out: the tools need no MIB, and loading the installed ones at each start would
 * more than double the process start this figure has to subtract (and its noise).
 */
const NO_MIBS = ['-m', ''];

/** The tools' options for one agent: numeric output, no MIBs, SNMPv2c with its community. */
const agentArgs = (d: SimDevice) => [...NO_MIBS, '-v2c', '-c', d.community, '-On', '-Oq'];

/** The tools' options for one agent at its address. */
const agentTarget = (d: SimDevice) => [...agentArgs(d), '-r1', '-t3', `${d.host}:${d.snmpPort}`];

/** The table entry a column OID belongs to: the column root without its last arc. */
const entryOf = (column: string) => column.slice(0, column.lastIndexOf('.'));

/**
 * How the tools walk one brand's columns: a table's columns in one `snmpbulkwalk` of the table's entry
 * where that subtree holds exactly the columns the driver reads (the same varbinds, one process start
 * instead of one per column), else one process per column (`snmpbulkwalk` has no end OID to stop at).
 */
interface WalkPlan {
  roots: string[];
  /** Table entries walked whole, with how many columns each stands for. */
  grouped: { entry: string; columns: number }[];
  /** Entries walked column by column, because their subtree holds more than the driver reads. */
  split: string[];
}

async function walkPlan(d: SimDevice, reads: Reads): Promise<WalkPlan> {
  const count = async (oid: string) =>
    lines(
      (await run('snmpbulkwalk', [`-Cr${MAX_REPS}`, ...agentTarget(d), oid], { maxBuffer: 64 * 1024 * 1024 }))
        .stdout,
    );
  const entries = new Map<string, string[]>();
  for (const c of reads.walks) entries.set(entryOf(c), [...(entries.get(entryOf(c)) ?? []), c]);
  const plan: WalkPlan = { roots: [], grouped: [], split: [] };
  for (const [entry, columns] of entries) {
    if (columns.length > 1) {
      let sum = 0;
      for (const c of columns) sum += await count(c);
      if ((await count(entry)) === sum) {
        plan.roots.push(entry);
        plan.grouped.push({ entry, columns: columns.length });
        continue;
      }
      plan.split.push(entry);
    }
    plan.roots.push(...columns);
  }
  return plan;
}

/** One OLT's reads with the Net-SNMP tools: one process per walked root, per GET and per GETNEXT. */
function toolCalls(d: SimDevice, reads: Reads, plan: WalkPlan): { tool: string; args: string[] }[] {
  const target = agentTarget(d);
  return [
    ...plan.roots.map((oid) => ({ tool: 'snmpbulkwalk', args: [`-Cr${MAX_REPS}`, ...target, oid] })),
    ...reads.gets.map((oids) => ({ tool: 'snmpget', args: [...target, ...oids] })),
    ...reads.nexts.map((oids) => ({ tool: 'snmpgetnext', args: [...target, ...oids] })),
  ];
}

const ratio = (log: (l: string) => void) => shared('ratio', () => measureRatio(log));

async function measureRatio(log: (l: string) => void): Promise<number> {
  const s = await sim(log);
  const byKind = new Map<string, Reads>();
  for (const d of s.devices) {
    const key = `${d.brand}/${d.mode}`;
    if (!byKind.has(key)) byKind.set(key, await readsOf(d));
  }
  for (const [k, r] of byKind)
    log(
      `${k}: the driver reads ${r.walks.length} columns [${r.walks.join(' ')}], ${r.gets.length} GETs ` +
        `(${r.gets.flat().length} OIDs), ${r.nexts.length} GETNEXTs, ${r.varbinds} varbinds` +
        (r.other.length
          ? `, and ${r.other.length} web/CLI requests (${[...new Set(r.other)].slice(0, 3).join(', ')}…)`
          : ''),
    );
  // ONUs read (even partly) over the web API or the CLI cannot be compared with an SNMP tool: left out of both sides.
  const left = [...byKind].filter(([, r]) => r.other.length > 0).map(([k]) => k);
  const devices = s.devices.filter((d) => !left.includes(`${d.brand}/${d.mode}`));
  log(`left out of both sides (not read over SNMP alone): ${left.join(', ') || 'none'}`);

  // Ours: a worker polling only those OLTs. The first round imports every ONU (inserts); the figure is
  // the next one, the round the worker repeats every poll interval from then on.
  const r = await PollRun.create('poll_snmp', devices);
  await r.startWorker();
  const imported = await r.firstRound();
  const onus = imported.onus;
  log(
    `ours, first round (import): ${onus} ONUs on ${devices.length} OLTs polled and inserted in ${imported.pollSeconds.toFixed(1)} s from the first poll job ` +
      `(${imported.seconds.toFixed(1)} s with the worker's start), ${POLL_CONCURRENCY} OLTs at a time, ` +
      `${devices.reduce((n, d) => n + (byKind.get(`${d.brand}/${d.mode}`)?.varbinds ?? 0), 0)} varbinds as the watched drivers read them`,
  );
  const ours = await steadyRound(s, r, log);
  log(`ours, the next round: ${onus} ONUs polled and stored in ${ours.toFixed(1)} s from its first poll job`);

  // Theirs: the same reads of the same agents with the tools, the same number of OLTs at a time.
  const plans = new Map<string, WalkPlan>();
  for (const d of devices) {
    const key = `${d.brand}/${d.mode}`;
    if (plans.has(key)) continue;
    const plan = await walkPlan(d, byKind.get(key) as Reads);
    plans.set(key, plan);
    log(
      `${key}: the tools walk the driver's ${byKind.get(key)?.walks.length} columns in ${plan.roots.length} processes: ` +
        `${plan.grouped.map((g) => `${g.entry} whole (${g.columns} columns)`).join(', ') || 'no table whole'}` +
        (plan.split.length ? `; column by column, their tables holding more: ${plan.split.join(', ')}` : ''),
    );
  }
  const calls = devices.map((d) => {
    const key = `${d.brand}/${d.mode}`;
    return toolCalls(d, byKind.get(key) as Reads, plans.get(key) as WalkPlan);
  });
  const processes = calls.reduce((n, c) => n + c.length, 0);
  /** One pass of the tools over every OLT: seconds and varbinds read. */
  const toolPass = async () => {
    let varbinds = 0;
    const t = performance.now();
    await pool(calls, POLL_CONCURRENCY, async (olt) => {
      for (const c of olt) {
        // Not `varbinds += await …`: that reads the sum before the wait and loses the other OLTs' counts.
        const { stdout } = await run(c.tool, c.args, { maxBuffer: 64 * 1024 * 1024 });
        varbinds += lines(stdout);
      }
    });
    return { seconds: (performance.now() - t) / 1000, varbinds };
  };
  // Their process start cost: as many trivial one-varbind reads, the same number at a time, subtracted.
  const trivial = devices.map((d, i) => ({ d, n: calls[i].length }));
  const startPass = async () => {
    const t = performance.now();
    await pool(trivial, POLL_CONCURRENCY, async ({ d, n }) => {
      for (let i = 0; i < n; i++)
        await run('snmpget', [...agentArgs(d), `${d.host}:${d.snmpPort}`, '1.3.6.1.2.1.1.3.0']);
    });
    return (performance.now() - t) / 1000;
  };
  // The start cost is most of the tools' time on 2 cores, and the machine's pace drifts over a minute:
  // tools, starts, starts, tools (ABBA), so a steady drift falls out of the difference of the means. The
  // difference of two large timings is noisy (a pass varies by seconds): the block runs twice.
  const tools: { seconds: number; varbinds: number }[] = [];
  const starts: number[] = [];
  for (let block = 0; block < BASELINE_BLOCKS; block++) {
    tools.push(await toolPass());
    starts.push(await startPass(), await startPass());
    tools.push(await toolPass());
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const toolSeconds = mean(tools.map((t) => t.seconds));
  const startSeconds = mean(starts);
  const theirs = toolSeconds - startSeconds;
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  log(
    `snmpbulkwalk -Cr${MAX_REPS} (+ snmpget/snmpgetnext for the GETs): the same ${devices.length} OLTs, ${POLL_CONCURRENCY} at a time, ` +
      `${processes} processes, ${tools.map((t) => t.varbinds).join(', ')} varbinds in ${list(tools.map((t) => t.seconds))} s; ` +
      `${processes} trivial snmpget processes (process start) in ${list(starts)} s; ` +
      `net ${toolSeconds.toFixed(1)} − ${startSeconds.toFixed(1)} = ${theirs.toFixed(1)} s`,
  );
  const value = theirs / ours;
  log(
    `ratio: ${theirs.toFixed(1)} s / ${ours.toFixed(1)} s = ${value.toFixed(3)} ` +
      `(the first round, which inserts every ONU, would give ${(theirs / imported.pollSeconds).toFixed(3)})`,
  );
  return value;
}

export async function teardown(): Promise<void> {
  await Promise.all(pending);
  for (const c of cleanups.reverse()) await c();
}

export const benchmarks: Benchmark[] = [
  {
    name: 'poll.refresh_all_onus',
    unit: 's',
    budget: 60,
    better: 'lower',
    description:
      'seconds for one worker (cold start included) to poll the 200-OLT × 500-ONU simulated fleet into Postgres',
    async run(log) {
      return (await instant(log)).first.seconds;
    },
  },
  {
    name: 'poll.steady_refresh_s',
    unit: 's',
    budget: 30,
    better: 'lower',
    description:
      `after the first refresh, ~${100 / CHANGE_EVERY} % of the ONUs change on the simulator (offline with a reason, or a new rx); ` +
      `seconds from the schedulers' next round starting (the worker taking its first job) until every OLT was polled again and every change is in Postgres`,
    async run(log) {
      return steady(log);
    },
  },
  {
    name: 'poll.rate_vs_snmpbulkwalk',
    unit: 'ratio',
    budget: 0.7,
    better: 'higher',
    description:
      'our ONUs per second in a round of polls after the first (walk, diff, writes, samples, events; ~2 % of the ONUs changed) ' +
      'divided by the Net-SNMP tools reading the same OIDs of the ' +
      `same OLTs (those read over SNMP alone), POLL_CONCURRENCY at a time, -Cr${MAX_REPS}, a table's adjacent columns in one walk, process start subtracted`,
    async run(log) {
      return ratio(log);
    },
  },
  {
    name: 'poll.refresh_all_onus_wan',
    unit: 's',
    budget: 60,
    better: 'lower',
    description:
      `seconds for one worker (cold start included) to poll the 200-OLT × 500-ONU fleet into Postgres when every OLT ` +
      `answers over a ${WAN_LINK.rttMs} ms round trip at ${WAN_LINK.varbindsPerSecond} varbinds/s`,
    async run(log) {
      return (await wan(log)).seconds;
    },
  },
];
