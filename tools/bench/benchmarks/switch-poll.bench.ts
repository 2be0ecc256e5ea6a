import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { SnmpClient } from '@pondesk/device-snmp';
import { SecretBox, envSchema } from '@pondesk/server-config';
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

/** 100 SNR and 100 Cisco switches of 48 ports, every one an SFP cage with optics (9,600 ports read). */
const FLEET = resolve(REPO_ROOT, 'libs/device/simulator/fleets/bench-switches.json');
const POLL_CONCURRENCY = envSchema.shape.POLL_CONCURRENCY.parse(undefined);

interface SimSwitch {
  name: string;
  brand: 'snr' | 'cisco';
  host: string;
  snmpPort: number;
  community: string;
}

const cleanups: (() => Promise<void> | void)[] = [];

/**
 * The simulated switches, a fresh database holding them as switch rows, and the built worker started
 * cold: its scheduler sync finds the 200 switches and asks for a poll of each at once (the round). Seconds
 * from the round's first job (its time is each switch's `last_polled_at`, the poll's due time) until
 * every switch's ports are in Postgres.
 */
async function measure(log: (l: string) => void): Promise<number> {
  // Below the ephemeral range (32768+), where outgoing connections of this machine would collide.
  const base = 20000 + Math.floor(Math.random() * 8000);
  const args = ['--fleet', FLEET, '--base-port', String(base), '--control-port', String(base + 1000)];
  const list = spawnEntrypoint(ENTRYPOINTS.simulator, { args: [...args, '--list', '--json'] });
  if ((await list.exited) !== 0) throw new Error(`the simulator could not list the fleet: ${list.output()}`);
  const switches = JSON.parse(list.stdoutText()) as SimSwitch[];
  const sim = spawnEntrypoint(ENTRYPOINTS.simulator, { args });
  cleanups.push(() => sim.stop());
  await waitFor(
    async () => {
      const c = new SnmpClient({
        host: '127.0.0.1',
        port: switches[switches.length - 1].snmpPort,
        community: switches[0].community,
        timeoutMs: 300,
        retries: 0,
      });
      try {
        return (await c.get(['1.3.6.1.2.1.1.1.0'])).length > 0;
      } catch {
        return false;
      } finally {
        c.close();
      }
    },
    { timeoutMs: 30000, what: 'the simulated switches' },
  );

  const database = await createMigratedDatabase('pondesk_bench_switch');
  cleanups.push(() => database.drop());
  const namespace = `pondesk:bench-switch-${randomBytes(4).toString('hex')}`;
  cleanups.push(() => dropRedisNamespace(namespace));
  const env = testEnv({ DATABASE_URL: database.url, REDIS_NAMESPACE: namespace, LOG_LEVEL: 'info' });
  const db = new Client({ connectionString: database.url });
  await db.connect();
  cleanups.push(() => db.end());
  const box = new SecretBox(env.ENCRYPTION_KEY);
  const tenant = (
    await db.query(`INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ('Bench', 'x') RETURNING id`)
  ).rows[0] as { id: string };
  await db.query(
    `INSERT INTO switch (tenant_id, name, ip, snmp_port, snmp_community_enc, brand)
     SELECT $1, u.name, u.ip, u.port, u.community, u.brand
     FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[]) AS u(name, ip, port, community, brand)`,
    [
      tenant.id,
      switches.map((s) => s.name),
      switches.map((s) => s.host),
      switches.map((s) => s.snmpPort),
      switches.map((s) => box.seal(s.community)),
      switches.map((s) => s.brand),
    ],
  );
  const wantPorts = 200 * 48;
  if (switches.length !== 200) throw new Error(`the fleet has ${switches.length} switches, not 200`);
  log(
    `${switches.filter((s) => s.brand === 'snr').length} SNR + ${switches.filter((s) => s.brand === 'cisco').length} Cisco ` +
      `switches × 48 SFP ports (${wantPorts} ports with optics), POLL_CONCURRENCY ${POLL_CONCURRENCY}`,
  );

  const startedAt = Date.now();
  const worker = spawnEntrypoint(ENTRYPOINTS.worker, { env });
  cleanups.push(() => worker.stop());
  let state = { polled: 0, good: 0, ports: 0 };
  await waitFor(
    async () => {
      const { rows } = await db.query(
        `SELECT count(*) FILTER (WHERE last_polled_at IS NOT NULL)::int AS polled,
           count(*) FILTER (WHERE last_good_poll_at IS NOT NULL)::int AS good,
           (SELECT count(*)::int FROM switch_port WHERE updated_at IS NOT NULL) AS ports
         FROM switch`,
      );
      state = rows[0] as typeof state;
      return state.polled === 200;
    },
    { timeoutMs: 300000, intervalMs: 50, what: 'every switch to be polled' },
  );
  const doneAt = Date.now();
  const { rows } = await db.query(
    `SELECT min(last_polled_at) AS first, max(last_poll_duration_ms)::int AS slowest,
       (SELECT count(*)::int FROM switch_port_sample) AS samples,
       (SELECT string_agg(DISTINCT last_error, '; ') FROM switch WHERE last_error IS NOT NULL) AS errors
     FROM switch`,
  );
  const r = rows[0] as { first: Date; slowest: number; samples: number; errors: string | null };
  if (state.good !== 200 || state.ports !== wantPorts)
    throw new Error(
      `${state.good}/200 switches answered and ${state.ports}/${wantPorts} ports are stored: ${r.errors ?? 'no error'}`,
    );
  const seconds = (doneAt - r.first.getTime()) / 1000;
  log(
    `every switch polled, ${state.ports} ports and ${r.samples} samples stored ${seconds.toFixed(2)} s after the round's first job ` +
      `(${((doneAt - startedAt) / 1000).toFixed(1)} s after the worker process started; slowest poll ${r.slowest} ms)`,
  );
  await worker.stop();
  return seconds;
}

let result: Promise<number> | undefined;

export async function teardown(): Promise<void> {
  await result?.catch(() => undefined);
  for (const c of cleanups.reverse()) await c();
}

export const benchmarks: Benchmark[] = [
  {
    name: 'poll.switch_ports_refresh_s',
    unit: 's',
    budget: 30,
    better: 'lower',
    description:
      'seconds from the worker being asked to poll 200 simulated switches (100 SNR, 100 Cisco; 48 ports each, all SFP ' +
      'with optics) until every switch is polled and its 9,600 ports are stored in Postgres (built worker, cold start)',
    run(log) {
      result ??= measure(log);
      return result;
    },
  },
];
