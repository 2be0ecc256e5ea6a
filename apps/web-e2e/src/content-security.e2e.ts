import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support';
import { newAccount, registerByApi, signedIn } from './pages/identity';

/** Records every Content-Security-Policy violation the page reports, from the next navigation on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

describe('the content security policy the server sends', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('lets the sign-in screen and the API docs run without a single violation', async () => {
    const { page, consoleErrors } = await openPage(browser, '/status');
    const violations = await watchViolations(page);
    for (const path of ['/login', '/register', '/password/email', '/api/docs']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
    }
    await page.goto('/api/docs');
    await page.getByText('PonDesk API').first().waitFor({ timeout: 15000 });
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('lets every screen of a signed-in operator run without a violation', async () => {
    const account = newAccount('csp');
    await registerByApi(account);
    const page = await signedIn(browser, account, '/dashboard');
    const violations = await watchViolations(page);
    for (const path of [
      '/dashboard',
      '/olt-list',
      '/add-olt',
      '/olt-data-ports',
      '/users',
      '/roles',
      '/profile',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('#main-content').waitFor({ timeout: 15000 });
      expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
    }
  });
});
