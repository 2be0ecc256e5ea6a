import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Client } from 'pg';
import {
  createMigratedDatabase,
  seedOnuFleet,
  seedSignalHistory,
  startApiProcess,
  testEnv,
  type ApiProcess,
} from '@pondesk/server-testing';
import {
  DEFAULT_POLL_INTERVAL_SECONDS,
  ONU_SORTS,
  Permission,
  RX_THRESHOLDS,
  type OnuList,
  type PppoeLookup,
  type SignalHistory,
} from '@pondesk/contracts';
import { refreshOltStats } from '@pondesk/server-database';
import { median, p95, prng } from '../bench-stats';
import type { Benchmark } from '../bench-types';

const OLTS = 200;
const ONUS_PER_OLT = 500;
/** ONUs with a real signal history: 90 days of hourly rollups and 2 days of raw samples. */
const HISTORY_ONUS = 10_000;
const HISTORY_DAYS = 90;
const RAW_DAYS = 2;
/** Every other ONU: a sample an hour for the last 100 hours (9 million samples). */
const SAMPLES_PER_ONU = 100;
/** PPPoE pages opened for the graph figure. */
const PAGES = 200;
const TZ = 'Asia/Dhaka';
/** The OLTs the limited user of the concurrent list figure may see. */
const STAFF_OLTS = 5;
const CLIENTS = 20;
const ADMIN = { email: 'bench@example.test', password: 'bench-pass-123' };
const REQUESTS_PER_CLIENT = 40;
const WARM_REQUESTS_PER_CLIENT = 10;

interface Stack {
  base: string;
  url: string;
  tenantId: string;
  /** The tenant admin's access token (renewed by `signIn`). */
  token: string;
  oltIds: string[];
  stop(): Promise<void>;
}

let stack: Promise<Stack> | undefined;
/** Seeded on first use: only the graph figure needs the 21.6 million rollups. */
let history: Promise<{ id: string; pppoe: string }[]> | undefined;

/** The ONUs given a history: online ones, spread over every OLT. */
const HISTORY_ONUS_SQL = `SELECT id FROM onu WHERE tenant_id = $1 AND status = 'online' ORDER BY md5(id::text) LIMIT ${HISTORY_ONUS}`;

async function seed(url: string, tenantId: string, log: (l: string) => void): Promise<{ oltIds: string[] }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const t0 = Date.now();
    const oltIds = await seedOnuFleet(db, tenantId, { olts: OLTS, onusPerOlt: ONUS_PER_OLT });
    log(`seeded ${OLTS} OLTs and ${OLTS * ONUS_PER_OLT} ONUs in ${Date.now() - t0} ms`);
    const t1 = Date.now();
    const res = await db.query(
      `INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm, tx_dbm)
       SELECT n.id, n.tenant_id, n.olt_id, now() - (s * interval '1 hour'), coalesce(n.rx_dbm, -25) - (s % 7) / 10.0, 2.1
       FROM onu n, generate_series(1, ${SAMPLES_PER_ONU}) s
       WHERE n.tenant_id = $1 AND n.id NOT IN (${HISTORY_ONUS_SQL})`,
      [tenantId],
    );
    log(`seeded ${res.rowCount} signal samples in ${Date.now() - t1} ms`);
    await settle(db, tenantId, log);
    return { oltIds };
  } finally {
    await db.end();
  }
}

/**
 * The ONU tables as they lie between polls in a running install: vacuumed after the fleet arrived (this
 * machine's Postgres runs with autovacuum off; an install's autovacuum does this by itself), then one
 * steady poll round's changes on top (about 2% of the ONUs rewritten), which leave their pages to be read
 * from the heap again until the next vacuum.
 */
async function settle(db: Client, tenantId: string, log: (l: string) => void): Promise<void> {
  for (const table of ['onu', 'onu_search', 'olt']) await db.query(`VACUUM ANALYZE ${table}`);
  const changed = await db.query(
    `UPDATE onu SET rx_dbm = rx_dbm - 0.4, last_seen_at = now() WHERE tenant_id = $1 AND md5(id::text) < '05'`,
    [tenantId],
  );
  await db.query('ANALYZE');
  // The seeding's millions of rows are written out now, not by the checkpointer during the timed runs.
  await db.query('CHECKPOINT');
  log(`vacuumed the ONUs, then rewrote ${changed.rowCount} of them as a poll round would`);
}

async function seedHistory(s: Stack, log: (l: string) => void): Promise<{ id: string; pppoe: string }[]> {
  const db = new Client({ connectionString: s.url });
  await db.connect();
  try {
    const onus: { id: string; oltId: string; rxDbm: number; pppoe: string }[] = (
      await db.query(
        `SELECT n.id, n.olt_id AS "oltId", n.rx_dbm AS "rxDbm", n.pppoe_ids[1] AS pppoe
         FROM onu n WHERE n.id IN (${HISTORY_ONUS_SQL}) ORDER BY n.id`,
        [s.tenantId],
      )
    ).rows;
    const t0 = Date.now();
    const seeded = await seedSignalHistory(db, s.tenantId, onus, {
      rollupDays: HISTORY_DAYS,
      rawDays: RAW_DAYS,
      pollIntervalSeconds: DEFAULT_POLL_INTERVAL_SECONDS,
      log,
    });
    await db.query('ANALYZE onu_signal_hourly');
    await db.query('ANALYZE onu_signal_sample');
    log(
      `seeded the history of ${onus.length} ONUs (${seeded.rollups} rollups, ${seeded.samples} raw samples) in ${Date.now() - t0} ms`,
    );
    return onus.map((o) => ({ id: o.id, pppoe: o.pppoe }));
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
    api = await startApiProcess(testEnv({ DATABASE_URL: url, LOG_LEVEL: 'info', NODE_ENV: 'production' }));
    const base = api.url;
    const res = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'bench_isp',
        email: ADMIN.email,
        password: ADMIN.password,
        passwordConfirmation: ADMIN.password,
        acceptTerms: true,
      }),
    });
    const auth = (await res.json()) as { accessToken: string; user: { tenantId: string } };
    if (!auth.accessToken) throw new Error(`register failed: ${JSON.stringify(auth)}`);
    const seeded = await seed(url, auth.user.tenantId, log);
    return { base, url, tenantId: auth.user.tenantId, token: auth.accessToken, ...seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function signIn(s: Stack): Promise<void> {
  const res = await call(s, '/auth/login', '', {
    method: 'POST',
    body: { username: ADMIN.email, password: ADMIN.password },
  });
  if (res.status !== 200) throw new Error(`login → ${res.status} ${res.text.slice(0, 200)}`);
  s.token = (JSON.parse(res.text) as { accessToken: string }).accessToken;
}

/** What a browser sends: compressed answers are welcome. */
const headersOf = (token: string) => ({
  authorization: `Bearer ${token}`,
  'accept-encoding': 'br, gzip, deflate',
});

/**
 * Kept-alive connections, as a browser keeps its own. The load generator shares this machine's cores with
 * the API and Postgres, so it is kept lean: node:http and a synchronous inflate cost it about half of what
 * `fetch` and its streams did per request, CPU the server then has for itself, as it would with its users
 * on their own machines.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const DECODERS: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

function call(
  s: Stack,
  path: string,
  token = s.token,
  init: { method?: string; body?: unknown } = {},
): Promise<{ ms: number; status: number; text: string }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${s.base}/api/v1${path}`,
      {
        agent,
        method: init.method ?? 'GET',
        headers:
          body === undefined ? headersOf(token) : { ...headersOf(token), 'content-type': 'application/json' },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(parts);
          const decode = DECODERS[String(res.headers['content-encoding'] ?? '')];
          const text = (decode ? decode(raw) : raw).toString();
          resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function timeGet(s: Stack, path: string, token = s.token): Promise<number> {
  const r = await call(s, path, token);
  if (r.status !== 200) throw new Error(`${path} → ${r.status} ${r.text.slice(0, 200)}`);
  return r.ms;
}

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

/** A user limited to a few OLTs, made as an admin makes one: a role, the user, their OLTs; then signed in. */
async function staffUser(s: Stack, oltIds: string[]): Promise<string> {
  const post = async (path: string, body: unknown, method = 'POST') => {
    const r = await call(s, path, s.token, { method, body });
    if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status} ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text) as { id: string };
  };
  const role = await post('/roles', { name: 'Bench support', menuCodes: [Permission.OltDataPort] });
  const username = 'bench_support';
  const password = 'support-pass-123';
  const user = await post('/users', {
    username,
    email: 'support@example.test',
    password,
    roleId: role.id,
  });
  await post(`/users/${user.id}/olt-permissions`, { action: 'add', oltIds }, 'PUT');
  const login = await call(s, '/auth/login', '', { method: 'POST', body: { username, password } });
  if (login.status !== 200) throw new Error(`login → ${login.status} ${login.text.slice(0, 200)}`);
  return (JSON.parse(login.text) as { accessToken: string }).accessToken;
}

/** Searches the way operators type them, each matching thousands of ONUs (of 100,000). */
const BROAD_SEARCHES = ['user1', 'user12', 'user7_1', 'hwtc', '_4', 'epon0/3:', 'isp'];

/**
 * One client's next request, with its kind for the per-kind figures: a broad search, a sort on one
 * column (either direction, first pages), a filter (OLT and port, status and reason, signal band), or a
 * deep page (the last pages and the middle of the list).
 */
function nextListRequest(
  rnd: () => number,
  user: { olts: string[]; visible: number },
): { kind: string; path: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const sort = pick(ONU_SORTS);
  const order = rnd() < 0.5 ? 'asc' : 'desc';
  const roll = rnd();
  if (roll < 0.25)
    return {
      kind: 'search',
      path: `/onus?search=${encodeURIComponent(pick(BROAD_SEARCHES))}&sort=${sort}&order=${order}&page=${1 + Math.floor(rnd() * 3)}`,
    };
  if (roll < 0.65)
    return {
      kind: `sort ${sort}`,
      path: `/onus?sort=${sort}&order=${order}&page=${1 + Math.floor(rnd() * 5)}&pageSize=${pick([20, 50, 100])}`,
    };
  if (roll < 0.85) {
    const olt = pick(user.olts);
    const filters = [
      `oltId=${olt}&ponPort=${1 + Math.floor(rnd() * 16)}`,
      `status=offline&reason=${pick(['los', 'power-off', 'wire-down'])}`,
      `signal=${pick(RX_THRESHOLDS)}`,
      `oltId=${olt}&status=online`,
    ];
    return { kind: 'filter', path: `/onus?${pick(filters)}&sort=${sort}&order=${order}` };
  }
  const pages = Math.ceil(user.visible / 100);
  const middle = rnd() < 0.3;
  const page = middle ? Math.ceil(pages / 2) : pages - Math.floor(rnd() * 3);
  return {
    kind: middle ? 'deep page (middle)' : 'deep page (end)',
    path: `/onus?sort=${sort}&order=${order}&page=${page}&pageSize=100`,
  };
}

/** How often a poll lands in an install of this size: its OLTs' poll rounds spread over the interval. */
const POLL_LANDING_MS = Math.round((DEFAULT_POLL_INTERVAL_SECONDS * 1000) / OLTS);

/**
 * Polls landing while the lists are read, as in a running install: every `POLL_LANDING_MS` the next OLT's
 * ONUs take a round's changes (about 2% of them) and its figures are recounted, in one transaction, as the
 * worker writes them. Each landing retires what the API had counted for that OLT's ONUs.
 */
function landPolls(s: Stack): { stop(): Promise<number> } {
  const db = new Client({ connectionString: s.url });
  const ready = db.connect();
  let landed = 0;
  let next = 0;
  let busy: Promise<void> = Promise.resolve();
  const land = async () => {
    const oltId = s.oltIds[next++ % s.oltIds.length];
    await db.query('BEGIN');
    await db.query(
      `UPDATE onu SET rx_dbm = rx_dbm - 0.1, last_seen_at = now()
       WHERE olt_id = $1 AND md5(id::text || $2) < '05'`,
      [oltId, String(landed)],
    );
    await refreshOltStats(
      { query: async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows },
      [oltId],
    );
    await db.query('COMMIT');
    landed++;
  };
  const timer = setInterval(() => {
    busy = busy.then(() => ready.then(land));
  }, POLL_LANDING_MS);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      await db.end();
      return landed;
    },
  };
}

export async function teardown(): Promise<void> {
  const s = await stack?.catch(() => undefined);
  await s?.stop();
  agent.destroy();
}

export const benchmarks: Benchmark[] = [
  {
    name: 'api.onu_list_p95',
    unit: 'ms',
    budget: 50,
    better: 'lower',
    description:
      'p95 latency of GET /onus (filter, search, sort, page) over HTTP, one request at a time, with 100,000 ONUs and 9 million signal samples',
    async run(log) {
      const s = await (stack ??= start(log));
      const queries = onuListQueries(s.oltIds);
      for (const q of queries.slice(0, 20)) await timeGet(s, q); // warm caches and the connection pool
      const times: number[] = [];
      for (const q of queries) times.push(await timeGet(s, q));
      log(`${times.length} requests, median ${median(times).toFixed(1)} ms`);
      return p95(times);
    },
  },
  {
    name: 'api.onu_list_p95_c20',
    unit: 'ms',
    budget: 150,
    better: 'lower',
    description: `p95 latency of GET /onus with ${CLIENTS} concurrent clients (closed loop), half the tenant admin and half a user limited to ${STAFF_OLTS} OLTs: broad searches, every sort column both ways, filters, deep pages; 100,000 ONUs, with polls landing as in a running install`,
    async run(log) {
      const s = await (stack ??= start(log));
      await signIn(s);
      const staffOlts = Array.from(
        { length: STAFF_OLTS },
        (_, i) => s.oltIds[(i * 41 + 3) % s.oltIds.length],
      );
      const staff = await staffUser(s, staffOlts);
      const users = [
        { label: 'admin', token: s.token, olts: s.oltIds, visible: OLTS * ONUS_PER_OLT },
        { label: 'limited', token: staff, olts: staffOlts, visible: STAFF_OLTS * ONUS_PER_OLT },
      ].map((u) => ({ ...u, permitted: new Set(u.olts) }));
      // A running server: its connection pool filled and its code compiled by the same traffic (other
      // requests of the same mix, not the timed ones).
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, i) => {
          const rnd = prng(5000 + i);
          for (let n = 0; n < WARM_REQUESTS_PER_CLIENT; n++)
            await timeGet(s, nextListRequest(rnd, users[i % 2]).path, users[i % 2].token);
        }),
      );
      const times: number[] = [];
      const byKind = new Map<string, number[]>();
      const polls = landPolls(s);
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, i) => {
          const user = users[i % 2];
          const rnd = prng(1000 + i);
          for (let n = 0; n < REQUESTS_PER_CLIENT; n++) {
            const { kind, path } = nextListRequest(rnd, user);
            const r = await call(s, path, user.token);
            if (r.status !== 200)
              throw new Error(`${user.label} ${path} → ${r.status} ${r.text.slice(0, 200)}`);
            const body = JSON.parse(r.text) as OnuList;
            if (body.items.some((row) => !user.permitted.has(row.oltId)))
              throw new Error(`${user.label} ${path} → an ONU of an OLT not permitted`);
            times.push(r.ms);
            const key = `${user.label} ${kind}`;
            byKind.set(key, [...(byKind.get(key) ?? []), r.ms]);
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const landed = await polls.stop();
      log(
        `${times.length} requests in ${seconds.toFixed(1)} s (${(times.length / seconds).toFixed(0)}/s), median ${median(times).toFixed(1)} ms; the load generator, on the same cores, used ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(2)} ms of CPU per request`,
      );
      log(`  meanwhile ${landed} polls landed (one OLT every ${POLL_LANDING_MS} ms)`);
      for (const [kind, xs] of [...byKind].sort(([a], [b]) => a.localeCompare(b)))
        log(
          `  ${kind}: ${xs.length} requests, p95 ${p95(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`,
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
      log(`median ${median(times).toFixed(1)} ms`);
      return p95(times);
    },
  },
  {
    name: 'api.graph_90d_p95',
    unit: 'ms',
    budget: 300,
    better: 'lower',
    description: `p95 time of opening a PPPoE page (/graph/:pppoe): its lookup, then its signal history and signal days together, as the browser fires them, for ${PAGES} random ONUs of ${HISTORY_ONUS.toLocaleString('en')} holding ${HISTORY_DAYS} days of hourly rollups written hour by hour and ${RAW_DAYS} days of raw samples`,
    async run(log) {
      const s = await (stack ??= start(log));
      const onus = await (history ??= seedHistory(s, log));
      // Seeding outlasts an access token: sign in again, as the operator would.
      await signIn(s);
      const rnd = prng(7);
      const chosen = Array.from({ length: PAGES }, () => onus[Math.floor(rnd() * onus.length)]);
      const check = <R extends { status: number; text: string }>(what: string, r: R): R => {
        if (r.status !== 200) throw new Error(`${what} → ${r.status} ${r.text.slice(0, 200)}`);
        return r;
      };
      const parts = { lookup: [] as number[], signal: [] as number[], days: [] as number[] };
      let points = 0;
      const open = async (onu: { id: string; pppoe: string }) => {
        const t0 = performance.now();
        const lookup = check('lookup', await call(s, `/pppoe/${encodeURIComponent(onu.pppoe)}`));
        const [{ id }] = (JSON.parse(lookup.text) as PppoeLookup).matches;
        const [signal, days] = await Promise.all([
          call(s, `/onus/${id}/signal?tz=${encodeURIComponent(TZ)}`),
          call(s, `/onus/${id}/signal-days?tz=${encodeURIComponent(TZ)}`),
        ]);
        const total = performance.now() - t0;
        check('signal', signal);
        check('signal days', days);
        parts.lookup.push(lookup.ms);
        parts.signal.push(signal.ms);
        parts.days.push(days.ms);
        points += (JSON.parse(signal.text) as SignalHistory).points.length;
        return total;
      };
      // Warm the connection pool on ONUs outside the sample.
      for (const onu of onus.slice(0, 3)) await open(onu);
      Object.values(parts).forEach((xs) => xs.splice(0));
      points = 0;
      const times: number[] = [];
      for (const onu of chosen) times.push(await open(onu));
      log(
        `${PAGES} pages, median ${median(times).toFixed(1)} ms; p95 of lookup ${p95(parts.lookup).toFixed(1)} ms, signal ${p95(parts.signal).toFixed(1)} ms, signal days ${p95(parts.days).toFixed(1)} ms; ${Math.round(points / PAGES)} points a chart`,
      );
      return p95(times);
    },
  },
];
