import { Agent, request } from 'node:http';
import { Client } from 'pg';
import type { AuthResponse, IngestSetup } from '@pondesk/contracts';
import {
  ApiClient,
  createMigratedDatabase,
  startApiProcess,
  testEnv,
  type ApiProcess,
} from '@pondesk/server-testing';
import { cpuMs } from '../bench-stats';
import type { Benchmark } from '../bench-types';

/** Routers posting at once, as a PON or city outage makes them. */
const POSTERS = 50;
const WARM_SECONDS = 2;
const SECONDS = 15;
/** Subscribers whose sessions drop (the Down Count List's scale). */
const SUBSCRIBERS = 100_000;

interface Run {
  perSecond: number;
  lost: number;
  p99: number;
}

let result: Promise<Run> | undefined;

/**
 * 50 posters send session events exactly as the routers' scripts do (form-encoded, key in a header,
 * kept-alive connections as a router's fetch is not: each post its own request), as fast as answers
 * come back, to the built API on a fresh database. Counted: the events acknowledged (202) per second over
 * the timed window, the events stored against those acknowledged, the 99th percentile of answer times.
 */
async function measure(log: (l: string) => void): Promise<Run> {
  const database = await createMigratedDatabase('pondesk_bench_ingest');
  let api: ApiProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: POSTERS });
  try {
    api = await startApiProcess(
      testEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'info', NODE_ENV: 'production' }),
    );
    const client = new ApiClient(api.url);
    const password = 'bench-pass-123';
    const reg = await client.post<AuthResponse>('/auth/register', {
      name: 'ingest_bench_isp',
      email: 'ingest-bench@example.test',
      password,
      passwordConfirmation: password,
      acceptTerms: true,
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
    const setup = await client.get<IngestSetup>('/ingest/setup', reg.body.accessToken);
    const { key } = setup.body;
    const url = new URL('/api/v1/ingest/session-events', api.url);
    const post = (body: string): Promise<{ status: number; ms: number }> => {
      const t0 = performance.now();
      return new Promise((resolve, reject) => {
        const req = request(
          url,
          {
            agent,
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
              'x-ingest-key': key,
              'user-agent': 'Mikrotik/7.x Fetch',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    };
    let n = 0;
    const body = () => {
      n += 1;
      const s = (n * 7919) % SUBSCRIBERS;
      const mac = (0x02_00_00_00_00_00 + s)
        .toString(16)
        .padStart(12, '0')
        .replace(/(..)(?!$)/g, '$1:');
      return new URLSearchParams({
        action: n % 4 === 0 ? 'up' : 'down',
        user: `user${s}@isp`,
        'caller-id': mac.toUpperCase(),
        'remote-address': `100.${64 + (s >> 16)}.${(s >> 8) & 255}.${s & 255}`,
        router: `BRAS-${s % 40}`,
      }).toString();
    };
    const phase = async (seconds: number) => {
      const until = performance.now() + seconds * 1000;
      const times: number[] = [];
      let other = 0;
      await Promise.all(
        Array.from({ length: POSTERS }, async () => {
          while (performance.now() < until) {
            const r = await post(body());
            if (r.status === 202) times.push(r.ms);
            else other += 1;
          }
        }),
      );
      return { times, other };
    };
    await phase(WARM_SECONDS);
    const pid = api.process.pid ?? 0;
    const api0 = cpuMs(pid);
    const gen0 = process.cpuUsage();
    const t0 = performance.now();
    const { times, other } = await phase(SECONDS);
    const elapsed = (performance.now() - t0) / 1000;
    const gen = process.cpuUsage(gen0);
    const perEvent = (ms: number) => (ms / times.length).toFixed(3);
    if (other) throw new Error(`${other} posts were not acknowledged`);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    const stored = (await db.query('SELECT count(*)::int AS n FROM session_event')).rows[0].n as number;
    await db.end();
    // Every post of both phases was acknowledged (else the run failed above).
    const acked = n;
    times.sort((x, y) => x - y);
    const p99 = times[Math.ceil(times.length * 0.99) - 1];
    log(
      `${POSTERS} posters: ${times.length} events acknowledged in ${elapsed.toFixed(1)} s (after ${WARM_SECONDS} s warm-up); stored ${stored} of ${acked} acknowledged; median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; CPU per event: API ${perEvent(cpuMs(pid) - api0)} ms, posters ${perEvent((gen.user + gen.system) / 1000)} ms`,
    );
    return { perSecond: times.length / elapsed, lost: acked - stored, p99 };
  } finally {
    agent.destroy();
    await api?.stop();
    await database.drop();
  }
}

const run = (log: (l: string) => void) => (result ??= measure(log));

export const benchmarks: Benchmark[] = [
  {
    name: 'ingest.session_events_per_s',
    unit: '/s',
    budget: 2000,
    better: 'higher',
    description: `PPPoE session events acknowledged per second, sustained over ${SECONDS} s, from ${POSTERS} concurrent posters sending what the routers' scripts send (each written to Postgres before its 202)`,
    async run(log) {
      return (await run(log)).perSecond;
    },
  },
  {
    name: 'ingest.lost',
    unit: 'events',
    budget: 0,
    better: 'lower',
    description:
      'Events acknowledged but not stored (acknowledged minus rows in session_event) in the same run',
    async run(log) {
      return (await run(log)).lost;
    },
  },
  {
    name: 'ingest.p99_ms',
    unit: 'ms',
    budget: 50,
    better: 'lower',
    description: 'p99 time from posting an event to its 202, in the same run',
    async run(log) {
      return (await run(log)).p99;
    },
  },
];
