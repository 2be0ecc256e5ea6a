import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type {
  BillingTargetRow,
  BillingCatalogue,
  Invoice,
  InvoiceList,
  OltDetail,
  PaymentAttempt,
  PaymentStartResponse,
} from '@pondesk/contracts';
import { BkashClient, MemoryBkashTokenStore, PaymentSettlement, issueInvoice } from '@pondesk/server-billing';
import {
  ApiClient,
  FAKE_BKASH_MERCHANT,
  FakeBkash,
  createMigratedDatabase,
  registerAccount,
  userWithCodes,
  type TestAccount,
  type TestDatabase,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

type ErrorBody = { statusCode: number; message: string; code?: string; fields?: { field: string }[] };

const APP_ORIGIN = 'https://console.pondesk.test';
const NOT_CONFIGURED = 'Online payment is not configured on this server. Please contact support to pay.';
const MISMATCH = 'Amount or invoice number differs from ours; not credited';
const DUPLICATE = 'Duplicate payment: refund due';
const TIMEOUTS = { timeoutMs: 2000, executeTimeoutMs: 1000 };

/*
 * Tenants' invoices and bKash payments against the real database, Redis and the bKash fake over HTTP:
 * a paid invoice extends its OLT exactly once whatever happens to the callback (replayed, doubled, lost
 * in an execute that hangs), two tabs pay one bKash payment, a second payment is kept as a duplicate and
 * not credited, a refused or tampered payment leaves the invoice due; numbers have no gaps per tenant;
 * tenants never see each other's invoices; 400s name the field; 503 without a merchant.
 */
describe('billing API', () => {
  let fake: FakeBkash;
  let database: TestDatabase;
  let api: RunningApi;
  /** The same installation without bKash credentials. */
  let offApi: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let a: TestAccount;
  let b: TestAccount;
  const pkg = { gpon: '', epon: '', retired: '', sw: '' };
  const cycle: Record<number, string> = {};

  const settlementWith = (now?: () => Date) =>
    new PaymentSettlement(
      db,
      new BkashClient(
        { merchantId: 'platform', baseUrl: fake.baseUrl, ...FAKE_BKASH_MERCHANT },
        new MemoryBkashTokenStore(),
        TIMEOUTS,
      ),
      { ...TIMEOUTS, reconcileAfterMs: 0, now },
    );

  const fieldsOf = (body: unknown) => ((body as ErrorBody).fields ?? []).map((f) => f.field);
  const addOlt = async (owner: TestAccount, name: string, host: string, billing: object = {}) => {
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name,
        host,
        brand: 'vsol',
        mode: 'epon',
        snmpPort: 1,
        snmpCommunity: 'olt-community',
        telnetPort: 1,
        ...billing,
      },
      owner.token,
    );
    if (res.status !== 201) throw new Error(`OLT: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const setExpiry = (oltId: string, day: string | null) =>
    db.query('UPDATE olt SET expires_on = $2 WHERE id = $1', [oltId, day]);
  const expiryOf = async (oltId: string): Promise<string | null> =>
    (await db.query('SELECT expires_on::text AS e FROM olt WHERE id = $1', [oltId]))[0].e;
  const newInvoice = async (owner: TestAccount, targetId: string, months = 3, packageId = pkg.gpon) => {
    const res = await client.post<Invoice>(
      '/billing/invoices',
      { packageId, cycleId: cycle[months], targetType: 'olt', targetId },
      owner.token,
    );
    if (res.status !== 201) throw new Error(`invoice: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const pay = (owner: TestAccount, invoiceId: string) =>
    client.post<PaymentStartResponse>(`/billing/invoices/${invoiceId}/pay`, {}, owner.token);
  const paymentIdOf = (bkashURL: string) => decodeURIComponent(new URL(bkashURL).pathname.split('/').pop()!);
  /** The customer decides on bKash's page; answers the path and query bKash redirects the browser to. */
  const decide = async (bkashURL: string, outcome: 'success' | 'failure' | 'cancel') => {
    const res = await fetch(`${bkashURL}/decide?outcome=${outcome}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(APP_ORIGIN);
    return `${location.pathname}${location.search}`;
  };
  /** The browser arrives at our callback: where we send it next. */
  const callback = async (pathAndQuery: string) => {
    const res = await client.request<ErrorBody>('GET', pathAndQuery);
    return { status: res.status, location: res.headers.get('location'), body: res.body };
  };
  const resultUrl = (attemptId: string, outcome: string) =>
    `${APP_ORIGIN}/billing/result?attempt=${attemptId}&outcome=${outcome}`;
  const invoice = async (owner: TestAccount, id: string) =>
    (await client.get<Invoice>(`/billing/invoices/${id}`, owner.token)).body;
  const attempt = async (owner: TestAccount, id: string) =>
    (await client.get<PaymentAttempt>(`/billing/payments/${id}`, owner.token)).body;

  beforeAll(async () => {
    fake = await FakeBkash.start();
    // A database and Redis namespace of this file's own: attempts and invoices here are this file's alone.
    database = await createMigratedDatabase('pondesk_it_billing');
    const env = {
      DATABASE_URL: database.url,
      REDIS_NAMESPACE: `pondesk:it-billing-${randomUUID()}`,
      APP_ORIGIN,
    };
    [api, offApi] = await Promise.all([
      startApi({
        ...env,
        BKASH_BASE_URL: fake.baseUrl,
        BKASH_APP_KEY: FAKE_BKASH_MERCHANT.appKey,
        BKASH_APP_SECRET: FAKE_BKASH_MERCHANT.appSecret,
        BKASH_USERNAME: FAKE_BKASH_MERCHANT.username,
        BKASH_PASSWORD: FAKE_BKASH_MERCHANT.password,
        BKASH_TIMEOUT_MS: String(TIMEOUTS.timeoutMs),
        BKASH_EXECUTE_TIMEOUT_MS: String(TIMEOUTS.executeTimeoutMs),
      }),
      startApi(env),
    ]);
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    const addPackage = async (kind: string, name: string, price: number, sortOrder: number, active = true) =>
      (
        await db.query(
          `INSERT INTO billing_package (kind, name, port_count, olt_modes, description, monthly_price_poisha, active, sort_order)
           VALUES ($1, $2, 8, 'GPON, EPON', 'For billing tests', $3, $4, $5) RETURNING id`,
          [kind, name, price, active, sortOrder],
        )
      )[0].id as string;
    pkg.gpon = await addPackage('olt', 'GPON 8 port', 150000, 2);
    pkg.epon = await addPackage('olt', 'EPON 4 port', 80050, 1);
    pkg.retired = await addPackage('olt', 'Old package', 1000, 0, false);
    pkg.sw = await addPackage('switch', 'Switch 24 port', 50000, 3);
    for (const row of (await db.query('SELECT id, months FROM billing_cycle')) as {
      id: string;
      months: number;
    }[])
      cycle[row.months] = row.id;
    [a, b] = await Promise.all([registerAccount(client, 'bila'), registerAccount(client, 'bilb')]);
  });

  afterAll(async () => {
    await api?.close();
    await offApi?.close();
    await database?.drop();
    await fake?.stop();
  });

  it('offers the active packages in catalogue order and the cycles by months, and says whether bKash is on', async () => {
    const res = await client.get<BillingCatalogue>('/billing/catalogue', a.token);
    expect(res.status).toBe(200);
    expect(res.body.packages.map((p) => [p.name, p.kind, p.monthlyPricePoisha])).toEqual([
      ['EPON 4 port', 'olt', 80050],
      ['GPON 8 port', 'olt', 150000],
      ['Switch 24 port', 'switch', 50000],
    ]);
    expect(res.body.cycles.map((c) => [c.months, c.label])).toEqual([
      [1, '1 Month'],
      [3, '3 Months'],
      [6, '6 Months'],
      [12, '12 Months'],
    ]);
    expect(res.body.paymentsConfigured).toBe(true);
    const off = await new ApiClient(offApi.url).get<BillingCatalogue>('/billing/catalogue', a.token);
    expect(off.body.paymentsConfigured).toBe(false);
    expect((await client.get('/billing/catalogue')).status).toBe(401);
  });

  describe('Add OLT with billing', () => {
    it('takes an offered package (id or name) and months, stores them and issues a due invoice with the OLT', async () => {
      const owner = await registerAccount(client, 'bilo');
      const olt = await addOlt(owner, 'Uttara OLT', '127.0.0.81', {
        billingPackage: pkg.gpon,
        billingMonths: 3,
      });
      expect(olt).toMatchObject({ billingPackage: 'GPON 8 port', billingMonths: 3 });
      const [row] = await db.query('SELECT billing_package_id FROM olt WHERE id = $1', [olt.id]);
      expect(row.billing_package_id).toBe(pkg.gpon);
      const list = await client.get<InvoiceList>('/billing/invoices', owner.token);
      expect(list.body.total).toBe(1);
      expect(list.body.items[0]).toMatchObject({
        number: 1,
        invoiceNo: 'INV-000001',
        status: 'due',
        paymentReceiver: 'PonDesk',
        paymentMethod: null,
        packageId: pkg.gpon,
        packageName: 'GPON 8 port',
        months: 3,
        monthlyPricePoisha: 150000,
        amountPoisha: 450000,
        discountPoisha: 0,
        targetType: 'olt',
        targetId: olt.id,
        targetName: 'Uttara OLT',
        periodFrom: null,
        periodTo: null,
        paidAt: null,
        trxId: null,
        issuedBy: owner.auth.user.id,
      });
      // By the name on the card, in any case.
      const byName = await addOlt(owner, 'Mirpur OLT', '127.0.0.82', {
        billingPackage: 'epon 4 PORT',
        billingMonths: 12,
      });
      expect(byName).toMatchObject({ billingPackage: 'EPON 4 port', billingMonths: 12 });
      const second = (await client.get<InvoiceList>('/billing/invoices', owner.token)).body.items[0];
      expect(second).toMatchObject({ number: 2, amountPoisha: 960600, targetId: byName.id });
      // The receiver is the platform's company once it names one.
      await db.query(
        `INSERT INTO platform_setting (key, value) VALUES ('company', '{"companyName": "Fibre Platform Ltd"}')`,
      );
      expect((await invoice(owner, second.id)).paymentReceiver).toBe('Fibre Platform Ltd');
      await db.query(`DELETE FROM platform_setting WHERE key = 'company'`);
    });

    it.each([
      [{ billingPackage: 'Platinum', billingMonths: 3 }, 'billingPackage'],
      [{ billingPackage: 'Old package', billingMonths: 3 }, 'billingPackage'],
      [{ billingPackage: 'Switch 24 port', billingMonths: 3 }, 'billingPackage'],
      [{ billingPackage: 'GPON 8 port', billingMonths: 2 }, 'billingMonths'],
      [{ billingPackage: 'GPON 8 port' }, 'billingMonths'],
      [{ billingMonths: 3 }, 'billingPackage'],
      [{ billingPackage: '  ', billingMonths: 3 }, 'billingPackage'],
    ])(
      'refuses billing %j with a 400 on %s, adding neither the OLT nor an invoice',
      async (billing, field) => {
        const owner = await registerAccount(client, 'bilx');
        const res = await client.post<ErrorBody>(
          '/olts',
          {
            name: 'Refused OLT',
            host: '127.0.0.83',
            brand: 'vsol',
            mode: 'epon',
            snmpCommunity: 'c',
            ...billing,
          },
          owner.token,
        );
        expect(res.status).toBe(400);
        expect(fieldsOf(res.body)).toEqual([field]);
        const counts = await db.query(
          `SELECT (SELECT count(*)::int FROM olt WHERE tenant_id = $1) AS olts,
                (SELECT count(*)::int FROM invoice WHERE tenant_id = $1) AS invoices`,
          [owner.auth.user.tenantId],
        );
        expect(counts[0]).toEqual({ olts: 0, invoices: 0 });
      },
    );

    it("says 'Please Provide Billing Information' when half the billing is missing", async () => {
      const res = await client.post<ErrorBody>(
        '/olts',
        {
          name: 'Half OLT',
          host: '127.0.0.84',
          brand: 'vsol',
          mode: 'epon',
          snmpCommunity: 'c',
          billingMonths: 3,
        },
        a.token,
      );
      expect(res.body.message).toBe('Please Provide Billing Information');
    });
  });

  it('numbers each tenant’s invoices 1, 2, 3 … without gaps, also when issued together or rolled back', async () => {
    const c = await registerAccount(client, 'bilc');
    const d = await registerAccount(client, 'bild');
    const oltC = await addOlt(c, 'C OLT', '127.0.0.85', { billingPackage: pkg.epon, billingMonths: 1 });
    const oltD = await addOlt(d, 'D OLT', '127.0.0.86', { billingPackage: pkg.epon, billingMonths: 1 });
    // A refused invoice takes no number.
    const refused = await client.post(
      '/billing/invoices',
      { packageId: pkg.retired, cycleId: cycle[1], targetType: 'olt', targetId: oltC.id },
      c.token,
    );
    expect(refused.status).toBe(400);
    // A transaction that issued one and then failed gives its number back.
    await expect(
      db.transaction(async (tx) => {
        await issueInvoice(tx, {
          tenantId: c.auth.user.tenantId!,
          userId: null,
          packageId: pkg.epon,
          cycleId: cycle[1],
          targetType: 'olt',
          targetId: oltC.id,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const together = await Promise.all([newInvoice(c, oltC.id, 1), newInvoice(c, oltC.id, 6)]);
    expect(together.map((i) => i.number).sort()).toEqual([2, 3]);
    const listC = await client.get<InvoiceList>('/billing/invoices', c.token);
    expect(listC.body.items.map((i) => [i.number, i.invoiceNo])).toEqual([
      [3, 'INV-000003'],
      [2, 'INV-000002'],
      [1, 'INV-000001'],
    ]);
    const listD = await client.get<InvoiceList>('/billing/invoices', d.token);
    expect(listD.body.items.map((i) => [i.number, i.targetId])).toEqual([[1, oltD.id]]);
  });

  it('refuses to change an issued invoice’s amount in the database itself', async () => {
    const olt = await addOlt(a, 'Trigger OLT', '127.0.0.87');
    const issued = await newInvoice(a, olt.id);
    await expect(db.query('UPDATE invoice SET amount_poisha = 1 WHERE id = $1', [issued.id])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(db.query('DELETE FROM invoice WHERE id = $1', [issued.id])).rejects.toThrow(
      /cannot be deleted/,
    );
    expect((await invoice(a, issued.id)).amountPoisha).toBe(450000);
  });

  describe('paying with bKash', () => {
    it('credits a paid invoice once: the OLT expiring 2099-12-10 paid for 3 months runs to 2100-03-10, also when the callback is replayed', async () => {
      const olt = await addOlt(a, 'Paid OLT', '127.0.0.88');
      await setExpiry(olt.id, '2099-12-10');
      const due = await newInvoice(a, olt.id);
      expect(due.expiresOnIfPaidToday).toBe('2100-03-10');
      const executes = fake.calls('execute');
      const started = await pay(a, due.id);
      expect(started.status).toBe(200);
      expect(started.body.bkashURL.startsWith(`${fake.origin}/fake-pay/`)).toBe(true);
      const paymentID = paymentIdOf(started.body.bkashURL);
      expect(fake.payment(paymentID)).toMatchObject({ amount: '4500.00', currency: 'BDT' });
      const back = await decide(started.body.bkashURL, 'success');
      const first = await callback(back);
      expect(first).toMatchObject({ status: 302, location: resultUrl(started.body.attemptId, 'paid') });
      const trxID = fake.payment(paymentID)!.trxID;
      expect(trxID).toMatch(/^[A-Z0-9]{10}$/);
      expect(await invoice(a, due.id)).toMatchObject({
        status: 'paid',
        paymentMethod: 'bKash',
        trxId: trxID,
        periodFrom: '2099-12-11',
        periodTo: '2100-03-10',
        expiresOnIfPaidToday: '2100-03-10',
      });
      expect(await expiryOf(olt.id)).toBe('2100-03-10');
      // The same callback again (reload, back button): answered as it stands, nothing executed or credited again.
      const replay = await callback(back);
      expect(replay).toMatchObject({ status: 302, location: resultUrl(started.body.attemptId, 'paid') });
      expect(fake.calls('execute') - executes).toBe(1);
      expect(await expiryOf(olt.id)).toBe('2100-03-10');
      expect(await attempt(a, started.body.attemptId)).toMatchObject({
        state: 'completed',
        paymentId: paymentID,
        trxId: trxID,
        amountPoisha: 450000,
        invoiceId: due.id,
        invoiceNo: due.invoiceNo,
        merchantInvoiceNumber: `${a.auth.user.tenantId!.replace(/-/g, '').slice(0, 8)}-${due.invoiceNo}-A1`,
      });
      const [{ billing_package_id }] = await db.query('SELECT billing_package_id FROM olt WHERE id = $1', [
        olt.id,
      ]);
      expect(billing_package_id).toBe(pkg.gpon);
      const again = await pay(a, due.id);
      expect(again.status).toBe(409);
      expect((again.body as unknown as ErrorBody).message).toBe('This invoice is already paid');
    });

    it('executes once when two callbacks arrive at once', async () => {
      const olt = await addOlt(a, 'Double OLT', '127.0.0.89');
      await setExpiry(olt.id, '2099-12-10');
      const due = await newInvoice(a, olt.id, 1);
      const started = (await pay(a, due.id)).body;
      const back = await decide(started.bkashURL, 'success');
      const executes = fake.calls('execute');
      // The execute takes a moment, so the second callback comes while the first is executing.
      fake.failNext('execute', 1, { hangMs: 400, thenComplete: true });
      const both = await Promise.all([callback(back), callback(back)]);
      for (const r of both)
        expect(r).toMatchObject({ status: 302, location: resultUrl(started.attemptId, 'paid') });
      expect(fake.calls('execute') - executes).toBe(1);
      expect(await expiryOf(olt.id)).toBe('2100-01-10');
      expect((await invoice(a, due.id)).periodTo).toBe('2100-01-10');
    });

    it('leaves an execute that hangs past its timeout (and an unanswered query) to the reconciler, which credits it once', async () => {
      const olt = await addOlt(a, 'Hung OLT', '127.0.0.90');
      await setExpiry(olt.id, '2099-12-10');
      const due = await newInvoice(a, olt.id);
      const started = (await pay(a, due.id)).body;
      const back = await decide(started.bkashURL, 'success');
      // bKash completes the payment but answers only after our 1 s execute timeout; the query then gets a 503.
      fake.failNext('execute', 1, { hangMs: 2500, thenComplete: true });
      fake.failNext('query', 1, { http: 503 });
      const res = await callback(back);
      expect(res).toMatchObject({ status: 302, location: resultUrl(started.attemptId, 'pending') });
      expect(await attempt(a, started.attemptId)).toMatchObject({ state: 'unknown', trxId: null });
      expect((await invoice(a, due.id)).status).toBe('due');
      expect(await expiryOf(olt.id)).toBe('2099-12-10');

      const executes = fake.calls('execute');
      const counts = await settlementWith().reconcile();
      expect(counts).toMatchObject({ completed: 1, errors: 0 });
      expect(await attempt(a, started.attemptId)).toMatchObject({
        state: 'completed',
        trxId: fake.payment(paymentIdOf(started.bkashURL))!.trxID,
      });
      expect(await invoice(a, due.id)).toMatchObject({ status: 'paid', periodTo: '2100-03-10' });
      expect(await expiryOf(olt.id)).toBe('2100-03-10');
      // A late replay and another reconcile change nothing.
      expect(await callback(back)).toMatchObject({ location: resultUrl(started.attemptId, 'paid') });
      expect(await settlementWith().reconcile()).toMatchObject({ completed: 0 });
      expect(fake.calls('execute')).toBe(executes);
      expect(await expiryOf(olt.id)).toBe('2100-03-10');
    });

    it('gives two tabs the same bKash payment, and keeps a second completed payment as a duplicate without crediting it', async () => {
      const olt = await addOlt(a, 'Tabs OLT', '127.0.0.91');
      await setExpiry(olt.id, '2099-12-10');
      const due = await newInvoice(a, olt.id);
      const creates = fake.calls('create');
      const [tab1, tab2] = await Promise.all([pay(a, due.id), pay(a, due.id)]);
      expect([tab1.status, tab2.status]).toEqual([200, 200]);
      expect(tab2.body).toEqual(tab1.body);
      expect(fake.calls('create') - creates).toBe(1);
      // Ten minutes on, Pay opens a new bKash payment (the old page may still be open somewhere).
      await db.query(`UPDATE bkash_payment SET created_at = now() - interval '11 minutes' WHERE id = $1`, [
        tab1.body.attemptId,
      ]);
      const later = (await pay(a, due.id)).body;
      expect(later.attemptId).not.toBe(tab1.body.attemptId);
      expect(later.bkashURL).not.toBe(tab1.body.bkashURL);
      expect((await attempt(a, later.attemptId)).merchantInvoiceNumber).toMatch(/-A2$/);
      // The newer one is paid first and credited …
      expect(await callback(await decide(later.bkashURL, 'success'))).toMatchObject({
        location: resultUrl(later.attemptId, 'paid'),
      });
      expect(await expiryOf(olt.id)).toBe('2100-03-10');
      const paidBy = fake.payment(paymentIdOf(later.bkashURL))!.trxID;
      // … then the old page is paid too: taken by bKash, recorded for a refund, not credited again.
      expect(await callback(await decide(tab1.body.bkashURL, 'success'))).toMatchObject({
        location: resultUrl(tab1.body.attemptId, 'paid'),
      });
      expect(await attempt(a, tab1.body.attemptId)).toMatchObject({
        state: 'completed',
        statusMessage: DUPLICATE,
        trxId: fake.payment(paymentIdOf(tab1.body.bkashURL))!.trxID,
      });
      expect(await invoice(a, due.id)).toMatchObject({
        status: 'paid',
        trxId: paidBy,
        periodTo: '2100-03-10',
      });
      expect(await expiryOf(olt.id)).toBe('2100-03-10');
    });

    it('leaves the invoice due when the customer cancels or bKash fails the payment (2023), and lets them pay again', async () => {
      const olt = await addOlt(a, 'Unpaid OLT', '127.0.0.92');
      await setExpiry(olt.id, '2099-12-10');
      const due = await newInvoice(a, olt.id);
      const cancelled = (await pay(a, due.id)).body;
      expect(await callback(await decide(cancelled.bkashURL, 'cancel'))).toMatchObject({
        status: 302,
        location: resultUrl(cancelled.attemptId, 'cancelled'),
      });
      expect((await attempt(a, cancelled.attemptId)).state).toBe('cancelled');

      const poor = (await pay(a, due.id)).body;
      expect(poor.attemptId).not.toBe(cancelled.attemptId);
      const back = await decide(poor.bkashURL, 'success');
      fake.failNext('execute', 1, { statusCode: '2023' });
      expect(await callback(back)).toMatchObject({ location: resultUrl(poor.attemptId, 'failed') });
      expect(await attempt(a, poor.attemptId)).toMatchObject({
        state: 'failed',
        statusCode: '2023',
        statusMessage: 'Insufficient Balance',
      });

      const failed = (await pay(a, due.id)).body;
      expect(await callback(await decide(failed.bkashURL, 'failure'))).toMatchObject({
        location: resultUrl(failed.attemptId, 'failed'),
      });
      expect(await invoice(a, due.id)).toMatchObject({ status: 'due', trxId: null, periodTo: null });
      expect(await expiryOf(olt.id)).toBe('2099-12-10');
      const ours = `${a.auth.user.tenantId!.replace(/-/g, '').slice(0, 8)}-${due.invoiceNo}-`;
      const taken = fake.payments().filter((p) => p.merchantInvoiceNumber.startsWith(ours));
      expect(taken.map((p) => p.transactionStatus)).toEqual(['Cancelled', 'Failed', 'Failed']);
    });

    it('refuses a payment whose amount differs from ours and credits nothing', async () => {
      const olt = await addOlt(a, 'Tampered OLT', '127.0.0.93');
      await setExpiry(olt.id, '2099-12-10');
      const due = await newInvoice(a, olt.id);
      const started = (await pay(a, due.id)).body;
      const back = await decide(started.bkashURL, 'success');
      fake.tamperAmount(paymentIdOf(started.bkashURL), '1.00');
      expect(await callback(back)).toMatchObject({ location: resultUrl(started.attemptId, 'failed') });
      expect(await attempt(a, started.attemptId)).toMatchObject({ state: 'failed', statusMessage: MISMATCH });
      expect(await invoice(a, due.id)).toMatchObject({ status: 'due', trxId: null });
      expect(await expiryOf(olt.id)).toBe('2099-12-10');
    });

    it('answers 502 when bKash refuses or does not answer create, marking the attempt failed', async () => {
      const olt = await addOlt(a, 'Create OLT', '127.0.0.94');
      const due = await newInvoice(a, olt.id);
      fake.failNext('create', 1, { statusCode: '2031' });
      const refused = await pay(a, due.id);
      expect(refused.status).toBe(502);
      expect((refused.body as unknown as ErrorBody).message).toBe(
        'bKash refused the payment: Invalid merchant invoice number',
      );
      fake.failNext('create', 1, { http: 503 });
      const down = await pay(a, due.id);
      expect(down.status).toBe(502);
      expect((down.body as unknown as ErrorBody).message).toBe('bKash did not answer; please try again');
      const states = await db.query(
        'SELECT state, status_code FROM bkash_payment WHERE invoice_id = $1 ORDER BY created_at',
        [due.id],
      );
      expect(states).toEqual([
        { state: 'failed', status_code: '2031' },
        { state: 'failed', status_code: '503' },
      ]);
      // bKash back: a third attempt number, never one bKash has seen.
      const ok = await pay(a, due.id);
      expect(ok.status).toBe(200);
      expect((await attempt(a, ok.body.attemptId)).merchantInvoiceNumber).toMatch(/-A3$/);
    });

    it('counts the billing day on the fixed clock: 2026-12-10 paid on 2026-12-01 for 3 months → 2027-03-10; an expired one from the day paid', async () => {
      const onFirstDecember = settlementWith(() => new Date('2026-12-01T04:00:00.000Z'));
      const cases = [
        { expires: '2026-12-10', months: 3, from: '2026-12-11', to: '2027-03-10' },
        { expires: '2026-01-05', months: 1, from: '2026-12-01', to: '2027-01-01' },
        { expires: null, months: 12, from: '2026-12-01', to: '2027-12-01' },
      ];
      for (const [i, c] of cases.entries()) {
        const olt = await addOlt(a, `Clock OLT ${i}`, `127.0.1.${i + 1}`);
        await setExpiry(olt.id, c.expires);
        const due = await newInvoice(a, olt.id, c.months);
        const { attempt: started } = await onFirstDecember.startPayment({
          tenantId: a.auth.user.tenantId!,
          userId: a.auth.user.id,
          invoiceId: due.id,
          payerReference: '01700000000',
          callbackUrl: `${APP_ORIGIN}/api/v1/billing/bkash/callback`,
        });
        fake.approve(started.paymentId!);
        const done = await onFirstDecember.handleCallback({
          paymentID: started.paymentId!,
          status: 'success',
        });
        expect(done.state).toBe('completed');
        expect(await invoice(a, due.id)).toMatchObject({ periodFrom: c.from, periodTo: c.to });
        expect(await expiryOf(olt.id)).toBe(c.to);
      }
    });

    it('answers 503 when bKash is not configured, never pretending', async () => {
      const olt = await addOlt(a, 'Offline pay OLT', '127.0.0.95');
      const due = await newInvoice(a, olt.id);
      const res = await new ApiClient(offApi.url).post<ErrorBody>(
        `/billing/invoices/${due.id}/pay`,
        {},
        a.token,
      );
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ message: NOT_CONFIGURED, code: 'PAYMENTS_NOT_CONFIGURED' });
    });
  });

  describe('tenant isolation and permissions', () => {
    let oltA: OltDetail;
    let dueA: Invoice;
    let attemptA: string;

    beforeAll(async () => {
      oltA = await addOlt(a, 'Private OLT', '127.0.0.96');
      dueA = await newInvoice(a, oltA.id);
      attemptA = (await pay(a, dueA.id)).body.attemptId;
    });

    it("never shows one tenant another's invoices or payments", async () => {
      const listB = await client.get<InvoiceList>('/billing/invoices?status=all&pageSize=100', b.token);
      expect(listB.status).toBe(200);
      expect(listB.body.items.map((i) => i.id)).not.toContain(dueA.id);
      expect(listB.body.items.every((i) => i.targetId !== oltA.id)).toBe(true);
      expect((await client.get(`/billing/invoices/${dueA.id}`, b.token)).status).toBe(404);
      expect((await pay(b, dueA.id)).status).toBe(404);
      expect((await client.get(`/billing/payments/${attemptA}`, b.token)).status).toBe(404);
      const forOther = await client.post<ErrorBody>(
        '/billing/invoices',
        { packageId: pkg.gpon, cycleId: cycle[1], targetType: 'olt', targetId: oltA.id },
        b.token,
      );
      expect(forOther.status).toBe(404);
      expect(fieldsOf(forOther.body)).toEqual(['targetId']);
      expect((await client.get(`/billing/invoices/${randomUUID()}`, a.token)).status).toBe(404);
    });

    it('filters paid and due', async () => {
      const due = await client.get<InvoiceList>('/billing/invoices?status=due&pageSize=100', a.token);
      const paid = await client.get<InvoiceList>('/billing/invoices?status=paid&pageSize=100', a.token);
      expect(due.body.items.length).toBeGreaterThan(0);
      expect(paid.body.items.length).toBeGreaterThan(0);
      expect(due.body.items.every((i) => i.status === 'due')).toBe(true);
      expect(paid.body.items.every((i) => i.status === 'paid')).toBe(true);
      const all = await client.get<InvoiceList>('/billing/invoices?pageSize=100', a.token);
      expect(all.body.total).toBe(due.body.total + paid.body.total);
      const numbers = all.body.items.map((i) => i.number);
      expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
    });

    it('limits OLT invoices to the OLTs a user is permitted, and each kind to its codes', async () => {
      const sw = await client.post<{ id: string }>(
        '/switches',
        { name: 'Core switch', ip: '127.0.0.97', community: 'sw-community', brand: 'snr' },
        a.token,
      );
      expect(sw.status).toBe(201);
      const swInvoice = await client.post<Invoice>(
        '/billing/invoices',
        { packageId: pkg.sw, cycleId: cycle[1], targetType: 'switch', targetId: sw.body.id },
        a.token,
      );
      expect(swInvoice.status).toBe(201);
      expect(swInvoice.body).toMatchObject({
        targetType: 'switch',
        amountPoisha: 50000,
        targetName: 'Core switch',
      });

      const buyer = await userWithCodes(client, a, [2001]);
      const seen = async () =>
        (await client.get<InvoiceList>('/billing/invoices?pageSize=100', buyer.token)).body.items.map(
          (i) => i.id,
        );
      expect(await seen()).toContain(swInvoice.body.id);
      expect(await seen()).not.toContain(dueA.id);
      expect((await client.get(`/billing/invoices/${dueA.id}`, buyer.token)).status).toBe(404);
      expect((await client.get(`/billing/payments/${attemptA}`, buyer.token)).status).toBe(404);
      expect((await pay(buyer, dueA.id)).status).toBe(404);
      await db.query('INSERT INTO user_olt_permission (user_id, olt_id, tenant_id) VALUES ($1, $2, $3)', [
        buyer.auth.user.id,
        oltA.id,
        a.auth.user.tenantId,
      ]);
      expect(await seen()).toContain(dueA.id);
      expect((await attempt(buyer, attemptA)).invoiceId).toBe(dueA.id);

      // Switch staff may renew switches, not OLTs; dashboard-only staff may read, not buy.
      const switchStaff = await userWithCodes(client, a, [2004]);
      const olt = await client.post<ErrorBody>(
        '/billing/invoices',
        { packageId: pkg.gpon, cycleId: cycle[1], targetType: 'olt', targetId: oltA.id },
        switchStaff.token,
      );
      expect(olt.status).toBe(403);
      expect(olt.body.code).toBe('TARGET_KIND_FORBIDDEN');
      const swOk = await client.post(
        '/billing/invoices',
        { packageId: pkg.sw, cycleId: cycle[1], targetType: 'switch', targetId: sw.body.id },
        switchStaff.token,
      );
      expect(swOk.status).toBe(201);
      const reader = await userWithCodes(client, a, [2008]);
      expect((await client.get('/billing/invoices', reader.token)).status).toBe(200);
      const readerCreate = await client.post(
        '/billing/invoices',
        { packageId: pkg.sw, cycleId: cycle[1], targetType: 'switch', targetId: sw.body.id },
        reader.token,
      );
      expect(readerCreate.status).toBe(403);
      const nobody = await userWithCodes(client, a, [2012]);
      expect((await client.get('/billing/invoices', nobody.token)).status).toBe(403);
    });

    it('lists the devices a user may buy for: permitted OLTs only, switches with 2001 or 2004, never another tenant’s', async () => {
      const buyer = await userWithCodes(client, a, [2001]);
      const names = async (token: string, kind: string) => {
        const res = await client.get<BillingTargetRow[]>(`/billing/targets?kind=${kind}`, token);
        expect(res.status).toBe(200);
        return res.body;
      };
      // Not yet permitted any OLT: none; a switch needs no OLT permission.
      expect(await names(buyer.token, 'olt')).toEqual([]);
      const switches = await names(buyer.token, 'switch');
      expect(switches.map((t) => t.name)).toContain('Core switch');
      await db.query('INSERT INTO user_olt_permission (user_id, olt_id, tenant_id) VALUES ($1, $2, $3)', [
        buyer.auth.user.id,
        oltA.id,
        a.auth.user.tenantId,
      ]);
      await db.query(`UPDATE olt SET expires_on = '2099-12-10' WHERE id = $1`, [oltA.id]);
      expect(await names(buyer.token, 'olt')).toEqual([
        {
          type: 'olt',
          id: oltA.id,
          name: 'Private OLT',
          expiresOn: '2099-12-10',
          expiryState: 'active',
          billingPackageId: null,
          billingPackage: null,
        },
      ]);
      // The admin of tenant B sees none of A's devices.
      const ofB = [...(await names(b.token, 'olt')), ...(await names(b.token, 'switch'))];
      expect(ofB.map((t) => t.id)).not.toContain(oltA.id);
      expect(ofB.map((t) => t.name)).not.toContain('Core switch');
      // Switch staff may not list OLTs to buy for; a bad kind names the field.
      const switchStaff = await userWithCodes(client, a, [2004]);
      expect((await client.get('/billing/targets?kind=olt', switchStaff.token)).status).toBe(403);
      const bad = await client.get<ErrorBody>('/billing/targets?kind=router', a.token);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['kind']);
    });
  });

  describe('input', () => {
    it.each([
      [{ cycleId: randomUUID(), targetType: 'olt', targetId: randomUUID() }, ['packageId']],
      [
        { packageId: randomUUID(), cycleId: 'not-a-uuid', targetType: 'olt', targetId: randomUUID() },
        ['cycleId'],
      ],
      [
        { packageId: randomUUID(), cycleId: randomUUID(), targetType: 'router', targetId: randomUUID() },
        ['targetType'],
      ],
      [{ packageId: randomUUID(), cycleId: randomUUID(), targetType: 'olt' }, ['targetId']],
      [
        {
          packageId: randomUUID(),
          cycleId: randomUUID(),
          targetType: 'olt',
          targetId: randomUUID(),
          amount: 1,
        },
        ['amount'],
      ],
    ])('refuses the invoice body %j with a 400 naming %j', async (body, fields) => {
      const res = await client.post<ErrorBody>('/billing/invoices', body, a.token);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(fields);
    });

    it('names the package or cycle that is not offered', async () => {
      const olt = await addOlt(a, 'Input OLT', '127.0.0.98');
      const body = { packageId: pkg.gpon, cycleId: cycle[1], targetType: 'olt', targetId: olt.id };
      const cases: [object, string, string][] = [
        [{ packageId: pkg.retired }, 'packageId', 'PACKAGE_NOT_FOUND'],
        [{ packageId: randomUUID() }, 'packageId', 'PACKAGE_NOT_FOUND'],
        [{ packageId: pkg.sw }, 'packageId', 'PACKAGE_WRONG_KIND'],
        [{ cycleId: randomUUID() }, 'cycleId', 'CYCLE_NOT_FOUND'],
      ];
      for (const [change, field, code] of cases) {
        const res = await client.post<ErrorBody>('/billing/invoices', { ...body, ...change }, a.token);
        expect([res.status, fieldsOf(res.body), res.body.code]).toEqual([400, [field], code]);
      }
    });

    it.each([
      ['/billing/invoices?status=open', ['status']],
      ['/billing/invoices?pageSize=0', ['pageSize']],
      ['/billing/invoices?page=x', ['page']],
      ['/billing/invoices/not-a-uuid', ['id']],
      ['/billing/payments/not-a-uuid', ['id']],
    ])('refuses GET %s with a 400 naming %j', async (path, fields) => {
      const res = await client.get<ErrorBody>(path, a.token);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(fields);
    });

    it.each([
      ['status=success&attempt=ATTEMPT', ['paymentID']],
      ['paymentID=TR0011X&status=maybe&attempt=ATTEMPT', ['status']],
      ['paymentID=TR0011X&status=success&attempt=42', ['attempt']],
      ['paymentID=TR<script>&status=success&attempt=ATTEMPT', ['paymentID']],
      ['paymentID=TR0011X&paymentID=TR0011Y&status=success&attempt=ATTEMPT', ['paymentID']],
    ])('refuses the callback query %s with a 400 naming %j', async (query, fields) => {
      const res = await callback(`/api/v1/billing/bkash/callback?${query.replace('ATTEMPT', randomUUID())}`);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(fields);
    });

    it('answers 404 for a payment we do not know, or one named with another attempt', async () => {
      const unknown = await callback(
        `/api/v1/billing/bkash/callback?paymentID=TR0011NOPE&status=success&attempt=${randomUUID()}&signature=FAKESIG123`,
      );
      expect(unknown.status).toBe(404);
      const olt = await addOlt(a, 'Mixed OLT', '127.0.0.99');
      const due = await newInvoice(a, olt.id);
      const started = (await pay(a, due.id)).body;
      const back = new URL(await decide(started.bkashURL, 'success'), APP_ORIGIN);
      back.searchParams.set('attempt', randomUUID());
      expect((await callback(`${back.pathname}${back.search}`)).status).toBe(404);
      expect((await invoice(a, due.id)).status).toBe('due');
    });
  });
});
