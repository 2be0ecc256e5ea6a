import { BkashClient, validateBkashCreate } from './bkash-client';
import { BkashError, BkashRequestError } from './bkash-errors';
import type { BkashMerchantConfig } from './bkash-types';
import { MemoryBkashTokenStore } from './memory-token-store';

const CONFIG: BkashMerchantConfig = {
  merchantId: 'platform',
  baseUrl: 'http://bkash.test/v1.2.0-beta/tokenized/checkout',
  appKey: 'unit-app-key',
  appSecret: 'unit-app-secret',
  username: 'unit-user',
  password: 'unit-password',
};

const CREATE = {
  payerReference: '01712345678',
  callbackURL: 'https://console.example.com/api/v1/billing/bkash/callback',
  amount: '500.00',
  merchantInvoiceNumber: 'INV-2026-000123-A1',
};

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A scripted bKash: answers by path, records what was sent. */
function scripted(answers: Record<string, Array<[number, unknown]>>) {
  const sent: Sent[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    sent.push({
      url,
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    });
    const path = url.replace('http://bkash.test/v1.2.0-beta/tokenized/checkout/', '');
    const next = answers[path]?.shift();
    if (!next) throw new Error(`nothing scripted for ${path}`);
    return new Response(JSON.stringify(next[1]), { status: next[0] });
  }) as typeof fetch;
  return { sent, fetchStub };
}

const grantAnswer = (id: string, refresh = 'refresh-1'): [number, unknown] => [
  200,
  {
    statusCode: '0000',
    statusMessage: 'Successful',
    id_token: id,
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: refresh,
  },
];

const queryAnswer: [number, unknown] = [
  200,
  { statusCode: '0000', statusMessage: 'Successful', paymentID: 'TR1', transactionStatus: 'Initiated' },
];

describe('validateBkashCreate', () => {
  it.each([
    ['merchantInvoiceNumber', { ...CREATE, merchantInvoiceNumber: 'INV<1>' }, 'must not contain <, > or &'],
    ['merchantInvoiceNumber', { ...CREATE, merchantInvoiceNumber: 'A&B' }, 'must not contain <, > or &'],
    [
      'merchantInvoiceNumber',
      { ...CREATE, merchantInvoiceNumber: 'x'.repeat(256) },
      'must be at most 255 characters',
    ],
    ['merchantInvoiceNumber', { ...CREATE, merchantInvoiceNumber: '' }, 'is required'],
    ['payerReference', { ...CREATE, payerReference: ' ' }, 'is required'],
    [
      'amount',
      { ...CREATE, amount: '500.001' },
      'must be taka as a string with at most two decimals, e.g. "500.00"',
    ],
    [
      'amount',
      { ...CREATE, amount: '-5' },
      'must be taka as a string with at most two decimals, e.g. "500.00"',
    ],
    ['amount', { ...CREATE, amount: '0.00' }, 'must be more than zero'],
    ['callbackURL', { ...CREATE, callbackURL: 'javascript:alert(1)' }, 'must be an http(s) URL'],
  ])('refuses a bad %s', (field, req, message) => {
    expect(() => validateBkashCreate(req)).toThrow(new BkashRequestError(field, message));
  });

  it('takes a 255-character invoice number and whole taka', () => {
    expect(() =>
      validateBkashCreate({ ...CREATE, merchantInvoiceNumber: 'x'.repeat(255), amount: '500' }),
    ).not.toThrow();
  });
});

describe('BkashClient (scripted fetch)', () => {
  it('sends nothing when the request is invalid', async () => {
    const { sent, fetchStub } = scripted({});
    const client = new BkashClient(CONFIG, new MemoryBkashTokenStore(), {
      timeoutMs: 1000,
      executeTimeoutMs: 1000,
      fetch: fetchStub,
    });
    await expect(client.createPayment({ ...CREATE, merchantInvoiceNumber: 'a>b' })).rejects.toBeInstanceOf(
      BkashRequestError,
    );
    expect(sent).toEqual([]);
  });

  it('grants, sends the raw id_token and app key, and stores the token for expires_in − 300 s', async () => {
    const { sent, fetchStub } = scripted({
      'token/grant': [grantAnswer('id-1')],
      'payment/status': [queryAnswer],
    });
    const store = new MemoryBkashTokenStore();
    const client = new BkashClient(CONFIG, store, {
      timeoutMs: 1000,
      executeTimeoutMs: 1000,
      fetch: fetchStub,
      now: () => 1_000_000,
    });
    await client.queryPayment('TR1');
    expect(sent[0]).toEqual({
      url: 'http://bkash.test/v1.2.0-beta/tokenized/checkout/token/grant',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        username: 'unit-user',
        password: 'unit-password',
      },
      body: { app_key: 'unit-app-key', app_secret: 'unit-app-secret' },
    });
    expect(sent[1]).toEqual({
      url: 'http://bkash.test/v1.2.0-beta/tokenized/checkout/payment/status',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        authorization: 'id-1',
        'x-app-key': 'unit-app-key',
      },
      body: { paymentID: 'TR1' },
    });
    expect(await store.get('platform')).toEqual({
      idToken: 'id-1',
      refreshToken: 'refresh-1',
      expiresAt: 1_000_000 + 3_300_000,
      refreshExpiresAt: 1_000_000 + 86_400_000,
    });
  });

  it('refreshes a stale id_token, and grants when the refresh token is refused', async () => {
    let now = 1_000_000;
    const { sent, fetchStub } = scripted({
      'token/grant': [grantAnswer('id-1'), grantAnswer('id-3', 'refresh-2')],
      'token/refresh': [grantAnswer('id-2'), [401, { message: 'Unauthorized' }]],
      'payment/status': [queryAnswer, queryAnswer, queryAnswer],
    });
    const client = new BkashClient(CONFIG, new MemoryBkashTokenStore(), {
      timeoutMs: 1000,
      executeTimeoutMs: 1000,
      fetch: fetchStub,
      now: () => now,
    });
    await client.queryPayment('TR1');
    now += 3_300_001;
    await client.queryPayment('TR1');
    now += 3_300_001;
    await client.queryPayment('TR1');
    expect(
      sent.map((s) => [s.url.split('/checkout/')[1], s.headers.authorization ?? s.body.refresh_token ?? '-']),
    ).toEqual([
      ['token/grant', '-'],
      ['payment/status', 'id-1'],
      ['token/refresh', 'refresh-1'],
      ['payment/status', 'id-2'],
      ['token/refresh', 'refresh-1'],
      ['token/grant', '-'],
      ['payment/status', 'id-3'],
    ]);
  });

  it('grants again rather than refreshing once the refresh token is a day old', async () => {
    let now = 1_000_000;
    const { sent, fetchStub } = scripted({
      'token/grant': [grantAnswer('id-1'), grantAnswer('id-2')],
      'payment/status': [queryAnswer, queryAnswer],
    });
    const client = new BkashClient(CONFIG, new MemoryBkashTokenStore(), {
      timeoutMs: 1000,
      executeTimeoutMs: 1000,
      fetch: fetchStub,
      now: () => now,
    });
    await client.queryPayment('TR1');
    now += 24 * 3_600_000 + 1;
    await client.queryPayment('TR1');
    expect(sent.map((s) => s.url.split('/checkout/')[1])).toEqual([
      'token/grant',
      'payment/status',
      'token/grant',
      'payment/status',
    ]);
  });

  it('does not retry execute after a refused token, and the next call gets a new token', async () => {
    const { sent, fetchStub } = scripted({
      'token/grant': [grantAnswer('id-1'), grantAnswer('id-2')],
      execute: [[401, { message: 'Unauthorized' }]],
      'payment/status': [queryAnswer],
    });
    const client = new BkashClient(CONFIG, new MemoryBkashTokenStore(), {
      timeoutMs: 1000,
      executeTimeoutMs: 1000,
      fetch: fetchStub,
    });
    const error = (await client.executePayment('TR1').catch((e: unknown) => e)) as BkashError;
    expect(error).toBeInstanceOf(BkashError);
    expect(error.kind).toBe('unauthorized');
    expect(error.shouldQuery).toBe(true);
    await client.queryPayment('TR1');
    expect(sent.map((s) => [s.url.split('/checkout/')[1], s.headers.authorization ?? '-'])).toEqual([
      ['token/grant', '-'],
      ['execute', 'id-1'],
      ['token/grant', '-'],
      ['payment/status', 'id-2'],
    ]);
  });
});

describe('MemoryBkashTokenStore', () => {
  it('gives the renew lock to one caller until it is released or expires', async () => {
    let now = 0;
    const store = new MemoryBkashTokenStore(() => now);
    expect(await store.acquireRenewLock('m', 1000)).toBe(true);
    expect(await store.acquireRenewLock('m', 1000)).toBe(false);
    expect(await store.acquireRenewLock('other', 1000)).toBe(true);
    await store.releaseRenewLock('m');
    expect(await store.acquireRenewLock('m', 1000)).toBe(true);
    now = 1001;
    expect(await store.acquireRenewLock('m', 1000)).toBe(true);
  });
});
