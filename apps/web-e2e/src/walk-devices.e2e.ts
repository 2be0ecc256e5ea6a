import type { Browser } from 'playwright-core';
import { ONU_DOWN_REASON_LABELS, type OltDetail } from '@pondesk/contracts';
import { SimulatorProcess, type SimOnuState } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { startStack, type E2eStack } from './support/stack';
import { newAccount, registerByApi, signedIn } from './pages/identity';
import { addFleet, api } from './pages/monitoring';
import { closedUdpPort, oltRowStatus, onuByPppoe, until } from './pages/walk-devices';

// Short reachability checks, as OLT_HEALTH_INTERVAL_SECONDS allows (documented in .env.example).
const HEALTH_INTERVAL_S = 5;
const STACK_ENV = {
  OLT_HEALTH_INTERVAL_SECONDS: String(HEALTH_INTERVAL_S),
  SNMP_TIMEOUT_MS: '2000',
  SNMP_RETRIES: '1',
};
const OLT = 'avies-epon-walk';
/** The simulator's reboot: the ONU is away this many simulated seconds. */
const REBOOT_SECONDS = 90;

describe('devices walked as an operator would: reachability, reboots, default ONU names', () => {
  let stack: E2eStack;
  let previousBase: string | undefined;
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: ReturnType<typeof newAccount>;
  let olt: OltDetail;
  let onus: SimOnuState[];

  beforeAll(async () => {
    // A stack of this file's own: the shared one checks OLTs once a minute.
    [stack, sim] = await Promise.all([
      startStack(STACK_ENV),
      // HSGQ EPON, 1 PON of 32 ONUs, simulated time frozen: a few ONUs keep the box's default names.
      SimulatorProcess.start([{ name: OLT, brand: 'avies', mode: 'epon', ponPorts: 1, onusPerPort: 32 }], {
        timeScale: 0,
      }),
    ]);
    previousBase = process.env.PONDESK_E2E_BASE_URL;
    process.env.PONDESK_E2E_BASE_URL = stack.baseUrl;
    account = newAccount('dev');
    token = (await registerByApi(account)).accessToken;
    olt = (await addFleet(sim, token)).get(OLT)!;
    onus = await sim.onus(OLT);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
    await stack?.stop();
    process.env.PONDESK_E2E_BASE_URL = previousBase;
  });

  it('shows an OLT that never answers as Offline on /olt-list within its health interval', async () => {
    const page = await signedIn(browser, account, '/olt-list');
    await oltRowStatus(page, OLT).waitFor();
    const dead = await api<OltDetail>('/olts', token, {
      method: 'POST',
      body: {
        name: 'Nobody answers',
        host: '127.0.0.1',
        brand: 'bdcom',
        mode: 'epon',
        snmpPort: await closedUdpPort(),
        snmpCommunity: 'public',
      },
    });
    const added = Date.now();
    // The list learns of new OLTs on load; from then on the server's reachability event moves the row
    // (its first attempt, a request and a retry timing out, takes 2 × SNMP_TIMEOUT_MS).
    await page.reload();
    const chip = oltRowStatus(page, dead.name);
    await chip.waitFor();
    const budget = HEALTH_INTERVAL_S * 1000 + 10_000;
    await page
      .getByRole('row')
      .filter({ hasText: dead.name })
      .locator('[data-testid="olt-status"][data-status="offline"]')
      .waitFor({ timeout: budget });
    expect(Date.now() - added).toBeLessThan(budget);
    expect(await chip.textContent()).toBe('Offline');
    // The reason is on the row too.
    await page.getByRole('row').filter({ hasText: dead.name }).getByTestId('olt-last-error').waitFor();
    await page.context().close();
  });

  it('opens no Duplicate PPPoE dialog for ONUs that keep the default name', async () => {
    const defaults = onus.filter((o) => o.description === null);
    // The fleet's seed gives this port several unnamed ONUs: once "ONU01/05" → "ONU01" on each of them.
    expect(defaults.length).toBeGreaterThanOrEqual(2);
    const rows = await api<{ items: { onuId: number; pppoeIds: string[]; description: string | null }[] }>(
      `/onus?oltId=${olt.id}&pageSize=100`,
      token,
    );
    for (const d of defaults)
      expect(rows.items.find((r) => r.onuId === d.onuId)).toMatchObject({ pppoeIds: [], description: null });
    const page = await signedIn(browser, account, '/graph/ONU01');
    await page.getByTestId('pppoe-not-found').waitFor();
    expect(await page.getByText('Duplicate PPPOE ID Detect').count()).toBe(0);
    await page.context().close();
  });

  it("shows a rebooted ONU's PPPoE page with a reboot reason, then a fresh rx as soon as it is back", async () => {
    const target = onus.find((o) => o.status === 'online' && o.description && o.rxDbm !== null)!;
    const pppoe = target.description!;
    const stored = await onuByPppoe(pppoe, token);
    expect(stored.status).toBe('online');
    await api(`/onus/${stored.id}/reboot`, token, { method: 'POST' });
    // The worker watches the port every 5 s: it sees the ONU go, with the OLT's reason.
    const away = await until(
      () => onuByPppoe(pppoe, token),
      (o) => o.status === 'offline',
      30_000,
      'the rebooted ONU to be offline',
    );
    expect(away.reason).toBe('reboot');
    const page = await signedIn(browser, account, `/graph/${encodeURIComponent(pppoe)}`);
    await page.getByText(ONU_DOWN_REASON_LABELS.reboot).first().waitFor();
    expect(await page.getByText(ONU_DOWN_REASON_LABELS.admin).count()).toBe(0);

    // The ONU comes back (simulated time moves past its reboot); the watch reads its optics at once.
    await sim.send('POST', '/clock', { advanceSeconds: REBOOT_SECONDS + 5 });
    const back = await until(
      () => onuByPppoe(pppoe, token),
      (o) => o.status === 'online',
      30_000,
      'the ONU to be back online',
    );
    const fresh = (await sim.onus(OLT)).find((o) => o.onuId === target.onuId)!;
    expect(fresh.rxDbm).not.toBeNull();
    expect(back.rxDbm).toBeCloseTo(fresh.rxDbm!, 1);
    await page.reload();
    await page
      .getByText(`${back.rxDbm!.toFixed(2)} dBm`)
      .first()
      .waitFor();
    await page.context().close();
  });
});
