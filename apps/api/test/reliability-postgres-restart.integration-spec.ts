import { Queue, type Job } from 'bullmq';
import { Client } from 'pg';
import type { OltDetail } from '@pondesk/contracts';
import {
  JobName,
  POLL_JOB_OPTIONS,
  QueueName,
  queuePrefix,
  redisOptionsFromUrl,
} from '@pondesk/server-queue';
import {
  ApiClient,
  PrivatePostgres,
  SimulatorProcess,
  addSimulatedOlt,
  msUntil,
  registerAccount,
  startApiProcess,
  startWorkerProcess,
  testEnv,
  waitFor,
  type ApiProcess,
  type EntrypointProcess,
  type TestAccount,
  type TestDatabase,
} from '@pondesk/server-testing';

const DEVICE = { name: 'bdcom-gpon-pgr', brand: 'bdcom', mode: 'gpon' };

/**
 * Postgres stopped and started again under load, on a private cluster (the machine's shared server is
 * left alone): the API answers 503 (never 500, never a hang) while it is away and recovers by itself; the
 * worker's poll that met the outage runs again once it is back, and every poll leaves exactly one sample
 * per ONU.
 */
describe('Postgres restarted under load', () => {
  let pg: PrivatePostgres;
  let database: TestDatabase;
  let sim: SimulatorProcess;
  let api: ApiProcess;
  let worker: EntrypointProcess;
  let client: ApiClient;
  let account: TestAccount;
  let olt: OltDetail;
  let queue: Queue;
  let env: Record<string, string>;

  const sql = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    const c = new Client({ connectionString: database.url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    pg = await PrivatePostgres.start();
    database = await pg.createMigratedDatabase('pondesk_pgrestart');
    sim = await SimulatorProcess.start([{ ...DEVICE, ponPorts: 1, onusPerPort: 4 }]);
    env = testEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'warn', OLT_HEALTH_INTERVAL_SECONDS: '3600' });
    [api, worker] = await Promise.all([
      startApiProcess(env, { label: 'api' }),
      startWorkerProcess({ DATABASE_URL: database.url, OLT_HEALTH_INTERVAL_SECONDS: '3600' }),
    ]);
    client = new ApiClient(api.url);
    await waitFor(async () => (await fetch(`${api.url}/api/v1/health`)).status === 200, {
      timeoutMs: 30000,
      what: 'the API to report healthy',
    });
    account = await registerAccount(client, 'pgrestart');
    olt = await addSimulatedOlt(client, sim, DEVICE, account.token);
    await waitFor(
      async () =>
        (await sql<{ n: number }>('SELECT onu_count AS n FROM olt WHERE id = $1', [olt.id]))[0].n === 4,
      { timeoutMs: 20000, what: 'the first poll' },
    );
    queue = new Queue(QueueName.OltPoll, {
      connection: redisOptionsFromUrl(env.REDIS_URL, { maxRetriesPerRequest: null }),
      prefix: queuePrefix({ DATABASE_URL: database.url, REDIS_NAMESPACE: env.REDIS_NAMESPACE }),
    });
  }, 90000);

  afterAll(async () => {
    await queue?.close();
    await Promise.all([api?.stop(), worker?.stop(8000)]);
    await sim?.stop();
    await pg?.destroy();
  });

  /** Every ONU's rx moved by more than the sampling threshold, so each poll stores one sample per ONU. */
  const setRx = async (rxDbm: number) => {
    for (let onu = 1; onu <= 4; onu++)
      await sim.send('PUT', `/devices/${DEVICE.name}/onus/1/${onu}/rx`, { rxDbm });
  };
  let polls = 0;
  const poll = (): Promise<Job> =>
    queue.add(
      JobName.PollOlt,
      { oltId: olt.id, tenantId: account.auth.user.tenantId!, force: true },
      { ...POLL_JOB_OPTIONS, jobId: `pgrestart-${olt.id}-${++polls}` },
    );
  const completed = (job: Job, timeoutMs: number) =>
    waitFor(async () => (await queue.getJobState(job.id!)) === 'completed', {
      timeoutMs,
      intervalMs: 200,
      what: `poll ${job.id} to complete`,
    });
  const onlineOnus = async () => (await sim.onus(DEVICE.name)).filter((o) => o.status === 'online').length;

  it('answers 503 while Postgres is away, recovers by itself, and loses or doubles no sample', async () => {
    await setRx(-20);
    const before = await poll();
    await completed(before, 15000);

    // Load: an operator's list page refreshing, all through the outage.
    const seen: { status: number; ms: number }[] = [];
    let loading = true;
    const stopLoad = async () => {
      loading = false;
      await load;
    };
    const load = (async () => {
      while (loading) {
        const t0 = Date.now();
        const status = await fetch(`${api.url}/api/v1/olts`, {
          headers: { authorization: `Bearer ${account.token}` },
          signal: AbortSignal.timeout(8000),
        }).then(
          (r) => r.status,
          () => 0, // no answer within 8 s: a hang
        );
        seen.push({ status, ms: Date.now() - t0 });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const oltsStatus = async () =>
      (await client.get(`/olts`, account.token).catch(() => ({ status: 0 }))).status;

    try {
      await setRx(-22);
      await pg.stop();
      const stoppedAt = Date.now();
      const during = await poll(); // meets the outage, runs again once Postgres is back
      const to503Ms = await msUntil(async () => (await oltsStatus()) === 503, {
        timeoutMs: 10000,
        what: 'the API to answer 503',
      });
      const health = await fetch(`${api.url}/api/v1/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { down: string[] }).down).toContain('database');
      // Away for a while under load.
      await new Promise((r) => setTimeout(r, 4000));
      await pg.start();
      const startedAt = Date.now();
      const recoveryMs = await msUntil(async () => (await oltsStatus()) === 200, {
        timeoutMs: 20000,
        what: 'the API to answer 200 again',
      });
      await waitFor(async () => (await fetch(`${api.url}/api/v1/health`)).status === 200, {
        timeoutMs: 15000,
        what: 'the health check to report healthy again',
      });
      await completed(during, 30000);
      const resumedMs = Date.now() - startedAt;
      await setRx(-24);
      const after = await poll();
      await completed(after, 15000);
      await stopLoad();
      process.stdout.write(
        `[reliability] postgres: 503 ${to503Ms} ms after stop; 200 again ${recoveryMs} ms after start; poll from the outage done ${resumedMs} ms after start; outage ${startedAt - stoppedAt} ms; ${seen.length} requests under load, slowest ${Math.max(...seen.map((s) => s.ms))} ms\n`,
      );

      // Never a 500 and never a hang: 200 or 503.
      expect([...new Set(seen.map((s) => s.status))].sort()).toEqual([200, 503]);
      expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(6000);
      expect(to503Ms).toBeLessThan(3000);
      expect(recoveryMs).toBeLessThan(10000);

      // One sample per poll per ONU: the poll that met the outage stored its samples once it ran again.
      const online = await onlineOnus();
      const samples = await sql<{ sampled_at: Date; n: number; dupes: number }>(
        `SELECT sampled_at, count(*)::int AS n, (count(*) - count(DISTINCT onu_ref))::int AS dupes
       FROM onu_signal_sample WHERE olt_id = $1 AND sampled_at >= $2 GROUP BY sampled_at ORDER BY sampled_at`,
        [olt.id, new Date(before.timestamp)],
      );
      expect(samples.map((s) => [s.sampled_at.getTime(), s.n, s.dupes])).toEqual(
        [before, during, after].map((j) => [j.timestamp, online, 0]),
      );
    } finally {
      await stopLoad();
      await pg.start().catch(() => undefined);
    }
  });
});
