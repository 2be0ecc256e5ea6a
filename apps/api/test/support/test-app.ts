import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JwtService } from '@nestjs/jwt';
import { loadConfig, type AppConfig } from '@pondesk/server-config';
import { migrateDatabase } from '@pondesk/server-database';
import { createDatabase, dropDatabase, freshDatabaseName, testEnv, waitFor } from '@pondesk/server-testing';
import type { AccessTokenClaims } from '@pondesk/contracts';
import { createApp } from '../../src/bootstrap';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig(testEnv({ PORT: '0', ...overrides }));
}

export interface RunningApi {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real AppModule on a free port, against the run's database and the machine's Redis. */
export async function startApi(overrides: Record<string, string> = {}): Promise<RunningApi> {
  const config = testConfig(overrides);
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url, config, close: () => app.close() };
}

/**
 * A migrated database of its own, for a test file whose API and worker use a Redis of their own. One
 * database is one installation: a worker schedules and polls every OLT of its database, so two workers
 * on two Redis servers over one database would poll each other's OLTs and publish where nobody listens.
 */
export async function isolatedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = freshDatabaseName('pondesk_it');
  const url = await createDatabase(name);
  await migrateDatabase(url);
  return { url, drop: () => dropDatabase(name) };
}

const ROOT = resolve(__dirname, '../../../..');

/** Runs a TypeScript entrypoint of the repo as its own process (as production runs it, minus the build). */
export function spawnEntrypoint(
  entry: string,
  env: Record<string, string>,
  cwd = ROOT,
): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [resolve(ROOT, 'tools/run-ts.cjs'), resolve(ROOT, entry)], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return Object.assign(child, { output: () => out });
}

export interface RunningWorker {
  output(): string;
  stop(): Promise<void>;
}

/** The real worker process; resolves once it has started. */
export async function startWorker(overrides: Record<string, string> = {}): Promise<RunningWorker> {
  const child = spawnEntrypoint('apps/worker/src/main.ts', testEnv({ LOG_LEVEL: 'warn', ...overrides }));
  await waitFor(
    async () =>
      child.output().includes('PonDesk worker') ||
      (child.exitCode !== null && Promise.reject(new Error(child.output()))),
    {
      timeoutMs: 20000,
      what: 'the worker to start',
    },
  );
  return {
    output: child.output,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        // A worker mid-job may take a while to drain; tests do not wait longer than this.
        setTimeout(() => child.kill('SIGKILL'), 8000).unref();
      }),
  };
}

export function accessToken(config: AppConfig, claims: Omit<AccessTokenClaims, 'typ'>): string {
  return new JwtService().sign({ ...claims, typ: 'access' }, { secret: config.JWT_SECRET, expiresIn: '5m' });
}
