import type { Browser } from 'playwright-core';
import { parsePppoeIds, type OltDetail, type OnuDetail } from '@pondesk/contracts';
import type { SimOnuState, SimulatorProcess } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { expectToast, signedIn, type Account } from './pages/identity';
import {
  api,
  cardValue,
  firstRx,
  openPppoeSearch,
  pick,
  rowRx,
  staffWithCodes,
  startDemoFleet,
} from './pages/monitoring';

describe('monitoring with the demo fleet', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: Account;
  let olts: Map<string, OltDetail>;
  let onus: Map<string, SimOnuState[]>;

  /** An online simulated ONU of an OLT whose description carries exactly one PPPoE id. */
  const subscriber = (olt: string) => {
    const o = onus.get(olt)!.find((x) => x.status === 'online' && parsePppoeIds(x.description).length === 1)!;
    return { ...o, pppoe: parsePppoeIds(o.description)[0] };
  };

  beforeAll(async () => {
    // The demo fleet with simulated time frozen: what the console shows can be compared exactly.
    ({ sim, account, token, olts, onus } = await startDemoFleet('noc'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  it("shows the simulator's state on the dashboard", async () => {
    const page = await signedIn(browser, account, '/dashboard');
    const all = [...onus.values()].flat();
    let ports = 0;
    for (const name of olts.keys()) ports += (await sim.pons(name)).length;
    // A reading within 0.05 dB of -24 may round either way on the device; count those as either.
    const weak = all.filter((o) => o.status === 'online' && o.rxDbm !== null && o.rxDbm <= -24.05).length;
    const edge = all.filter(
      (o) => o.status === 'online' && o.rxDbm !== null && Math.abs(o.rxDbm + 24) < 0.05,
    ).length;

    expect(await cardValue(page, 'olt')).toBe(olts.size);
    expect(await cardValue(page, 'olt-port')).toBe(ports);
    expect(await cardValue(page, 'offline')).toBe(all.filter((o) => o.status === 'offline').length);
    const shown = await cardValue(page, 'weak');
    expect(shown).toBeGreaterThanOrEqual(weak);
    expect(shown).toBeLessThanOrEqual(weak + edge);
  });

  it('filters the ONU list to one OLT and port, sorts by rx, and reads one signal live', async () => {
    const name = 'vsol-epon-1';
    const page = await signedIn(browser, account, '/olt-data-ports');
    await pick(page, 'OLT', new RegExp(`^${name} \\(`));
    await pick(page, 'Port', 'EPON port 3');
    const onPort = onus.get(name)!.filter((o) => o.ponPort === 3);
    await page.getByText(`${onPort.length} ONUs`, { exact: true }).waitFor();
    await page
      .getByTestId('onu-page')
      .filter({ hasText: `Page 1 of ${Math.ceil(onPort.length / 20)}` })
      .waitFor();
    const ifNames = await page.locator('[data-testid="onu-row"] td:nth-child(2)').allTextContents();
    expect(ifNames.length).toBe(20);
    expect(ifNames.every((n) => /^EPON0\/3:\d+$/.test(n.trim()))).toBe(true);

    const online = onPort.filter((o) => o.status === 'online').map((o) => o.rxDbm!);
    await page.getByRole('button', { name: 'RX' }).click();
    await page.waitForURL(/sort=rx/);
    // The weakest reading of the port leads once the server's sorted page has arrived.
    await firstRx(page, Math.min(...online));
    const readings = (await rowRx(page)).filter((v): v is number => v !== null);
    expect(readings).toEqual([...readings].sort((a, b) => a - b));

    await page.getByRole('button', { name: 'RX' }).click();
    await page.waitForURL(/order=desc/);
    await firstRx(page, Math.max(...online));
    const descending = (await rowRx(page)).filter((v): v is number => v !== null);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    // Get reads the OLT now: move the ONU's signal in the simulator and the reading follows.
    const row = page.getByTestId('onu-row').first();
    const onu = await api<OnuDetail>(`/onus/${await row.getAttribute('data-onu-id')}`, token);
    await sim.send('PUT', `/devices/${name}/onus/${onu.ponPort}/${onu.onuId}/rx`, { rxDbm: -26.5 });
    await row.getByRole('button', { name: /^Get the signal of/ }).click();
    await row.getByTestId('signal-reading').filter({ hasText: 'dBm -26.50' }).waitFor({ timeout: 30000 });
  });

  it('opens a PPPoE page from the search popup, reboots the ONU and sees it leave and come back live', async () => {
    const sub = subscriber('bdcom-gpon-1');
    // (Not from the dashboard: a new account's profile-completion popup holds the keyboard there.)
    const page = await signedIn(browser, account, '/olt-list');
    await page.getByRole('heading', { name: 'Olt List' }).waitFor();
    await openPppoeSearch(page);
    const input = page.getByTestId('search-pppoe-input');
    await input.fill(sub.pppoe.slice(0, Math.max(4, sub.pppoe.length - 2)));
    await page.getByRole('option', { name: sub.pppoe, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/graph/${encodeURIComponent(sub.pppoe)}`);
    await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'detached' });

    const status = page.getByTestId('graph-status');
    await status.and(page.locator('[data-status="online"]')).waitFor({ timeout: 15000 });
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('button', { name: 'Reboot', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reboot', exact: true }).click();
    // Sent is not success: 'Reboot Successfully' comes only once the ONU has gone and come back.
    await expectToast(page, 'success', 'Reboot sent to');
    await status.and(page.locator('[data-status="offline"]')).waitFor({ timeout: 30000 });
    const confirmed = page
      .getByTestId('toast-success')
      .filter({ hasText: 'Reboot Successfully' })
      .waitFor({ timeout: 45000 });
    // A rebooting ONU is away 90 simulated seconds; time is frozen, so move it on.
    await sim.send('POST', '/clock', { advanceSeconds: 95 });
    await status.and(page.locator('[data-status="online"]')).waitFor({ timeout: 30000 });
    await confirmed;
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('shows Clear only to a role with code 2010', async () => {
    const staff = await staffWithCodes(token, [2007]);
    const olt = olts.get('cdata-epon-1')!;
    await api(`/users/${staff.id}/olt-permissions`, token, {
      method: 'PUT',
      body: { action: 'add', oltIds: [olt.id] },
    });
    for (const [user, password, clear] of [
      [account.username, account.password, true],
      [staff.username, staff.password, false],
    ] as const) {
      const page = await signedIn(browser, { username: user, password }, '/olt-data-ports');
      await page.getByTestId('onu-row').first().waitFor({ timeout: 15000 });
      await page
        .getByTestId('onu-row')
        .first()
        .getByRole('button', { name: /^Actions for/ })
        .click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Update Data' }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Clear' }).count()).toBe(clear ? 1 : 0);
      await page.context().close();
    }
  });

  it("keeps a user permitted on one OLT away from every other OLT's ONUs", async () => {
    const mine = olts.get('vsol-epon-1')!;
    const staff = await staffWithCodes(token, [2007, 2008]);
    await api(`/users/${staff.id}/olt-permissions`, token, {
      method: 'PUT',
      body: { action: 'add', oltIds: [mine.id] },
    });
    const page = await signedIn(browser, staff, '/olt-data-ports');
    const own = onus.get('vsol-epon-1')!.length;
    await page.getByText(`${own} ONUs`, { exact: true }).waitFor();
    const oltColumn = await page.locator('[data-testid="onu-row"] td:first-child').allTextContents();
    expect(new Set(oltColumn.map((t) => t.trim()))).toEqual(new Set(['vsol-epon-1']));
    await page.getByRole('combobox', { name: 'OLT' }).click();
    expect((await page.getByRole('option').allTextContents()).map((t) => t.replace(/ \(.*\)$/, ''))).toEqual([
      'All OLTs',
      'vsol-epon-1',
    ]);
    await page.keyboard.press('Escape');

    const other = subscriber('bdcom-gpon-1');
    await openPppoeSearch(page);
    await page.getByTestId('search-pppoe-input').fill(other.pppoe);
    await page.getByText('No PPPoE ID contains this text').waitFor({ timeout: 10000 });
    await page.keyboard.press('Escape');
    await page.goto(`/graph/${encodeURIComponent(other.pppoe)}`);
    await page.getByText(`No ONU carries the PPPoE ID ${other.pppoe}`).first().waitFor({ timeout: 15000 });
    await page.goto('/dashboard');
    expect(await cardValue(page, 'olt')).toBe(1);
  });
});
