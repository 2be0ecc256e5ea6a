import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { OltDetail } from '@pondesk/contracts';
import { QueueName, queuePrefix, redisOptionsFromUrl, workerHeartbeatPrefix } from '@pondesk/server-queue';
import {
  ApiClient,
  ENTRYPOINTS,
  addSimulatedOlt,
  createMigratedDatabase,
  registerAccount,
  spawnEntrypoint,
  startTestStack,
  startWorkerProcess,
  testEnv,
  waitFor,
  type EntrypointProcess,
  type TestAccount,
  type TestDatabase,
  type TestStack,
} from '@pondesk/server-testing';

describe('worker shutdown', () => {
  let db: TestDatabase;
  let redis: Redis;

  beforeAll(async () => {
    db = await createMigratedDatabase('pondesk_shutdown');
    redis = new Redis(redisOptionsFromUrl(testEnv().REDIS_URL));
  });
  afterAll(async () => {
    redis?.disconnect();
    await db?.drop();
  });

  it('leaves the health count and exits within seconds of SIGTERM', async () => {
    const env = testEnv({ DATABASE_URL: db.url, LOG_LEVEL: 'warn' });
    const worker = spawnEntrypoint(ENTRYPOINTS.worker, { env });
    const beats = () =>
      redis.keys(`${workerHeartbeatPrefix({ DATABASE_URL: db.url, REDIS_NAMESPACE: env.REDIS_NAMESPACE })}*`);
    await waitFor(async () => worker.output().includes('PonDesk worker') && (await beats()).length === 1, {
      timeoutMs: 20000,
      what: 'the worker to start and beat',
    });
    const t0 = Date.now();
    worker.kill('SIGTERM');
    await worker.exited;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await beats()).toEqual([]);
    expect(worker.output()).not.toMatch(/error/i);
  });
});

const DEVICE = { name: 'bdcom-gpon-drain', brand: 'bdcom', mode: 'gpon' };

/**
 * SIGTERM in the middle of a poll: the worker stops taking jobs, lets the poll finish when it can within
 * its drain time, otherwise hands it back to the queue (another worker runs it) and releases the OLT's
 * lock; it exits within 10 s either way, without publishing on a closed connection.
 */
describe('worker shutdown mid-poll', () => {
  let stack: TestStack;
  let client: ApiClient;
  let account: TestAccount;
  let olt: OltDetail;
  let redis: Redis;
  let queue: Queue;
  let healthQueue: Queue;
  const extra: EntrypointProcess[] = [];

  const lockHeld = async () => (await redis.exists(`pondesk:lock:olt:${olt.id}`)) === 1;
  const slow = (slowMs: number) => stack.simulator!.send('PUT', `/devices/${DEVICE.name}/faults`, { slowMs });
  /** The OLT's health check (run at once when a worker starts) done, so the poll gets the OLT's lock. */
  const quiet = () =>
    waitFor(
      async () =>
        (await healthQueue.getJobCountByTypes('active', 'waiting', 'prioritized')) === 0 &&
        !(await lockHeld()),
      { timeoutMs: 20000, what: 'the OLT to be free' },
    );
  /** Starts a manual poll and answers its job once it is running and holds the OLT's lock. */
  const pollRunning = async () => {
    expect((await client.post(`/olts/${olt.id}/poll`, {}, account.token)).status).toBe(202);
    const job = await waitFor(
      async () => (await queue.getJobs(['active'])).find((j) => j.id?.startsWith(`poll-now-${olt.id}`)),
      { timeoutMs: 10000, intervalMs: 20, what: 'the poll to start' },
    );
    await waitFor(lockHeld, { timeoutMs: 10000, intervalMs: 20, what: 'the poll to take the lock' });
    return job;
  };
  const sigterm = async (worker: EntrypointProcess) => {
    const t0 = Date.now();
    worker.kill('SIGTERM');
    await worker.exited;
    return Date.now() - t0;
  };

  beforeAll(async () => {
    stack = await startTestStack({
      fleet: [{ ...DEVICE, ponPorts: 1, onusPerPort: 4 }],
      env: { OLT_HEALTH_INTERVAL_SECONDS: '3600' },
    });
    client = new ApiClient(stack.url);
    redis = new Redis(redisOptionsFromUrl(stack.env.REDIS_URL));
    const queueOptions = {
      connection: redisOptionsFromUrl(stack.env.REDIS_URL, { maxRetriesPerRequest: null }),
      prefix: queuePrefix({ DATABASE_URL: stack.database.url, REDIS_NAMESPACE: stack.env.REDIS_NAMESPACE }),
    };
    queue = new Queue(QueueName.OltPoll, queueOptions);
    healthQueue = new Queue(QueueName.OltHealth, queueOptions);
    account = await registerAccount(client, 'drain');
    olt = await addSimulatedOlt(client, stack.simulator!, DEVICE, account.token);
    await waitFor(async () => (await queue.getJobs(['completed'])).length > 0 && !(await lockHeld()), {
      timeoutMs: 20000,
      what: 'the first poll',
    });
  });

  afterAll(async () => {
    for (const w of extra) await w.stop(8000);
    await queue?.close();
    await healthQueue?.close();
    redis?.disconnect();
    await stack?.stop();
  });

  it('lets a short poll finish, then exits', async () => {
    await quiet();
    await slow(150); // a poll of a few seconds: shorter than the drain
    const job = await pollRunning();
    const drainMs = await sigterm(stack.worker);
    process.stdout.write(`[reliability] worker SIGTERM mid-poll (poll finishes): exited in ${drainMs} ms\n`);
    expect(drainMs).toBeLessThan(10000);
    expect(await queue.getJobState(job.id!)).toBe('completed');
    expect(await lockHeld()).toBe(false);
    expect(stack.worker.output()).not.toMatch(/error|Connection is closed/i);
  });

  it('hands a long poll back to the queue and releases the OLT, then exits within 10 s', async () => {
    // An OLT that takes 12 s per answer (and a worker patient enough to wait for it): a poll far longer
    // than the drain.
    const worker = await startWorkerProcess({
      DATABASE_URL: stack.database.url,
      LOG_LEVEL: 'warn',
      SNMP_TIMEOUT_MS: '30000',
    });
    extra.push(worker);
    await quiet();
    await slow(12000);
    const job = await pollRunning();
    const drainMs = await sigterm(worker);
    process.stdout.write(
      `[reliability] worker SIGTERM mid-poll (poll handed back): exited in ${drainMs} ms\n`,
    );
    expect(drainMs).toBeLessThan(10000);
    // Back in the queue for the next worker, the OLT free for it at once.
    expect(await queue.getJobState(job.id!)).toBe('waiting');
    expect(await lockHeld()).toBe(false);
    expect(worker.output()).toContain('handed back to the queue');
    expect(worker.output()).not.toMatch(/Connection is closed|"level":50|\berror\b/i);
    await slow(0);
    const next = await startWorkerProcess({ DATABASE_URL: stack.database.url, LOG_LEVEL: 'warn' });
    extra.push(next);
    await waitFor(async () => (await queue.getJobState(job.id!)) === 'completed', {
      timeoutMs: 20000,
      what: 'the handed-back poll to run on the next worker',
    });
  });
});
