import {
  TestRedisServer,
  createMigratedDatabase,
  waitFor,
  type TestDatabase,
  startWorker,
  type RunningWorker,
} from '@pondesk/server-testing';
import type { HealthResponse } from '@pondesk/contracts';
import { startApi, type RunningApi } from './support/test-app';

async function health(api: RunningApi): Promise<{ status: number; body: HealthResponse }> {
  const res = await fetch(`${api.url}/api/v1/health`);
  return { status: res.status, body: (await res.json()) as HealthResponse };
}

describe('GET /api/v1/health', () => {
  let redis: TestRedisServer;
  let database: TestDatabase;
  let api: RunningApi;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    database = await createMigratedDatabase();
    api = await startApi({ REDIS_URL: redis.url, DATABASE_URL: database.url });
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await redis?.stop();
    await database?.drop();
  });

  it('answers 503 naming the worker while no worker heartbeat exists', async () => {
    const { status, body } = await health(api);
    expect(status).toBe(503);
    expect(body.down).toEqual(['worker']);
    expect(body.checks.database.status).toBe('up');
    expect(body.checks.redis.status).toBe('up');
  });

  it('answers 200 once a worker is running', async () => {
    worker = await startWorker({ REDIS_URL: redis.url, DATABASE_URL: database.url });
    const { body } = await waitFor(
      async () => {
        const h = await health(api);
        return h.status === 200 && h;
      },
      { timeoutMs: 10000, what: 'health 200' },
    );
    expect(body).toMatchObject({ status: 'ok', down: [], checks: { worker: { status: 'up', workers: 1 } } });
  });

  it('turns 503 naming Redis within 5 s of Redis stopping, and recovers without a restart', async () => {
    await redis.stop();
    const stoppedAt = Date.now();
    const down = await waitFor(
      async () => {
        const h = await health(api);
        return h.status === 503 && h;
      },
      { timeoutMs: 5000, intervalMs: 200, what: '503 after Redis stopped' },
    );
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(down.body.down).toContain('redis');
    expect(down.body.checks.redis.status).toBe('down');

    await redis.start();
    const back = await waitFor(
      async () => {
        const h = await health(api);
        return h.status === 200 && h;
      },
      { timeoutMs: 15000, intervalMs: 250, what: 'health 200 after Redis returned' },
    );
    expect(back.body.down).toEqual([]);
  }, 30000);
});
