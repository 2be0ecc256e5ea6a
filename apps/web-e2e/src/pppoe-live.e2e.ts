import type { Browser, Page } from 'playwright-core';
import { ROUTER_LIVE_REFRESH_MS, parsePppoeIds, type OltDetail, type OltList } from '@pondesk/contracts';
import { SimulatorProcess, type SimOnuState } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { newAccount, registerByApi, signedIn, type Account } from './pages/identity';
import { api } from './pages/monitoring';

/** First (and only) OLT of the fleet: its BRAS gives subscribers 100.64.<PON port>.<ONU id>, VLAN 100 + port. */
const OLT = 'bdcom-gpon-live';
/** A change on the router shows within one refresh, plus the read itself and some slack. */
const WITHIN_REFRESH_MS = ROUTER_LIVE_REFRESH_MS * 2 + 3000;

describe('the PPPoE page reads the live session from the MikroTik', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let account: Account;
  let token: string;
  let subs: (SimOnuState & { pppoe: string })[];

  const value = (page: Page, tile: string) => page.getByTestId(`tile-${tile}-value`);
  const note = (page: Page, tile: string) => page.getByTestId(`tile-${tile}-note`);
  const callerIdOf = (mac: string) =>
    mac
      .replace(/[^0-9a-f]/gi, '')
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1:');

  async function openLine(sub: { pppoe: string }): Promise<Page> {
    const page = await signedIn(browser, account, `/graph/${encodeURIComponent(sub.pppoe)}`);
    await page
      .getByTestId('graph-status')
      .and(page.locator('[data-source="session"]'))
      .waitFor({ timeout: 20000 });
    return page;
  }

  beforeAll(async () => {
    sim = await SimulatorProcess.start(
      [{ name: OLT, brand: 'bdcom', mode: 'gpon', ponPorts: 1, onusPerPort: 6 }],
      { timeScale: 0 },
    );
    account = newAccount('live');
    token = (await registerByApi(account)).accessToken;
    const d = await sim.device(OLT);
    const r = await sim.routerApi(OLT);
    await api<OltDetail>('/olts', token, {
      method: 'POST',
      body: {
        name: OLT,
        host: d.host,
        brand: 'bdcom',
        mode: 'gpon',
        snmpPort: d.snmpPort,
        snmpCommunity: d.community,
        telnetPort: d.telnetPort,
        username: d.username,
        password: d.password,
        mikrotikHost: r.host,
        mikrotikPort: r.port,
        mikrotikUsername: r.username,
        mikrotikPassword: r.password,
      },
    });
    const until = Date.now() + 60_000;
    while (!(await api<OltList>('/olts', token)).items.some((o) => o.lastPolledAt && o.onuCount > 0)) {
      if (Date.now() > until) throw new Error('the OLT was not polled in 60 s');
      await new Promise((res) => setTimeout(res, 500));
    }
    subs = (await sim.onus(OLT))
      .filter(
        (o) => o.status === 'online' && parsePppoeIds(o.description).length === 1 && o.clientMacs.length,
      )
      .map((o) => ({ ...o, pppoe: parsePppoeIds(o.description)[0] }));
    if (subs.length < 2) throw new Error('the simulated OLT needs two online subscribers with a client');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  it('shows the session: uptime, address, router, VLAN, caller id, and rates that move between reads', async () => {
    const sub = subs[0];
    const page = await openLine(sub);
    expect(await page.getByTestId('graph-status').getAttribute('data-status')).toBe('online');
    await value(page, 'remote')
      .filter({ hasText: `100.64.${sub.ponPort}.${sub.onuId}` })
      .waitFor();
    await value(page, 'temp')
      .filter({ hasText: `/ ${100 + sub.ponPort}` })
      .waitFor();
    expect(await value(page, 'router').textContent()).toMatch(/^MikroTik \S+/);
    expect(await page.getByTestId('live-caller-id').textContent()).toBe(callerIdOf(sub.clientMacs[0].mac));
    expect(await page.getByTestId('live-total-bytes').textContent()).toMatch(/^[\d.]+ \w+ \/ [\d.]+ \w+$/);

    // The uptime counts on between reads.
    const uptime = page.getByTestId('tile-uptime-value').locator('[data-seconds]');
    const first = Number(await uptime.getAttribute('data-seconds'));
    expect(first).toBeGreaterThan(0);
    await page.waitForFunction(
      ([el, was]) => Number((el as Element).getAttribute('data-seconds')) >= (was as number) + 2,
      [await uptime.elementHandle(), first] as const,
      { timeout: 5000 },
    );

    // Two minutes later on the simulated clock the next read has other rates, and the chart has both.
    const rates = (await value(page, 'traffic').textContent())!;
    expect(rates).toMatch(/^[\d.]+ [kMG]?bps \/ [\d.]+ [kMG]?bps$/);
    await sim.send('POST', '/clock', { advanceSeconds: 120 });
    await page.waitForFunction(
      ([el, was]) => (el as Element).textContent !== was,
      [await value(page, 'traffic').elementHandle(), rates] as const,
      { timeout: WITHIN_REFRESH_MS },
    );
    expect(
      Number(await page.getByTestId('live-rate-chart').getAttribute('data-points')),
    ).toBeGreaterThanOrEqual(2);

    // The Hosts tab: the session's own address, and why there is no more.
    await page.getByRole('tab', { name: 'Hosts' }).click();
    await page
      .getByTestId('host-row')
      .filter({ hasText: `100.64.${sub.ponPort}.${sub.onuId}` })
      .waitFor();
    expect(await page.getByTestId('hosts-note').textContent()).toContain('point to point');
    await page.getByRole('button', { name: 'Refresh hosts' }).click();
    await page.getByTestId('host-row').first().waitFor();
    await page.context().close();
  });

  it('says why when the router cannot be read, and the rest of the page keeps working', async () => {
    const sub = subs[0];
    const page = await openLine(sub);
    await sim.setRouterFaults(OLT, { down: true });
    try {
      const why = 'The MikroTik router does not answer on its API port.';
      await note(page, 'router').filter({ hasText: why }).waitFor({ timeout: WITHIN_REFRESH_MS });
      expect(await note(page, 'traffic').textContent()).toContain(why);
      expect(await page.getByTestId('live-session-problem').textContent()).toContain(why);
      // The badge falls back to the ONU's own state; the stored data is all there.
      expect(await page.getByTestId('graph-status').getAttribute('data-source')).toBe('onu');
      expect(await value(page, 'pppoe').textContent()).toBe(sub.pppoe);
      expect(await value(page, 'port').textContent()).toMatch(/\d+:\d+$/);
      await page.getByRole('tab', { name: 'ONU Realtime' }).click();
      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByTestId('previous-dbm').waitFor();
      await page.getByRole('tab', { name: 'Hosts' }).click();
      await page.getByTestId('hosts-problem').filter({ hasText: why }).waitFor({ timeout: 20000 });
    } finally {
      await sim.setRouterFaults(OLT, { down: false });
    }
    // Back: the next read shows the session again.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page
      .getByTestId('graph-status')
      .and(page.locator('[data-source="session"][data-status="online"]'))
      .waitFor({ timeout: WITHIN_REFRESH_MS });
    await page.context().close();
  });

  it('ends the session on the page within the refresh once the ONU goes down', async () => {
    const sub = subs[1];
    const page = await openLine(sub);
    expect(await page.getByTestId('graph-status').getAttribute('data-status')).toBe('online');
    await sim.setOnuDown(OLT, sub.ponPort, sub.onuId);
    try {
      await page
        .getByTestId('graph-status')
        .and(page.locator('[data-source="session"][data-status="offline"]'))
        .waitFor({ timeout: WITHIN_REFRESH_MS });
      expect(await value(page, 'uptime').textContent()).toBe('Offline');
      expect(await page.getByTestId('live-session-count').textContent()).toBe('0');
    } finally {
      await sim.setOnuDown(OLT, sub.ponPort, sub.onuId, null);
      await sim.send('POST', '/clock', { advanceSeconds: 2 });
    }
    await page.context().close();
  });
});
