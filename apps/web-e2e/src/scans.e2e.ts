import type { Browser, Page } from 'playwright-core';
import type { OltDetail } from '@pondesk/contracts';
import type { SimOnuState, SimulatorProcess } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { signedIn, type Account } from './pages/identity';
import { api, staffWithCodes, startDemoFleet } from './pages/monitoring';

/**
 * MAC find and the ONU down scanner in the browser, against the demo fleet with simulated time frozen.
 * Expected values are the simulator's held state (client MACs behind ONUs, offline ONUs): checks of the
 * whole path (browser, API, worker, drivers) against the simulator, not against a real OLT.
 */
describe('MAC find and the ONU down scanner with the demo fleet', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: Account;
  let olts: Map<string, OltDetail>;
  let onus: Map<string, SimOnuState[]>;

  beforeAll(async () => {
    ({ sim, account, token, olts, onus } = await startDemoFleet('scans'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  /** Opens the search popup (Mac Find is its default mode) and searches `mac`. */
  const macFind = async (page: Page, mac: string) => {
    await page.getByRole('heading', { name: 'Olt List' }).waitFor();
    await page.keyboard.press('/');
    await page.getByTestId('mac-find-input').fill(mac);
    await page.keyboard.press('Enter');
  };
  const oltItem = (page: Page, name: string) => page.getByTestId(`mac-olt-${olts.get(name)!.id}`);
  /** Waits until every OLT of the fleet shows one of `states`; answers each OLT's state. */
  const settled = async (page: Page, states: string[]) => {
    const ids = [...olts.values()].map((o) => o.id);
    await page.waitForFunction(
      ([want, all]) =>
        all.every((id) =>
          want.includes(
            document.querySelector(`[data-testid="mac-olt-${id}"]`)?.getAttribute('data-state') ?? '',
          ),
        ),
      [states, ids] as const,
      { timeout: 60_000 },
    );
    const out = new Map<string, string>();
    for (const name of olts.keys())
      out.set(name, (await oltItem(page, name).getAttribute('data-state')) ?? '');
    return out;
  };

  it('finds a client MAC learned behind an ONU on the right OLT and port, with its optics and PPPoE page', async () => {
    const name = 'bdcom-gpon-1';
    const u = onus.get(name)!.find((o) => o.status === 'online' && o.clientMacs.length > 0)!;
    const mac = u.clientMacs[0].mac;
    const page = await signedIn(browser, account, '/olt-list');
    // As copied from a router's label: dotted, upper case.
    await macFind(
      page,
      mac
        .replace(/:/g, '')
        .replace(/(.{4})(?!$)/g, '$1.')
        .toUpperCase(),
    );
    const states = await settled(page, ['done', 'hit', 'error']);
    expect([...states].filter(([, s]) => s === 'hit').map(([n]) => n)).toEqual([name]);
    expect([...states].filter(([, s]) => s === 'error')).toEqual([]);
    const detail = page.getByTestId('mac-find-detail');
    // The first OLT with data is selected by itself.
    await detail.getByText(olts.get(name)!.code, { exact: true }).first().waitFor();
    const stored = (
      await api<{ items: { ifName: string; onuId: number; pppoeIds: string[] }[] }>(
        `/onus?oltId=${olts.get(name)!.id}&ponPort=${u.ponPort}&pageSize=100`,
        token,
      )
    ).items.find((o) => o.onuId === u.onuId)!;
    const { ifName } = stored;
    await detail.getByText(ifName, { exact: true }).first().waitFor();
    await detail.getByText(mac, { exact: true }).first().waitFor();
    await detail.getByTestId('mac-hit-optics-source').filter({ hasText: /live/i }).first().waitFor();
    // The rx read live from the OLT is the simulated ONU's (to the OLT's 0.01 dB resolution).
    const shown = [...((await detail.textContent()) ?? '').matchAll(/(-?\d+\.\d+) dBm/g)].map((m) =>
      Number(m[1]),
    );
    expect(shown.some((v) => Math.abs(v - u.rxDbm!) < 0.02)).toBe(true);
    // The subscriber's PPPoE page is one click away.
    expect(stored.pppoeIds.length).toBeGreaterThan(0);
    await detail.getByTestId('mac-hit-pppoe').filter({ hasText: stored.pppoeIds[0] }).first().click();
    await page.waitForURL((url) => url.pathname === `/graph/${encodeURIComponent(stored.pppoeIds[0])}`);
  });

  it('ends an unknown MAC with every OLT ticked and no result', async () => {
    const page = await signedIn(browser, account, '/olt-list');
    await macFind(page, '02-00-5E-00-53-77');
    const states = await settled(page, ['done', 'hit', 'error']);
    expect(new Set(states.values())).toEqual(new Set(['done']));
    await page
      .getByTestId('mac-find-status')
      .filter({ hasText: /no result/i })
      .waitFor();
  });

  it('shows an unreachable OLT’s error while the others answer', async () => {
    const down = 'vsol-gpon-1';
    await sim.send('PUT', `/devices/${down}/faults`, { unreachable: true });
    try {
      const page = await signedIn(browser, account, '/olt-list');
      await macFind(page, '02:00:5e:00:53:78');
      const states = await settled(page, ['done', 'hit', 'error']);
      expect([...states].filter(([, s]) => s !== 'done')).toEqual([[down, 'error']]);
      await oltItem(page, down).click();
      await page.getByText('Failed to fetch data').waitFor();
      await page.getByTestId(`mac-olt-retry-${olts.get(down)!.id}`).waitFor();
    } finally {
      await sim.send('PUT', `/devices/${down}/faults`, { unreachable: false });
    }
  });

  it('scans every OLT in Auto mode into the table, and Stop stops it', async () => {
    const page = await signedIn(browser, account, '/onu-down-scanner');
    const auto = page.getByTestId('scanner-auto');
    await auto.click();
    await page.getByTestId('scanner-progress').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="scanner-auto"]')?.getAttribute('data-auto') === 'off',
      undefined,
      { timeout: 90_000 },
    );
    // Auto ends on the first OLT type; each OLT's stored result now answers the selector.
    const results = await api<{ results: { oltId: string; ok: boolean; rows: unknown[] }[] }>(
      '/scans/inactive/results',
      token,
    );
    expect(results.results.length).toBe(olts.size);
    expect(results.results.every((r) => r.ok)).toBe(true);
    for (const [name, olt] of olts) {
      const offline = onus.get(name)!.filter((o) => o.status === 'offline').length;
      expect([name, results.results.find((r) => r.oltId === olt.id)!.rows.length]).toEqual([name, offline]);
    }
    await page.getByTestId('scanner-table').waitFor();
    expect(
      Number((await page.getByTestId('scanner-total').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThan(0);

    // A second run, stopped at once: the button is back to Auto and the progress says it stopped.
    await auto.click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="scanner-auto"]')?.getAttribute('data-auto') === 'on',
    );
    await auto.click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="scanner-auto"]')?.getAttribute('data-auto') === 'off',
    );
    await page
      .locator('[data-testid="scanner-progress"][data-running="false"]')
      .filter({ hasText: /Stopped after \d+ of \d+ OLTs|Scanned|\d+ of \d+/ })
      .waitFor();
  });

  it('never gives a user permitted on one OLT another OLT’s rows', async () => {
    const mine = olts.get('cdata-epon-1')!;
    const staff = await staffWithCodes(token, [2020]);
    await api(`/users/${staff.id}/olt-permissions`, token, {
      method: 'PUT',
      body: { action: 'add', oltIds: [mine.id] },
    });
    const page = await signedIn(browser, staff, '/onu-down-scanner');
    await page.getByTestId('scanner-auto').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="scanner-auto"]')?.getAttribute('data-auto') === 'off',
      undefined,
      { timeout: 60_000 },
    );
    await page.getByTestId('scanner-table').waitFor();
    const offline = onus.get('cdata-epon-1')!.filter((o) => o.status === 'offline');
    expect(Number((await page.getByTestId('scanner-total').textContent())?.replace(/\D/g, ''))).toBe(
      offline.length,
    );
    // The OLT selector offers only the permitted OLT.
    await page.getByTestId('scanner-olt-select').click();
    await page.getByTestId(`scanner-olt-${mine.id}`).waitFor();
    for (const [name, olt] of olts)
      expect([name, await page.getByTestId(`scanner-olt-${olt.id}`).count()]).toEqual([
        name,
        name === 'cdata-epon-1' ? 1 : 0,
      ]);
    await page.keyboard.press('Escape');
  });
});
