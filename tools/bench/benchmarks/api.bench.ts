import { Client } from 'pg';
import {
  createMigratedDatabase,
  seedOnuFleet,
  startApiProcess,
  testEnv,
  type ApiProcess,
} from '@pondesk/server-testing';
import type { Benchmark } from '../bench-types';

const OLTS = 200;
const ONUS_PER_OLT = 500;
const SAMPLES_PER_ONU = 100; // 10,000,000 samples
/** ONUs that also get a full 90 days of history (a sample every 30 min, hourly rollups): the graph's case. */
const HISTORY_ONUS = 20;

interface Stack {
  base: string;
  token: string;
  oltIds: string[];
  /** ONUs with 90 days of history. */
  historyOnuIds: string[];
  stop(): Promise<void>;
}

let stack: Promise<Stack> | undefined;

async function seed(
  url: string,
  tenantId: string,
  log: (l: string) => void,
): Promise<{ oltIds: string[]; historyOnuIds: string[] }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const t0 = Date.now();
    const oltIds = await seedOnuFleet(db, tenantId, { olts: OLTS, onusPerOlt: ONUS_PER_OLT });
    log(`seeded ${OLTS} OLTs and ${OLTS * ONUS_PER_OLT} ONUs in ${Date.now() - t0} ms`);
    const t1 = Date.now();
    await db.query(
      `INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm, tx_dbm)
       SELECT n.id, n.tenant_id, n.olt_id, now() - (s * interval '1 hour'), coalesce(n.rx_dbm, -25) - (s % 7) / 10.0, 2.1
       FROM onu n, generate_series(1, ${SAMPLES_PER_ONU}) s WHERE n.tenant_id = $1`,
      [tenantId],
    );
    const t2 = Date.now();
    const history: { id: string }[] = (
      await db.query(
        `SELECT id FROM onu WHERE tenant_id = $1 AND status = 'online' ORDER BY id LIMIT ${HISTORY_ONUS}`,
        [tenantId],
      )
    ).rows;
    const ids = history.map((h) => h.id);
    // Older than the 100 hours above, so the two never collide.
    await db.query(
      `INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm, tx_dbm)
       SELECT n.id, n.tenant_id, n.olt_id, date_trunc('hour', now()) - interval '101 hours' - (s * interval '30 minutes'),
              -18 - 6 * sin(s / 48.0) - (s % 5) / 10.0, 2.1
       FROM onu n, generate_series(0, 90 * 48 - 210) s WHERE n.id = ANY($1)`,
      [ids],
    );
    // Every whole hour but the last two is rolled up, as the hourly maintenance job leaves it.
    await db.query(
      `INSERT INTO onu_signal_hourly (onu_ref, hour, tenant_id, rx_min, rx_avg, rx_max, sample_count)
       SELECT onu_ref, date_trunc('hour', sampled_at), $2, min(rx_dbm), avg(rx_dbm), max(rx_dbm), count(*)
       FROM onu_signal_sample WHERE onu_ref = ANY($1) AND sampled_at < date_trunc('hour', now()) - interval '2 hours'
       GROUP BY 1, 2`,
      [ids, tenantId],
    );
    await db.query('ANALYZE');
    log(
      `seeded ${OLTS * ONUS_PER_OLT * SAMPLES_PER_ONU} signal samples in ${t2 - t1} ms, 90-day history of ${ids.length} ONUs in ${Date.now() - t2} ms`,
    );
    return { oltIds, historyOnuIds: ids };
  } finally {
    await db.end();
  }
}

async function start(log: (l: string) => void): Promise<Stack> {
  const database = await createMigratedDatabase('pondesk_bench');
  const { url } = database;
  let api: ApiProcess | undefined;
  const stop = async () => {
    await api?.stop();
    await database.drop();
  };
  try {
    api = await startApiProcess(testEnv({ DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'production' }));
    const base = api.url;
    const res = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'bench_isp',
        email: 'bench@example.test',
        password: 'bench-pass-123',
        passwordConfirmation: 'bench-pass-123',
        acceptTerms: true,
      }),
    });
    const auth = (await res.json()) as { accessToken: string; user: { tenantId: string } };
    if (!auth.accessToken) throw new Error(`register failed: ${JSON.stringify(auth)}`);
    const seeded = await seed(url, auth.user.tenantId, log);
    return { base, token: auth.accessToken, ...seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function timeGet(s: Stack, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${s.base}/api/v1${path}`, { headers: { authorization: `Bearer ${s.token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
  return performance.now() - t0;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

/** A mix of what operators do on the ONU lists: page, sort, filter by OLT/port, search, status. */
function onuListQueries(oltIds: string[]): string[] {
  const q: string[] = [];
  for (let i = 0; i < 40; i++) {
    const olt = oltIds[(i * 37) % oltIds.length];
    q.push(`/onus?page=${1 + (i % 50)}&pageSize=20`);
    q.push(`/onus?sort=rx&order=${i % 2 ? 'asc' : 'desc'}&page=${1 + (i % 20)}`);
    q.push(`/onus?oltId=${olt}&ponPort=${1 + (i % 16)}&sort=rx`);
    q.push(`/onus?search=user${1 + ((i * 13) % 200)}_${(i * 7) % 500}@&page=1`);
    q.push(`/onus?status=offline&reason=los&page=${1 + (i % 5)}`);
  }
  return q;
}

export async function teardown(): Promise<void> {
  const s = await stack?.catch(() => undefined);
  await s?.stop();
}

export const benchmarks: Benchmark[] = [
  {
    name: 'api.onu_list_p95',
    unit: 'ms',
    budget: 50,
    better: 'lower',
    description:
      'p95 latency of GET /onus (filter, search, sort, page) over HTTP with 100,000 ONUs and 10 million signal samples',
    async run(log) {
      const s = await (stack ??= start(log));
      const queries = onuListQueries(s.oltIds);
      for (const q of queries.slice(0, 20)) await timeGet(s, q); // warm caches and the connection pool
      const times: number[] = [];
      for (const q of queries) times.push(await timeGet(s, q));
      log(
        `${times.length} requests, median ${[...times].sort((a, b) => a - b)[times.length >> 1].toFixed(1)} ms`,
      );
      return p95(times);
    },
  },
  {
    name: 'api.dashboard_p95',
    unit: 'ms',
    budget: 100,
    better: 'lower',
    description: 'p95 latency of GET /dashboard (cards, bands, port usage, per-OLT table) with 100,000 ONUs',
    async run(log) {
      const s = await (stack ??= start(log));
      for (let i = 0; i < 5; i++) await timeGet(s, '/dashboard');
      const times: number[] = [];
      for (let i = 0; i < 40; i++) times.push(await timeGet(s, '/dashboard'));
      log(`median ${[...times].sort((a, b) => a - b)[times.length >> 1].toFixed(1)} ms`);
      return p95(times);
    },
  },
  {
    name: 'api.graph_90d_p95',
    unit: 'ms',
    budget: 300,
    better: 'lower',
    description:
      "p95 latency of one PPPoE's 90-day signal history (GET /onus/:id/signal: hourly rollups plus the hours not rolled up yet), beside 10 million other samples",
    async run(log) {
      const s = await (stack ??= start(log));
      const paths = s.historyOnuIds.map((id) => `/onus/${id}/signal?tz=Asia/Dhaka`);
      for (const p of paths.slice(0, 5)) await timeGet(s, p);
      const times: number[] = [];
      for (let i = 0; i < 40; i++) times.push(await timeGet(s, paths[i % paths.length]));
      log(
        `${paths.length} ONUs, median ${[...times].sort((a, b) => a - b)[times.length >> 1].toFixed(1)} ms`,
      );
      return p95(times);
    },
  },
];
