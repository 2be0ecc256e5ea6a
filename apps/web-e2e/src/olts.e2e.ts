import { createConnection, createServer, type Server } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitFor } from '@pondesk/server-testing';
import { launchBrowser, openPage } from './support';
import { expectToast, newAccount, registerByApi, signIn, waitForPath } from './pages/identity';

const ROOT = resolve(__dirname, '../../..');

interface SimDevice {
  host: string;
  snmpPort: number;
  community: string;
  telnetPort: number;
  onus: number;
}

function checkTcp(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => (s.destroy(), done(true)));
    s.on('error', () => done(false));
  });
}

/** A MUI select: open it by its label and pick the option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('OLT fleet in the browser', () => {
  let browser: Browser;
  let sim: ChildProcess;
  let device: SimDevice;
  let mikrotik: Server;
  let mikrotikPort: number;

  beforeAll(async () => {
    // The simulated OLT runs as its own process, as `npm run sim` does, on a spare port range.
    const dir = mkdtempSync(join(tmpdir(), 'pondesk-e2e-fleet-'));
    const fleetFile = join(dir, 'fleet.json');
    writeFileSync(
      fleetFile,
      JSON.stringify({
        name: 'e2e',
        seed: 42,
        devices: [{ name: 'vsol-e2e', brand: 'vsol', mode: 'epon', ponPorts: 2, onusPerPort: 8 }],
      }),
    );
    const base = 20000 + ((await freePort()) % 20000);
    const args = [
      resolve(ROOT, 'tools/run-ts.cjs'),
      resolve(ROOT, 'libs/device/simulator/src/main.ts'),
      '--fleet',
      fleetFile,
      '--base-port',
      String(base),
    ];
    const listed = await new Promise<string>((done, fail) => {
      const p = spawn(process.execPath, [...args, '--list', '--json'], { cwd: ROOT });
      let out = '';
      p.stdout.on('data', (d: Buffer) => (out += d.toString()));
      p.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`sim --list exited ${code}`))));
    });
    device = (JSON.parse(listed) as SimDevice[])[0];
    sim = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    await waitFor(async () => (await checkTcp(device.telnetPort)) || undefined, {
      timeoutMs: 20000,
      what: 'the simulated OLT',
    });
    // The MikroTik is only port-checked here: an open TCP port stands in for its API port.
    mikrotik = createServer((s) => s.end());
    await new Promise<void>((r) => mikrotik.listen(0, '127.0.0.1', r));
    mikrotikPort = (mikrotik.address() as { port: number }).port;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (mikrotik ? mikrotik.close(() => r()) : r()));
    sim?.kill('SIGTERM');
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
    await page.getByLabel('Billing package').fill('EPON 4 port');
    await page.getByLabel('Months').fill('3');

    await page.locator('[data-testid="port-check-olt"][data-state="open"]').waitFor({ timeout: 15000 });
    await page.locator('[data-testid="port-check-mikrotik"][data-state="open"]').waitFor({ timeout: 15000 });
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Add Olt');
      return b && !b.hasAttribute('disabled');
    });
    await add.click();
    await expectToast(page, 'success', 'Olt Created Successfully!');
    await waitForPath(page, '/olt-list');

    await page.getByRole('button', { name: 'View Uttara VSOL' }).first().click();
    await waitForPath(page, /^\/olt-list\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Uttara VSOL' });
    await heading
      .locator('xpath=..')
      .locator('[data-testid="olt-status"][data-status="online"]')
      .waitFor({ timeout: 60000 });
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="onu-count-onus"] p')?.textContent?.trim() === String(n),
      device.onus,
      { timeout: 30000 },
    );
    expect(consoleErrors).toEqual([]);
  });
});
