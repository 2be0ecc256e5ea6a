import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { PING_MESSAGES, type MonitorServer } from '@pondesk/contracts';
import { createPingHosts, pingHostsAvailable, type PingHosts } from '@pondesk/device-simulator';
import { baseUrl, launchBrowser, stackDatabaseUrl } from './support';
import { expectToast, newAccount, registerByApi, signedIn, type Account } from './pages/identity';
import { api } from './pages/monitoring';
import { PNG_1PX, chartState, serverCard, waitForPoints, waitForState } from './pages/ping';
import { fieldError } from './pages/pops';
import { screenshot } from './pages/walk-onu-table';

/**
 * The IP monitor against the real stack: the worker's prober (on in the e2e stack) pings each server every
 * second with fping and pushes each second's results over the socket. Servers sit on loopback addresses of
 * this test's own (127.0.6.x), which always answer, and on the addresses of a network namespace the test
 * makes (198.18.x.x, reachable only on this machine), which it can silence.
 */
describe('IP monitor (/ping)', () => {
  let browser: Browser;
  let account: Account;
  let token: string;
  let hosts: PingHosts;
  let db: Client;

  const servers = () => api<MonitorServer[]>('/monitor/servers', token);

  /** Adds a server as the modal does (the form is multipart). */
  async function addServer(name: string, ip: string): Promise<MonitorServer> {
    const form = new FormData();
    form.append('name', name);
    form.append('ip', ip);
    const res = await fetch(`${baseUrl()}/api/v1/monitor/servers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`add ${name} (${ip}): ${res.status} ${await res.text()}`);
    return (await res.json()) as MonitorServer;
  }

  beforeAll(async () => {
    if (!pingHostsAvailable())
      throw new Error('this test makes a network namespace for hosts that stop answering: run it as root');
    hosts = await createPingHosts(1);
    account = newAccount('ping');
    token = (await registerByApi(account)).accessToken;
    db = new Client({ connectionString: stackDatabaseUrl() });
    await db.connect();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await hosts?.close();
    await db?.end();
  });

  const close = (page: Page) => page.context().close();

  it('adds a server through the modal and its card charts it live, keeping the last 10 points', async () => {
    const page = await signedIn(browser, account, '/ping');
    await page.getByRole('heading', { name: 'Ping', exact: true }).waitFor();
    await page.getByTestId('ping-empty').filter({ hasText: 'No servers yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');

    await page.getByRole('button', { name: 'Add New' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Add New Server' });
    expect(await modal.getByLabel('Latency Limit').inputValue()).toBe('50');
    await modal.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(modal, 'Name')).toBe('Please enter the server name');
    expect(await fieldError(modal, 'IP')).toBe('Please enter the IP address');
    await modal.getByLabel('Name').fill('Loopback');
    await modal.getByLabel('IP').fill('127.0.6');
    await modal.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(modal, 'IP')).toBe('Enter an IPv4 address, e.g. 10.0.0.1');
    await modal.getByLabel('IP').fill('127.0.6.1');

    // Images only; the preview is at most 100 px wide.
    const logo = modal.getByTestId('server-logo-input');
    await logo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await modal.getByTestId('server-logo-error').textContent()).toBe(
      'The logo must be an image (PNG, JPEG, GIF or WebP)',
    );
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
    const preview = modal.getByTestId('server-logo-preview');
    await preview.waitFor();
    expect(await preview.evaluate((img) => getComputedStyle(img).maxWidth)).toBe('100px');

    // While it saves, every input and the submit button are disabled, and Esc does not close it.
    await page.route('**/api/v1/monitor/servers', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await modal.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="server-form"] input')].every(
        (i) => (i as HTMLInputElement).disabled,
      ),
    );
    expect(await modal.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    await expectToast(page, 'success', PING_MESSAGES.serverCreated);
    await modal.waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/monitor/servers');

    const card = serverCard(page, 'Loopback');
    await card.waitFor();
    expect(await card.getByTestId('server-ip').textContent()).toBe('127.0.6.1');
    const img = card.getByTestId('server-logo');
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).naturalWidth === 1,
      await img.elementHandle(),
    );
    expect((await img.boundingBox())!.width).toBeLessThanOrEqual(100);

    // Live: each second's result is pushed and drawn; a loopback address answers well within 50 ms.
    const first = await waitForPoints(page, 'Loopback', 1);
    const later = await waitForPoints(page, 'Loopback', Math.min(10, first.points + 3), first.lastAt);
    expect(later.points).toBeGreaterThan(first.points);
    await waitForState(page, 'Loopback', 'ok');
    expect(await card.getByTestId('server-badge').textContent()).toBe('ok');
    expect(await card.getByTestId('server-latency').textContent()).toMatch(/^\d+(\.\d{1,2})? ms$/);
    expect(await card.getByTestId('server-loss').textContent()).toBe('0%');
    expect(await card.getByTestId('server-alert-overlay').count()).toBe(0);

    // The chart keeps the last 10 points and moves on.
    const full = await waitForPoints(page, 'Loopback', 10, '', 30_000);
    const moved = await waitForPoints(page, 'Loopback', 10, full.lastAt);
    expect(moved.points).toBe(10);
    await screenshot(page, 'ping-live');
    await close(page);
  });

  it('shows a server red when it stops answering, with why, and green again when it answers', async () => {
    const [address] = hosts.addresses;
    await addServer('Namespace host', address);
    const page = await signedIn(browser, account, '/ping');
    const card = serverCard(page, 'Namespace host');
    await waitForState(page, 'Namespace host', 'ok');

    await hosts.setAnswering(address, false);
    const redMs = await waitForState(page, 'Namespace host', 'alert', 15_000);
    expect(await card.getByTestId('server-badge').textContent()).toBe('alert');
    expect(await card.getByTestId('server-alert-reason').textContent()).toBe('Not answering');
    expect(await card.getByTestId('server-latency').textContent()).toBe('No answer');
    await card.getByTestId('server-alert-overlay').waitFor();
    // The other card stays green.
    expect(await serverCard(page, 'Loopback').getAttribute('data-state')).toBe('ok');
    await screenshot(page, 'ping-alert');

    await hosts.setAnswering(address, true);
    const greenMs = await waitForState(page, 'Namespace host', 'ok', 15_000);
    expect(await card.getByTestId('server-alert-overlay').count()).toBe(0);
    expect(await card.getByTestId('server-alert-reason').textContent()).toBe('');
    // Measured, not asserted beyond the waits above (timing budgets belong to the bench).
    process.stdout.write(
      `ping e2e: card red ${redMs} ms after the host went silent, green ${greenMs} ms after\n`,
    );
    const stored = (await servers()).find((s) => s.ip === address)!;
    expect([stored.state, stored.alertReason]).toEqual(['ok', null]);
    await close(page);
  });

  it('edits a server, shows a taken IP on its field, searches, and opens the history', async () => {
    const page = await signedIn(browser, account, '/ping');
    const card = serverCard(page, 'Loopback');
    await card.waitFor();
    await card.getByRole('button', { name: 'Edit Loopback' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Server' });
    expect(await modal.getByLabel('IP').inputValue()).toBe('127.0.6.1');
    await modal.getByTestId('server-logo-preview').waitFor();
    await modal.getByLabel('IP').fill(hosts.addresses[0]);
    await modal.getByLabel('IP').press('Enter');
    await page.getByTestId('toast-error').waitFor();
    const taken = await fieldError(modal, 'IP');
    expect(taken).not.toBe('');
    expect(taken).not.toContain('pinged every second');

    await modal.getByLabel('IP').fill('127.0.6.1');
    await modal.getByLabel('Latency Limit').fill('100');
    await modal.getByRole('button', { name: 'Remove logo' }).click();
    await modal.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'success', PING_MESSAGES.serverUpdated);
    await modal.waitFor({ state: 'detached' });
    await card.getByText('100 ms', { exact: true }).waitFor();
    expect(await card.getByTestId('server-logo').count()).toBe(0);
    const stored = (await servers()).find((s) => s.name === 'Loopback')!;
    expect([stored.ip, stored.latencyLimitMs, stored.logoUrl]).toEqual(['127.0.6.1', 100, null]);

    await page.getByTestId('ping-search').fill('namespace');
    await page.getByTestId('server-card').filter({ hasText: 'Namespace host' }).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('namespace');
    await page.getByTestId('ping-search').fill('');
    await card.waitFor();

    // The history per minute of the last 24 h, from the rollups: two hours of them written as the
    // prober writes them, ending an hour ago, one minute with a 42 ms peak and one with half lost.
    const hourAgo = Math.floor(Date.now() / 60_000) * 60_000 - 3600_000;
    for (let i = 0; i < 120; i++)
      await db.query(
        `INSERT INTO ping_minute (target_id, minute, sent, received, min_ms, avg_ms, max_ms) VALUES ($1, $2, 60, $3, 1, 2, $4)`,
        [stored.id, new Date(hourAgo - i * 60_000), i === 7 ? 30 : 60, i === 3 ? 42 : 3],
      );
    const history = page.waitForResponse(
      (r) => r.url().includes(`/monitor/servers/${stored.id}/history`) && r.status() === 200,
    );
    await card.getByRole('button', { name: '24 h history of Loopback' }).click();
    await history;
    const dialog = page.getByTestId('server-history-dialog');
    await dialog.getByText('Loopback · 127.0.6.1').waitFor();
    const chart = dialog.getByTestId('history-chart');
    await chart.waitFor();
    // Its own minutes since it was added may have been rolled up too.
    expect(Number(await chart.getAttribute('data-minutes'))).toBeGreaterThanOrEqual(120);
    await dialog.getByText('42 ms', { exact: true }).waitFor();
    await screenshot(page, 'ping-history');
    // The last hour holds none of those minutes.
    await dialog.getByRole('button', { name: 'Last 1 h' }).click();
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid="history-chart"]')?.getAttribute('data-minutes') ?? '0') <
        120,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await close(page);
  });

  it('deletes after asking; a failure stays in the dialog with the server’s words or the spec’s', async () => {
    const page = await signedIn(browser, account, '/ping');
    const card = serverCard(page, 'Loopback');
    await card.getByRole('button', { name: 'Delete Loopback' }).click();
    const dialog = page.getByRole('dialog', { name: PING_MESSAGES.deleteTitle });
    await dialog.getByText(PING_MESSAGES.deleteText).waitFor();
    await dialog.getByRole('button', { name: PING_MESSAGES.deleteCancel }).click();
    await dialog.waitFor({ state: 'detached' });

    const id = (await servers()).find((s) => s.name === 'Loopback')!.id;
    const url = `**/api/v1/monitor/servers/${id}`;
    await page.route(url, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'The server is busy' }),
      }),
    );
    await card.getByRole('button', { name: 'Delete Loopback' }).click();
    await dialog.getByRole('button', { name: PING_MESSAGES.deleteConfirm }).click();
    expect(await dialog.getByTestId('delete-server-error').textContent()).toBe('The server is busy');
    await page.unroute(url);
    await page.route(url, (route) => route.fulfill({ status: 500, body: '' }));
    await dialog.getByRole('button', { name: PING_MESSAGES.deleteConfirm }).click();
    await dialog.getByTestId('delete-server-error').filter({ hasText: PING_MESSAGES.deleteFailed }).waitFor();
    await page.unroute(url);
    expect((await servers()).some((s) => s.id === id)).toBe(true);

    await dialog.getByRole('button', { name: PING_MESSAGES.deleteConfirm }).click();
    await expectToast(page, 'success', PING_MESSAGES.serverDeleted);
    await card.waitFor({ state: 'detached' });
    expect((await servers()).map((s) => s.name)).toEqual(['Namespace host']);
    await close(page);
  });

  it('says when the servers cannot be read, with Retry, and fits a phone in dark mode', async () => {
    const page = await signedIn(browser, account, '/profile', { width: 390, height: 844 });
    // Dark mode, as the top bar's toggle leaves it.
    await page.evaluate(() => localStorage.setItem('pondesk.colorMode', 'dark'));
    await page.route('**/api/v1/monitor/servers?*', (route) => route.fulfill({ status: 503, body: '' }));
    await page.route('**/api/v1/monitor/servers', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/ping');
    const error = page.getByTestId('ping-error');
    await error.filter({ hasText: 'Could not load the servers' }).waitFor({ timeout: 15_000 });
    await page.unrouteAll();
    await error.getByRole('button', { name: 'Retry' }).click();
    await serverCard(page, 'Namespace host').waitFor();
    await error.waitFor({ state: 'detached' });
    const chart = await chartState(serverCard(page, 'Namespace host'));
    expect(chart.points).toBeGreaterThan(0);
    // The card is drawn in the dark theme's colours: a dark surface under light text.
    const [surface, text] = await serverCard(page, 'Namespace host').evaluate((el) => {
      const lum = (c: string) => {
        const [r, g, b] = (c.match(/\d+/g) ?? []).map(Number);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      return [
        lum(getComputedStyle(el).backgroundColor),
        lum(getComputedStyle(el.querySelector('h2')!).color),
      ];
    });
    expect(surface).toBeLessThan(60);
    expect(text).toBeGreaterThan(180);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'ping-phone');
    await close(page);
  });
});
