import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { OltDetail } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import { QueueName, queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import {
  ApiClient,
  addSimulatedOlt,
  msUntil,
  registerAccount,
  startTestStack,
  startWorkerProcess,
  waitFor,
  type EntrypointProcess,
  type SimulatorProcess,
  type TestAccount,
  type TestStack,
} from '@pondesk/server-testing';

const DEVICE = { name: 'bdcom-gpon-kill', brand: 'bdcom', mode: 'gpon' };

/**
 * A worker killed (SIGKILL) in the middle of a job: the job runs again on another worker within seconds,
 * the dead worker's OLT lock lapses within its short lease, and a reboot the dead worker had already sent
 * is not sent a second time.
 */
describe('a worker killed mid-job', () => {
  let stack: TestStack;
  let client: ApiClient;
  let db: DataSource;
  let sim: SimulatorProcess;
  let redis: Redis;
  let account: TestAccount;
  let olt: OltDetail;
  const workers: EntrypointProcess[] = [];

  const lockHeld = async () => (await redis.exists(`pondesk:lock:olt:${olt.id}`)) === 1;
  /** Another worker of the same installation, started after the kill. */
  const nextWorker = async () => {
    const w = await startWorkerProcess({ DATABASE_URL: stack.database.url, REDIS_URL: stack.env.REDIS_URL });
    workers.push(w);
    return w;
  };
  const killWorker = async (proc: EntrypointProcess) => {
    proc.kill('SIGKILL');
    await proc.exited;
  };

  beforeAll(async () => {
    stack = await startTestStack({
      fleet: [{ ...DEVICE, ponPorts: 1, onusPerPort: 4 }],
      // No scheduled health check gets in the way of the lock measurements.
      env: { OLT_HEALTH_INTERVAL_SECONDS: '3600' },
    });
    sim = stack.simulator!;
    client = new ApiClient(stack.url);
    db = createDataSource(stack.database.url);
    await db.initialize();
    redis = new Redis(redisOptionsFromUrl(stack.env.REDIS_URL));
    account = await registerAccount(client, 'killed');
    olt = await addSimulatedOlt(client, sim, DEVICE, account.token);
    await waitFor(
      async () => (await db.query('SELECT onu_count FROM olt WHERE id = $1', [olt.id]))[0].onu_count === 4,
      { timeoutMs: 20000, what: 'the first poll' },
    );
    // The first poll's lock is gone before the measurements start.
    await waitFor(async () => !(await lockHeld()), { timeoutMs: 20000, what: 'the first poll to finish' });
  });

  afterAll(async () => {
    for (const w of workers) await w.stop(8000);
    redis?.disconnect();
    await db?.destroy();
    await stack?.stop();
  });

  it('does not reboot the ONU a second time when the worker dies after sending the reboot', async () => {
    const [onu]: { id: string; pon_port: number; onu_id: number }[] = await db.query(
      "SELECT id, pon_port, onu_id FROM onu WHERE olt_id = $1 AND status = 'online' ORDER BY pon_port, onu_id LIMIT 1",
      [olt.id],
    );
    const simOnu = `/devices/${DEVICE.name}/onus/${onu.pon_port}/${onu.onu_id}`;
    const reboots = async () =>
      ((await (await fetch(`${sim.control}${simOnu}`)).json()) as { rebootCommands: number }).rebootCommands;
    expect(await reboots()).toBe(0);
    // The OLT takes the reboot but confirms it late: the window in which the worker dies.
    await sim.send('PUT', `/devices/${DEVICE.name}/faults`, { confirmReplyDelayMs: 15000 });
    const answer = client.post<{ ok: boolean; message: string; verification: string }>(
      `/onus/${onu.id}/reboot`,
      {},
      account.token,
    );
    await waitFor(async () => (await reboots()) === 1, {
      timeoutMs: 20000,
      what: 'the reboot to reach the OLT',
    });
    await killWorker(stack.worker);
    const killedAt = Date.now();
    await sim.send('PUT', `/devices/${DEVICE.name}/faults`, { confirmReplyDelayMs: 0 });
    const lockLapseMs = await msUntil(async () => !(await lockHeld()), {
      timeoutMs: 20000,
      what: "the dead worker's OLT lock to lapse",
    });
    await nextWorker();
    const res = await answer;
    const answeredMs = Date.now() - killedAt;
    process.stdout.write(
      `[reliability] reboot: OLT lock lapsed ${lockLapseMs} ms after SIGKILL; retried job answered ${answeredMs} ms after SIGKILL\n`,
    );
    // The retry saw the ONU down for its reboot and confirmed it, without sending a second one.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, verification: 'watching' });
    expect(res.body.message).toMatch(/^Reboot sent to /);
    expect(await reboots()).toBe(1);
    expect(lockLapseMs).toBeLessThan(7000);
    expect(answeredMs).toBeLessThan(25000);
  });

  it('runs a poll again on another worker when its worker dies mid-poll, without duplicate samples', async () => {
    // Exactly one worker runs, so the poll is on the one killed.
    const alive = [stack.worker, ...workers].filter((w) => w.exitCode === null && w.signalCode === null);
    for (const w of alive.slice(0, -1)) await w.stop(8000);
    const worker = alive.at(-1) ?? (await nextWorker());
    const queue = new Queue(QueueName.OltPoll, {
      connection: redisOptionsFromUrl(stack.env.REDIS_URL, { maxRetriesPerRequest: null }),
      prefix: queuePrefix({ DATABASE_URL: stack.database.url, REDIS_NAMESPACE: stack.env.REDIS_NAMESPACE }),
    });
    const health = new Queue(QueueName.OltHealth, queue.opts);
    try {
      // The health check a worker runs at start is done: the poll takes the OLT's lock, not a busy retry.
      await waitFor(
        async () =>
          (await health.getJobCountByTypes('active', 'waiting', 'prioritized')) === 0 && !(await lockHeld()),
        { timeoutMs: 20000, what: 'the OLT to be free' },
      );
      // A slow OLT keeps the poll running long enough to kill its worker in the middle.
      await sim.send('PUT', `/devices/${DEVICE.name}/faults`, { slowMs: 400 });
      expect((await client.post(`/olts/${olt.id}/poll`, {}, account.token)).status).toBe(202);
      const job = await waitFor(
        async () => (await queue.getJobs(['active'])).find((j) => j.id?.startsWith(`poll-now-${olt.id}`)),
        { timeoutMs: 10000, intervalMs: 20, what: 'the poll to start' },
      );
      await waitFor(lockHeld, { timeoutMs: 10000, intervalMs: 20, what: 'the poll to take the lock' });
      await killWorker(worker);
      const killedAt = Date.now();
      const lockLapseMs = await msUntil(async () => !(await lockHeld()), {
        timeoutMs: 20000,
        what: "the dead worker's OLT lock to lapse",
      });
      await sim.send('PUT', `/devices/${DEVICE.name}/faults`, { slowMs: 0 });
      await nextWorker();
      const doneMs = await msUntil(async () => (await queue.getJobState(job.id!)) === 'completed', {
        timeoutMs: 30000,
        intervalMs: 100,
        what: 'the poll to be run again and complete',
      });
      const finished = await queue.getJob(job.id!);
      process.stdout.write(
        `[reliability] poll: OLT lock lapsed ${lockLapseMs} ms after SIGKILL; job completed on another worker ${Date.now() - killedAt} ms after SIGKILL (${doneMs} ms after it started)\n`,
      );
      expect(finished?.returnvalue).toMatchObject({ ok: true, total: 4 });
      expect(lockLapseMs).toBeLessThan(7000);
      const dupes = await db.query(
        'SELECT onu_ref FROM onu_signal_sample WHERE olt_id = $1 GROUP BY onu_ref, sampled_at HAVING count(*) > 1',
        [olt.id],
      );
      expect(dupes).toEqual([]);
    } finally {
      await health.close();
      await queue.close();
    }
  });
});
