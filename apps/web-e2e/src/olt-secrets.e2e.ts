import { createServer, type Server } from 'node:net';
import type { Browser } from 'playwright-core';
import type { OltDetail } from '@pondesk/contracts';
import { baseUrl, launchBrowser, openPage } from './support';
import { expectToast, newAccount, registerByApi, signIn, waitForPath } from './pages/identity';

/** A TCP port open on two loopback addresses, so the form's port check passes before and after the move. */
async function listenOnBoth(): Promise<{ port: number; servers: Server[] }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = createServer((s) => s.end());
    await new Promise<void>((r) => first.listen(0, '127.0.0.1', r));
    const port = (first.address() as { port: number }).port;
    const second = createServer((s) => s.end());
    const ok = await new Promise<boolean>((r) => {
      second.once('error', () => r(false));
      second.listen(port, '127.0.0.3', () => r(true));
    });
    if (ok) return { port, servers: [first, second] };
    await new Promise<void>((r) => first.close(() => r()));
  }
  throw new Error('no port free on both 127.0.0.1 and 127.0.0.3');
}

async function apiCall<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('Edit OLT: stored secrets follow an address change only when typed again', () => {
  let browser: Browser;
  let servers: Server[] = [];
  let port: number;

  beforeAll(async () => {
    ({ port, servers } = await listenOnBoth());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
  });

  it('asks for the affected secrets as the address changes, before submitting, and saves once they are typed', async () => {
    const account = newAccount('oltsec');
    const auth = await registerByApi(account);
    const created = await apiCall<OltDetail>('/olts', auth.accessToken, {
      method: 'POST',
      body: {
        name: 'Secret OLT',
        host: '127.0.0.1',
        brand: 'vsol',
        mode: 'epon',
        snmpCommunity: 'stored-community',
        telnetPort: port,
        username: 'admin',
        password: 'stored-password',
        pollIntervalSeconds: 3600,
      },
    });
    expect(created.status).toBe(201);

    const { page, consoleErrors } = await openPage(browser, '/login');
    await signIn(page, account.username, account.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/edit-olt/${created.body.id}`);
    const host = page.getByLabel('Olt IP');
    await host.waitFor();
    const communityHelp = page.locator('#olt-snmpCommunity-helper-text');
    const passwordHelp = page.locator('#olt-password-helper-text');
    expect(await passwordHelp.textContent()).toBe('stored — leave empty to keep');

    // Moving the OLT makes the community and the telnet password required, saying why.
    await host.fill('127.0.0.3');
    await communityHelp
      .filter({ hasText: "Re-enter the SNMP community: the OLT's address changed" })
      .waitFor();
    await passwordHelp
      .filter({ hasText: "Re-enter the telnet password: the OLT's address changed" })
      .waitFor();
    expect(await page.locator('#olt-password').getAttribute('required')).not.toBeNull();
    // The enable password is not stored: nothing to ask for.
    expect(await page.locator('#olt-enablePassword').getAttribute('required')).toBeNull();

    // Submitting without them sends nothing: the first missing one gets the focus.
    await page.locator('[data-testid="port-check-olt"][data-state="open"]').waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'Update Olt' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'olt-snmpCommunity');
    expect((await apiCall<OltDetail>(`/olts/${created.body.id}`, auth.accessToken)).body.host).toBe(
      '127.0.0.1',
    );

    // Typed again, the requirement goes away and the update saves.
    await page.locator('#olt-snmpCommunity').fill('new-community');
    await page.locator('#olt-password').fill('new-password');
    await passwordHelp.filter({ hasText: 'stored — leave empty to keep' }).waitFor();
    await page.getByRole('button', { name: 'Update Olt' }).click();
    await expectToast(page, 'success', 'Olt Updated Successfully!');
    await waitForPath(page, '/olt-list');
    const saved = await apiCall<OltDetail>(`/olts/${created.body.id}`, auth.accessToken);
    expect(saved.body).toMatchObject({ host: '127.0.0.3', hasPassword: true });
    expect(consoleErrors).toEqual([]);
  });
});
