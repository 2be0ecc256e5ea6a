import { ENTRYPOINTS, spawnEntrypoint, type EntrypointProcess } from './entrypoint-process';
import { waitFor } from './net';
import { testEnv } from './test-env';

/**
 * The real worker process, as a process the test may signal (SIGTERM, SIGKILL); resolves once it has
 * started. `overrides` go over `testEnv()`.
 */
export async function startWorkerProcess(
  overrides: Record<string, string> = {},
  options: { label?: string; logDir?: string } = {},
): Promise<EntrypointProcess> {
  const child = spawnEntrypoint(ENTRYPOINTS.worker, {
    env: testEnv({ LOG_LEVEL: 'warn', ...overrides }),
    ...options,
  });
  await waitFor(
    async () =>
      child.output().includes('PonDesk worker') ||
      (child.exitCode !== null && Promise.reject(new Error(child.output()))),
    { timeoutMs: 20000, what: 'the worker to start' },
  );
  return child;
}
