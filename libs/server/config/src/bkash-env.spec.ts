import { loadConfig } from './load-config';
import { bkashSettings } from './env.schema';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(32),
  ENCRYPTION_KEY: 'ab'.repeat(32),
};

const merchant = {
  BKASH_APP_KEY: 'merchant-app-key',
  BKASH_APP_SECRET: 'merchant-app-secret',
  BKASH_USERNAME: '01700000000',
  BKASH_PASSWORD: 'merchant-password',
};

describe('bKash merchant settings', () => {
  it('leaves online payment off without credentials, or with them set empty', () => {
    expect(bkashSettings(loadConfig({ ...valid, APP_ORIGIN: 'https://console.isp.example' }))).toBeNull();
    const empty = { BKASH_APP_KEY: '', BKASH_APP_SECRET: '', BKASH_USERNAME: '', BKASH_PASSWORD: '' };
    expect(bkashSettings(loadConfig({ ...valid, ...empty }))).toBeNull();
  });

  it('turns it on with the four credentials and the public origin: production base, 15 s / 30 s, callback on the origin', () => {
    expect(
      bkashSettings(loadConfig({ ...valid, ...merchant, APP_ORIGIN: 'https://console.isp.example' })),
    ).toEqual({
      merchantId: 'platform',
      baseUrl: 'https://tokenized.pay.bka.sh/v1.2.0-beta/tokenized/checkout/',
      appKey: 'merchant-app-key',
      appSecret: 'merchant-app-secret',
      username: '01700000000',
      password: 'merchant-password',
      timeoutMs: 15000,
      executeTimeoutMs: 30000,
      callbackUrl: 'https://console.isp.example/api/v1/billing/bkash/callback',
    });
  });

  it('refuses some credentials without the others, naming the missing ones', () => {
    expect(() =>
      loadConfig({
        ...valid,
        APP_ORIGIN: 'https://console.isp.example',
        BKASH_APP_KEY: 'k',
        BKASH_USERNAME: 'u',
      }),
    ).toThrow(/BKASH_APP_SECRET.*missing: BKASH_APP_SECRET, BKASH_PASSWORD/);
  });

  it('refuses credentials without APP_ORIGIN: the callback would have nowhere to go', () => {
    expect(() => loadConfig({ ...valid, ...merchant })).toThrow(/APP_ORIGIN/);
  });

  it('points at nothing in tests unless a test gives its fake', () => {
    expect(loadConfig({ ...valid, NODE_ENV: 'test' }).BKASH_BASE_URL).toBe('http://127.0.0.1:9');
  });
});
