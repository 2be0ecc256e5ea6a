import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT, startTestStack } from '@pondesk/server-testing';

export interface E2eStack {
  baseUrl: string;
  databaseName: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** API and worker from source, on a free port, against a fresh database, serving the built web app. */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<E2eStack> {
  // PONDESK_E2E_WEB_DIST points at another build of the web app (e.g. `vite build --outDir …`).
  const webDist = resolve(process.env.PONDESK_E2E_WEB_DIST ?? resolve(REPO_ROOT, 'dist/web'));
  if (!existsSync(resolve(webDist, 'index.html'))) {
    throw new Error(
      'The web app is not built: run `npm run build:web` before the end-to-end tests (npm test does).',
    );
  }
  const stack = await startTestStack({
    databasePrefix: 'pondesk_e2e',
    env: { HOME: process.env.HOME ?? '/root', WEB_DIST_DIR: webDist, LOG_LEVEL: 'info', ...extraEnv },
    // PONDESK_E2E_LOG_DIR keeps the whole output of each process, for debugging a failing run.
    logDir: process.env.PONDESK_E2E_LOG_DIR,
  });
  return { baseUrl: stack.url, databaseName: stack.database.name, env: stack.env, stop: stack.stop };
}
