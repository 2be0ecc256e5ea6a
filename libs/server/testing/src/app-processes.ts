import { ENTRYPOINTS, spawnEntrypoint, type EntrypointProcess } from './entrypoint-process';
import { freePort, waitFor } from './net';
import { testEnv } from './test-env';

export interface RunningWorker {
  output(): string;
  stop(): Promise<void>;
}

/** A worker mid-job may take a while to drain; tests do not wait longer than this. */
const WORKER_STOP_GRACE_MS = 8000;

/** The real worker process; resolves once it has started. */
export async function startWorker(overrides: Record<string, string> = {}): Promise<RunningWorker> {
  const child = spawnEntrypoint(ENTRYPOINTS.worker, { env: testEnv({ LOG_LEVEL: 'warn', ...overrides }) });
  await waitFor(
    async () =>
      child.output().includes('PonDesk worker') ||
      (child.exitCode !== null && Promise.reject(new Error(child.output()))),
    { timeoutMs: 20000, what: 'the worker to start' },
  );
  return { output: child.output, stop: () => child.stop(WORKER_STOP_GRACE_MS) };
}

export interface ApiProcess {
  url: string;
  process: EntrypointProcess;
  stop(): Promise<void>;
}

/**
 * The real API process on a free port, its own origin unless `env` names one; resolves once it answers
 * its health check with any status (a 503 only says the worker or Redis is missing). `env` is the whole
 * environment: `testEnv()` and overrides.
 */
export async function startApiProcess(
  env: Record<string, string>,
  options: { label?: string; timeoutMs?: number } = {},
): Promise<ApiProcess> {
  const port = env.PORT ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawnEntrypoint(ENTRYPOINTS.api, {
    env: { APP_ORIGIN: url, ...env, PORT: port },
    label: options.label,
  });
  await waitFor(async () => (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.status, {
    timeoutMs: options.timeoutMs ?? 60000,
    what: `the API at ${url}`,
  }).catch(async (error: Error) => {
    await child.stop();
    throw new Error(`${error.message}\n${child.output()}`);
  });
  return { url, process: child, stop: () => child.stop() };
}
