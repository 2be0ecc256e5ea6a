import type { Browser } from 'playwright-core';
import { HOST_MESSAGE, Permission, type OltList } from '@pondesk/contracts';
import { launchBrowser, openPage } from './support';
import { expectToast, newAccount, registerByApi, signIn, waitForPath } from './pages/identity';
import { api } from './pages/monitoring';
import { chooseOltBilling, ensureOltPackage } from './pages/billing';
import { choose, submitAddOlt } from './pages/olts';
import { countLoginPosts, failSignIns, openPort, roleWithUser } from './pages/walk-forms';

const BILLING_PACKAGE = 'EPON 4 port';

// Real sign-ins (argon2id) and port checks through the worker; give each walk room.
jest.setTimeout(120000);

describe('forms an operator meets first', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Add OLT's billing offers the catalogue's packages: the platform administrator's, added once.
    await ensureOltPackage(BILLING_PACKAGE);
  });
  afterAll(() => browser?.close());

  it('sign-in names each empty field without posting, and shows a lockout with its seconds', async () => {
    const account = newAccount('lock');
    await registerByApi(account);
    const { page } = await openPage(browser, '/login');
    const posts = countLoginPosts(page);
    const button = page.getByRole('button', { name: 'Sign in' });

    await button.click();
    await page.getByText('Please input a username!').waitFor();
    await page.getByText('Password is required!').waitFor();
    await page.getByLabel('User Name').fill(account.username);
    await button.click();
    await page.getByText('Password is required!').waitFor();
    expect(await page.getByText('Please input a username!').count()).toBe(0);
    expect(posts()).toBe(0);

    // Five wrong passwords lock the account for a while (the limit in rate-rules); then the right
    // one is refused with the time left, not as a wrong password.
    await failSignIns(account.username, 5);
    await signIn(page, account.username, account.password);
    const lockout = page.getByTestId('login-lockout');
    await lockout.waitFor();
    expect(await lockout.textContent()).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    const first = Number(/in (\d+) seconds/.exec((await lockout.textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(800); // a 15-minute window, just started
    expect(await button.isDisabled()).toBe(true);
    await page.waitForFunction(
      (start) => {
        const text = document.querySelector('[data-testid="login-lockout"]')?.textContent ?? '';
        return Number(/in (\d+) seconds/.exec(text)?.[1]) < start;
      },
      first,
      { timeout: 5000 },
    );
    expect(posts()).toBe(1);
    expect(await page.getByText('Invalid credentials!').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('adds an OLT without a MikroTik, and refuses words and impossible addresses as its IP', async () => {
    const account = newAccount('nomk');
    const token = (await registerByApi(account)).accessToken;
    const telnet = await openPort();
    try {
      const { page } = await openPage(browser, '/login');
      await signIn(page, account.username, account.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/add-olt');
      await page.getByTestId('no-mikrotik').waitFor();
      const hostField = page.getByLabel('Olt IP');
      for (const bad of ['abc', '999.1.1.1']) {
        await hostField.fill(bad);
        await hostField.blur();
        await page.locator('#olt-host-helper-text', { hasText: HOST_MESSAGE }).waitFor();
      }
      await page.getByLabel('Mikrotik IP').fill('999.1.1.1');
      await page.getByLabel('Mikrotik IP').blur();
      await page.locator('#olt-mikrotikHost-helper-text', { hasText: HOST_MESSAGE }).waitFor();
      await page.getByLabel('Mikrotik IP').fill('');

      await page.getByLabel('Olt Name').fill('No MikroTik OLT');
      await hostField.fill('127.0.0.1');
      await page.getByLabel('Telnet Port').fill(String(telnet.port));
      await choose(page, 'Brand', 'V-SOL');
      await choose(page, 'Mode', 'EPON');
      await page.getByLabel('SNMP Community').fill('public');
      await chooseOltBilling(page, BILLING_PACKAGE, '3 Months');
      await page.locator('[data-testid="port-check-olt"][data-state="open"]').waitFor({ timeout: 15000 });
      await submitAddOlt(page);
      // Its details say there is no MikroTik rather than showing empty fields.
      const [created] = (await api<OltList>('/olts', token)).items;
      await page.goto(`/olt-list/${created.id}`);
      await page.getByTestId('olt-details-no-mikrotik').waitFor();
    } finally {
      await telnet.close();
    }
  });

  it('asks before switching a role off, says so, and leaves its users a way on', async () => {
    const admin = newAccount('radm');
    const auth = await registerByApi(admin);
    const staff = newAccount('rstf');
    const roleName = `Field ${staff.username.slice(-4)}`;
    await roleWithUser(auth.accessToken, roleName, [Permission.OltList], staff);

    const member = await openPage(browser, '/login');
    await signIn(member.page, staff.username, staff.password);
    await waitForPath(member.page, '/olt-list');

    const { page } = await openPage(browser, '/login');
    await signIn(page, admin.username, admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/roles');
    const toggle = page.getByRole('switch', { name: `Active: ${roleName}` });
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: `Switch off the role ${roleName}?` });
    await dialog.getByText('1 user holds this role. They lose its 1 menu at once').waitFor();
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByRole('button', { name: 'Yes, switch it off' }).click();
    await expectToast(page, 'success', 'Role deactivated successfully!');
    expect(await toggle.isChecked()).toBe(false);

    // The member's next navigation finds the screen gone, and a way on.
    await member.page.goto('/olt-list');
    await member.page.getByTestId('forbidden').waitFor({ timeout: 15000 });
    await member.page.getByRole('button', { name: 'Sign out' }).waitFor();
    await member.page.getByRole('link', { name: 'Go to My profile' }).click();
    await waitForPath(member.page, '/profile');

    // A server validation message names the field as the form labels it.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit profile' });
    await edit.getByLabel('Contact Number').fill('12ab');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Contact number must be 6–20 digits, optionally starting with +').waitFor();
  });
});
