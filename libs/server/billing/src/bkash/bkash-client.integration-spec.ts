import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { FAKE_BKASH_MERCHANT, FakeBkash, freePort } from '@pondesk/server-testing';
import { BkashClient, type BkashClientOptions } from './bkash-client';
import { BkashError, BkashRequestError } from './bkash-errors';
import type { BkashMerchantConfig, BkashTokenStore } from './bkash-types';
import { RedisBkashTokenStore } from './redis-token-store';

const CALLBACK = 'http://127.0.0.1:3000/api/v1/billing/bkash/callback';
const NAMESPACE = `pondesk:test:bkash-${randomBytes(4).toString('hex')}`;

let fake: FakeBkash;
let redis: Redis;
const connections: Redis[] = [];

/** A merchant id of its own, so every test starts with an empty token cache. */
const merchantId = () => `m-${randomBytes(4).toString('hex')}`;

function config(overrides: Partial<BkashMerchantConfig> = {}): BkashMerchantConfig {
  return {
    merchantId: merchantId(),
    baseUrl: fake.baseUrl,
    appKey: 'fake-app-key',
    appSecret: 'fake-app-secret',
    username: 'fake-merchant',
    password: 'fake-merchant-password',
    ...overrides,
  };
}

function store(): RedisBkashTokenStore {
  return new RedisBkashTokenStore(redis, NAMESPACE);
}

/** A store on a connection of its own, as another process has. */
function storeOfAnotherProcess(): RedisBkashTokenStore {
  const other = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  connections.push(other);
  return new RedisBkashTokenStore(other, NAMESPACE);
}

function client(
  cfg: BkashMerchantConfig = config(),
  tokens: BkashTokenStore = store(),
  options: Partial<BkashClientOptions> = {},
): BkashClient {
  return new BkashClient(cfg, tokens, { timeoutMs: 3000, executeTimeoutMs: 3000, ...options });
}

async function failure(promise: Promise<unknown>): Promise<BkashError> {
  const error = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  if (!(error instanceof BkashError)) throw error;
  return error;
}

let invoiceSeq = 0;
const invoice = () => `INV-2026-${String(++invoiceSeq).padStart(6, '0')}-A1`;

/** Creates a payment and has the customer confirm it on the fake's page. */
async function approvedPayment(bkash: BkashClient, amount = '500.00'): Promise<string> {
  const created = await bkash.createPayment({
    payerReference: '01712345678',
    callbackURL: CALLBACK,
    amount,
    merchantInvoiceNumber: invoice(),
  });
  fake.approve(created.paymentID, '01812345678');
  return created.paymentID;
}

beforeAll(async () => {
  fake = await FakeBkash.start();
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
});

beforeEach(() => fake.reset());

afterAll(async () => {
  await fake.stop();
  const keys = await redis.keys(`${NAMESPACE}:*`);
  if (keys.length) await redis.del(...keys);
  for (const c of connections) c.disconnect();
  redis.disconnect();
});

describe('BkashClient against the bKash fake', () => {
  it('grants once and then uses the cached token', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash);
    for (let i = 0; i < 5; i++) await bkash.queryPayment(paymentID);
    // A second client sharing the store (another request, another process) uses the same token.
    await client({ ...config(), merchantId: bkash.merchantId }).queryPayment(paymentID);
    expect(fake.grantCount).toBe(1);
    expect(fake.refreshCount).toBe(0);
    expect(fake.calls('query')).toBe(6);
  });

  it('asks for one token for 20 concurrent calls with an empty cache', async () => {
    const bkash = client();
    const created = await Promise.all(
      Array.from({ length: 20 }, () =>
        bkash.createPayment({
          payerReference: '01712345678',
          callbackURL: CALLBACK,
          amount: '100.00',
          merchantInvoiceNumber: invoice(),
        }),
      ),
    );
    expect(new Set(created.map((c) => c.paymentID)).size).toBe(20);
    expect(fake.grantCount).toBe(1);
  });

  it('asks for one token across two clients, sharing one store and on separate connections', async () => {
    const cfg = config();
    const shared = store();
    const clients = [
      client(cfg, shared),
      client(cfg, shared),
      client(cfg, storeOfAnotherProcess()),
      client(cfg, storeOfAnotherProcess()),
    ];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % clients.length].createPayment({
          payerReference: '01712345678',
          callbackURL: CALLBACK,
          amount: '100.00',
          merchantInvoiceNumber: invoice(),
        }),
      ),
    );
    expect(fake.calls('create')).toBe(20);
    expect(fake.grantCount).toBe(1);
  });

  it('refreshes a stale id_token with the refresh token', async () => {
    let skew = 0;
    const bkash = client(config(), store(), { now: () => Date.now() + skew });
    const paymentID = await approvedPayment(bkash);
    skew = 3301 * 1000; // past expires_in − 300 s
    const status = await bkash.queryPayment(paymentID);
    expect(status.transactionStatus).toBe('Initiated');
    expect(fake.grantCount).toBe(1);
    expect(fake.refreshCount).toBe(1);
    await bkash.queryPayment(paymentID);
    expect(fake.refreshCount).toBe(1);
  });

  it('grants again and retries once when a token is refused', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash);
    fake.revokeTokens(true);
    const status = await bkash.queryPayment(paymentID);
    expect(status.paymentID).toBe(paymentID);
    expect(fake.grantCount).toBe(2);
    expect(fake.calls('query')).toBe(2);

    fake.failNext('query', 1, { http: 401 });
    await bkash.queryPayment(paymentID);
    expect(fake.grantCount).toBe(3);
    expect(fake.calls('query')).toBe(4);
  });

  it('creates, sends the customer through the checkout page, executes and queries', async () => {
    const bkash = client();
    const created = await bkash.createPayment({
      payerReference: '01712345678',
      callbackURL: CALLBACK,
      amount: '500.00',
      merchantInvoiceNumber: 'INV-2026-000123-A1',
    });
    const id = created.paymentID;
    expect(id).toMatch(/^TR0011FAKE\d+$/);
    expect(created).toMatchObject({
      statusCode: '0000',
      statusMessage: 'Successful',
      bkashURL: `${fake.origin}/fake-pay/${id}`,
      callbackURL: CALLBACK,
      successCallbackURL: `${CALLBACK}?paymentID=${id}&status=success`,
      failureCallbackURL: `${CALLBACK}?paymentID=${id}&status=failure`,
      cancelledCallbackURL: `${CALLBACK}?paymentID=${id}&status=cancel`,
      amount: '500.00',
      intent: 'sale',
      currency: 'BDT',
      transactionStatus: 'Initiated',
      merchantInvoiceNumber: 'INV-2026-000123-A1',
    });

    const page = await fetch(created.bkashURL);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('INV-2026-000123-A1');
    expect(html).toContain('Tk 500.00');
    expect(html).toContain('data-testid="bkash-confirm"');
    expect(html).toContain('data-testid="bkash-cancel"');
    expect(html).toContain('data-testid="bkash-fail"');

    const confirm = await fetch(`${fake.origin}/fake-pay/${id}/decide?wallet=01812345678&outcome=success`, {
      redirect: 'manual',
    });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe(
      `${CALLBACK}?paymentID=${id}&status=success&signature=FAKESIG123&apiVersion=v1.2.0-beta`,
    );

    const before = await bkash.queryPayment(id);
    expect(before).toMatchObject({ paymentID: id, transactionStatus: 'Initiated', amount: '500.00' });
    expect(before.trxID).toBeUndefined();

    const done = await bkash.executePayment(id);
    expect(done).toMatchObject({
      statusCode: '0000',
      statusMessage: 'Successful',
      paymentID: id,
      payerReference: '01712345678',
      customerMsisdn: '01812345678',
      amount: '500.00',
      transactionStatus: 'Completed',
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: 'INV-2026-000123-A1',
    });
    expect(done.trxID).toMatch(/^[A-Z0-9]{10}$/);
    expect(done.paymentExecuteTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d:\d{3} GMT\+0600$/);

    const after = await bkash.queryPayment(id);
    expect(after).toMatchObject({ paymentID: id, transactionStatus: 'Completed', trxID: done.trxID });

    const found = await bkash.searchTransaction(done.trxID as string);
    expect(found).toMatchObject({
      trxID: done.trxID,
      transactionStatus: 'Completed',
      amount: '500.00',
      customerMsisdn: '01812345678',
    });
  });

  it('answers a second execute with 2062, which says to query', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash);
    await bkash.executePayment(paymentID);
    const error = await failure(bkash.executePayment(paymentID));
    expect(error).toMatchObject({
      kind: 'rejected',
      statusCode: '2062',
      statusMessage: 'The payment has already been completed',
      operation: 'execute',
    });
    expect(error.shouldQuery).toBe(true);
    expect(error.alreadyCompleted).toBe(true);
  });

  it('refuses to execute a payment the customer has not approved (2056) or cancelled (2069)', async () => {
    const bkash = client();
    const open = await bkash.createPayment({
      payerReference: '01712345678',
      callbackURL: CALLBACK,
      amount: '500.00',
      merchantInvoiceNumber: invoice(),
    });
    expect(await failure(bkash.executePayment(open.paymentID))).toMatchObject({ statusCode: '2056' });
    const cancel = await fetch(`${open.bkashURL}?outcome=cancel`, { redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe(
      `${CALLBACK}?paymentID=${open.paymentID}&status=cancel&signature=FAKESIG123&apiVersion=v1.2.0-beta`,
    );
    expect(await failure(bkash.executePayment(open.paymentID))).toMatchObject({ statusCode: '2069' });
    expect((await bkash.queryPayment(open.paymentID)).transactionStatus).toBe('Cancelled');
  });

  it('times execute out after executeTimeoutMs, and a query then shows it completed', async () => {
    const bkash = client(config(), store(), { executeTimeoutMs: 300 });
    const paymentID = await approvedPayment(bkash);
    fake.failNext('execute', 1, { hangMs: 3000, thenComplete: true });
    const started = Date.now();
    const error = await failure(bkash.executePayment(paymentID));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(error).toMatchObject({ kind: 'timeout', operation: 'execute' });
    expect(error.shouldQuery).toBe(true);
    const status = await bkash.queryPayment(paymentID);
    expect(status.transactionStatus).toBe('Completed');
    expect(status.trxID).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('reports a dropped connection as network, sent, to query', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash);
    fake.failNext('execute', 1, { dropConnection: true, thenComplete: true });
    const error = await failure(bkash.executePayment(paymentID));
    expect(error).toMatchObject({ kind: 'network', requestSent: true });
    expect(error.shouldQuery).toBe(true);
    expect((await bkash.queryPayment(paymentID)).transactionStatus).toBe('Completed');
  });

  it('reports a refused connection as network, not sent', async () => {
    const closed = await freePort();
    const bkash = client(config({ baseUrl: `http://127.0.0.1:${closed}/v1.2.0-beta/tokenized/checkout/` }));
    const error = await failure(bkash.queryPayment('TR0011FAKE1'));
    expect(error).toMatchObject({ kind: 'network', requestSent: false, operation: 'grant' });
    expect(error.shouldQuery).toBe(false);
    // Port 9, where nothing listens in tests, is one fetch refuses to use at all.
    const port9 = client(config({ baseUrl: 'http://127.0.0.1:9/v1.2.0-beta/tokenized/checkout/' }));
    expect(await failure(port9.queryPayment('TR0011FAKE1'))).toMatchObject({
      kind: 'network',
      requestSent: false,
    });
  });

  it('reports HTTP 503 as http, to query and retry later', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash);
    fake.failNext('execute', 1, { http: 503 });
    const error = await failure(bkash.executePayment(paymentID));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 503 });
    expect(error.shouldQuery).toBe(true);
    expect(error.retryLater).toBe(true);
  });

  it('reports 2023 insufficient balance as rejected, not to query', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash);
    fake.failNext('execute', 1, { statusCode: '2023', statusMessage: 'Insufficient Balance' });
    const error = await failure(bkash.executePayment(paymentID));
    expect(error).toMatchObject({
      kind: 'rejected',
      statusCode: '2023',
      statusMessage: 'Insufficient Balance',
      httpStatus: 200,
    });
    expect(error.shouldQuery).toBe(false);
    expect(error.action).toBe('customer');
  });

  it('applies a fault to one payer only', async () => {
    const bkash = client();
    fake.failForPayer('01999999999', 'create', { statusCode: '2023' });
    const error = await failure(
      bkash.createPayment({
        payerReference: '01999999999',
        callbackURL: CALLBACK,
        amount: '10.00',
        merchantInvoiceNumber: invoice(),
      }),
    );
    expect(error).toMatchObject({ statusCode: '2023', statusMessage: 'Insufficient Balance' });
    await bkash.createPayment({
      payerReference: '01712345678',
      callbackURL: CALLBACK,
      amount: '10.00',
      merchantInvoiceNumber: invoice(),
    });
  });

  it('refunds part of a payment and reads the refund status', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash, '500.00');
    const { trxID } = await bkash.executePayment(paymentID);
    const refund = await bkash.refund({
      paymentID,
      trxID: trxID as string,
      amount: '200.00',
      sku: 'INV-2026-000777',
      reason: 'Duplicate payment',
    });
    expect(refund).toMatchObject({
      originalTrxID: trxID,
      transactionStatus: 'Completed',
      amount: '200.00',
      currency: 'BDT',
    });
    expect(refund.refundTrxID).toMatch(/^[A-Z0-9]{10}$/);
    expect(refund.completedTime).toMatch(/GMT\+0600$/);

    const status = await bkash.refundStatus(paymentID, trxID as string);
    expect(status).toMatchObject({
      originalTrxID: trxID,
      refundTrxID: refund.refundTrxID,
      transactionStatus: 'Completed',
      amount: '200.00',
    });

    const tooMuch = await failure(
      bkash.refund({
        paymentID,
        trxID: trxID as string,
        amount: '300.01',
        sku: 'INV-2026-000777',
        reason: 'Duplicate payment',
      }),
    );
    expect(tooMuch).toMatchObject({ kind: 'rejected', statusCode: '2026', operation: 'refund' });
  });

  it('answers the refund status of a payment never refunded with an error', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash);
    const { trxID } = await bkash.executePayment(paymentID);
    expect(await failure(bkash.refundStatus(paymentID, trxID as string))).toMatchObject({
      kind: 'rejected',
      statusCode: '2033',
    });
  });

  it('passes on a tampered amount for the caller to check', async () => {
    const bkash = client();
    const paymentID = await approvedPayment(bkash, '500.00');
    fake.tamperAmount(paymentID, '1.00');
    expect((await bkash.executePayment(paymentID)).amount).toBe('1.00');
  });

  it('refuses a duplicate merchant invoice number with 2029', async () => {
    const bkash = client();
    const req = {
      payerReference: '01712345678',
      callbackURL: CALLBACK,
      amount: '50.00',
      merchantInvoiceNumber: invoice(),
    };
    await bkash.createPayment(req);
    const error = await failure(bkash.createPayment(req));
    expect(error).toMatchObject({ kind: 'rejected', statusCode: '2029' });
    expect(error.shouldQuery).toBe(true);
  });

  it('keeps a callback URL query string, adding with &', async () => {
    const created = await client().createPayment({
      payerReference: '01712345678',
      callbackURL: `${CALLBACK}?attempt=abc`,
      amount: '50.00',
      merchantInvoiceNumber: invoice(),
    });
    expect(created.successCallbackURL).toBe(
      `${CALLBACK}?attempt=abc&paymentID=${created.paymentID}&status=success`,
    );
  });

  it('fails a grant with wrong credentials without naming them', async () => {
    const wrongPassword = client(config({ password: 'wrong-password-0f9e8d' }));
    const refused = await failure(wrongPassword.queryPayment('TR0011FAKE1'));
    expect(refused).toMatchObject({ kind: 'unauthorized', operation: 'grant', httpStatus: 401 });
    expect(refused.configError).toBe(true);
    expect(refused.message).not.toContain('wrong-password-0f9e8d');
    expect(JSON.stringify(refused)).not.toContain('wrong-password-0f9e8d');

    const wrongSecret = client(config({ appSecret: 'wrong-secret-7a6b5c' }));
    const rejected = await failure(wrongSecret.queryPayment('TR0011FAKE1'));
    expect(rejected).toMatchObject({ kind: 'rejected', operation: 'grant', statusCode: '2001' });
    expect(rejected.message).toBe('bKash token grant was rejected: 2001 Invalid App Key');
    expect(rejected.message).not.toContain('wrong-secret-7a6b5c');
    expect(fake.grantCount).toBe(2);
    expect(fake.calls('query')).toBe(0);
  });

  it('releases the renew lock after a failed grant, so the next call tries again', async () => {
    const bkash = client(config({ password: 'wrong-password-0f9e8d' }));
    await failure(bkash.queryPayment('TR0011FAKE1'));
    await failure(bkash.queryPayment('TR0011FAKE1'));
    expect(fake.grantCount).toBe(2);
  });

  it('refuses an invoice number with < before sending anything', async () => {
    const error = await client()
      .createPayment({
        payerReference: '01712345678',
        callbackURL: CALLBACK,
        amount: '50.00',
        merchantInvoiceNumber: 'INV<script>',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BkashRequestError);
    expect((error as BkashRequestError).field).toBe('merchantInvoiceNumber');
    expect(fake.grantCount).toBe(0);
    expect(fake.calls('create')).toBe(0);
  });
});

describe('RedisBkashTokenStore', () => {
  it('keeps the token as JSON under the namespace, with a TTL', async () => {
    const tokens = store();
    const token = {
      idToken: 'id-a',
      refreshToken: 'refresh-a',
      expiresAt: Date.now() + 3_300_000,
      refreshExpiresAt: Date.now() + 86_400_000,
    };
    await tokens.set('store-test', token);
    expect(await tokens.get('store-test')).toEqual(token);
    expect(await storeOfAnotherProcess().get('store-test')).toEqual(token);
    const ttl = await redis.pttl(`${NAMESPACE}:bkash:token:store-test`);
    expect(ttl).toBeGreaterThan(86_000_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000);
    expect(await tokens.get('nobody')).toBeNull();
  });

  it('releases only its own lock', async () => {
    const a = store();
    const b = storeOfAnotherProcess();
    expect(await a.acquireRenewLock('lock-test', 100)).toBe(true);
    expect(await b.acquireRenewLock('lock-test', 5000)).toBe(false);
    await new Promise((r) => setTimeout(r, 150));
    // a's lock expired and b took it: a's late release must not free b's lock.
    expect(await b.acquireRenewLock('lock-test', 5000)).toBe(true);
    await a.releaseRenewLock('lock-test');
    expect(await a.acquireRenewLock('lock-test', 5000)).toBe(false);
    await b.releaseRenewLock('lock-test');
    expect(await a.acquireRenewLock('lock-test', 5000)).toBe(true);
    await a.releaseRenewLock('lock-test');
  });
});

it('uses the fake credentials the tests type', () => {
  expect(FAKE_BKASH_MERCHANT).toEqual({
    username: 'fake-merchant',
    password: 'fake-merchant-password',
    appKey: 'fake-app-key',
    appSecret: 'fake-app-secret',
  });
});
