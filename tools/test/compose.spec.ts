import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '@pondesk/server-config';

// There is no Docker engine here: this checks the compose file's structure, not a running stack.
const root = join(__dirname, '..', '..');

interface Service {
  image?: string;
  build?: { context: string; target: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

// Merge keys (`<<: *app-env`) as compose reads them.
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

/** Resolves `${VAR:-default}` and `${VAR:?error}` as compose would, given the operator's variables. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    if (vars[name] !== undefined) return vars[name];
    if (op === '-') return arg ?? '';
    throw new Error(`${name} must be set: ${arg}`);
  });
}

/** The compiled file a command runs, traced back to its TypeScript source. */
function sourceOf(command: string[]): string {
  const js = command[1];
  return join(root, js.replace(/^dist\/server\//, '').replace(/\.js$/, '.ts'));
}

describe('docker-compose.yml', () => {
  it('has postgres, redis, a one-shot migrate, api, workers and the syslog worker', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'syslog', 'worker']);
    expect(services.migrate.command).toEqual(['node', 'dist/server/tools/db/migrate.js']);
  });

  it('health-checks postgres, redis and the api', () => {
    for (const name of ['postgres', 'redis', 'api'])
      expect(services[name].healthcheck?.test.length).toBeGreaterThan(1);
    expect(services.api.healthcheck?.test.join(' ')).toContain('/api/v1/health');
  });

  it('orders start-up with depends_on conditions', () => {
    expect(services.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const name of ['api', 'worker', 'syslog']) {
      expect(services[name].depends_on).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('runs api, worker and migrate from one image built by the multi-stage Dockerfile', () => {
    expect(new Set(['api', 'worker', 'syslog', 'migrate'].map((s) => services[s].image))).toEqual(
      new Set(['pondesk:latest']),
    );
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\w+)/gim)].map((m) => m[1]);
    expect(stages).toEqual(['deps', 'build', 'runtime']);
    expect(stages).toContain(services.migrate.build?.target);
    for (const name of ['api', 'worker', 'syslog', 'migrate'])
      expect(existsSync(sourceOf(services[name].command!))).toBe(true);
  });

  it('gives the apps an environment that passes the configuration schema', () => {
    const vars = {
      JWT_SECRET: 'j'.repeat(40),
      ENCRYPTION_KEY: 'ab'.repeat(32),
      PLATFORM_ADMIN_PASSWORD: 'platform-secret',
    };
    for (const name of ['api', 'worker', 'syslog', 'migrate']) {
      const env = Object.fromEntries(
        Object.entries(services[name].environment!).map(([k, v]) => [k, interpolate(String(v), vars)]),
      );
      expect(() => loadConfig(env)).not.toThrow();
      expect(new URL(env.DATABASE_URL).hostname).toBe('postgres');
    }
  });

  it('lets only the syslog worker hold the syslog port, published for UDP and TCP, so workers can scale', () => {
    expect(services.worker.environment?.SYSLOG_PORT).toBe('0');
    expect(services.worker).not.toHaveProperty('ports');
    expect(services.syslog.environment?.SYSLOG_PORT).toBe('5514');
    expect(services.syslog.environment?.DATABASE_URL).toBe(services.worker.environment?.DATABASE_URL);
    expect(services.syslog.ports?.map((p) => interpolate(p, {}))).toEqual(['514:5514/udp', '514:5514/tcp']);
  });

  it('refuses to start without the secrets', () => {
    expect(() => interpolate(String(services.api.environment!.JWT_SECRET), {})).toThrow(
      /JWT_SECRET must be set/,
    );
  });
});
