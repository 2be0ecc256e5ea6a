import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BkashClient, MemoryBkashTokenStore } from '@pondesk/server-billing';
import { createDataSource } from '@pondesk/server-database';
import {
  FAKE_BKASH_MERCHANT,
  FakeBkash,
  createMigratedDatabase,
  startWorkerProcess,
  waitFor,
  type EntrypointProcess,
  type TestDatabase,
} from '@pondesk/server-testing';

/*
 * The worker's bKash reconciler against the bKash fake: a payment bKash completed while our side never
 * learnt it (an execute lost in a timeout) is found by the reconciler and credited once, also with two
 * workers running; one the customer has not finished is left open.
 */
describe('bKash reconciler (worker)', () => {
  let fake: FakeBkash;
  let database: TestDatabase;
  let db: DataSource;
  const workers: EntrypointProcess[] = [];
  let tenantId = '';
  let oltId = '';

  /** A bKash payment made straight on the fake, as our API would have created it. */
  const bkash = () =>
    new BkashClient(
      { merchantId: 'platform', baseUrl: fake.baseUrl, ...FAKE_BKASH_MERCHANT },
      new MemoryBkashTokenStore(),
      { timeoutMs: 2000, executeTimeoutMs: 2000 },
    );
  const invoiceOf = async (number: number) =>
    (
      await db.query(
        `INSERT INTO invoice (tenant_id, number, invoice_no, package_id, package_name, months, monthly_price_poisha,
                              amount_poisha, target_type, target_id, target_name, issued_on)
         VALUES ($1, $2, $3, uuid_generate_v4(), 'GPON 8 port', 3, 150000, 450000, 'olt', $4, 'Hidden OLT', '2026-11-20')
         RETURNING id`,
        [tenantId, number, `INV-${String(number).padStart(6, '0')}`, oltId],
      )
    )[0].id as string;
  const attemptOf = async (
    invoiceId: string,
    paymentID: string,
    merchantInvoiceNumber: string,
    state: string,
  ) =>
    (
      await db.query(
        `INSERT INTO bkash_payment (merchant_id, tenant_id, invoice_id, merchant_invoice_number, payment_id,
                                    amount_poisha, state, payer_reference, created_at)
         VALUES ('platform', $1, $2, $3, $4, 450000, $5, '01700000000', now() - interval '5 minutes')
         RETURNING id`,
        [tenantId, invoiceId, merchantInvoiceNumber, paymentID, state],
      )
    )[0].id as string;

  beforeAll(async () => {
    fake = await FakeBkash.start();
    database = await createMigratedDatabase('pondesk_it_billing_worker');
    db = createDataSource(database.url);
    await db.initialize();
    tenantId = (await db.query(`INSERT INTO tenant (ingest_secret_enc) VALUES ('unused') RETURNING id`))[0]
      .id;
    // Hidden: the workers do not poll it, and its expiry is still extended by a payment.
    oltId = (
      await db.query(
        `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, show, expires_on)
         VALUES ($1, 'OLT-001', 'Hidden OLT', '127.0.0.1', 'vsol', 'epon', 'unused', false, '2099-12-10')
         RETURNING id`,
        [tenantId],
      )
    )[0].id;
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop(8000)));
    await db?.destroy();
    await database?.drop();
    await fake?.stop();
  });

  it('credits a payment bKash completed behind our back once, and leaves an unfinished one open', async () => {
    const client = bkash();
    const prefix = tenantId.replace(/-/g, '').slice(0, 8);
    const paidInvoice = await invoiceOf(1);
    const paid = await client.createPayment({
      payerReference: '01700000000',
      callbackURL: 'https://console.pondesk.test/api/v1/billing/bkash/callback',
      amount: '4500.00',
      merchantInvoiceNumber: `${prefix}-INV-000001-A1`,
    });
    fake.approve(paid.paymentID);
    expect((await client.executePayment(paid.paymentID)).transactionStatus).toBe('Completed');
    const lost = await attemptOf(paidInvoice, paid.paymentID, `${prefix}-INV-000001-A1`, 'unknown');

    const openInvoice = await invoiceOf(2);
    const open = await client.createPayment({
      payerReference: '01700000000',
      callbackURL: 'https://console.pondesk.test/api/v1/billing/bkash/callback',
      amount: '4500.00',
      merchantInvoiceNumber: `${prefix}-INV-000002-A1`,
    });
    const waiting = await attemptOf(openInvoice, open.paymentID, `${prefix}-INV-000002-A1`, 'redirected');

    const env = {
      DATABASE_URL: database.url,
      REDIS_NAMESPACE: `pondesk:it-billing-worker-${randomUUID()}`,
      APP_ORIGIN: 'https://console.pondesk.test',
      BKASH_BASE_URL: fake.baseUrl,
      BKASH_APP_KEY: FAKE_BKASH_MERCHANT.appKey,
      BKASH_APP_SECRET: FAKE_BKASH_MERCHANT.appSecret,
      BKASH_USERNAME: FAKE_BKASH_MERCHANT.username,
      BKASH_PASSWORD: FAKE_BKASH_MERCHANT.password,
      BKASH_RECONCILE_INTERVAL_MS: '300',
      BKASH_RECONCILE_AFTER_MS: '60000',
    };
    workers.push(...(await Promise.all([startWorkerProcess(env), startWorkerProcess(env)])));

    const invoice = await waitFor(
      async () => {
        const [row] = await db.query(
          `SELECT status, trx_id, payment_method, period_from::text AS period_from, period_to::text AS period_to
             FROM invoice WHERE id = $1`,
          [paidInvoice],
        );
        return row.status === 'paid' && row;
      },
      { timeoutMs: 20000, what: 'the reconciler to credit the invoice' },
    );
    expect(invoice).toEqual({
      status: 'paid',
      trx_id: fake.payment(paid.paymentID)!.trxID,
      payment_method: 'bKash',
      period_from: '2099-12-11',
      period_to: '2100-03-10',
    });
    const queries = fake.calls('query');
    // More rounds pass; nothing is credited twice, the open payment stays open.
    await waitFor(async () => fake.calls('query') >= queries + 4, { timeoutMs: 10000, what: 'more rounds' });
    const [olt] = await db.query(
      'SELECT expires_on::text AS expires_on, billing_package FROM olt WHERE id = $1',
      [oltId],
    );
    expect(olt).toEqual({ expires_on: '2100-03-10', billing_package: 'GPON 8 port' });
    const states = await db.query(
      'SELECT id, state FROM bkash_payment ORDER BY created_at, merchant_invoice_number',
    );
    expect(states).toEqual([
      { id: lost, state: 'completed' },
      { id: waiting, state: 'redirected' },
    ]);
    const [due] = await db.query('SELECT status FROM invoice WHERE id = $1', [openInvoice]);
    expect(due.status).toBe('due');
  });
});
