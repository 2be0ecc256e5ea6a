import type { Browser } from 'playwright-core';
import { parsePppoeIds, type IngestSetup, type OltDetail } from '@pondesk/contracts';
import type { SimOnuState, SimulatorProcess } from '@pondesk/server-testing';
import { baseUrl, launchBrowser } from './support';
import { signedIn, type Account } from './pages/identity';
import { api, startDemoFleet } from './pages/monitoring';

/**
 * The Down Count List with the demo fleet's simulated MikroTik routers reporting to the console: an ONU
 * whose power goes off on the simulator makes its router post the session drop, which the open list
 * shows without a reload, with the cause read from the ONU. Checks against the simulator, not a real
 * router (the ingest formats are checked on RouterOS's own requests in the API's integration test).
 */
describe('Down Count List with simulated routers', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: Account;
  let olts: Map<string, OltDetail>;
  let onus: Map<string, SimOnuState[]>;
  let setup: IngestSetup;

  beforeAll(async () => {
    ({ sim, account, token, olts, onus } = await startDemoFleet('downs'));
    setup = await api<IngestSetup>('/ingest/setup', token);
    await sim.routers({ url: `${baseUrl()}/api/v1/ingest/session-events`, key: setup.key });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await sim?.routersOff().catch(() => undefined);
    await browser?.close();
    await sim?.stop();
  });

  it('shows a router’s drop without a reload, with the cause ONU power off once the OLT tells', async () => {
    const name = 'bdcom-epon-1';
    const u = onus
      .get(name)!
      .find((o) => o.status === 'online' && parsePppoeIds(o.description).length === 1)!;
    const pppoe = parsePppoeIds(u.description)[0];
    const page = await signedIn(browser, account, '/onu-down-count');
    await page.getByRole('heading', { name: 'Down Count List (Last 30 Days)' }).waitFor();
    const row = page.locator(`[data-testid="down-count-row"][data-pppoe="${pppoe}"]`);
    expect(await row.count()).toBe(0);

    await sim.send('POST', '/onu-changes', {
      changes: [{ device: name, ponPort: u.ponPort, onuId: u.onuId, down: 'power-off' }],
    });
    // The router posts within a second or two; the open list follows on the socket.
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('down-count-value').filter({ hasText: /^1$/ }).waitFor();
    // The OLT's next poll (asked for now, as an operator would) tells why: the ONU lost power.
    await api(`/olts/${olts.get(name)!.id}/poll`, token, { method: 'POST', body: {} });
    await row
      .getByTestId('down-count-cause')
      .filter({ hasText: 'ONU power off' })
      .waitFor({ timeout: 30_000 });

    // The history popup lists the drop with its cause.
    await row.getByText(pppoe, { exact: true }).click();
    const history = page.getByTestId('down-count-history');
    await history.getByTestId('history-total').filter({ hasText: /1/ }).waitFor();
    await history.getByTestId('history-row').filter({ hasText: 'ONU power off' }).first().waitFor();
  });

  it('copies a router script that carries the tenant’s key and URL', async () => {
    const page = await signedIn(browser, account, '/onu-down-count');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const panel = page.getByTestId('ingest-setup');
    await panel.waitFor();
    if (!(await page.getByTestId('ingest-copy-script').isVisible()))
      await page.getByRole('button', { name: 'Show the router setup' }).click();
    await page.getByTestId('ingest-copy-script').click();
    await page.getByText('Copied!').first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`X-Ingest-Key:${setup.key}`);
    expect(copied).toContain(`${baseUrl()}/api/v1/ingest/session-events`);
    expect(copied).toContain('on-down=');
  });
});
