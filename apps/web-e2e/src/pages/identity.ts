import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AuthResponse, DevOutbox } from '@pondesk/contracts';
import { baseUrl, openPage } from '../support';

/** Page helpers for the identity screens: sign-in, register, the shell and the dev outbox. */

export interface Account {
  username: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'isp'): Account {
  const id = randomBytes(4).toString('hex');
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com`, password: `pass-${id}-word` };
}

/** A fresh ISP account through the API (for tests whose subject is not registration itself). */
export async function registerByApi(account: Account): Promise<AuthResponse> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: account.username,
      email: account.email,
      password: account.password,
      passwordConfirmation: account.password,
      acceptTerms: true,
    }),
  });
  if (res.status !== 201) throw new Error(`register ${account.username}: ${res.status} ${await res.text()}`);
  return (await res.json()) as AuthResponse;
}

/** What the development mail and SMS transports "sent" to one recipient, newest first. */
export async function outbox(to: string): Promise<DevOutbox> {
  const res = await fetch(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`dev outbox: ${res.status} ${await res.text()}`);
  return (await res.json()) as DevOutbox;
}

export async function waitForOutbox<T>(to: string, pick: (o: DevOutbox) => T | null | undefined): Promise<T> {
  const until = Date.now() + 10000;
  for (;;) {
    const found = pick(await outbox(to));
    if (found) return found;
    if (Date.now() > until) throw new Error(`nothing arrived for ${to} in the dev outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const toast = (page: Page, kind: 'success' | 'error'): Locator => page.getByTestId(`toast-${kind}`);

export async function expectToast(page: Page, kind: 'success' | 'error', text: string): Promise<void> {
  await toast(page, kind).filter({ hasText: text }).waitFor({ timeout: 10000 });
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in on a page of its own (a fresh browser context, optionally sized) and opens `path`. */
export async function signedIn(
  browser: Browser,
  account: { username: string; password: string },
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const { page } = await openPage(browser, '/login', viewport);
  await signIn(page, account.username, account.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15000 });
  await page.goto(path);
  return page;
}

export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)),
    {
      timeout: 15000,
    },
  );
}

/** The sidebar group headings the signed-in user sees, in order. */
export async function sidebarGroups(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor({ timeout: 15000 });
  return nav.locator('[data-testid^="nav-group-"]').allTextContents();
}

export async function sidebarItems(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').allTextContents();
}
