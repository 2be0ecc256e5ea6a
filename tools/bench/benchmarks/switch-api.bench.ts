import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Client } from 'pg';
import { SWITCH_PORT_SORTS, switchPortPower, type SwitchLink, type SwitchPortList } from '@pondesk/contracts';
import { SecretBox } from '@pondesk/server-config';
import { portSortName } from '@pondesk/server-database';
import { createMigratedDatabase, startApiProcess, testEnv, type ApiProcess } from '@pondesk/server-testing';
import { median, p95, prng } from '../bench-stats';
import type { Benchmark } from '../bench-types';

const SWITCHES = 200;
const PORTS_PER_SWITCH = 48;
const ALERT_DBM = -20;
const ADMIN = { email: 'switch-bench@example.test', password: 'bench-pass-123' };
const WARM_REQUESTS = 40;
const TIMED_REQUESTS = 300;

interface Stack {
  base: string;
  token: string;
  switchIds: string[];
  stop(): Promise<void>;
}

let stack: Promise<Stack> | undefined;

/**
 * The switches and their ports as the worker stores them after a poll round: one row per switch (sealed
 * community, status, counts) and one current row per port, its power judged by the switch's alert level.
 * Port names follow the brands (SNR `Ethernet1/0/n`, Cisco `GigabitEthernet1/0/n`); the last port of each
 * switch is its uplink, a few others carry a customer description, about 1 in 20 has no link.
 */
async function seed(url: string, tenantId: string, log: (l: string) => void): Promise<string[]> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const t0 = Date.now();
    const sealed = new SecretBox(testEnv().ENCRYPTION_KEY).seal('public');
    const rnd = prng(16);
    const switchIds: string[] = (
      await db.query(
        `INSERT INTO switch (tenant_id, name, ip, snmp_port, snmp_community_enc, brand, status, port_count,
           data_collection_ratio, db_alert_range, last_polled_at, last_good_poll_at)
         SELECT $1, 'sw-' || lpad(i::text, 3, '0'), '127.1.' || (i / 250) || '.' || (i % 250 + 1), 161, $2,
                CASE WHEN i % 2 = 0 THEN 'snr' ELSE 'cisco' END, 'online', ${PORTS_PER_SWITCH}, 5, ${ALERT_DBM}, now(), now()
           FROM generate_series(1, ${SWITCHES}) i
         RETURNING id`,
        [tenantId, sealed],
      )
    ).rows.map((r: { id: string }) => r.id);
    const rows = {
      switchId: [] as string[],
      key: [] as string[],
      ifIndex: [] as number[],
      name: [] as string[],
    };
    const more = {
      sortName: [] as string[],
      description: [] as (string | null)[],
      link: [] as SwitchLink[],
      rx: [] as (number | null)[],
      tx: [] as (number | null)[],
      power: [] as string[],
    };
    switchIds.forEach((switchId, s) => {
      const prefix = s % 2 === 0 ? 'Ethernet1/0/' : 'GigabitEthernet1/0/';
      for (let p = 1; p <= PORTS_PER_SWITCH; p++) {
        const name = `${prefix}${p}`;
        const link: SwitchLink = rnd() < 0.05 ? 'down' : 'up';
        const rx = link === 'down' ? null : Math.round((-4 - rnd() * 24) * 100) / 100;
        rows.switchId.push(switchId);
        rows.key.push(`if${p}`);
        rows.ifIndex.push(p);
        rows.name.push(name);
        more.sortName.push(portSortName(name));
        more.description.push(
          p === PORTS_PER_SWITCH
            ? `uplink olt-${(s % 40) + 1}`
            : p % 6 === 0
              ? `client-${s}-${p} pop-${s % 12}`
              : null,
        );
        more.link.push(link);
        more.rx.push(rx);
        more.tx.push(link === 'down' ? null : Math.round((-1 - rnd() * 5) * 100) / 100);
        more.power.push(switchPortPower(link, rx, ALERT_DBM));
      }
    });
    await db.query(
      `INSERT INTO switch_port (tenant_id, switch_id, port_key, if_index, name, sort_name, description, link, rx_dbm,
         tx_dbm, temperature_c, voltage_v, bias_ma, power, updated_at)
       SELECT $1, u.switch_id, u.port_key, u.if_index, u.name, u.sort_name, u.description, u.link, u.rx, u.tx,
              38.5, 3.3, 14.2, u.power, now()
         FROM unnest($2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::real[],
                     $10::real[], $11::text[])
           AS u(switch_id, port_key, if_index, name, sort_name, description, link, rx, tx, power)`,
      [
        tenantId,
        rows.switchId,
        rows.key,
        rows.ifIndex,
        rows.name,
        more.sortName,
        more.description,
        more.link,
        more.rx,
        more.tx,
        more.power,
      ],
    );
    await db.query(
      `UPDATE switch s SET alert_port_count = (SELECT count(*) FROM switch_port p
         WHERE p.switch_id = s.id AND p.power IN ('down', 'critical')) WHERE s.tenant_id = $1`,
      [tenantId],
    );
    for (const table of ['switch', 'switch_port']) await db.query(`VACUUM ANALYZE ${table}`);
    await db.query('CHECKPOINT');
    log(`seeded ${SWITCHES} switches and ${rows.name.length} ports in ${Date.now() - t0} ms`);
    return switchIds;
  } finally {
    await db.end();
  }
}

async function start(log: (l: string) => void): Promise<Stack> {
  const database = await createMigratedDatabase('pondesk_bench_switch');
  let api: ApiProcess | undefined;
  const stop = async () => {
    await api?.stop();
    await database.drop();
  };
  try {
    api = await startApiProcess(
      testEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'info', NODE_ENV: 'production' }),
    );
    const res = await fetch(`${api.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'switch_bench_isp',
        email: ADMIN.email,
        password: ADMIN.password,
        passwordConfirmation: ADMIN.password,
        acceptTerms: true,
      }),
    });
    const auth = (await res.json()) as { accessToken: string; user: { tenantId: string } };
    if (!auth.accessToken) throw new Error(`register failed: ${JSON.stringify(auth)}`);
    const switchIds = await seed(database.url, auth.user.tenantId, log);
    return { base: api.url, token: auth.accessToken, switchIds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Kept-alive connections and compressed answers, as a browser has them. */
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const DECODERS: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

/** One GET, timed until its body is read and decoded (the JSON bytes as served). */
function timedGet(s: Stack, path: string): Promise<{ ms: number; list: SwitchPortList }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${s.base}/api/v1${path}`,
      { agent, headers: { authorization: `Bearer ${s.token}`, 'accept-encoding': 'br, gzip, deflate' } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(parts);
          const decode = DECODERS[String(res.headers['content-encoding'] ?? '')];
          const text = (decode ? decode(raw) : raw).toString();
          const ms = performance.now() - t0;
          if (res.statusCode !== 200)
            return reject(new Error(`${path} → ${res.statusCode} ${text.slice(0, 200)}`));
          resolve({ ms, list: JSON.parse(text) as SwitchPortList });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * What operators do on the Ports tab: the first page, a page deep in the list, sorts by rx and by power
 * (and the other columns), a search (switch, port or description), one switch's ports.
 */
function nextRequest(rnd: () => number, switchIds: string[]): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const order = rnd() < 0.5 ? 'asc' : 'desc';
  const pages = (SWITCHES * PORTS_PER_SWITCH) / 20;
  const roll = rnd();
  if (roll < 0.15) return '/switch-ports';
  if (roll < 0.3) return `/switch-ports?page=${pages - Math.floor(rnd() * pages * 0.5)}`;
  if (roll < 0.55)
    return `/switch-ports?sort=${pick(['rx', 'power'] as const)}&order=${order}&page=${1 + Math.floor(rnd() * 5)}`;
  if (roll < 0.65) return `/switch-ports?sort=${pick(SWITCH_PORT_SORTS)}&order=${order}`;
  if (roll < 0.85) {
    const term = pick(['uplink', 'sw-1', 'client-1', 'ethernet1/0/4', 'pop-7', 'olt-12']);
    return `/switch-ports?search=${encodeURIComponent(term)}&sort=${pick(SWITCH_PORT_SORTS)}&order=${order}`;
  }
  return `/switch-ports?switchId=${pick(switchIds)}&sort=${pick(['port', 'rx'] as const)}&order=${order}`;
}

export async function teardown(): Promise<void> {
  const s = await stack?.catch(() => undefined);
  await s?.stop();
  agent.destroy();
}

export const benchmarks: Benchmark[] = [
  {
    name: 'api.switch_ports_p95',
    unit: 'ms',
    budget: 50,
    better: 'lower',
    description: `p95 latency of GET /switch-ports over HTTP (built API, compressed JSON as served), one request at a time, with ${SWITCHES} switches × ${PORTS_PER_SWITCH} ports: first and deep pages, sorts by rx and power, searches, one switch's ports`,
    async run(log) {
      const s = await (stack ??= start(log));
      const rnd = prng(2009);
      for (let i = 0; i < WARM_REQUESTS; i++) await timedGet(s, nextRequest(rnd, s.switchIds));
      const first = await timedGet(s, '/switch-ports');
      if (first.list.total !== SWITCHES * PORTS_PER_SWITCH || first.list.items.length !== 20)
        throw new Error(`expected ${SWITCHES * PORTS_PER_SWITCH} ports, 20 a page; got ${first.list.total}`);
      const times: number[] = [];
      for (let i = 0; i < TIMED_REQUESTS; i++)
        times.push((await timedGet(s, nextRequest(rnd, s.switchIds))).ms);
      log(
        `${times.length} requests, median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
      );
      return p95(times);
    },
  },
];
