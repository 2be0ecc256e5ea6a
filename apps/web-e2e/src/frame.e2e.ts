import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage } from './support';

describe('the app frame served by the API', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('serves the built web app at / and shows every part of the system up', async () => {
    const { page, consoleErrors } = await openPage(browser, '/status');
    await page.getByText('All systems operational').waitFor({ timeout: 15000 });
    for (const part of ['database', 'redis', 'worker']) {
      await expect(
        page.getByTestId(`health-${part}`).getByText('Up', { exact: true }).isVisible(),
      ).resolves.toBe(true);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('remembers the dark-mode choice across reloads', async () => {
    const { page } = await openPage(browser, '/status');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();
    await page.getByRole('button', { name: 'Toggle dark mode' }).first().click();
    await page.waitForFunction((b) => getComputedStyle(document.body).backgroundColor !== b, before);
    const toggled = await background();
    await page.reload();
    await page.waitForFunction((t) => getComputedStyle(document.body).backgroundColor === t, toggled);
    expect(await background()).not.toBe(before);
  });

  it('answers client-side routes with the app and API 404s with JSON', async () => {
    const html = await fetch(`${baseUrl()}/some/deep/link`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('<div id="root">');
    const api = await fetch(`${baseUrl()}/api/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
