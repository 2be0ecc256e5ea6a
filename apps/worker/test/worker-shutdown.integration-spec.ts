import Redis from 'ioredis';
import { redisOptionsFromUrl, workerHeartbeatPrefix } from '@pondesk/server-queue';
import {
  ENTRYPOINTS,
  createMigratedDatabase,
  spawnEntrypoint,
  testEnv,
  waitFor,
  type TestDatabase,
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
