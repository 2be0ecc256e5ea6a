import type { Browser, Page } from 'playwright-core';
import { SimulatorProcess, type SimDeviceInfo } from '@pondesk/server-testing';
import { baseUrl, launchBrowser } from './support';
import { startStack, type E2eStack } from './support/stack';
import { expectToast, newAccount, registerByApi, signedIn } from './pages/identity';

const OLT = 'vpn-e2e-olt';
const PUBLIC_ADDRESS = 'vpn.pondesk.example';

/**
 * Profile → Add VPN and the OLT form's VPN Test in the browser, on a stack of this file's own whose API and
 * worker have the simulator's VPN concentrator configured (the shared stack has none).
 */
describe('VPN: Add VPN on the profile and the VPN Test of the OLT form', () => {
  let stack: E2eStack;
  let previousBase: string | undefined;
  let sim: SimulatorProcess;
  let olt: SimDeviceInfo;
  let browser: Browser;
  let account: ReturnType<typeof newAccount>;

  const field = (page: Page, testId: string) => page.getByTestId(testId);

  beforeAll(async () => {
    sim = await SimulatorProcess.start([
      { name: OLT, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 2 },
    ]);
    olt = await sim.device(OLT);
    const c = await sim.concentrator();
    stack = await startStack({
      VPN_CONCENTRATOR_HOST: c.host,
      VPN_CONCENTRATOR_PORT: String(c.port),
      VPN_CONCENTRATOR_USER: c.username,
      VPN_CONCENTRATOR_PASSWORD: c.password,
      VPN_CONCENTRATOR_PROFILE: c.profile,
      VPN_PUBLIC_ADDRESS: PUBLIC_ADDRESS,
    });
    previousBase = process.env.PONDESK_E2E_BASE_URL;
    process.env.PONDESK_E2E_BASE_URL = stack.baseUrl;
    account = newAccount('vpn');
    await registerByApi(account);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await sim?.stop();
    process.env.PONDESK_E2E_BASE_URL = previousBase;
  });

  it('adds the VPN: the four fields with the command, Copy with its toast, the same account after a reload', async () => {
    const page = await signedIn(browser, account, '/profile');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const add = page.getByRole('button', { name: 'Add VPN' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent?.trim() === 'Add VPN' && !b.hasAttribute('disabled'),
      ),
    );
    await add.click();
    await expectToast(page, 'success', 'VPN Added Successfully!');
    await page.getByTestId('vpn-message').filter({ hasText: 'VPN Added Successfully!' }).waitFor();

    const username = await field(page, 'vpn-username').inputValue();
    const password = await field(page, 'vpn-password').inputValue();
    expect(await field(page, 'vpn-connection-name').inputValue()).toBe('pondesk-l2tp');
    expect(username).toMatch(/^pd-[0-9a-f]{8}$/);
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/);
    const command = `/interface l2tp-client add name=pondesk-l2tp connect-to=${PUBLIC_ADDRESS} user=${username} password=${password} disabled=no`;
    expect(await field(page, 'vpn-command').inputValue()).toBe(command);
    // The password is hidden until asked for; the fields are read-only.
    expect(await field(page, 'vpn-password').getAttribute('type')).toBe('password');
    expect(await field(page, 'vpn-username').getAttribute('readonly')).not.toBeNull();
    // What the page shows is the secret on the concentrator.
    const secret = (await sim.concentrator()).secrets.find((s) => s.name === username);
    expect(secret).toMatchObject({ password, service: 'l2tp' });
    await page.locator('[data-testid="vpn-connected"][data-connected="false"]').waitFor();
    expect(await page.getByTestId('vpn-connected').textContent()).toBe('Not connected');

    await page.getByRole('button', { name: 'Copy Connection Name' }).click();
    await expectToast(page, 'success', 'Connection Name copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('pondesk-l2tp');
    await page.getByRole('button', { name: 'Copy Command' }).click();
    await expectToast(page, 'success', 'Command copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);

    // The router dials in; a second visit shows the same account, connected.
    await sim.connectVpn(username);
    await page.reload();
    await page.locator('[data-testid="vpn-connected"][data-connected="true"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('vpn-connected').textContent()).toBe('Connected');
    expect(await field(page, 'vpn-username').inputValue()).toBe(username);
    expect(await field(page, 'vpn-password').inputValue()).toBe(password);
    expect(await field(page, 'vpn-command').inputValue()).toBe(command);
    expect(await page.getByRole('button', { name: 'Add VPN' }).count()).toBe(0);
  });

  it('tests an OLT through the VPN from the Add Olt form', async () => {
    const page = await signedIn(browser, account, '/add-olt');
    await page.getByLabel('Olt IP').fill(olt.host);
    await page.getByLabel('Telnet Port').fill(String(olt.telnetPort));
    await page.getByLabel('SNMP Port').fill(String(olt.snmpPort));
    await page.getByLabel('SNMP Community').fill(olt.community);
    await page.getByRole('button', { name: 'VPN Test' }).click();
    const result = page.getByTestId('vpn-test-result');
    await result.filter({ hasText: 'Test Success' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('vpn-test-port-telnet').getAttribute('data-state')).toBe('open');
    expect(await page.getByTestId('vpn-test-port-snmp').getAttribute('data-state')).toBe('open');
  });

  it('removes the VPN after confirming, and Add VPN comes back', async () => {
    const page = await signedIn(browser, account, '/profile');
    await page.getByRole('button', { name: 'Remove VPN' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove VPN' }).click();
    await expectToast(page, 'success', 'VPN Removed');
    await page.getByRole('button', { name: 'Add VPN' }).waitFor();
    expect(await page.getByTestId('vpn-username').count()).toBe(0);
    expect((await sim.concentrator()).secrets.filter((s) => s.name.startsWith('pd-'))).toEqual([]);
  });
});
