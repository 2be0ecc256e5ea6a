import type { Browser, Page, WebSocket } from 'playwright-core';
import { newAccount, registerByApi, sidebarGroups, signIn, waitForPath } from './pages/identity';
import { launchBrowser, openPage } from './support';

jest.setTimeout(120000);

/** Every key and value of both web storages of the page. */
function storages(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const all: string[] = [];
    for (const store of [window.localStorage, window.sessionStorage])
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i)!;
        all.push(key, store.getItem(key) ?? '');
      }
    return all;
  });
}

/** The page's Socket.IO websocket once it is open, with the frames the server sent on it. */
function socketOf(page: Page): Promise<{ ws: WebSocket; received: string[] }> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      const received: string[] = [];
      ws.on('framereceived', (f) => received.push(String(f.payload)));
      resolve({ ws, received });
    }),
  );
}

/** The new account's "complete your profile" popup covers the shell; put it off. */
async function dismissProfilePopup(page: Page): Promise<void> {
  const later = page
    .getByRole('dialog', { name: 'Complete your profile' })
    .getByRole('button', { name: 'Later' });
  await later.click({ timeout: 15000 });
  await later.waitFor({ state: 'detached', timeout: 5000 });
}

describe('the session lives in an httpOnly cookie; sockets end with it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('keeps no refresh token where scripts reach, survives a reload, and logout drops the other tab', async () => {
    const account = newAccount('ck');
    await registerByApi(account);
    const { page, consoleErrors } = await openPage(browser, '/login');
    await signIn(page, account.username, account.password);
    await waitForPath(page, '/dashboard');

    // The refresh cookie: httpOnly, SameSite=Strict, only sent to the auth routes.
    const cookies = await page.context().cookies();
    const refresh = cookies.find((c) => c.name === 'pondesk_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(refresh!.value.length).toBeGreaterThan(20);
    // Out of reach of scripts: not in document.cookie, nor in either web storage.
    expect(await page.evaluate(() => document.cookie)).not.toContain('pondesk_refresh');
    const stored = await storages(page);
    expect(stored.join('\n')).not.toContain(refresh!.value.replace(/^s~/, ''));
    expect(stored.filter((s) => /refresh/i.test(s))).toEqual([]);

    // A reload signs in again through the cookie.
    await page.reload();
    await dismissProfilePopup(page);
    expect(await sidebarGroups(page)).toHaveLength(5);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await storages(page)).join('\n')).not.toContain(refresh!.value.replace(/^s~/, ''));

    // A second tab of the same browser shares the session and opens its own socket.
    const second = await page.context().newPage();
    const socket = socketOf(second);
    await second.goto('/dashboard');
    await dismissProfilePopup(second);
    const { ws, received } = await socket;
    expect(ws.isClosed()).toBe(false);
    const closed = new Promise<number>((resolve) => ws.on('close', () => resolve(Date.now())));

    // Logout in the first tab: the server drops the second tab's socket at once…
    const loggedOutAt = Date.now();
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    const closedAt = await Promise.race([
      closed,
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error('socket not closed')), 10000)),
    ]);
    expect(closedAt - loggedOutAt).toBeLessThan(5000);
    // …by a disconnect packet of its own (Socket.IO "41"), not because the tab gave up on its session.
    expect(received).toContain('41');
    // The tab then finds its session over and shows the sign-in page.
    await waitForPath(second, '/login');
    expect((await page.context().cookies()).find((c) => c.name === 'pondesk_refresh')).toBeUndefined();

    // Only the expected 401s of the ended session may show as failed loads.
    expect(consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await page.context().close();
  });
});
