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

describe('parseDotenv', () => {
  it('reads keys, strips quotes and comments', () => {
    expect(parseDotenv('# c\nA=1\nB="two words"\n\nC=\'x=y\'')).toEqual({ A: '1', B: 'two words', C: 'x=y' });
  });
});
