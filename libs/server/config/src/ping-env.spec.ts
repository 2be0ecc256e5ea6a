import { loadConfig } from './load-config';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
  ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('ping prober settings', () => {
  it('pings every second with fping from PATH, waiting 800 ms for a reply, by default', () => {
    const config = loadConfig({ ...valid });
    expect(config.PING_ENABLED).toBe(true);
    expect(config.FPING_PATH).toBe('fping');
    expect(config.PING_INTERVAL_MS).toBe(1000);
    expect(config.PING_TIMEOUT_MS).toBe(800);
  });

  it('is off in tests unless a test turns it on', () => {
    expect(loadConfig({ ...valid, NODE_ENV: 'test' }).PING_ENABLED).toBe(false);
    expect(loadConfig({ ...valid, NODE_ENV: 'test', PING_ENABLED: 'true' }).PING_ENABLED).toBe(true);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', PING_ENABLED: 'false' }).PING_ENABLED).toBe(false);
  });

  it('refuses a timeout that is not below the interval, and an empty program path', () => {
    expect(() => loadConfig({ ...valid, PING_INTERVAL_MS: '1000', PING_TIMEOUT_MS: '1000' })).toThrow(
      /PING_TIMEOUT_MS must be below PING_INTERVAL_MS \(1000\)/,
    );
    expect(loadConfig({ ...valid, PING_INTERVAL_MS: '2000', PING_TIMEOUT_MS: '1500' }).PING_TIMEOUT_MS).toBe(
      1500,
    );
    expect(() => loadConfig({ ...valid, FPING_PATH: ' ' })).toThrow(/FPING_PATH must not be empty/);
    expect(() => loadConfig({ ...valid, PING_ENABLED: 'maybe' })).toThrow(
      /PING_ENABLED must be true or false/,
    );
  });
});
