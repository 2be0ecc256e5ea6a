import { loadConfig, parseDotenv, ConfigError } from './load-config';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
  ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({ ...valid });
    expect(config.PORT).toBe(3000);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('names a missing DATABASE_URL in one line', () => {
    const { DATABASE_URL: _omit, ...rest } = valid;
    expect(() => loadConfig(rest)).toThrow(
      new ConfigError('Invalid configuration: DATABASE_URL is required'),
    );
  });

  it('names a DATABASE_URL that is not a URL', () => {
    expect(() => loadConfig({ ...valid, DATABASE_URL: 'not a url' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a URL/,
    );
  });

  it('rejects a malformed PORT and a short JWT_SECRET', () => {
    expect(() => loadConfig({ ...valid, PORT: 'eighty' })).toThrow(/PORT must be a number/);
    expect(() => loadConfig({ ...valid, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32/);
  });

  it('accepts a base64 ENCRYPTION_KEY of 32 bytes and rejects other lengths', () => {
    expect(
      loadConfig({ ...valid, ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).ENCRYPTION_KEY,
    ).toBeTruthy();
    expect(() => loadConfig({ ...valid, ENCRYPTION_KEY: 'abcd' })).toThrow(/ENCRYPTION_KEY/);
  });
});

describe('unsafe configurations', () => {
  it('refuses the published example secrets in every environment', () => {
    for (const NODE_ENV of ['development', 'production', 'test']) {
      expect(() =>
        loadConfig({ ...valid, NODE_ENV, JWT_SECRET: 'dev-only-jwt-secret-change-me-0123456789abcdef' }),
      ).toThrow(/^Invalid configuration: JWT_SECRET is the published example value/);
      expect(() =>
        loadConfig({
          ...valid,
          NODE_ENV,
          ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
        }),
      ).toThrow(/^Invalid configuration: ENCRYPTION_KEY is the published example value/);
      expect(() => loadConfig({ ...valid, NODE_ENV, PLATFORM_ADMIN_PASSWORD: 'change-me-platform' })).toThrow(
        /^Invalid configuration: PLATFORM_ADMIN_PASSWORD is the published example value/,
      );
    }
  });

  it('treats an empty secret as missing', () => {
    expect(() => loadConfig({ ...valid, JWT_SECRET: '' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ ...valid, ENCRYPTION_KEY: '' })).toThrow(/ENCRYPTION_KEY is required/);
  });

  it('keeps the development outbox out of production and away from proxies', () => {
    expect(loadConfig({ ...valid }).DEV_OUTBOX).toBe(false);
    expect(loadConfig({ ...valid, DEV_OUTBOX: 'true' }).DEV_OUTBOX).toBe(true);
    expect(() => loadConfig({ ...valid, DEV_OUTBOX: 'true', NODE_ENV: 'production' })).toThrow(
      /DEV_OUTBOX must not be set in production/,
    );
    expect(() => loadConfig({ ...valid, DEV_OUTBOX: 'true', TRUST_PROXY: 'loopback' })).toThrow(
      /DEV_OUTBOX must not be set behind a proxy/,
    );
    expect(() => loadConfig({ ...valid, DEV_OUTBOX: 'maybe' })).toThrow(/DEV_OUTBOX must be true or false/);
  });

  it('trusts no proxy unless told, and never every client', () => {
    expect(loadConfig({ ...valid }).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ ...valid, TRUST_PROXY: '10.0.0.5, loopback' }).TRUST_PROXY).toBe(
      '10.0.0.5, loopback',
    );
    expect(() => loadConfig({ ...valid, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must not be `true`/);
  });
});

describe('syslog receiver settings', () => {
  it('listens on 5514 on every IPv4 interface and keeps device logs 30 days by default', () => {
    const config = loadConfig({ ...valid });
    expect(config.SYSLOG_PORT).toBe(5514);
    expect(config.SYSLOG_HOST).toBe('0.0.0.0');
    expect(config.LOG_RETENTION_DAYS).toBe(30);
  });

  it('is off in tests unless a test gives it a port, and 0 turns it off anywhere', () => {
    expect(loadConfig({ ...valid, NODE_ENV: 'test' }).SYSLOG_PORT).toBe(0);
    expect(loadConfig({ ...valid, NODE_ENV: 'test', SYSLOG_PORT: '40514' }).SYSLOG_PORT).toBe(40514);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', SYSLOG_PORT: '0' }).SYSLOG_PORT).toBe(0);
  });

  it('refuses a port out of range, a host that is no address and a retention under a day', () => {
    expect(() => loadConfig({ ...valid, SYSLOG_PORT: '70000' })).toThrow(
      /^Invalid configuration: SYSLOG_PORT must be at most 65535/,
    );
    expect(() => loadConfig({ ...valid, SYSLOG_HOST: 'syslog.example.com' })).toThrow(
      /^Invalid configuration: SYSLOG_HOST must be an IP address/,
    );
    expect(loadConfig({ ...valid, SYSLOG_HOST: '::' }).SYSLOG_HOST).toBe('::');
    expect(() => loadConfig({ ...valid, LOG_RETENTION_DAYS: '0' })).toThrow(
      /^Invalid configuration: LOG_RETENTION_DAYS must be at least 1/,
    );
  });
});

describe('parseDotenv', () => {
  it('reads keys, strips quotes and comments', () => {
    expect(parseDotenv('# c\nA=1\nB="two words"\n\nC=\'x=y\'')).toEqual({ A: '1', B: 'two words', C: 'x=y' });
  });
});
