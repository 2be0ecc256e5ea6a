import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './chromium';

export { launchBrowser };

/** Where the API started by the global setup serves the built web app. */
/** What the global setup started, for tests that look into it: its database, its syslog receiver. */
export function stackDatabaseUrl(): string {
  return setting('PONDESK_E2E_DATABASE_URL');
}

export function stackSyslogPort(): number {
  return Number(setting('PONDESK_E2E_SYSLOG_PORT'));
}

function setting(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the e2e project through jest (npx jest --selectProjects e2e)`);
  return value;
}

export function baseUrl(): string {
  const url = process.env.PONDESK_E2E_BASE_URL;
  if (!url)
    throw new Error(
      'PONDESK_E2E_BASE_URL is not set: run the e2e project through jest (npx jest --selectProjects e2e)',
    );
  return url;
}

/** A fresh browser context and page; console errors of the page are collected for assertions. */
export async function openPage(
  browser: Browser,
  path = '/',
  viewport = { width: 1366, height: 860 },
): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  // Said on stderr as it happens, so a page that never comes leaves its reason in the run's log: the app's
  // uncaught errors, and answers that end a session or a page (401, 429, 5xx) or never arrived.
  const say = (line: string) => process.stderr.write(`[browser ${new URL(page.url()).pathname}] ${line}\n`);
  page.on('pageerror', (e) => say(`uncaught: ${e.message}`));
  page.on('response', (r) => {
    const status = r.status();
    if (status === 401 || status === 429 || status >= 500)
      say(`${status} ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? 'failed';
    if (!why.includes('ERR_ABORTED')) say(`${why}: ${r.method()} ${r.url()}`);
  });
  await page.goto(path);
  return { page, consoleErrors };
}

type Box = { x: number; y: number; width: number; height: number };

const sameBox = (a: Box | null, b: Box | null): b is Box =>
  !!a &&
  !!b &&
  Math.abs(a.x - b.x) < 0.5 &&
  Math.abs(a.y - b.y) < 0.5 &&
  Math.abs(a.width - b.width) < 0.5 &&
  Math.abs(a.height - b.height) < 0.5;

/** An element's box once it has stopped moving or resizing (transitions finished), within `timeoutMs`. */
export async function settledBox(locator: Locator, timeoutMs = 2000): Promise<Box> {
  const deadline = Date.now() + timeoutMs;
  let last = await locator.boundingBox();
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await locator.boundingBox();
    if (sameBox(last, now)) return now;
    if (Date.now() > deadline) throw new Error(`the element kept moving for ${timeoutMs} ms`);
    last = now;
  }
}
