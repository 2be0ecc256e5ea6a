import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { AuthResponse, SwitchList, SwitchPortList } from '@pondesk/contracts';
import { SimulatorProcess, type SimDeviceInfo } from '@pondesk/server-testing';
import { baseUrl, launchBrowser } from './support';
import {
  expectToast,
  newAccount,
  registerByApi,
  signedIn,
  sidebarItems,
  type Account,
} from './pages/identity';
import { api, pick, staffWithCodes } from './pages/monitoring';

// The first poll of a new switch shares the machine with the rest of the suite.
jest.setTimeout(180000);

/** The simulated switch's port as the simulator holds it. */
interface SimPort {
  port: number;
  link: 'up' | 'down';
  sfp: boolean;
  rxDbm: number | null;
}

/**
 * Switches in the browser, against one simulated SNR switch (8 ports, the last 4 SFP cages) with
 * simulated time frozen: add it with the live SNMP check, see its ports' badges, open a port's graph,
 * and watch a link cut in the simulator turn the port red without a reload.
 */
describe('switches in the browser', () => {
  const NAME = 'snr-e2e';
  let browser: Browser;
  let sim: SimulatorProcess;
  let fleetDir: string;
  let device: SimDeviceInfo;
  let account: Account;
  let token: string;

  beforeAll(async () => {
    fleetDir = mkdtempSync(join(tmpdir(), 'pondesk-e2e-switch-'));
    const fleet = join(fleetDir, 'fleet.json');
    writeFileSync(
      fleet,
      JSON.stringify({
        name: 'switch-e2e',
        seed: 7,
        devices: [{ name: NAME, brand: 'snr', ports: 8, sfpPorts: 4, hostname: 'SNR-E2E' }],
      }),
    );
    sim = await SimulatorProcess.start({ file: fleet }, { timeScale: 0 });
    device = await sim.device(NAME);
    account = newAccount('switchop');
    token = (await registerByApi(account)).accessToken;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
    if (fleetDir) rmSync(fleetDir, { recursive: true, force: true });
  });

  it('adds a switch with a valid SNMP check, shows its ports, opens a graph and turns a cut port red live', async () => {
    const page = await signedIn(browser, account, '/switch-list?tab=manage');
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.getByRole('tab', { name: 'Manage', selected: true }).waitFor();

    await page.getByRole('button', { name: 'Add New' }).click();
    const form = page.getByTestId('switch-form');
    await form.waitFor();
    await form.getByLabel('Sw IP').fill(device.host);
    await form.getByLabel('SNMP Community').fill(device.community);
    const check = form.getByTestId('switch-port-check');
    // The port is checked only once the address is whole: no community or port yet means neutral.
    await form.getByLabel('SNMP Port').fill('');
    await form.locator('[data-testid="switch-port-check"][data-state="idle"]').waitFor();
    await form.getByLabel('SNMP Port').fill(String(device.snmpPort));
    await form.locator('[data-testid="switch-port-check"][data-state="open"]').waitFor({ timeout: 20000 });
    expect(await check.textContent()).toMatch(/^SNMP answered in \d+ ms$/);
    await form.getByLabel('Switch Name').fill('Core SNR');
    await form.getByLabel('Data Collection Ratio').fill('1');
    await pick(page, 'Brands', 'SNR');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'success', 'Submitted Successfully!');

    const row = page.getByTestId('switch-row').filter({ hasText: 'Core SNR' });
    await row.waitFor();
    // The community is never shown, only that one is stored.
    expect(await row.getByTestId('switch-community').textContent()).toBe('••••••');
    expect(await page.content()).not.toContain(`>${device.community}<`);
    const sw = (await api<SwitchList>('/switches', token)).items.find((s) => s.name === 'Core SNR')!;
    expect(sw).toMatchObject({
      ip: device.host,
      snmpPort: device.snmpPort,
      brand: 'snr',
      hasCommunity: true,
    });
    expect(JSON.stringify(sw)).not.toContain(`"${device.community}"`);

    // The first poll stores the ports the optics driver reads: the SFP cages, lit or dark.
    const state = (await (await fetch(`${sim.control}/devices/${NAME}/state`)).json()) as {
      ports: SimPort[];
    };
    const sfps = state.ports.filter((p) => p.sfp);
    const until = Date.now() + 90000;
    let ports: SwitchPortList;
    for (;;) {
      ports = await api<SwitchPortList>(`/switch-ports?switchId=${sw.id}&pageSize=100`, token);
      if (ports.total === sfps.length) break;
      if (Date.now() > until) throw new Error(`the switch's ports were not stored in 90 s (${ports.total})`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(ports.items.map((p) => p.ifIndex).sort()).toEqual(sfps.map((p) => p.port).sort());

    // An SFP port with light: the one whose link is cut below.
    const lit = sfps.find((p) => p.link === 'up' && p.rxDbm !== null);
    if (!lit) throw new Error('the simulated switch has no lit SFP port (change the fleet seed)');
    const target = ports.items.find((p) => p.ifIndex === lit.port)!;
    expect(target).toMatchObject({ link: 'up', power: 'good' });

    await page.getByRole('tab', { name: 'Ports' }).click();
    await page.waitForURL((url) => url.pathname === '/switch-list' && !url.searchParams.has('tab'));
    const portRow = page.locator(`[data-testid="switch-port-row"][data-port-id="${target.id}"]`);
    const badge = portRow.getByTestId('switch-port-power');
    await badge.and(page.locator('[data-power="good"]')).waitFor({ timeout: 15000 });
    // Coloured by band, and saying it in words too.
    expect(await badge.getAttribute('class')).toContain('MuiChip-colorSuccess');
    expect(await badge.textContent()).toBe('Good');
    expect(await page.getByTestId('switch-port-row').count()).toBe(sfps.length);
    for (const p of ports.items.filter((x) => x.power === 'down')) {
      const down = page.locator(`[data-port-id="${p.id}"] [data-testid="switch-port-power"]`);
      expect(await down.getAttribute('class')).toContain('MuiChip-colorError');
    }

    // The port's graph: its current values and its readings.
    await portRow.getByRole('link', { name: /^Details of/ }).click();
    await page.waitForURL((url) => url.pathname === `/switch-graph/${sw.id}/${target.id}`);
    await page.getByRole('heading', { level: 1, name: 'Core SNR' }).waitFor();
    await page.locator('[data-testid="switch-port-tiles"][data-power="good"]').waitFor({ timeout: 15000 });
    expect(await page.getByTestId('switch-tile-rx-value').textContent()).toBe(
      `${target.rxDbm!.toFixed(2)} dBm`,
    );
    await page.getByTestId('switch-port-chart').waitFor({ timeout: 15000 });
    expect(
      Number(await page.getByTestId('switch-port-chart').getAttribute('data-rx-points')),
    ).toBeGreaterThan(0);

    // Back on the list (in the page, not a reload), cut the port's link in the simulator.
    await page.goBack();
    await badge.and(page.locator('[data-power="good"]')).waitFor({ timeout: 15000 });
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await sim.send('PUT', `/devices/${NAME}/ports/${lit.port}/link`, { up: false });
    // Polled at once rather than at the next minute.
    await api(`/switches/${sw.id}/poll`, token, { method: 'POST' });
    await badge.and(page.locator('[data-power="down"]')).waitFor({ timeout: 30000 });
    expect(await badge.getAttribute('class')).toContain('MuiChip-colorError');
    expect(await portRow.getByTestId('switch-port-link').textContent()).toBe('Down');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('keeps a user without 2004 out: 403 from the API and no Switch List item', async () => {
    const staff = await staffWithCodes(token, [2006]);
    const login = await fetch(`${baseUrl()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: staff.username, password: staff.password }),
    });
    const staffToken = ((await login.json()) as AuthResponse).accessToken;
    const res = await fetch(`${baseUrl()}/api/v1/switches`, {
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(res.status).toBe(403);

    const page = await signedIn(browser, staff, '/olt-list');
    await page.getByRole('heading', { name: 'Olt List' }).waitFor();
    const items = await sidebarItems(page);
    expect(items).toContain('Olt List');
    expect(items).not.toContain('Switch List');
    // The address itself leads to the forbidden page.
    await page.goto('/switch-list');
    await page.waitForURL((url) => url.pathname === '/forbidden');
  });
});
