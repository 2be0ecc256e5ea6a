import type { Browser } from 'playwright-core';
import { ONU_SORTS, type OltDetail, type OltList } from '@pondesk/contracts';
import { SimulatorProcess, freePort } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { expectToast, newAccount, registerByApi, waitForPath } from './pages/identity';
import { addFleet, api, cardValue, staffWithCodes } from './pages/monitoring';
import {
  dismissProfilePopup,
  oltCount,
  oltRow,
  onuListSettled,
  onuListTotal,
  signedInPage,
  sortOf,
} from './pages/walk-lists';

/**
 * The list screens as an operator walks them: every ONU column sorts both ways, the counts drill down
 * to the filtered lists, users without OLTs are told what to do, an unreachable OLT shows why and the
 * OLT cards add up, and deleting an OLT says so.
 */
describe('walking the lists', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: ReturnType<typeof newAccount>;
  let olts: Map<string, OltDetail>;
  let dead: OltDetail;

  beforeAll(async () => {
    // Five GPON OLTs (one of them unreachable) and one EPON: more GPON OLTs than a port card shows at first.
    sim = await SimulatorProcess.start(
      [
        { name: 'walk-bdcom-g', brand: 'bdcom', mode: 'gpon', ponPorts: 4, onusPerPort: 12 },
        { name: 'walk-vsol-g', brand: 'vsol', mode: 'gpon', ponPorts: 4, onusPerPort: 12 },
        { name: 'walk-cdata-g', brand: 'cdata', mode: 'gpon', ponPorts: 4, onusPerPort: 12 },
        { name: 'walk-avies-g', brand: 'avies', mode: 'gpon', ponPorts: 4, onusPerPort: 12 },
        { name: 'walk-vsol-e', brand: 'vsol', mode: 'epon', ponPorts: 2, onusPerPort: 12 },
      ],
      { seed: 7 },
    );
    account = newAccount('walk');
    token = (await registerByApi(account)).accessToken;
    olts = await addFleet(sim, token);
    // Nothing listens on this loopback port: the OLT cannot be reached.
    const closed = await freePort();
    dead = await api<OltDetail>('/olts', token, {
      method: 'POST',
      body: {
        name: 'walk-dead-g',
        host: '127.0.0.1',
        brand: 'bdcom',
        mode: 'gpon',
        snmpPort: closed,
        snmpCommunity: 'public',
        telnetPort: closed,
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  it('sorts an ONU list by every header, both ways, without an error panel', async () => {
    const page = await signedInPage(browser, account, '/olt-data-ports');
    await onuListSettled(page);
    const headers = page.locator('thead .MuiTableSortLabel-root');
    const n = await headers.count();
    expect(n).toBeGreaterThanOrEqual(8);
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      for (let click = 0; click < 2; click++) {
        const before = page.url();
        await headers.nth(i).click();
        await page.waitForURL((url) => url.toString() !== before);
        await onuListSettled(page);
        const { sort, order } = sortOf(page);
        expect(await page.getByText('Could not load the ONUs').count()).toBe(0);
        expect(await page.getByTestId('onu-row').count()).toBe(20);
        seen.add(`${sort} ${order}`);
      }
    }
    // Every header's column in both directions, Description (PPPoE) and Vendor among them.
    const sorts = new Set([...seen].map((s) => s.split(' ')[0]));
    expect(sorts.size).toBe(n);
    for (const s of sorts) expect(ONU_SORTS).toContain(s);
    for (const s of ['description', 'vendor'])
      for (const o of ['asc', 'desc']) expect(seen).toContain(`${s} ${o}`);
    expect(seen.size).toBe(n * 2);
  });

  it('drills down from the dashboard cards to the filtered ONU lists', async () => {
    const page = await signedInPage(browser, account, '/dashboard');
    const offline = await cardValue(page, 'offline');
    const weak = await cardValue(page, 'weak');
    expect(offline).toBeGreaterThan(0);
    expect(weak).toBeGreaterThan(0);

    await page.getByTestId('dashboard-card-offline').getByRole('link').click();
    await waitForPath(page, /^\/olt-data-ports\?status=offline$/);
    expect(await onuListTotal(page)).toBe(offline);

    await page.goto('/dashboard');
    await dismissProfilePopup(page);
    await page.getByTestId('dashboard-card-weak').getByRole('link').click();
    await waitForPath(page, /^\/olt-data-ports\?signal=weak24$/);
    expect(await onuListTotal(page)).toBe(weak);
    // Every row on screen is at -24 dBm or weaker.
    const rx = await page
      .locator('[data-testid="onu-row"] [data-rx]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-rx'))));
    expect(rx.length).toBeGreaterThan(0);
    expect(rx.every((v) => v <= -24)).toBe(true);
    // The filter the card applied is on screen, and clearing it there lists every ONU again.
    const signal = page.getByRole('combobox', { name: 'Signal' });
    expect(await signal.textContent()).toBe('-24 dBm or weaker');
    await signal.click();
    await page.getByRole('option', { name: 'Any signal' }).click();
    await waitForPath(page, /^\/olt-data-ports$/);
    await page
      .getByText(new RegExp(`^(?!${weak} ONUs?$)\\d+ ONUs?$`))
      .first()
      .waitFor();
    expect(await onuListTotal(page)).toBeGreaterThan(weak);

    await page.goto('/dashboard');
    await dismissProfilePopup(page);
    await page.getByTestId('dashboard-card-olt').getByRole('link').click();
    await waitForPath(page, '/olt-list');
  });

  it('shows every OLT of a port-usage card behind a visible Show all', async () => {
    const page = await signedInPage(browser, account, '/dashboard');
    const gpon = page.getByTestId('dashboard-ports-gpon');
    await gpon.getByTestId('dashboard-port-olt').first().waitFor({ timeout: 15000 });
    const gponCount = [...olts.values()].filter((o) => o.mode === 'gpon').length + 1;
    expect(await gpon.getByTestId('dashboard-port-olt').count()).toBeLessThan(gponCount);
    const toggle = gpon.getByTestId('dashboard-port-olts-toggle');
    expect(await toggle.textContent()).toContain(`Show all ${gponCount} GPON OLTs`);
    await toggle.click();
    expect(await gpon.getByTestId('dashboard-port-olt').count()).toBe(gponCount);
    // Nothing sits inside a scroll box: the card is as tall as what it holds.
    const clipped = await gpon.evaluate((card) =>
      [card, ...card.querySelectorAll('*')].some(
        (el) =>
          ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) &&
          el.scrollHeight > el.clientHeight + 1,
      ),
    );
    expect(clipped).toBe(false);
  });

  it('lists ONU counts per OLT, linking to its ONUs, and the details page links there too', async () => {
    const name = 'walk-vsol-g';
    const olt = (await api<OltList>(`/olts?search=${name}`, token)).items[0];
    const page = await signedInPage(browser, account, '/olt-list');
    const count = oltRow(page, name).getByTestId('olt-onu-count');
    await count.waitFor({ timeout: 15000 });
    expect(await count.textContent()).toBe(`${olt.onlineOnuCount}/${olt.onuCount}`);
    await count.click();
    await waitForPath(page, new RegExp(`^/olt-data-ports\\?olt=${olt.id}$`));
    expect(await onuListTotal(page)).toBe(olt.onuCount);

    await page.goto(`/olt-list/${olt.id}`);
    await page.getByTestId('olt-view-onus').click();
    await waitForPath(page, new RegExp(`^/olt-data-ports\\?olt=${olt.id}$`));
    await page.goto(`/olt-list/${olt.id}`);
    await page.getByTestId('onu-count-offline').click();
    await waitForPath(page, new RegExp(`^/olt-data-ports\\?olt=${olt.id}&status=offline$`));
    expect(await onuListTotal(page)).toBe(olt.onuCount - olt.onlineOnuCount);
  });

  it('tells staff without OLTs to ask an administrator, offering Add OLT only with Olt List (2006)', async () => {
    const viewer = await staffWithCodes(token, [2007, 2008]);
    const page = await signedInPage(browser, viewer, '/dashboard');
    const empty = page.getByTestId('dashboard-no-olt');
    await empty.waitFor({ timeout: 15000 });
    expect(await empty.textContent()).toContain('No OLTs assigned to you');
    expect(await empty.textContent()).toContain('Ask an administrator');
    expect(await page.getByRole('link', { name: 'Add OLT' }).count()).toBe(0);
    await page.goto('/olt-data-ports');
    await page.getByText(/No OLTs assigned to you/).waitFor({ timeout: 15000 });
    await page.goto('/add-olt');
    await page.getByTestId('forbidden').waitFor({ timeout: 15000 });

    const adder = await staffWithCodes(token, [2006, 2008]);
    const second = await signedInPage(browser, adder, '/dashboard');
    await second.getByTestId('dashboard-no-olt').filter({ hasText: 'No OLTs assigned to you' }).waitFor();
    await second.getByRole('link', { name: 'Add OLT' }).waitFor();
    await second.goto('/olt-list');
    const listEmpty = second.getByTestId('olt-list-empty');
    await listEmpty.waitFor({ timeout: 15000 });
    expect(await listEmpty.textContent()).toContain('No OLTs assigned to you');
  });

  it('shows why an unreachable OLT is not online, and the OLT cards add up', async () => {
    // The health check records the failure on the OLT (it may still read Unknown before it turns Offline).
    const until = Date.now() + 60_000;
    let row = (await api<OltList>('/olts?search=walk-dead-g', token)).items[0];
    while (!row.lastError && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 1000));
      row = (await api<OltList>('/olts?search=walk-dead-g', token)).items[0];
    }
    expect(row.id).toBe(dead.id);
    expect(row.status).not.toBe('online');
    expect(row.lastError).toBeTruthy();

    const page = await signedInPage(browser, account, '/olt-list');
    const list = await api<OltList>('/olts?pageSize=100', token);
    const by = (s: string) => list.items.filter((o) => o.status === s).length;
    const [total, online, offline, unknown] = await Promise.all([
      oltCount(page, 'total'),
      oltCount(page, 'online'),
      oltCount(page, 'offline'),
      oltCount(page, 'unknown'),
    ]);
    expect(total).toBe(olts.size + 1);
    expect(online + offline + unknown).toBe(total);
    expect([online, offline, unknown]).toEqual([by('online'), by('offline'), by('unknown')]);
    expect(offline + unknown).toBeGreaterThanOrEqual(1);

    const deadRow = oltRow(page, 'walk-dead-g');
    await deadRow.getByTestId('olt-last-error').waitFor({ timeout: 15000 });
    // The error as the API had it when read (a newer check may have replaced it meanwhile).
    const listed = list.items.find((o) => o.id === dead.id)?.lastError;
    expect([row.lastError, listed]).toContain(await deadRow.getByTestId('olt-last-error').textContent());
    expect(await deadRow.getByTestId('olt-status').getAttribute('data-status')).toBe(row.status);
    // Online OLTs carry no error line.
    expect(await oltRow(page, 'walk-bdcom-g').getByTestId('olt-last-error').count()).toBe(0);
  });

  it('says so when an OLT is deleted', async () => {
    const page = await signedInPage(browser, account, '/olt-list');
    await page.getByRole('button', { name: 'Delete walk-dead-g' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'success', 'walk-dead-g');
    await oltRow(page, 'walk-dead-g').waitFor({ state: 'detached', timeout: 15000 });
    await page
      .getByTestId('olt-count-total')
      .filter({ hasText: new RegExp(`OLT${olts.size}$`) })
      .waitFor();
  });
});
