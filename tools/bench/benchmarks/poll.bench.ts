import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createOltDriver, type Brand, type PonMode } from '@pondesk/device-drivers';
import { SnmpClient } from '@pondesk/device-snmp';
import { SecretBox } from '@pondesk/server-config';
import {
  ENTRYPOINTS,
  REPO_ROOT,
  createMigratedDatabase,
  spawnEntrypoint,
  testEnv,
  waitFor,
} from '@pondesk/server-testing';
import type { Benchmark } from '../bench-types';

const FLEET = resolve(REPO_ROOT, 'libs/device/simulator/fleets/bench.json');
const CONCURRENCY = 8; // the worker's default WORKER_CONCURRENCY
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

interface Result {
  refreshSeconds: number;
  onus: number;
  ratio: number;
}

let result: Promise<Result> | undefined;
const cleanups: (() => Promise<void> | void)[] = [];

function runSim(args: string[]) {
  return spawnEntrypoint(ENTRYPOINTS.simulator, { args: ['--fleet', FLEET, ...args] });
}

async function listFleet(base: number): Promise<SimDevice[]> {
  const sim = runSim(['--base-port', String(base), '--list', '--json']);
  if ((await sim.exited) !== 0)
    throw new Error(`the simulator could not list the bench fleet: ${sim.output()}`);
  return JSON.parse(sim.stdoutText()) as SimDevice[];
}

/** The SNMP columns a driver walks for a full ONU poll, found by watching its client once per brand and mode. */
async function columnsWalked(d: SimDevice): Promise<string[]> {
  const seen = new Set<string>();
  const original = SnmpClient.prototype.walkColumns;
  SnmpClient.prototype.walkColumns = function (this: SnmpClient, roots, options) {
    roots.forEach((r) => seen.add(r));
    return original.call(this, roots, options);
  };
  try {
    const driver = createOltDriver(d.brand as Brand, d.mode as PonMode, {
      host: d.host,
      snmp: { port: d.snmpPort, community: d.community },
      telnet: d.telnetPort ? { port: d.telnetPort, username: d.username, password: d.password } : undefined,
      http: d.httpPort ? { port: d.httpPort, username: d.username, password: d.password } : undefined,
    });
    await driver.listOnus();
    await driver.listPonPorts();
    await driver.close();
  } finally {
    SnmpClient.prototype.walkColumns = original;
  }
  return [...seen];
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function measure(log: (l: string) => void): Promise<Result> {
  const base = 40000 + Math.floor(Math.random() * 10000);
  const devices = (await listFleet(base)).filter((d) => d.mode);
  const sim = runSim(['--base-port', String(base)]);
  cleanups.push(() => sim.stop());
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
        return (await c.get(['1.3.6.1.2.1.1.1.0'])).length > 0;
      } finally {
        c.close();
      }
    },
    { timeoutMs: 30000, what: 'the bench fleet' },
  );
  const onus = devices.reduce((n, d) => n + d.onus, 0);
  log(`bench fleet: ${devices.length} OLTs, ${onus} ONUs`);

  const database = await createMigratedDatabase('pondesk_bench_poll');
  const { url } = database;
  cleanups.push(() => database.drop());
  const env = testEnv({ DATABASE_URL: url, LOG_LEVEL: 'warn', WORKER_CONCURRENCY: String(CONCURRENCY) });
  const box = new SecretBox(env.ENCRYPTION_KEY);
  const db = new Client({ connectionString: url });
  await db.connect();
  const tenantId = '00000000-0000-4000-8000-000000000001';
  for (const [i, d] of devices.entries()) {
    await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_port, telnet_port, http_port, username, password_enc, snmp_community_enc, status, poll_interval_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'online', 86400)`,
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
      ],
    );
  }

  // One worker, cold: its scheduler sync enqueues every OLT at start; time until all 100,000 ONUs are in Postgres.
  const t0 = performance.now();
  const worker = spawnEntrypoint(ENTRYPOINTS.worker, { env });
  cleanups.push(() => worker.stop());
  await waitFor(
    async () => {
      const { rows } = await db.query(
        'SELECT count(*) FILTER (WHERE last_polled_at IS NOT NULL)::int AS polled, coalesce(sum(onu_count), 0)::int AS onus FROM olt',
      );
      return rows[0].polled === devices.length && rows[0].onus === onus;
    },
    { timeoutMs: 300000, intervalMs: 100, what: 'every OLT to be polled' },
  );
  const refreshSeconds = (performance.now() - t0) / 1000;
  const stored = (await db.query('SELECT count(*)::int AS n FROM onu')).rows[0].n as number;
  const errors = (await db.query('SELECT count(*)::int AS n FROM olt WHERE last_error IS NOT NULL')).rows[0]
    .n as number;
  await db.end();
  log(
    `refreshed ${stored} ONUs on ${devices.length} OLTs in ${refreshSeconds.toFixed(1)} s (including worker start), ${errors} OLT errors`,
  );
  worker.kill('SIGTERM');

  // snmpbulkwalk over the same columns, the same OLTs and the same concurrency.
  const columns = new Map<string, string[]>();
  for (const d of devices) {
    const key = `${d.brand}/${d.mode}`;
    if (!columns.has(key)) columns.set(key, await columnsWalked(d));
  }
  for (const [k, c] of columns) log(`${k}: ${c.length} SNMP columns`);
  const t1 = performance.now();
  await pool(devices, CONCURRENCY, async (d) => {
    for (const oid of columns.get(`${d.brand}/${d.mode}`) ?? []) {
      await run(
        'snmpbulkwalk',
        ['-v2c', '-c', d.community, '-Cr25', '-On', '-Oq', `${d.host}:${d.snmpPort}`, oid],
        { maxBuffer: 64 * 1024 * 1024 },
      );
    }
  });
  const bulkSeconds = (performance.now() - t1) / 1000;
  log(`snmpbulkwalk: the same columns of ${devices.length} OLTs in ${bulkSeconds.toFixed(1)} s`);
  const ratio = onus / refreshSeconds / (onus / bulkSeconds);
  return { refreshSeconds, onus: stored, ratio };
}

export async function teardown(): Promise<void> {
  await result?.catch(() => undefined);
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
      return (await (result ??= measure(log))).refreshSeconds;
    },
  },
  {
    name: 'poll.rate_vs_snmpbulkwalk',
    unit: 'ratio',
    budget: 0.7,
    better: 'higher',
    description:
      "our ONUs per second (walk, diff, upsert, samples, events) divided by snmpbulkwalk's walking the same columns of the same OLTs, 8 at a time",
    async run(log) {
      return (await (result ??= measure(log))).ratio;
    },
  },
];
