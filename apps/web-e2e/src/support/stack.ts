import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
// Jest loads global setup without its module mapper, hence relative paths into the libraries.
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  createDatabase,
  dropDatabase,
  freePort,
  freshDatabaseName,
  testEnv,
  waitFor,
} from '../../../../libs/server/testing/src';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { migrateDatabase } from '../../../../libs/server/database/src/migrate';

export const ROOT = resolve(__dirname, '../../../..');

export interface E2eStack {
  baseUrl: string;
  databaseName: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

function start(
  entry: string,
  env: Record<string, string>,
  label: string,
): ChildProcess & { log: () => string } {
  const child = spawn(process.execPath, [resolve(ROOT, 'tools/run-ts.cjs'), resolve(ROOT, entry)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // PONDESK_E2E_LOG_DIR keeps the whole output of each process, for debugging a failing run.
  const logDir = process.env.PONDESK_E2E_LOG_DIR;
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-20000);
    if (logDir) appendFileSync(resolve(logDir, `${label}.log`), d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code && code !== 0 && code !== 143)
      process.stderr.write(`[e2e ${label}] exited with ${code}\n${log}\n`);
  });
  return Object.assign(child, { log: () => log });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** API and worker from source, on a free port, against a fresh database, serving the built web app. */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<E2eStack> {
  const webDist = resolve(ROOT, 'dist/web');
  if (!existsSync(resolve(webDist, 'index.html'))) {
    throw new Error(
      'The web app is not built: run `npm run build:web` before the end-to-end tests (npm test does).',
    );
  }
  const databaseName = freshDatabaseName('pondesk_e2e');
  const databaseUrl = await createDatabase(databaseName);
  await migrateDatabase(databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = testEnv({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    WEB_DIST_DIR: webDist,
    APP_ORIGIN: baseUrl,
    LOG_LEVEL: 'info',
    ...extraEnv,
  });
  const api = start('apps/api/src/main.ts', env, 'api');
  const worker = start('apps/worker/src/main.ts', env, 'worker');
  try {
    await waitFor(async () => (await fetch(`${baseUrl}/api/v1/health`)).status === 200, {
      timeoutMs: 60000,
      intervalMs: 250,
      what: `the API at ${baseUrl} to report healthy`,
    });
  } catch (error) {
    await Promise.all([stopChild(api), stopChild(worker)]);
    await dropDatabase(databaseName);
    throw new Error(
      `${(error as Error).message}\n--- api ---\n${api.log()}\n--- worker ---\n${worker.log()}`,
    );
  }
  return {
    baseUrl,
    databaseName,
    env,
    async stop() {
      await Promise.all([stopChild(api), stopChild(worker)]);
      await dropDatabase(databaseName);
    },
  };
}
