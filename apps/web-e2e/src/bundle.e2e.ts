import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support';

/** The build the stack serves (see support/stack.ts). */
const WEB_DIST = resolve(process.env.PONDESK_E2E_WEB_DIST ?? resolve(__dirname, '../../../dist/web'));
const BUDGET_BYTES = 250 * 1024;

describe('the sign-in route', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('ships under 250 KB of gzipped JavaScript and loads no other screen', async () => {
    const { page } = await openPage(browser, 'about:blank');
    const scripts: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');

    const gzipped = scripts.reduce(
      (sum, path) => sum + gzipSync(readFileSync(resolve(WEB_DIST, `.${path}`)), { level: 9 }).length,
      0,
    );
    process.stdout.write(
      `sign-in route: ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped\n`,
    );
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
    // Lazy loading: the console's own screens are not part of it.
    expect(scripts.filter((s) => /(shell-layout|users-page|roles-page|profile-page)/.test(s))).toEqual([]);
    await page.context().close();
  });
});
