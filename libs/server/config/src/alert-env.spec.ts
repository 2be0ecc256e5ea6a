import { loadConfig } from './load-config';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
  ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('alert channel settings', () => {
  it('reaches the real Telegram and WhatsApp APIs, waiting 10 s for each message, by default', () => {
    const config = loadConfig({ ...valid });
    expect(config.TELEGRAM_API_URL).toBe('https://api.telegram.org');
    expect(config.WHATSAPP_API_URL).toBe('https://graph.facebook.com/v21.0');
    expect(config.ALERT_SEND_TIMEOUT_MS).toBe(10000);
  });

  it('points tests at nothing unless a test gives its fake', () => {
    const config = loadConfig({ ...valid, NODE_ENV: 'test' });
    expect(new URL(config.TELEGRAM_API_URL).hostname).toBe('127.0.0.1');
    expect(new URL(config.WHATSAPP_API_URL).hostname).toBe('127.0.0.1');
    const faked = loadConfig({ ...valid, NODE_ENV: 'test', TELEGRAM_API_URL: 'http://127.0.0.1:4100' });
    expect(faked.TELEGRAM_API_URL).toBe('http://127.0.0.1:4100');
  });

  it('refuses a URL that is not http(s) and a timeout out of range', () => {
    expect(() => loadConfig({ ...valid, TELEGRAM_API_URL: 'ftp://api.telegram.org' })).toThrow(
      /TELEGRAM_API_URL must be a URL \(http or https/,
    );
    expect(() => loadConfig({ ...valid, ALERT_SEND_TIMEOUT_MS: '5' })).toThrow(
      /ALERT_SEND_TIMEOUT_MS must be at least 100/,
    );
  });
});
