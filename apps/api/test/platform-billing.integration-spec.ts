import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  formatPoisha,
  type AuthResponse,
  type BillingCatalogue,
  type BillingCycle,
  type BillingPackage,
  type Paged,
  type PaymentAttempt,
  type PlatformInvoice,
} from '@pondesk/contracts';
import { BkashClient, MemoryBkashTokenStore } from '@pondesk/server-billing';
import {
  ApiClient,
  FAKE_BKASH_MERCHANT,
  FakeBkash,
  createMigratedDatabase,
  registerAccount,
  type TestAccount,
  type TestDatabase,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

type ErrorBody = { message: string; code?: string; fields?: { field: string; message: string }[] };

const oltPackage = {
  kind: 'olt',
  name: 'GPON 8 port',
  portCount: 8,
  oltModes: 'GPON',
  description: 'Up to 1024 ONUs',
  monthlyPricePoisha: 150_000,
  active: true,
  sortOrder: 1,
};

/** Every platform billing route, with a body valid enough to pass validation. */
const PLATFORM_ROUTES: [string, string, object?][] = [
  ['GET', '/platform/billing/packages'],
  ['POST', '/platform/billing/packages', oltPackage],
  ['PUT', `/platform/billing/packages/${randomUUID()}`, oltPackage],
  ['GET', '/platform/billing/cycles'],
  ['POST', '/platform/billing/cycles', { months: 2, label: '2 Months', active: true }],
  ['PUT', `/platform/billing/cycles/${randomUUID()}`, { months: 2, label: '2 Months', active: true }],
  ['GET', '/platform/billing/invoices'],
  ['POST', `/platform/billing/invoices/${randomUUID()}/cancel`, { reason: 'Wrong package' }],
  ['GET', '/platform/billing/payments'],
  ['POST', `/platform/billing/payments/${randomUUID()}/refund`, { reason: 'Paid twice' }],
];

interface PaidAttempt {
  attemptId: string;
  paymentID: string;
  trxID: string;
}

describe('platform billing: catalogue, invoices and payments overview, refunds', () => {
  let database: TestDatabase;
  let bkash: FakeBkash;
  let api: RunningApi;
  /** The same database, without bKash credentials. */
  let unpaidApi: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let tenant: TestAccount;
  let other: TestAccount;
  let tenantId: string;
  let otherId: string;
  let platformToken: string;
  /** Drives the fake as the customer's side would (create, approve, execute). */
  let customer: BkashClient;

  beforeAll(async () => {
    // A database of its own: the catalogue is platform-wide, and refunds here move devices' expiries.
    database = await createMigratedDatabase('pondesk_it_platform_billing');
    bkash = await FakeBkash.start();
    api = await startApi({
      DATABASE_URL: database.url,
      REDIS_NAMESPACE: `pondesk:it-platform-billing-${randomUUID()}`,
      APP_ORIGIN: 'http://127.0.0.1:9',
      BKASH_BASE_URL: bkash.baseUrl,
      BKASH_APP_KEY: FAKE_BKASH_MERCHANT.appKey,
      BKASH_APP_SECRET: FAKE_BKASH_MERCHANT.appSecret,
      BKASH_USERNAME: FAKE_BKASH_MERCHANT.username,
      BKASH_PASSWORD: FAKE_BKASH_MERCHANT.password,
      BKASH_TIMEOUT_MS: '1000',
    });
    unpaidApi = await startApi({
      DATABASE_URL: database.url,
      REDIS_NAMESPACE: `pondesk:it-platform-billing-${randomUUID()}`,
    });
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    [tenant, other] = await Promise.all([registerAccount(client, 'pbt'), registerAccount(client, 'pbo')]);
    tenantId = tenant.auth.user.tenantId!;
    otherId = other.auth.user.tenantId!;
    const login = await client.post<AuthResponse>('/auth/login', {
      username: 'platform',
      password: 'platform-pass-123',
    });
    platformToken = login.body.accessToken;
    for (const [id, ispName] of [
      [tenantId, 'Uttara Fiber Net'],
      [otherId, 'Mirpur Broadband'],
    ]) {
      const named = await client.patch(`/tenants/${id}`, { ispName }, platformToken);
      expect(named.status).toBe(200);
    }
    customer = new BkashClient(
      { merchantId: 'platform', baseUrl: bkash.baseUrl, ...FAKE_BKASH_MERCHANT },
      new MemoryBkashTokenStore(),
      { timeoutMs: 5000, executeTimeoutMs: 5000 },
    );
  });
  afterAll(async () => {
    await unpaidApi?.close();
    await api?.close();
    await bkash?.stop();
    await database?.drop();
  });

  const platformCall = <T>(method: string, path: string, body?: unknown) =>
    client.request<T>(method, path, { body, token: platformToken });

  async function expectField(method: string, path: string, body: unknown, field: string): Promise<void> {
    const res = await platformCall<ErrorBody>(method, path, body);
    expect({ path, status: res.status, fields: res.body.fields?.map((f) => f.field) }).toEqual({
      path,
      status: 400,
      fields: [field],
    });
  }

  async function addOlt(owner: TestAccount, name: string, host: string, expiresOn: string | null) {
    const res = await client.post<{ id: string }>(
      '/olts',
      { name, host, brand: 'vsol', mode: 'epon', snmpPort: 1, snmpCommunity: 'olt-community', telnetPort: 1 },
      owner.token,
    );
    if (res.status !== 201) throw new Error(`OLT: ${res.status} ${JSON.stringify(res.body)}`);
    await db.query(`UPDATE olt SET expires_on = $2 WHERE id = $1`, [res.body.id, expiresOn]);
    return res.body.id;
  }

  const expiryOf = async (oltId: string): Promise<string | null> =>
    (
      (await db.query(`SELECT expires_on::text AS d FROM olt WHERE id = $1`, [oltId])) as {
        d: string | null;
      }[]
    )[0].d;

  let packageId: string;
  let invoiceCount = 0;

  /** An invoice as the tenant's Pay Now / Pay Later writes it (the next number of its tenant). */
  async function addInvoice(
    owner: string,
    oltId: string,
    months: number,
    paid?: { trxId: string; from: string; to: string },
  ): Promise<{ id: string; invoiceNo: string; amountPoisha: number }> {
    const [{ n }]: { n: number }[] = await db.query(
      `INSERT INTO invoice_sequence (tenant_id, last_number) VALUES ($1, 1)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = invoice_sequence.last_number + 1
       RETURNING last_number AS n`,
      [owner],
    );
    invoiceCount++;
    const invoiceNo = `INV-${String(n).padStart(6, '0')}`;
    const amountPoisha = 150_000 * months;
    const [row]: { id: string }[] = await db.query(
      `INSERT INTO invoice (tenant_id, number, invoice_no, status, package_id, package_name, months,
         monthly_price_poisha, amount_poisha, target_type, target_id, target_name, issued_on,
         payment_method, paid_at, trx_id, period_from, period_to)
       VALUES ($1, $2, $3, $4, $5, 'GPON 8 port', $6, 150000, $7, 'olt', $8, 'Billing OLT', '2026-03-10',
         $9, $10, $11, $12, $13)
       RETURNING id`,
      [
        owner,
        n,
        invoiceNo,
        paid ? 'paid' : 'due',
        packageId,
        months,
        amountPoisha,
        oltId,
        paid ? 'bKash' : null,
        paid ? new Date() : null,
        paid?.trxId ?? null,
        paid?.from ?? null,
        paid?.to ?? null,
      ],
    );
    return { id: row.id, invoiceNo, amountPoisha };
  }

  /** A payment the customer completed on the fake, and its attempt row as settlement leaves it. */
  async function completedAttempt(
    owner: string,
    invoice: { id: string; invoiceNo: string; amountPoisha: number },
    attemptNo: number,
    statusMessage = 'Successful',
  ): Promise<PaidAttempt> {
    const merchantInvoiceNumber = `${invoice.invoiceNo}-A${attemptNo}-${owner.slice(0, 8)}`;
    const created = await customer.createPayment({
      payerReference: '01770618575',
      callbackURL: 'http://127.0.0.1:9/api/v1/billing/bkash/callback',
      amount: formatPoisha(invoice.amountPoisha),
      merchantInvoiceNumber,
    });
    bkash.approve(created.paymentID);
    const executed = await customer.executePayment(created.paymentID);
    expect(executed.transactionStatus).toBe('Completed');
    const [row]: { id: string }[] = await db.query(
      `INSERT INTO bkash_payment (merchant_id, tenant_id, invoice_id, merchant_invoice_number, payment_id, trx_id,
         amount_poisha, state, status_code, status_message, payer_reference, completed_at)
       VALUES ('platform', $1, $2, $3, $4, $5, $6, 'completed', '0000', $7, '01770618575', now())
       RETURNING id`,
      [
        owner,
        invoice.id,
        merchantInvoiceNumber,
        created.paymentID,
        executed.trxID,
        invoice.amountPoisha,
        statusMessage,
      ],
    );
    return { attemptId: row.id, paymentID: created.paymentID, trxID: executed.trxID! };
  }

  const invoiceRow = async (id: string) =>
    (
      (await db.query(
        `SELECT status, cancel_reason, trx_id, period_to::text AS period_to FROM invoice WHERE id = $1`,
        [id],
      )) as {
        status: string;
        cancel_reason: string | null;
        trx_id: string | null;
        period_to: string | null;
      }[]
    )[0];

  const refund = (attemptId: string, reason: string) =>
    platformCall<PaymentAttempt & ErrorBody>('POST', `/platform/billing/payments/${attemptId}/refund`, {
      reason,
    });

  describe('access', () => {
    it('answers 401 to a guest and 403 to a tenant admin on every platform billing route', async () => {
      const failures: string[] = [];
      for (const [method, path, body] of PLATFORM_ROUTES) {
        const guest = await client.request(method, path, { body: body ?? {} });
        if (guest.status !== 401) failures.push(`guest ${method} ${path} → ${guest.status}`);
        const admin = await client.request(method, path, { body: body ?? {}, token: tenant.token });
        if (admin.status !== 403) failures.push(`tenant admin ${method} ${path} → ${admin.status}`);
      }
      expect(failures).toEqual([]);
      const [{ n }]: { n: string }[] = await db.query(
        `SELECT (SELECT count(*) FROM billing_package) + (SELECT count(*) FROM billing_cycle WHERE months = 2) AS n`,
      );
      expect(Number(n)).toBe(0);
    });
  });

  describe('catalogue', () => {
    it('adds and replaces packages (inactive ones stay listed), audited', async () => {
      const created = await platformCall<BillingPackage>('POST', '/platform/billing/packages', oltPackage);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(String), ...oltPackage });
      packageId = created.body.id;
      const sw = await platformCall<BillingPackage>('POST', '/platform/billing/packages', {
        ...oltPackage,
        kind: 'switch',
        name: '  Switch 24 port  ',
        portCount: 24,
        oltModes: '',
        description: '',
        monthlyPricePoisha: 50_000,
        sortOrder: 0,
      });
      expect(sw.status).toBe(201);
      expect(sw.body.name).toBe('Switch 24 port');

      const retired = {
        ...oltPackage,
        name: 'GPON 8 port (old)',
        monthlyPricePoisha: 120_000,
        active: false,
      };
      const updated = await platformCall<BillingPackage>(
        'PUT',
        `/platform/billing/packages/${packageId}`,
        retired,
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ id: packageId, ...retired });
      // Tenants are offered active packages only.
      const offeredNames = async () =>
        (await client.get<BillingCatalogue>('/billing/catalogue', tenant.token)).body.packages
          .map((p) => `${p.name}:${p.monthlyPricePoisha}`)
          .sort();
      expect(await offeredNames()).toEqual(['Switch 24 port:50000']);

      const back = await platformCall<BillingPackage>(
        'PUT',
        `/platform/billing/packages/${packageId}`,
        oltPackage,
      );
      expect(back.body).toEqual({ id: packageId, ...oltPackage });
      expect(await offeredNames()).toEqual(['GPON 8 port:150000', 'Switch 24 port:50000']);

      const listed = await platformCall<BillingPackage[]>('GET', '/platform/billing/packages');
      expect(listed.body.map((p) => [p.kind, p.name, p.monthlyPricePoisha, p.active])).toEqual([
        ['olt', 'GPON 8 port', 150_000, true],
        ['switch', 'Switch 24 port', 50_000, true],
      ]);

      const missing = await platformCall('PUT', `/platform/billing/packages/${randomUUID()}`, oltPackage);
      expect(missing.status).toBe(404);
      const audit: { action: string; actor_name: string }[] = await db.query(
        `SELECT action, actor_name FROM audit_log WHERE entity_id = $1 ORDER BY created_at`,
        [packageId],
      );
      expect(audit).toEqual([
        { action: 'billing-package.create', actor_name: 'platform:platform' },
        { action: 'billing-package.update', actor_name: 'platform:platform' },
        { action: 'billing-package.update', actor_name: 'platform:platform' },
      ]);
    });

    it('refuses bad packages with a 400 naming the field', async () => {
      const p = '/platform/billing/packages';
      await expectField('POST', p, { ...oltPackage, kind: 'router' }, 'kind');
      await expectField('POST', p, { ...oltPackage, name: '  ' }, 'name');
      await expectField('POST', p, { ...oltPackage, name: 'x'.repeat(81) }, 'name');
      await expectField('POST', p, { ...oltPackage, portCount: 0 }, 'portCount');
      await expectField('POST', p, { ...oltPackage, portCount: 4097 }, 'portCount');
      await expectField('POST', p, { ...oltPackage, portCount: 8.5 }, 'portCount');
      await expectField('POST', p, { ...oltPackage, oltModes: 'x'.repeat(81) }, 'oltModes');
      await expectField('POST', p, { ...oltPackage, description: 'x'.repeat(2001) }, 'description');
      await expectField('POST', p, { ...oltPackage, monthlyPricePoisha: 0 }, 'monthlyPricePoisha');
      await expectField(
        'POST',
        p,
        { ...oltPackage, monthlyPricePoisha: 10_000_000_001 },
        'monthlyPricePoisha',
      );
      await expectField('POST', p, { ...oltPackage, monthlyPricePoisha: 1500.5 }, 'monthlyPricePoisha');
      await expectField('POST', p, { ...oltPackage, monthlyPricePoisha: '150000' }, 'monthlyPricePoisha');
      await expectField('POST', p, { ...oltPackage, active: 'yes' }, 'active');
      await expectField('POST', p, { ...oltPackage, sortOrder: 'first' }, 'sortOrder');
      const { sortOrder: _left, ...withoutSort } = oltPackage;
      await expectField('POST', p, withoutSort, 'sortOrder');
      await expectField('POST', p, { ...oltPackage, price: 1500 }, 'price');
      await expectField('PUT', `${p}/not-a-uuid`, oltPackage, 'id');
    });

    it('lists the seeded cycles, adds and edits cycles, and refuses a second cycle of the same months (409)', async () => {
      const seeded = await platformCall<BillingCycle[]>('GET', '/platform/billing/cycles');
      expect(seeded.body.map((c) => [c.months, c.label, c.active])).toEqual([
        [1, '1 Month', true],
        [3, '3 Months', true],
        [6, '6 Months', true],
        [12, '12 Months', true],
      ]);
      const added = await platformCall<BillingCycle>('POST', '/platform/billing/cycles', {
        months: 24,
        label: '2 Years',
        active: true,
      });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ id: expect.any(String), months: 24, label: '2 Years', active: true });
      const offeredMonths = async () =>
        (await client.get<BillingCatalogue>('/billing/catalogue', tenant.token)).body.cycles.map(
          (c) => c.months,
        );
      expect(await offeredMonths()).toEqual([1, 3, 6, 12, 24]);

      const taken = await platformCall<ErrorBody>('POST', '/platform/billing/cycles', {
        months: 3,
        label: 'Quarter',
        active: true,
      });
      expect([taken.status, taken.body.code, taken.body.fields?.[0]?.field]).toEqual([
        409,
        'CYCLE_MONTHS_TAKEN',
        'months',
      ]);
      const clash = await platformCall('PUT', `/platform/billing/cycles/${added.body.id}`, {
        months: 12,
        label: '2 Years',
        active: true,
      });
      expect(clash.status).toBe(409);

      const edited = await platformCall<BillingCycle>('PUT', `/platform/billing/cycles/${added.body.id}`, {
        months: 24,
        label: '24 Months',
        active: false,
      });
      expect(edited.body).toEqual({ id: added.body.id, months: 24, label: '24 Months', active: false });
      expect(await offeredMonths()).toEqual([1, 3, 6, 12]);
      const listed = await platformCall<BillingCycle[]>('GET', '/platform/billing/cycles');
      expect(listed.body.map((c) => `${c.months}:${c.label}:${c.active}`)).toEqual([
        '1:1 Month:true',
        '3:3 Months:true',
        '6:6 Months:true',
        '12:12 Months:true',
        '24:24 Months:false',
      ]);
      const missing = await platformCall('PUT', `/platform/billing/cycles/${randomUUID()}`, {
        months: 18,
        label: '18 Months',
        active: true,
      });
      expect(missing.status).toBe(404);
    });

    it('refuses bad cycles with a 400 naming the field', async () => {
      const c = '/platform/billing/cycles';
      const good = { months: 2, label: '2 Months', active: true };
      await expectField('POST', c, { ...good, months: 0 }, 'months');
      await expectField('POST', c, { ...good, months: 37 }, 'months');
      await expectField('POST', c, { ...good, months: 1.5 }, 'months');
      await expectField('POST', c, { ...good, label: '' }, 'label');
      await expectField('POST', c, { ...good, label: 'x'.repeat(41) }, 'label');
      await expectField('POST', c, { months: 2, label: '2 Months' }, 'active');
    });
  });

  describe('invoices and payments', () => {
    let oltA: string;
    let oltOther: string;
    let due: { id: string; invoiceNo: string };

    beforeAll(async () => {
      oltA = await addOlt(tenant, 'Uttara OLT', '127.0.0.81', null);
      oltOther = await addOlt(other, 'Mirpur OLT', '127.0.0.82', null);
      due = await addInvoice(tenantId, oltA, 1);
      await addInvoice(otherId, oltOther, 3);
    });

    it("lists every tenant's invoices with whose they are; filters by tenant, status and search", async () => {
      const all = await platformCall<Paged<PlatformInvoice>>('GET', '/platform/billing/invoices');
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(invoiceCount);
      const mine = await platformCall<Paged<PlatformInvoice>>(
        'GET',
        `/platform/billing/invoices?tenantId=${tenantId}&status=due`,
      );
      expect(
        mine.body.items.map((i) => [i.invoiceNo, i.tenantName, i.tenantId, i.status, i.amountPoisha]),
      ).toEqual([['INV-000001', 'Uttara Fiber Net', tenantId, 'due', 150_000]]);
      expect(mine.body.items[0]).toMatchObject({ packageName: 'GPON 8 port', months: 1, targetId: oltA });

      const byName = await platformCall<Paged<PlatformInvoice>>(
        'GET',
        '/platform/billing/invoices?search=mirpur',
      );
      expect(byName.body.items.map((i) => [i.invoiceNo, i.tenantName, i.months])).toEqual([
        ['INV-000001', 'Mirpur Broadband', 3],
      ]);
      const byNumber = await platformCall<Paged<PlatformInvoice>>(
        'GET',
        `/platform/billing/invoices?search=INV-000001&tenantId=${otherId}`,
      );
      expect(byNumber.body.total).toBe(1);
      const paged = await platformCall<Paged<PlatformInvoice>>(
        'GET',
        '/platform/billing/invoices?pageSize=1&page=2',
      );
      expect([paged.body.items.length, paged.body.page, paged.body.pageSize]).toEqual([1, 2, 1]);

      const bad = await platformCall<ErrorBody>('GET', '/platform/billing/invoices?status=unpaid');
      expect([bad.status, bad.body.fields?.[0]?.field]).toEqual([400, 'status']);
      const badTenant = await platformCall<ErrorBody>('GET', '/platform/billing/invoices?tenantId=42');
      expect([badTenant.status, badTenant.body.fields?.[0]?.field]).toEqual([400, 'tenantId']);
    });

    it('cancels a due invoice only (409 otherwise), audited in the tenant’s log', async () => {
      await expectField('POST', `/platform/billing/invoices/${due.id}/cancel`, { reason: '' }, 'reason');
      await expectField('POST', `/platform/billing/invoices/${due.id}/cancel`, { reason: 'a <b>' }, 'reason');
      await expectField('POST', `/platform/billing/invoices/${due.id}/cancel`, {}, 'reason');

      const cancelled = await platformCall<PlatformInvoice>(
        'POST',
        `/platform/billing/invoices/${due.id}/cancel`,
        {
          reason: 'Ordered the wrong package',
        },
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        id: due.id,
        status: 'cancelled',
        tenantName: 'Uttara Fiber Net',
      });
      expect(await invoiceRow(due.id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'Ordered the wrong package',
      });
      const again = await platformCall<ErrorBody>('POST', `/platform/billing/invoices/${due.id}/cancel`, {
        reason: 'Again',
      });
      expect([again.status, again.body.code]).toEqual([409, 'INVOICE_NOT_DUE']);
      const missing = await platformCall('POST', `/platform/billing/invoices/${randomUUID()}/cancel`, {
        reason: 'Nothing',
      });
      expect(missing.status).toBe(404);

      const audit = await client.get<Paged<{ action: string; actorName: string }>>(
        `/audit?entityId=${due.id}`,
        tenant.token,
      );
      expect(audit.body.items.map((a) => [a.action, a.actorName])).toEqual([
        ['invoice.cancel', 'platform:platform'],
      ]);
    });

    it('lists payment attempts newest first, by state and search', async () => {
      const invoice = await addInvoice(otherId, oltOther, 1, {
        trxId: 'PENDING',
        from: '2026-03-10',
        to: '2026-04-10',
      });
      const paid = await completedAttempt(otherId, invoice, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [invoice.id, paid.trxID]);
      await db.query(
        `INSERT INTO bkash_payment (merchant_id, tenant_id, invoice_id, merchant_invoice_number, amount_poisha, state,
           status_code, status_message, payer_reference, created_at)
         VALUES ('platform', $1, $2, $3, 150000, 'failed', '2023', 'Insufficient Balance', '01770618575',
           now() + interval '1 second')`,
        [otherId, invoice.id, `${invoice.invoiceNo}-A2-${otherId.slice(0, 8)}`],
      );
      const list = await platformCall<Paged<PaymentAttempt>>('GET', '/platform/billing/payments');
      expect(
        list.body.items.slice(0, 2).map((p) => [p.state, p.statusCode, p.tenantName, p.invoiceNo]),
      ).toEqual([
        ['failed', '2023', 'Mirpur Broadband', invoice.invoiceNo],
        ['completed', '0000', 'Mirpur Broadband', invoice.invoiceNo],
      ]);
      const completed = await platformCall<Paged<PaymentAttempt>>(
        'GET',
        '/platform/billing/payments?state=completed',
      );
      expect(completed.body.items.every((p) => p.state === 'completed')).toBe(true);
      const byTrx = await platformCall<Paged<PaymentAttempt>>(
        'GET',
        `/platform/billing/payments?search=${paid.trxID}`,
      );
      expect(byTrx.body.items.map((p) => [p.id, p.trxId, p.amountPoisha])).toEqual([
        [paid.attemptId, paid.trxID, 150_000],
      ]);
      const bad = await platformCall<ErrorBody>('GET', '/platform/billing/payments?state=paid');
      expect([bad.status, bad.body.fields?.[0]?.field]).toEqual([400, 'state']);
    });
  });

  describe('refunds', () => {
    it('refunds the payment that paid an invoice: invoice cancelled, expiry back, exactly once', async () => {
      // The OLT ran to 2026-03-20; a 3-month renewal paid early credited 2026-03-21 … 2026-06-20.
      const olt = await addOlt(tenant, 'Early renewal OLT', '127.0.0.83', '2026-06-20');
      const invoice = await addInvoice(tenantId, olt, 3, {
        trxId: 'PENDING',
        from: '2026-03-21',
        to: '2026-06-20',
      });
      const paid = await completedAttempt(tenantId, invoice, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [invoice.id, paid.trxID]);

      const res = await refund(paid.attemptId, 'Customer closed the account');
      expect(res.status).toBe(200);
      const atBkash = bkash.payment(paid.paymentID)!;
      expect(atBkash.refunds.map((r) => [r.amount, r.sku, r.reason])).toEqual([
        ['4500.00', `${invoice.invoiceNo}-A1-${tenantId.slice(0, 8)}`, 'Customer closed the account'],
      ]);
      expect(res.body).toMatchObject({
        id: paid.attemptId,
        state: 'completed',
        trxId: paid.trxID,
        refundTrxId: atBkash.refunds[0].refundTrxID,
        refundAmountPoisha: 450_000,
        refundedAt: expect.any(String),
      });
      expect(await invoiceRow(invoice.id)).toEqual({
        status: 'cancelled',
        cancel_reason: 'Refunded: Customer closed the account',
        trx_id: paid.trxID,
        period_to: '2026-06-20',
      });
      expect(await expiryOf(olt)).toBe('2026-03-20');

      // A second refund (and two at once) is refused; bKash is not asked again and the expiry stays.
      const [second, third] = await Promise.all([
        refund(paid.attemptId, 'Again'),
        refund(paid.attemptId, 'Again'),
      ]);
      expect([second.status, second.body.code, third.status, third.body.code]).toEqual([
        409,
        'PAYMENT_ALREADY_REFUNDED',
        409,
        'PAYMENT_ALREADY_REFUNDED',
      ]);
      expect(bkash.payment(paid.paymentID)!.refunds).toHaveLength(1);
      expect(await expiryOf(olt)).toBe('2026-03-20');

      const [reason]: { refund_reason: string }[] = await db.query(
        `SELECT refund_reason FROM bkash_payment WHERE id = $1`,
        [paid.attemptId],
      );
      expect(reason.refund_reason).toBe('Customer closed the account');
      const audit = await client.get<Paged<{ action: string; actorName: string }>>(
        `/audit?entityId=${paid.attemptId}`,
        tenant.token,
      );
      expect(audit.body.items.map((a) => [a.action, a.actorName])).toEqual([
        ['payment.refund', 'platform:platform'],
      ]);
    });

    it('takes the months off an expiry a later invoice moved on', async () => {
      const olt = await addOlt(tenant, 'Two invoices OLT', '127.0.0.84', '2026-07-01');
      const first = await addInvoice(tenantId, olt, 1, {
        trxId: 'PENDING-1',
        from: '2026-04-01',
        to: '2026-05-01',
      });
      const firstPaid = await completedAttempt(tenantId, first, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [first.id, firstPaid.trxID]);
      const second = await addInvoice(tenantId, olt, 2, {
        trxId: 'PENDING-2',
        from: '2026-05-02',
        to: '2026-07-01',
      });
      const secondPaid = await completedAttempt(tenantId, second, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [second.id, secondPaid.trxID]);

      expect((await refund(firstPaid.attemptId, 'Billed twice for April')).status).toBe(200);
      expect(await expiryOf(olt)).toBe('2026-06-01');
      expect((await invoiceRow(first.id)).status).toBe('cancelled');
      expect((await invoiceRow(second.id)).status).toBe('paid');
    });

    it('ends a fresh period the day before it began', async () => {
      // The OLT had lapsed; paid 2026-03-10 for a month: credited 2026-03-10 … 2026-04-10.
      const olt = await addOlt(tenant, 'Lapsed OLT', '127.0.0.85', '2026-04-10');
      const invoice = await addInvoice(tenantId, olt, 1, {
        trxId: 'PENDING',
        from: '2026-03-10',
        to: '2026-04-10',
      });
      const paid = await completedAttempt(tenantId, invoice, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [invoice.id, paid.trxID]);
      // Two refunds at once: one is made, the other finds it made.
      const both = await Promise.all([
        refund(paid.attemptId, 'Wrong OLT'),
        refund(paid.attemptId, 'Wrong OLT'),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(bkash.payment(paid.paymentID)!.refunds).toHaveLength(1);
      expect(await expiryOf(olt)).toBe('2026-03-09');
    });

    it('refunds a duplicate payment without touching the invoice or the expiry', async () => {
      const olt = await addOlt(tenant, 'Paid twice OLT', '127.0.0.86', '2026-05-15');
      const invoice = await addInvoice(tenantId, olt, 1, {
        trxId: 'PENDING',
        from: '2026-04-15',
        to: '2026-05-15',
      });
      const paid = await completedAttempt(tenantId, invoice, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [invoice.id, paid.trxID]);
      const duplicate = await completedAttempt(tenantId, invoice, 2, 'Duplicate payment: refund due');

      const res = await refund(duplicate.attemptId, 'Duplicate payment');
      expect(res.status).toBe(200);
      expect(res.body.refundAmountPoisha).toBe(150_000);
      expect(bkash.payment(duplicate.paymentID)!.refunds).toHaveLength(1);
      expect(bkash.payment(paid.paymentID)!.refunds).toHaveLength(0);
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid', trx_id: paid.trxID });
      expect(await expiryOf(olt)).toBe('2026-05-15');
    });

    it('asks bKash for the refund status after a timeout and records the refund it shows, never refunding twice', async () => {
      const olt = await addOlt(tenant, 'Slow bKash OLT', '127.0.0.87', '2026-05-20');
      const invoice = await addInvoice(tenantId, olt, 1, {
        trxId: 'PENDING',
        from: '2026-04-20',
        to: '2026-05-20',
      });
      const paid = await completedAttempt(tenantId, invoice, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [invoice.id, paid.trxID]);
      const statusCalls = bkash.calls('refundStatus');
      // The refund takes effect at once but its answer comes after the API's 1 s timeout.
      bkash.failNext('refund', 1, { hangMs: 3000, thenComplete: true });

      const res = await refund(paid.attemptId, 'Service never started');
      expect(res.status).toBe(200);
      const refunds = bkash.payment(paid.paymentID)!.refunds;
      expect(refunds).toHaveLength(1);
      expect(res.body.refundTrxId).toBe(refunds[0].refundTrxID);
      expect(bkash.calls('refundStatus')).toBe(statusCalls + 1);
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'cancelled' });
      expect(await expiryOf(olt)).toBe('2026-04-19');
    });

    it('changes nothing when bKash refuses the refund and shows none (502), and then refunds on a retry', async () => {
      const olt = await addOlt(tenant, 'Refused refund OLT', '127.0.0.88', '2026-05-25');
      const invoice = await addInvoice(tenantId, olt, 1, {
        trxId: 'PENDING',
        from: '2026-04-25',
        to: '2026-05-25',
      });
      const paid = await completedAttempt(tenantId, invoice, 1);
      await db.query(`UPDATE invoice SET trx_id = $2 WHERE id = $1`, [invoice.id, paid.trxID]);
      bkash.failNext('refund', 1, { statusCode: '2020', statusMessage: 'Exception Occurred' });

      const refused = await refund(paid.attemptId, 'Too late');
      expect([refused.status, refused.body.code]).toEqual([502, 'REFUND_FAILED']);
      expect(refused.body.message).toBe('bKash refused the refund: 2020 Exception Occurred');
      expect(bkash.payment(paid.paymentID)!.refunds).toHaveLength(0);
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid' });
      expect(await expiryOf(olt)).toBe('2026-05-25');
      const [row]: { refund_trx_id: string | null }[] = await db.query(
        `SELECT refund_trx_id FROM bkash_payment WHERE id = $1`,
        [paid.attemptId],
      );
      expect(row.refund_trx_id).toBeNull();

      expect((await refund(paid.attemptId, 'Retried')).status).toBe(200);
      expect(await expiryOf(olt)).toBe('2026-04-24');
    });

    it('refuses what is not a completed payment (409), unknown ids (404) and bad reasons (400)', async () => {
      const invoice = await addInvoice(tenantId, await addOlt(tenant, 'Failed OLT', '127.0.0.89', null), 1);
      const [failed]: { id: string }[] = await db.query(
        `INSERT INTO bkash_payment (merchant_id, tenant_id, invoice_id, merchant_invoice_number, payment_id,
           amount_poisha, state, payer_reference)
         VALUES ('platform', $1, $2, $3, $4, 150000, 'failed', '01770618575') RETURNING id`,
        [tenantId, invoice.id, `${invoice.invoiceNo}-A1-${tenantId.slice(0, 8)}`, `TR0011GONE${Date.now()}`],
      );
      const [unknown]: { id: string }[] = await db.query(
        `INSERT INTO bkash_payment (merchant_id, tenant_id, invoice_id, merchant_invoice_number, payment_id,
           amount_poisha, state, payer_reference)
         VALUES ('platform', $1, $2, $3, $4, 150000, 'unknown', '01770618575') RETURNING id`,
        [tenantId, invoice.id, `${invoice.invoiceNo}-A2-${tenantId.slice(0, 8)}`, `TR0011WAIT${Date.now()}`],
      );
      const refundsBefore = bkash.calls('refund');
      for (const id of [failed.id, unknown.id]) {
        const res = await refund(id, 'Not paid');
        expect([res.status, res.body.code]).toEqual([409, 'PAYMENT_NOT_REFUNDABLE']);
      }
      expect((await refund(randomUUID(), 'Nothing')).status).toBe(404);
      const path = `/platform/billing/payments/${failed.id}/refund`;
      await expectField('POST', path, { reason: '' }, 'reason');
      await expectField('POST', path, { reason: '   ' }, 'reason');
      await expectField('POST', path, { reason: 'x'.repeat(201) }, 'reason');
      await expectField('POST', path, { reason: 'Tom & Jerry' }, 'reason');
      const amp = await refund(failed.id, 'Tom & Jerry');
      expect(amp.body.message).toBe('Reason must not contain <, > or &');
      await expectField('POST', path, { reason: '<script>' }, 'reason');
      await expectField('POST', path, { reason: 42 }, 'reason');
      await expectField('POST', path, {}, 'reason');
      await expectField('POST', '/platform/billing/payments/42/refund', { reason: 'x' }, 'id');
      expect(bkash.calls('refund')).toBe(refundsBefore);
    });

    it('answers 503 when online payment is not configured', async () => {
      const [attempt]: { id: string }[] = await db.query(
        `SELECT id FROM bkash_payment WHERE state = 'completed' AND refund_trx_id IS NULL LIMIT 1`,
      );
      const unpaid = new ApiClient(unpaidApi.url);
      const res = await unpaid.request<ErrorBody>('POST', `/platform/billing/payments/${attempt.id}/refund`, {
        body: { reason: 'Paid twice' },
        token: platformToken,
      });
      expect([res.status, res.body.code, res.body.message]).toEqual([
        503,
        'PAYMENTS_NOT_CONFIGURED',
        'Online payment is not configured on this server. Please contact support to pay.',
      ]);
    });
  });
});
