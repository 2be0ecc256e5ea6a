import { randomBytes } from 'node:crypto';

/**
 * This test file's Redis namespace. Jest loads modules afresh for every test file, so each file's API and
 * worker share one namespace and no other file's worker takes their jobs (files of one project share a
 * database, which would otherwise name the namespace).
 */
const REDIS_NAMESPACE = `pondesk:test:${process.pid}-${randomBytes(4).toString('hex')}`;

/** Environment for processes started by tests; secrets are throwaway values. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    // The simulator and snmpsim listen on loopback; the outbox shows mailed links and OTPs to the tests.
    ALLOW_LOOPBACK_DEVICES: 'true',
    DEV_OUTBOX: 'true',
    // Every test client is on loopback; tests of the sign-up limit set their own.
    SIGNUPS_PER_IP_PER_HOUR: '1000000',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_NAMESPACE,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ENCRYPTION_KEY: '0f'.repeat(32),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PLATFORM_ADMIN_USERNAME: 'platform',
    PLATFORM_ADMIN_PASSWORD: 'platform-pass-123',
    // No syslog receiver unless a test gives it a port: parallel files' workers would race for one, and a
    // production-mode worker would listen on every interface.
    SYSLOG_PORT: '0',
    // No prober unless a test turns it on: every worker of every test file would ping its database's hosts.
    PING_ENABLED: 'false',
    ...overrides,
  };
  // Production has no outbox (the configuration refuses it there).
  if (env.NODE_ENV === 'production' && overrides.DEV_OUTBOX === undefined) env.DEV_OUTBOX = 'false';
  return env;
}

/** Puts the test environment into `process.env` so in-process apps read it. */
export function applyTestEnv(overrides: Record<string, string> = {}): void {
  Object.assign(process.env, testEnv(overrides));
}
