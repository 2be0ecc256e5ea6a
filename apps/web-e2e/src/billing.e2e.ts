import { readFile } from 'node:fs/promises';
import { Client } from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import type { InvoiceList, OltDetail } from '@pondesk/contracts';
import { databaseUrlFor, FAKE_BKASH_MERCHANT, FakeBkash, freePort } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { startStack, type E2eStack } from './support/stack';
import { expectToast, newAccount, registerByApi, signIn, signedIn, type Account } from './pages/identity';
import { api } from './pages/monitoring';
import {
  addPackage,
  invoiceRow,
  PLATFORM_ADMIN,
  pdfStrings,
  platformToken,
  selectByTestId,
  textOf,
} from './pages/billing';

const OLT = 'Billing e2e OLT';
const PACKAGE = 'GPON 8 Port';
/** The OLT's expiry, set by hand so that every expected day below can be typed. */
const EXPIRY = '2099-12-10';

/**
 * Buying and paying for an OLT package as an ISP does, on a stack of this file's own whose bKash is a local
 * fake: the package card, Pay Later (an unpaid invoice), Pay Now through the fake checkout (paid, the OLT's
 * expiry moves on), a cancelled payment of the unpaid invoice, the invoice's PDF, and a package the platform
 * administrator adds in the browser reaching the ISP's page.
 */
describe('Billing (/package-list): packages, invoices and bKash payments', () => {
  let bkash: FakeBkash;
  let stack: E2eStack;
  let previousBase: string | undefined;
  let browser: Browser;
  let account: Account;
  let token: string;
  let olt: OltDetail;
  let page: Page;

  const invoices = async () => api<InvoiceList>('/billing/invoices?pageSize=100', token);
  const card = (): Locator => page.getByTestId('package-invoice-card');

  /** Opens the package card's popup; with a month, chooses the OLT and that many months too. */
  async function openPurchase(monthsLabel: string | null): Promise<Locator> {
    const pkgCard = page.getByTestId('package-card').filter({ hasText: PACKAGE });
    await pkgCard.click();
    const dialog = page.getByTestId('purchase-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('purchase-package-details').waitFor({ timeout: 15_000 });
    if (monthsLabel) {
      await selectByTestId(page, 'purchase-target', OLT);
      await selectByTestId(page, 'purchase-month', monthsLabel);
    }
    return dialog;
  }

  /** Clicks bKash in the payment popup and answers the new window it opens: the fake's checkout page. */
  async function payWithBkash(): Promise<Page> {
    const methods = page.getByTestId('payment-method-dialog');
    await methods.waitFor();
    expect(await textOf(methods.getByRole('heading'))).toBe('Please Select Payment Method');
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      methods.getByTestId('pay-bkash').click(),
    ]);
    await checkout.waitForURL((url) => url.href.startsWith(`${bkash.origin}/fake-pay/`), {
      timeout: 15_000,
    });
    // The popup closes once the window has gone to bKash.
    await methods.waitFor({ state: 'detached' });
    return checkout;
  }

  /** The result page the checkout window lands on, once it has settled. */
  async function resultOf(checkout: Page): Promise<Locator> {
    await checkout.waitForURL((url) => url.origin === stack.baseUrl && url.pathname === '/billing/result', {
      timeout: 20_000,
    });
    const result = checkout.locator('[data-testid="payment-result"]:not([data-result="checking"])');
    await result.waitFor({ timeout: 20_000 });
    return result;
  }

  /**
   * Back in the console's window after the checkout one: headless Chromium keeps both windows visible, so
   * the 'visibilitychange' a person's return fires is sent by hand; the invoice list reads itself again on it.
   */
  async function comeBack(): Promise<void> {
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  }

  /** The invoice card's row of this invoice in this state, once it shows. */
  async function rowIn(invoiceNo: string, status: 'due' | 'paid'): Promise<Locator> {
    const row = card().locator(
      `[data-testid="invoice-row"][data-invoice-no="${invoiceNo}"][data-status="${status}"]`,
    );
    await row.waitFor({ timeout: 15_000 });
    return row;
  }

  beforeAll(async () => {
    bkash = await FakeBkash.start();
    stack = await startStack({
      BKASH_BASE_URL: bkash.baseUrl,
      BKASH_APP_KEY: FAKE_BKASH_MERCHANT.appKey,
      BKASH_APP_SECRET: FAKE_BKASH_MERCHANT.appSecret,
      BKASH_USERNAME: FAKE_BKASH_MERCHANT.username,
      BKASH_PASSWORD: FAKE_BKASH_MERCHANT.password,
      // The OLT has no device behind it: no reachability checks in the way.
      OLT_HEALTH_INTERVAL_SECONDS: '3600',
    });
    previousBase = process.env.PONDESK_E2E_BASE_URL;
    process.env.PONDESK_E2E_BASE_URL = stack.baseUrl;

    await addPackage(await platformToken(), {
      kind: 'olt',
      name: PACKAGE,
      portCount: 8,
      oltModes: 'GPON',
      description: 'Up to 8 PON ports',
      monthlyPricePoisha: 250000,
      active: true,
      sortOrder: 1,
    });

    account = newAccount('billing');
    token = (await registerByApi(account)).accessToken;
    // An OLT with nothing behind it (closed loopback ports): billing needs the row, not the device.
    const [snmpPort, telnetPort] = [await freePort(), await freePort()];
    olt = await api<OltDetail>('/olts', token, {
      method: 'POST',
      body: {
        name: OLT,
        host: '127.0.0.1',
        brand: 'vsol',
        mode: 'gpon',
        snmpPort,
        snmpCommunity: 'billing-e2e',
        telnetPort,
        username: 'admin',
        password: 'billing-e2e-pw',
      },
    });
    const db = new Client({ connectionString: databaseUrlFor(stack.databaseName) });
    await db.connect();
    try {
      await db.query('UPDATE olt SET expires_on = $1 WHERE id = $2', [EXPIRY, olt.id]);
    } finally {
      await db.end();
    }
    expect((await api<OltDetail>(`/olts/${olt.id}`, token)).expiresOn).toBe(EXPIRY);

    browser = await launchBrowser();
    page = await signedIn(browser, account, '/package-list');
  }, 180_000);

  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
    await stack?.stop();
    await bkash?.stop();
    process.env.PONDESK_E2E_BASE_URL = previousBase;
  });

  it('Pay Later: asks for a month first, then issues an unpaid invoice shown under All and Due', async () => {
    const pkgCard = page.getByTestId('package-card');
    await pkgCard.first().waitFor({ timeout: 15_000 });
    expect(await pkgCard.count()).toBe(1);
    expect(await textOf(pkgCard.getByTestId('package-name'))).toBe(PACKAGE);
    expect(await textOf(pkgCard.getByTestId('package-price'))).toBe('Tk 2,500.00 / month');
    expect(await pkgCard.textContent()).toContain('8 PON ports · GPON');
    await card().getByTestId('invoice-empty').waitFor({ timeout: 15_000 });

    const dialog = await openPurchase(null);
    // No month chosen: nothing is sent.
    await dialog.getByTestId('purchase-pay-later').click();
    expect(await textOf(dialog.getByTestId('purchase-error'))).toBe('Please Select a Month');
    expect(await dialog.getByTestId('purchase-total').count()).toBe(0);
    expect((await invoices()).total).toBe(0);

    await selectByTestId(page, 'purchase-target', OLT);
    await selectByTestId(page, 'purchase-month', '3 Months');
    // Choosing clears the message; the quote counts from the OLT's expiry.
    expect(await dialog.getByTestId('purchase-error').count()).toBe(0);
    expect(await textOf(dialog.getByTestId('purchase-total'))).toBe('Tk 7,500.00');
    expect(await textOf(dialog.getByTestId('purchase-expiry'))).toBe('10 Mar 2100');
    await dialog.getByTestId('purchase-pay-later').click();
    await expectToast(page, 'success', 'Invoice Generated Successfully!');
    await dialog.waitFor({ state: 'detached' });

    const row = invoiceRow(card(), 'INV-000001');
    await row.waitFor({ timeout: 15_000 });
    expect(await card().getByTestId('invoice-row').count()).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('due');
    expect(await textOf(row.getByTestId('invoice-status'))).toBe('Unpaid');
    expect(await textOf(row.getByTestId('invoice-no'))).toBe('INV-000001');
    expect(await textOf(row.getByTestId('invoice-amount'))).toBe('Tk 7,500.00');
    expect(await row.textContent()).toContain('3 Months');
    expect(await row.textContent()).toContain('Exp. 10 Mar 2100');
    expect(await textOf(row.getByTestId('invoice-pay'))).toBe('Pay');

    const { items } = await invoices();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      invoiceNo: 'INV-000001',
      status: 'due',
      amountPoisha: 750000,
      months: 3,
      packageName: PACKAGE,
      targetId: olt.id,
      expiresOnIfPaidToday: '2100-03-10',
    });
    // Pay Later moves nothing.
    expect((await api<OltDetail>(`/olts/${olt.id}`, token)).expiresOn).toBe(EXPIRY);

    await card().getByTestId('invoice-filter-due').click();
    await card().locator('[data-testid="invoice-filter-due"][aria-pressed="true"]').waitFor();
    await row.waitFor();
    expect(await card().getByTestId('invoice-row').count()).toBe(1);
    await card().getByTestId('invoice-filter-paid').click();
    const empty = card().getByTestId('invoice-empty');
    await empty.waitFor({ timeout: 15_000 });
    expect(await textOf(empty)).toBe('No paid invoices yet.');
    expect(await card().getByTestId('invoice-row').count()).toBe(0);
    await card().getByTestId('invoice-filter-all').click();
    await row.waitFor({ timeout: 15_000 });
  });

  it('Pay Now: bKash in a new window, confirmed, pays the invoice and moves the OLT’s expiry', async () => {
    const dialog = await openPurchase('1 Month');
    expect(await textOf(dialog.getByTestId('purchase-total'))).toBe('Tk 2,500.00');
    expect(await textOf(dialog.getByTestId('purchase-expiry'))).toBe('10 Jan 2100');
    await dialog.getByTestId('purchase-pay-now').click();
    await dialog.waitFor({ state: 'detached' });
    const methods = page.getByTestId('payment-method-dialog');
    await methods.waitFor();
    expect(await methods.textContent()).toContain('INV-000002');
    expect(await methods.textContent()).toContain('Tk 2,500.00');

    const checkout = await payWithBkash();
    expect(await textOf(checkout.getByTestId('bkash-amount'))).toBe('Tk 2500.00');
    expect(bkash.payments()).toHaveLength(1);
    expect(bkash.calls('execute')).toBe(0);
    await checkout.getByTestId('bkash-confirm').click();

    const result = await resultOf(checkout);
    expect(await result.getAttribute('data-result')).toBe('paid');
    expect(await textOf(result.getByTestId('payment-result-title'))).toBe('Payment successful');
    const details = result.getByTestId('payment-result-details');
    await details.getByText('New Expiry').waitFor({ timeout: 15_000 });
    const shown = (await details.textContent()) ?? '';
    expect(shown).toContain('INV-000002');
    expect(shown).toContain('Tk 2,500.00');
    expect(shown).toContain('10 Jan 2100');
    await checkout.close();

    // bKash was asked to execute once, and holds the payment completed for the invoice's amount.
    expect(bkash.calls('execute')).toBe(1);
    const [payment] = bkash.payments();
    expect(payment).toMatchObject({ amount: '2500.00', transactionStatus: 'Completed', outcome: 'success' });

    // Back in the console's window, the invoice shows as paid without a reload.
    await comeBack();
    const row = await rowIn('INV-000002', 'paid');
    expect(await textOf(row.getByTestId('invoice-status'))).toBe('Paid');
    expect(await textOf(row.getByTestId('invoice-amount'))).toBe('Tk 2,500.00');
    expect(await row.getByTestId('invoice-pay').count()).toBe(0);
    expect(await invoiceRow(card(), 'INV-000001').getAttribute('data-status')).toBe('due');

    const paid = (await invoices()).items.find((i) => i.invoiceNo === 'INV-000002');
    expect(paid).toMatchObject({
      status: 'paid',
      amountPoisha: 250000,
      paymentMethod: 'bKash',
      periodFrom: '2099-12-11',
      periodTo: '2100-01-10',
      trxId: payment.trxID,
    });
    expect((await api<OltDetail>(`/olts/${olt.id}`, token)).expiresOn).toBe('2100-01-10');

    await page.goto('/olt-list');
    const expiry = page.getByTestId('expiry-cell');
    await expiry.first().waitFor({ timeout: 15_000 });
    expect(await expiry.count()).toBe(1);
    expect(await textOf(expiry)).toBe('10 Jan 2100');
    expect(await expiry.getAttribute('data-state')).toBe('active');
  });

  it('Pay on the unpaid invoice, cancelled on bKash, leaves it unpaid and the expiry as it was', async () => {
    await page.goto('/package-list');
    const row = invoiceRow(card(), 'INV-000001');
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('invoice-pay').click();
    const methods = page.getByTestId('payment-method-dialog');
    await methods.waitFor();
    expect(await methods.textContent()).toContain('INV-000001');
    expect(await methods.textContent()).toContain('Tk 7,500.00');

    const checkout = await payWithBkash();
    expect(await textOf(checkout.getByTestId('bkash-amount'))).toBe('Tk 7500.00');
    await checkout.getByTestId('bkash-cancel').click();
    const result = await resultOf(checkout);
    expect(await result.getAttribute('data-result')).toBe('cancelled');
    expect(await textOf(result.getByTestId('payment-result-title'))).toBe('Payment cancelled');
    expect(await result.getByTestId('payment-result-details').textContent()).toContain('INV-000001');
    await checkout.close();

    // Nothing was executed; bKash holds the second payment as cancelled.
    expect(bkash.calls('execute')).toBe(1);
    expect(bkash.payments()).toHaveLength(2);
    expect(bkash.payments()[1]).toMatchObject({ amount: '7500.00', transactionStatus: 'Cancelled' });

    await comeBack();
    await page.reload();
    const due = await rowIn('INV-000001', 'due');
    expect(await textOf(due.getByTestId('invoice-status'))).toBe('Unpaid');
    expect(await due.getByTestId('invoice-pay').count()).toBe(1);
    expect((await invoices()).items.find((i) => i.invoiceNo === 'INV-000001')?.status).toBe('due');
    expect((await api<OltDetail>(`/olts/${olt.id}`, token)).expiresOn).toBe('2100-01-10');
  });

  it('Generate PDF saves invoice.pdf with the invoice’s number and amount as text', async () => {
    const row = invoiceRow(card(), 'INV-000002');
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('invoice-open').click();
    const dialog = page.getByTestId('invoice-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    const document = dialog.getByTestId('invoice-document');
    await document.waitFor();
    expect(await document.textContent()).toContain('INV-000002');
    expect(await document.textContent()).toContain('Tk 2,500.00');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      dialog.getByTestId('invoice-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoice.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const strings = pdfStrings(pdf);
    expect(strings).toContain('INV-000002');
    expect(strings).toContain('Tk 2,500.00');
    expect(strings).toContain('Paid');
    expect(strings).toContain(`${PACKAGE} package`);
    // The file itself carries the text uncompressed (jsPDF writes its streams plain unless told otherwise).
    expect(pdf.toString('latin1')).toContain('(INV-000002) Tj');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a package the platform administrator adds on /platform/catalogue is offered on the ISP’s page', async () => {
    const admin = await browser.newContext({
      baseURL: stack.baseUrl,
      viewport: { width: 1366, height: 860 },
    });
    try {
      const adminPage = await admin.newPage();
      await adminPage.goto('/login');
      await signIn(adminPage, PLATFORM_ADMIN.username, PLATFORM_ADMIN.password);
      await adminPage.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
      await adminPage.goto('/platform/catalogue');
      await adminPage.getByTestId('platform-catalogue-page').waitFor({ timeout: 15_000 });
      await adminPage.getByText(PACKAGE, { exact: true }).waitFor({ timeout: 15_000 });

      await adminPage.getByTestId('package-add').click();
      const form = adminPage.getByTestId('package-dialog');
      await form.waitFor();
      await form.getByTestId('package-name').fill('EPON 4 Port');
      await form.getByTestId('package-ports').fill('4');
      await form.getByTestId('package-modes').fill('EPON');
      await form.getByTestId('package-price').fill('1200');
      await form.getByTestId('package-order').fill('2');
      await form.getByTestId('package-description').fill('Small EPON OLTs');
      await form.getByTestId('package-dialog-submit').click();
      await expectToast(adminPage, 'success', 'Package EPON 4 Port added');
      await form.waitFor({ state: 'detached' });
      await adminPage.getByText('EPON 4 Port', { exact: true }).waitFor();
    } finally {
      await admin.close();
    }

    await page.reload();
    const cards = page.getByTestId('package-card');
    await cards.nth(1).waitFor({ timeout: 15_000 });
    expect(await cards.getByTestId('package-name').allTextContents()).toEqual([PACKAGE, 'EPON 4 Port']);
    const added = cards.filter({ hasText: 'EPON 4 Port' });
    expect(await textOf(added.getByTestId('package-price'))).toBe('Tk 1,200.00 / month');
    expect(await added.textContent()).toContain('4 PON ports · EPON');
    expect(await added.textContent()).toContain('Small EPON OLTs');
  });
});
