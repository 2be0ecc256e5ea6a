import { createServer, type Server } from 'node:net';
import type { Browser } from 'playwright-core';
import { SimulatorProcess, type SimDeviceInfo } from '@pondesk/server-testing';
import { launchBrowser, openPage } from './support';
import { newAccount, registerByApi, signIn, waitForPath } from './pages/identity';
import { chooseOltBilling, ensureOltPackage } from './pages/billing';
import { choose, submitAddOlt } from './pages/olts';

const BILLING_PACKAGE = 'EPON 4 port';

// Adding an OLT waits for its first real poll, which shares the machine with the rest of the suite.
jest.setTimeout(120000);

describe('OLT fleet in the browser', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let device: SimDeviceInfo & { onus: number };
  let mikrotik: Server;
  let mikrotikPort: number;

  beforeAll(async () => {
    // The simulated OLT runs as its own process, as `npm run sim` does, on a spare port range.
    sim = await SimulatorProcess.start(
      [{ name: 'vsol-e2e', brand: 'vsol', mode: 'epon', ponPorts: 2, onusPerPort: 8 }],
      {
        seed: 42,
      },
    );
    [device] = await sim.devices();
    // The MikroTik is only port-checked here: an open TCP port stands in for its API port.
    mikrotik = createServer((s) => s.end());
    await new Promise<void>((r) => mikrotik.listen(0, '127.0.0.1', r));
    mikrotikPort = (mikrotik.address() as { port: number }).port;
    browser = await launchBrowser();
    // Add OLT's billing offers the catalogue's packages: the platform administrator's, added once.
    await ensureOltPackage(BILLING_PACKAGE);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (mikrotik ? mikrotik.close(() => r()) : r()));
    await sim?.stop();
  });

  it('adds a simulated OLT: both port checks turn valid, it saves, and it comes online with its ONUs', async () => {
    const account = newAccount('oltop');
    await registerByApi(account);
    const { page, consoleErrors } = await openPage(browser, '/login');
    await signIn(page, account.username, account.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/add-olt');

    const add = page.getByRole('button', { name: 'Add Olt' });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true); // no port has been checked yet
    await page.getByLabel('Mikrotik IP').fill('127.0.0.1');
    await page.getByLabel('Mikrotik Port').fill(String(mikrotikPort));
    await page.getByLabel('Olt Name').fill('Uttara VSOL');
    await page.getByLabel('Olt IP').fill(device.host);
    await page.getByLabel('Telnet Port').fill(String(device.telnetPort));
    await choose(page, 'Brand', 'V-SOL');
    await choose(page, 'Mode', 'EPON');
    await page.getByLabel('SNMP Port').fill(String(device.snmpPort));
    await page.getByLabel('SNMP Community').fill(device.community);
    await chooseOltBilling(page, BILLING_PACKAGE, '3 Months');

    await page.locator('[data-testid="port-check-olt"][data-state="open"]').waitFor({ timeout: 15000 });
    await page.locator('[data-testid="port-check-mikrotik"][data-state="open"]').waitFor({ timeout: 15000 });
    await submitAddOlt(page);

    await page.getByRole('button', { name: 'View Uttara VSOL' }).first().click();
    await waitForPath(page, /^\/olt-list\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Uttara VSOL' });
    await heading
      .locator('xpath=..')
      .locator('[data-testid="olt-status"][data-status="online"]')
      .waitFor({ timeout: 90000 });
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="onu-count-onus"] p')?.textContent?.trim() === String(n),
      device.onus,
      { timeout: 30000 },
    );
    expect(consoleErrors).toEqual([]);
  });
});
