import { FakeBkash } from './fake-bkash';

const CALLBACK = 'http://127.0.0.1:3000/api/v1/billing/bkash/callback';

let fake: FakeBkash;

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${fake.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const grantHeaders = { username: 'fake-merchant', password: 'fake-merchant-password' };
const grantBody = { app_key: 'fake-app-key', app_secret: 'fake-app-secret' };

async function auth(): Promise<Record<string, string>> {
  const { body } = await post('token/grant', grantBody, grantHeaders);
  return { authorization: String(body.id_token), 'x-app-key': 'fake-app-key' };
}

const createBody = (invoice: string, overrides: Record<string, unknown> = {}) => ({
  mode: '0011',
  payerReference: '01712345678',
  callbackURL: CALLBACK,
  amount: '250.50',
  currency: 'BDT',
  intent: 'sale',
  merchantInvoiceNumber: invoice,
  ...overrides,
});

beforeEach(async () => {
  fake = await FakeBkash.start();
});
afterEach(() => fake.stop());

describe('FakeBkash', () => {
  it('serves the real paths under /v1.2.0-beta/tokenized/checkout/', () => {
    expect(fake.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\.2\.0-beta\/tokenized\/checkout\/$/);
    expect(fake.baseUrl.startsWith(fake.origin)).toBe(true);
  });

  it('grants a token for the right credentials only', async () => {
    const ok = await post('token/grant', grantBody, grantHeaders);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      statusCode: '0000',
      statusMessage: 'Successful',
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect(typeof ok.body.id_token).toBe('string');
    expect(typeof ok.body.refresh_token).toBe('string');

    expect(await post('token/grant', grantBody, { ...grantHeaders, password: 'nope' })).toEqual({
      status: 401,
      body: { message: 'Unauthorized' },
    });
    expect(await post('token/grant', { ...grantBody, app_secret: 'nope' }, grantHeaders)).toEqual({
      status: 200,
      body: { statusCode: '2001', statusMessage: 'Invalid App Key' },
    });
    const refreshed = await post(
      'token/refresh',
      { ...grantBody, refresh_token: ok.body.refresh_token },
      grantHeaders,
    );
    expect(refreshed.body).toMatchObject({ statusCode: '0000', refresh_token: ok.body.refresh_token });
    expect(refreshed.body.id_token).not.toBe(ok.body.id_token);
    expect(fake.grantCount).toBe(3);
    expect(fake.refreshCount).toBe(1);
  });

  it('refuses calls without an issued token and the app key, with 401 {"message":"Unauthorized"}', async () => {
    const headers = await auth();
    const unauthorized = { status: 401, body: { message: 'Unauthorized' } };
    expect(await post('create', createBody('INV-1'), { ...headers, authorization: 'made-up' })).toEqual(
      unauthorized,
    );
    expect(await post('create', createBody('INV-1'), { ...headers, 'x-app-key': 'other-key' })).toEqual(
      unauthorized,
    );
    expect(await post('create', createBody('INV-1'), { 'x-app-key': 'fake-app-key' })).toEqual(unauthorized);
    expect((await post('create', createBody('INV-1'), headers)).body.statusCode).toBe('0000');
    fake.revokeTokens();
    expect(await post('create', createBody('INV-2'), headers)).toEqual(unauthorized);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no payerReference', { payerReference: undefined }, '2065'],
    ['no callbackURL', { callbackURL: '' }, '2065'],
    ['an amount as a number', { amount: 250.5 }, '2065'],
    ['mode 0001', { mode: '0001' }, '2063'],
    ['currency USD', { currency: 'USD' }, '2007'],
    ['intent authorization', { intent: 'authorization' }, '2008'],
    ['three decimals', { amount: '250.505' }, '2006'],
    ['a zero amount', { amount: '0.00' }, '2006'],
    ['an invoice number with &', { merchantInvoiceNumber: 'A&B' }, '2031'],
    ['a callback that is not a URL', { callbackURL: 'not a url' }, '2049'],
  ])('refuses a create with %s (%s)', async (_what, overrides, code) => {
    const { status, body } = await post('create', createBody('INV-X', overrides), await auth());
    expect(status).toBe(200);
    expect(body.statusCode).toBe(code);
    expect(fake.payments()).toEqual([]);
  });

  it('lets the customer decide on the checkout page, once', async () => {
    const headers = await auth();
    const { body } = await post('create', createBody('INV-7'), headers);
    const id = String(body.paymentID);
    const page = await (await fetch(String(body.bkashURL))).text();
    expect(page).toContain('INV-7');
    expect(page).toContain('Tk 250.50');
    expect(page).toContain('value="01712345678"');

    const fail = await fetch(`${fake.origin}/fake-pay/${id}/decide?outcome=failure`, { redirect: 'manual' });
    expect(fail.status).toBe(302);
    expect(fail.headers.get('location')).toBe(
      `${CALLBACK}?paymentID=${id}&status=failure&signature=FAKESIG123&apiVersion=v1.2.0-beta`,
    );
    // A replay goes where the first decision went.
    const again = await fetch(`${fake.origin}/fake-pay/${id}?outcome=success`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(
      `${CALLBACK}?paymentID=${id}&status=failure&signature=FAKESIG123&apiVersion=v1.2.0-beta`,
    );
    expect(fake.payment(id)).toMatchObject({ transactionStatus: 'Failed', outcome: 'failure' });
    expect((await post('execute', { paymentID: id }, headers)).body).toEqual({
      statusCode: '2056',
      statusMessage: 'Invalid Payment State',
    });
    expect((await fetch(`${fake.origin}/fake-pay/TR0011NOPE`)).status).toBe(404);
  });

  it('hangs without effect unless told to complete', async () => {
    const headers = await auth();
    const { body } = await post('create', createBody('INV-8'), headers);
    const id = String(body.paymentID);
    fake.approve(id);
    fake.failNext('execute', 1, { hangMs: 100 });
    await expect(post('execute', { paymentID: id }, headers)).rejects.toThrow('fetch failed');
    expect(fake.payment(id)?.transactionStatus).toBe('Initiated');
    const done = await post('execute', { paymentID: id }, headers);
    expect(done.body).toMatchObject({ statusCode: '0000', transactionStatus: 'Completed', amount: '250.50' });
    expect(fake.calls('execute')).toBe(2);
  });

  it('shows its payments at /__fake/ and /__fake/payments, and takes control over HTTP', async () => {
    const headers = await auth();
    const { body } = await post('create', createBody('INV-9'), headers);
    const id = String(body.paymentID);
    const control = await fetch(`${fake.origin}/__fake/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approve: id, failNext: { op: 'query', count: 1, fault: { http: 503 } } }),
    });
    expect(control.status).toBe(200);
    const payments = (await (await fetch(`${fake.origin}/__fake/payments`)).json()) as unknown[];
    expect(payments).toEqual([
      expect.objectContaining({
        paymentID: id,
        merchantInvoiceNumber: 'INV-9',
        amount: '250.50',
        outcome: 'success',
        transactionStatus: 'Initiated',
      }),
    ]);
    const html = await (await fetch(`${fake.origin}/__fake/`)).text();
    expect(html).toContain(id);
    expect(html).toContain('INV-9');
    expect(await post('payment/status', { paymentID: id }, headers)).toEqual({
      status: 503,
      body: { statusCode: '503', statusMessage: 'System is undergoing maintenance. Please try again later' },
    });
    fake.reset();
    expect(fake.payments()).toEqual([]);
    expect(fake.grantCount).toBe(0);
  });
});
