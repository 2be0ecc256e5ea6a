import { ENTRYPOINTS, spawnEntrypoint, type EntrypointProcess } from './entrypoint-process';
import { createMigratedDatabase, type TestDatabase } from './migrated-database';
import { freePort, waitFor } from './net';
import { TestRedisServer } from './redis-server';
import { SimulatorProcess, type FleetDevice } from './simulator-process';
import { testEnv } from './test-env';

export interface TestStackOptions {
  /** Environment of both processes, over `testEnv()` and the stack's database, Redis, port and origin. */
  env?: Record<string, string>;
  /** A simulated fleet started first (simulated time frozen), for the OLTs the test adds. */
  fleet?: FleetDevice[];
  /** A Redis of the stack's own, which the test may stop and start; the machine's otherwise. */
  ownRedis?: boolean;
  databasePrefix?: string;
  /** A folder receiving `api.log` and `worker.log`, for debugging a failing run. */
  logDir?: string;
  /** How long the API may take to report healthy, the worker's heartbeat included. */
  timeoutMs?: number;
}

export interface TestStack {
  /** Where the API listens (its origin too). */
  url: string;
  database: TestDatabase;
  redis?: TestRedisServer;
  simulator?: SimulatorProcess;
  env: Record<string, string>;
  api: EntrypointProcess;
  worker: EntrypointProcess;
  stop(): Promise<void>;
}

/** A worker mid-job may take a while to drain; tests do not wait longer than this. */
const WORKER_STOP_GRACE_MS = 8000;

/**
 * API and worker as production runs them (two processes, from source) on a fresh database, optionally
 * with a Redis and a simulated fleet of their own; resolves once the API reports healthy.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  // Whatever has started is stopped again, in reverse, when a later step fails.
  const started: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of started.splice(0).reverse()) await stopOne();
  };
  try {
    const simulator = options.fleet ? await SimulatorProcess.start(options.fleet) : undefined;
    if (simulator) started.push(() => simulator.stop());
    const redis = options.ownRedis ? await TestRedisServer.start() : undefined;
    if (redis) started.push(() => redis.stop());
    const database = await createMigratedDatabase(options.databasePrefix);
    started.push(() => database.drop());
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = testEnv({
      DATABASE_URL: database.url,
      ...(redis ? { REDIS_URL: redis.url } : {}),
      PORT: String(port),
      APP_ORIGIN: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    });
    const { logDir } = options;
    const api = spawnEntrypoint(ENTRYPOINTS.api, { env, label: 'api', logDir });
    const worker = spawnEntrypoint(ENTRYPOINTS.worker, { env, label: 'worker', logDir });
    started.push(async () => void (await Promise.all([api.stop(), worker.stop(WORKER_STOP_GRACE_MS)])));
    await waitFor(async () => (await fetch(`${url}/api/v1/health`)).status === 200, {
      timeoutMs: options.timeoutMs ?? 60000,
      intervalMs: 250,
      what: `the API at ${url} to report healthy`,
    }).catch((error: Error) => {
      throw new Error(
        `${error.message}\n--- api ---\n${api.output().slice(-20000)}\n--- worker ---\n${worker.output().slice(-20000)}`,
      );
    });
    return { url, database, redis, simulator, env, api, worker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
