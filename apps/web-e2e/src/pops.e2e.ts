import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import {
  PING_MESSAGES,
  Permission,
  permissionRoom,
  type BranchRow,
  type PopOutageRow,
  type PopRow,
  type PopSourceRow,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { createPingHosts, pingHostsAvailable, type PingHosts } from '@pondesk/device-simulator';
import { launchBrowser, stackDatabaseUrl } from './support';
import { expectToast, newAccount, registerByApi, signedIn, type Account } from './pages/identity';
import { api, staffWithCodes } from './pages/monitoring';
import { choose, columnIs, fieldError, openAddPanel } from './pages/pops';
import { screenshot } from './pages/walk-onu-table';

/**
 * The POP screens in the browser against the real API: POPs on the Area List (with a branch), their
 * power sources on the Pop List, the Pop Monitor's counts and cards, the Pop Elc Down Log over outages
 * stored as the worker stores them (and one pushed the way the worker pushes it), and the Service List.
 * The sources sit on loopback addresses of this test's own (127.0.5.x), which the worker's prober finds
 * answering, and on an address of a network namespace the test makes, which it can silence.
 */
describe('POP screens', () => {
  let browser: Browser;
  let account: Account;
  let token: string;
  let tenantId: string;
  let db: Client;
  let redis: Redis;
  let emitter: Emitter<ServerToClientEvents>;
  let branch: BranchRow;
  let hosts: PingHosts;

  const pops = () => api<PopRow[]>('/pops', token);
  const sources = () => api<PopSourceRow[]>('/pop-sources', token);

  beforeAll(async () => {
    if (!pingHostsAvailable())
      throw new Error('this test makes a network namespace for a host that stops answering: run it as root');
    hosts = await createPingHosts(1);
    account = newAccount('pops');
    const auth = await registerByApi(account);
    token = auth.accessToken;
    tenantId = auth.user.tenantId!;
    branch = await api<BranchRow>('/branches', token, { method: 'POST', body: { name: 'Uttara Branch' } });
    db = new Client({ connectionString: stackDatabaseUrl() });
    await db.connect();
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
    emitter = new Emitter<ServerToClientEvents>(redis);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    redis?.disconnect();
    await db?.end();
    await hosts?.close();
  });

  const close = (page: Page) => page.context().close();

  it('adds POPs on the Area List with a branch, checks the name, submits with Enter, searches, sorts and edits', async () => {
    const page = await signedIn(browser, account, '/pop-area');
    await page.getByRole('heading', { name: 'Area List' }).waitFor();
    await page.getByTestId('pop-row-empty').filter({ hasText: PING_MESSAGES.popsEmpty }).waitFor();

    // Esc closes the panel; an empty name is refused before anything is sent.
    let panel = await openAddPanel(page, 'pop-form');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    panel = await openAddPanel(page, 'pop-form');
    await panel.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(panel, 'POP Name')).toBe('Please enter the POP name');
    expect(await pops()).toEqual([]);

    await panel.getByLabel('POP Name').fill('Uttara POP');
    await panel.getByLabel('Area Name').fill('Sector 7');
    await choose(page, panel, 'Area', branch.name);
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'success', 'Pop added successfully!');
    await panel.waitFor({ state: 'detached' });

    // The keyboard alone: Enter in a field submits the panel.
    panel = await openAddPanel(page, 'pop-form');
    await panel.getByLabel('POP Name').fill('Banani POP');
    await panel.getByLabel('Area Name').fill('Road 11');
    await panel.getByLabel('Area Name').press('Enter');
    await panel.waitFor({ state: 'detached' });
    await page.getByTestId('pop-count').filter({ hasText: '2 POPs' }).waitFor();

    const stored = await pops();
    expect(stored.map((p) => [p.name, p.areaName, p.branchName])).toEqual([
      ['Banani POP', 'Road 11', null],
      ['Uttara POP', 'Sector 7', 'Uttara Branch'],
    ]);
    await columnIs(page, 'pop-row', 'area', ['—', 'Uttara Branch']);

    // Sorting: ascending on the first click, descending on the second; another column starts ascending.
    await page.getByTestId('pop-row-sort-name').click();
    await columnIs(page, 'pop-row', 'name', ['Banani POP', 'Uttara POP']);
    await page.getByTestId('pop-row-sort-name').click();
    await columnIs(page, 'pop-row', 'name', ['Uttara POP', 'Banani POP']);
    await page.getByTestId('pop-row-sort-areaName').click();
    await columnIs(page, 'pop-row', 'areaName', ['Road 11', 'Sector 7']);

    // The search reaches the server (area names too) and stays in the address.
    await page.getByTestId('pop-search').fill('sector');
    await columnIs(page, 'pop-row', 'name', ['Uttara POP']);
    await page.getByTestId('pop-count').filter({ hasText: '1 POP' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('sector');
    await page.getByTestId('pop-search').fill('');
    await columnIs(page, 'pop-row', 'areaName', ['Road 11', 'Sector 7']);

    await page.getByRole('button', { name: 'Edit Uttara POP' }).click();
    panel = page.getByTestId('pop-form');
    expect(await panel.getByLabel('Area Name').inputValue()).toBe('Sector 7');
    await panel.getByLabel('Area Name').fill('Sector 9');
    await panel.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'success', 'Pop updated successfully!');
    await columnIs(page, 'pop-row', 'areaName', ['Road 11', 'Sector 9']);
    await screenshot(page, 'pop-area');
    await close(page);
  });

  it('keeps a POP’s branch for a user who may not list branches, and says why the select is off', async () => {
    const staff = await staffWithCodes(token, [Permission.PopArea]);
    const page = await signedIn(browser, staff, '/pop-area');
    await page.getByRole('button', { name: 'Edit Uttara POP' }).click();
    const panel = page.getByTestId('pop-form');
    const area = panel.getByRole('combobox', { name: 'Area' });
    expect(await area.getAttribute('aria-disabled')).toBe('true');
    expect(await area.textContent()).toBe('Uttara Branch');
    await panel
      .getByText('Choosing a branch needs the Olt List or Admin permission; ask an administrator.')
      .waitFor();
    await panel.getByLabel('Area Name').fill('Sector 8');
    await panel.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'success', 'Pop updated successfully!');
    const uttara = (await pops()).find((p) => p.name === 'Uttara POP')!;
    expect([uttara.areaName, uttara.branchName]).toEqual(['Sector 8', 'Uttara Branch']);
    await close(page);
  });

  it('watches power sources on the Pop List: the IP is required, a taken one is refused on the field', async () => {
    const page = await signedIn(browser, account, '/pop-list');
    await page.getByRole('heading', { name: 'Pop List' }).waitFor();
    await page.getByTestId('source-row-empty').waitFor();

    let panel = await openAddPanel(page, 'source-form');
    await panel.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(panel, 'IP Address')).toBe('Please enter the IP address');
    await panel.getByText('Please choose the POP').waitFor();
    await panel.getByText('Please choose Gen or Elc').waitFor();
    await panel.getByLabel('IP Address').fill('127.0.5.1');
    await choose(page, panel, 'Pop', 'Uttara POP');
    await choose(page, panel, 'Type', 'Elc');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'success', 'Power source added successfully!');
    await panel.waitFor({ state: 'detached' });

    panel = await openAddPanel(page, 'source-form');
    await panel.getByLabel('IP Address').fill('127.0.5.2');
    await panel.getByLabel('Pop Alive Time').fill('5');
    await choose(page, panel, 'Pop', 'Banani POP');
    await choose(page, panel, 'Type', 'Gen');
    await panel.getByLabel('IP Address').press('Enter');
    await panel.waitFor({ state: 'detached' });

    // The same address again: the server's 409 names the field, and the panel stays open to fix it.
    panel = await openAddPanel(page, 'source-form');
    await panel.getByLabel('IP Address').fill('127.0.5.1');
    await choose(page, panel, 'Pop', 'Banani POP');
    await choose(page, panel, 'Type', 'Elc');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('toast-error').waitFor();
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="source-form"] input[name="ip"]')
        ?.getAttribute('aria-invalid')
        ?.includes('true'),
    );
    const refusal = await fieldError(panel, 'IP Address');
    expect(refusal).not.toBe('');
    expect(refusal).not.toContain('A device on this power circuit');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.waitFor({ state: 'detached' });
    expect((await sources()).map((s) => s.ip).sort()).toEqual(['127.0.5.1', '127.0.5.2']);

    await page.getByTestId('source-count').filter({ hasText: '2 sources' }).waitFor();
    // The worker's prober finds both answering and pushes it: mains up is good (green), a running
    // generator is not (red), spec 3 §4.
    const badge = (ip: string) =>
      page
        .getByTestId('source-row')
        .filter({ hasText: ip })
        .locator('[data-testid="source-state"][data-state="up"]');
    await badge('127.0.5.1').waitFor({ timeout: 20_000 });
    await badge('127.0.5.2').waitFor({ timeout: 20_000 });
    expect(await badge('127.0.5.1').getAttribute('data-good')).toBe('true');
    expect(await badge('127.0.5.2').getAttribute('data-good')).toBe('false');
    await page.getByTestId('source-row-sort-popName').click();
    await columnIs(page, 'source-row', 'popName', ['Banani POP', 'Uttara POP']);
    await columnIs(page, 'source-row', 'ip', ['127.0.5.2', '127.0.5.1']);
    await columnIs(page, 'source-row', 'aliveMinutes', ['5 min', '0 min']);
    await columnIs(page, 'source-row', 'type', ['Gen', 'Elc']);
    await page.getByTestId('source-row-sort-ip').click();
    await columnIs(page, 'source-row', 'ip', ['127.0.5.1', '127.0.5.2']);
    await page.getByTestId('source-row-sort-ip').click();
    await columnIs(page, 'source-row', 'ip', ['127.0.5.2', '127.0.5.1']);
    await page.getByTestId('source-row-sort-aliveMinutes').click();
    await columnIs(page, 'source-row', 'aliveMinutes', ['0 min', '5 min']);

    await page.getByTestId('source-search').fill('127.0.5.2');
    await columnIs(page, 'source-row', 'ip', ['127.0.5.2']);
    await page.getByTestId('source-search').fill('');
    await columnIs(page, 'source-row', 'ip', ['127.0.5.1', '127.0.5.2']);

    // An edit keeps what it does not change.
    await page.getByRole('button', { name: 'Edit Uttara POP Elc 127.0.5.1' }).click();
    panel = page.getByTestId('source-form');
    await panel.getByLabel('Pop Alive Time').fill('3');
    await panel.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'success', 'Power source updated successfully!');
    await columnIs(page, 'source-row', 'aliveMinutes', ['3 min', '5 min']);
    const elc = (await sources()).find((s) => s.ip === '127.0.5.1')!;
    expect([elc.popName, elc.type, elc.aliveMinutes]).toEqual(['Uttara POP', 'electric', 3]);
    await screenshot(page, 'pop-list');
    await close(page);
  });

  it('shows every source on the Pop Monitor with the counts', async () => {
    const page = await signedIn(browser, account, '/pop-monitor');
    await page.getByRole('heading', { name: 'Pop Monitor' }).waitFor();
    const value = (key: string) =>
      page.getByTestId(`pop-card-${key}`).getByTestId('pop-card-value').textContent();
    await page.getByTestId('pop-card-total').getByTestId('pop-card-value').waitFor();
    expect(await value('total')).toBe('2');
    const cards = page.getByTestId('pop-source-card');
    await cards.nth(1).waitFor();
    expect((await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-ip')))).sort()).toEqual([
      '127.0.5.1',
      '127.0.5.2',
    ]);
    const gen = page.locator('[data-testid="pop-source-card"][data-ip="127.0.5.2"]');
    expect(await gen.getByTestId('pop-source-name').textContent()).toBe('Banani POP');
    expect(await gen.getByTestId('source-type').textContent()).toBe('Gen');
    // Both answer the prober: a green check each, and one Up of each kind.
    await page.locator('[data-testid="pop-source-card"][data-state="up"]').nth(1).waitFor();
    expect(await gen.getByTestId('pop-source-icon').getAttribute('data-icon')).toBe('up');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="pop-card-generator-up"] [data-testid="pop-card-value"]')
          ?.textContent === '1',
    );
    expect([await value('generator-up'), await value('generator-down')]).toEqual(['1', '0']);
    expect([await value('electric-up'), await value('electric-down')]).toEqual(['1', '0']);
    await screenshot(page, 'pop-monitor');
    await close(page);
  });

  it('keeps the down log: paged, filtered by POP and dates in the address, new outages live', async () => {
    const list = await sources();
    const elc = list.find((s) => s.ip === '127.0.5.1')!;
    const gen = list.find((s) => s.ip === '127.0.5.2')!;
    const dayMs = 24 * 3600_000;
    const now = Date.now();
    // 22 closed outages of the mains at Uttara, one a day back from yesterday, i minutes long; one of
    // the generator at Banani 30 days ago.
    const insert = (s: PopSourceRow, downAt: number, minutes: number | null) =>
      db.query(
        `INSERT INTO pop_outage (tenant_id, source_id, pop_id, ip, type, down_at, up_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          tenantId,
          s.id,
          s.popId,
          s.ip,
          s.type,
          new Date(downAt),
          minutes === null ? null : new Date(downAt + minutes * 60_000),
        ],
      );
    for (let i = 1; i <= 22; i++) await insert(elc, now - i * dayMs, i);
    await insert(gen, now - 30 * dayMs, 90);

    const page = await signedIn(browser, account, '/pop-log');
    await page.getByRole('heading', { name: 'Pop Elc Down Log' }).waitFor();
    await page.getByTestId('outage-total').filter({ hasText: '23 outages' }).waitFor();
    const first20 = Array.from({ length: 20 }, (_, i) => String(i + 1));
    await columnIs(page, 'outage-row', 'si', first20);
    await columnIs(
      page,
      'outage-row',
      'downMinutes',
      Array.from({ length: 20 }, (_, i) => `${i + 1} min`),
    );
    expect(await page.getByTestId('outage-row').first().locator('[data-column="ip"]').textContent()).toBe(
      '127.0.5.1Uttara POP · Elc',
    );
    // Elc down is bad, up is good (spec 3 §4).
    const firstRow = page.getByTestId('outage-row').first();
    expect(
      await firstRow.locator('[data-column="down"] [data-testid="source-state"]').getAttribute('data-good'),
    ).toBe('false');
    expect(
      await firstRow.locator('[data-column="up"] [data-testid="source-state"]').getAttribute('data-good'),
    ).toBe('true');

    await page.getByTestId('outage-pager').getByRole('button', { name: 'Next' }).click();
    await columnIs(page, 'outage-row', 'si', ['21', '22', '23']);
    await columnIs(page, 'outage-row', 'downMinutes', ['21 min', '22 min', '1 h 30 min']);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // Longest first on the Down Time column's second click.
    await page.getByTestId('outage-sort-downMinutes').click();
    await columnIs(
      page,
      'outage-row',
      'downMinutes',
      Array.from({ length: 20 }, (_, i) => `${i + 1} min`),
    );
    await page.getByTestId('outage-sort-downMinutes').click();
    await columnIs(page, 'outage-row', 'downMinutes', [
      '1 h 30 min',
      ...Array.from({ length: 19 }, (_, i) => `${22 - i} min`),
    ]);

    // The POP filter, kept in the address across a reload.
    const filters = page.getByTestId('outage-filters');
    await choose(page, filters, 'POP', 'Banani POP');
    await columnIs(page, 'outage-row', 'ip', ['127.0.5.2Banani POP · Gen']);
    expect(new URL(page.url()).searchParams.get('pop')).toBe(gen.popId);
    await page.reload();
    await columnIs(page, 'outage-row', 'ip', ['127.0.5.2Banani POP · Gen']);
    expect(await page.getByRole('combobox', { name: 'POP' }).textContent()).toBe('Banani POP');

    // A day range with no outage of that POP: the spec's empty text.
    const day = (ms: number) => {
      const d = new Date(ms);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    await filters.getByLabel('From', { exact: true }).fill(day(now - 3 * dayMs));
    await page.getByTestId('outage-empty').filter({ hasText: PING_MESSAGES.popLogEmpty }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('outage-total').filter({ hasText: '23 outages' }).waitFor();
    // From two days back to yesterday: the outages of yesterday and the day before.
    await filters.getByLabel('From', { exact: true }).fill(day(now - 2 * dayMs));
    await filters.getByLabel('To', { exact: true }).fill(day(now - dayMs));
    await page.getByTestId('outage-total').filter({ hasText: '2 outages' }).waitFor();
    const qs = new URL(page.url()).searchParams;
    expect([qs.get('from'), qs.get('to')]).toEqual([day(now - 2 * dayMs), day(now - dayMs)]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('outage-sort-downAt').click();
    await page.getByTestId('outage-sort-downAt').click();
    await page.getByTestId('outage-total').filter({ hasText: '23 outages' }).waitFor();

    // An outage that opens now, stored and pushed as the worker does: it shows at once, ongoing.
    const downAt = new Date();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO pop_outage (tenant_id, source_id, pop_id, ip, type, down_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [tenantId, gen.id, gen.popId, gen.ip, gen.type, downAt],
    );
    const outage: PopOutageRow = {
      id: rows[0].id,
      sourceId: gen.id,
      popId: gen.popId,
      popName: gen.popName,
      ip: gen.ip,
      type: gen.type,
      downAt: downAt.toISOString(),
      upAt: null,
      downMinutes: 0,
    };
    emitter.to(permissionRoom(tenantId, Permission.PopLog)).emit('pop.sources.changed', {
      at: downAt.toISOString(),
      sources: [
        {
          id: gen.id,
          popId: gen.popId,
          state: 'down',
          stateSince: downAt.toISOString(),
          lastReplyAt: null,
          outage,
        },
      ],
    });
    await page.getByTestId('outage-total').filter({ hasText: '24 outages' }).waitFor({ timeout: 10_000 });
    // The count and the rows may settle a render apart under load: wait for the new outage to lead the list.
    const top = page.getByTestId('outage-row').first();
    await top.and(page.locator(`[data-id="${outage.id}"]`)).waitFor({ timeout: 10_000 });
    expect(await top.locator('[data-column="upTime"]').textContent()).toBe('ongoing');
    // Generator down is good news (the mains are back): green.
    expect(
      await top.locator('[data-column="down"] [data-testid="source-state"]').getAttribute('data-good'),
    ).toBe('true');
    await screenshot(page, 'pop-log');
    await close(page);
  });

  it('manages the Service List', async () => {
    const page = await signedIn(browser, account, '/service');
    await page.getByRole('heading', { name: 'Service List' }).waitFor();
    await page.getByTestId('service-row-empty').filter({ hasText: PING_MESSAGES.popsEmpty }).waitFor();

    let panel = await openAddPanel(page, 'service-form');
    await panel.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(panel, 'Service Name')).toBe('Please enter the service name');
    await panel.getByLabel('Service Name').fill('IPTV');
    await panel.getByLabel('Service Name').press('Enter');
    await expectToast(page, 'success', 'Service added successfully!');
    await panel.waitFor({ state: 'detached' });
    panel = await openAddPanel(page, 'service-form');
    await panel.getByLabel('Service Name').fill('Gaming');
    await choose(page, panel, 'Status', 'Inactive');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByTestId('service-count').filter({ hasText: '2 services' }).waitFor();

    await page.getByTestId('service-row-sort-status').click();
    await columnIs(page, 'service-row', 'name', ['IPTV', 'Gaming']);
    await columnIs(page, 'service-row', 'status', ['Active', 'Inactive']);
    await page.getByTestId('service-row-sort-status').click();
    await columnIs(page, 'service-row', 'name', ['Gaming', 'IPTV']);
    await page.getByTestId('service-row-sort-name').click();
    await columnIs(page, 'service-row', 'name', ['Gaming', 'IPTV']);

    await page.getByRole('button', { name: 'Edit IPTV' }).click();
    panel = page.getByTestId('service-form');
    await choose(page, panel, 'Status', 'Inactive');
    await panel.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'success', 'Service updated successfully!');
    await columnIs(page, 'service-row', 'status', ['Inactive', 'Inactive']);

    await page.getByTestId('service-search').fill('gam');
    await columnIs(page, 'service-row', 'name', ['Gaming']);
    await page.getByRole('button', { name: 'Delete Gaming' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectToast(page, 'success', 'Service deleted successfully!');
    await page.getByTestId('service-row-empty').waitFor();
    await page.getByTestId('service-search').fill('');
    await columnIs(page, 'service-row', 'name', ['IPTV']);
    const stored = await api<{ name: string; active: boolean }[]>('/services', token);
    expect(stored.map((s) => [s.name, s.active])).toEqual([['IPTV', false]]);
    await close(page);
  });

  it('deletes a POP with its power sources, after asking', async () => {
    const page = await signedIn(browser, account, '/pop-area');
    await page.getByRole('button', { name: 'Delete Banani POP' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm
      .getByText('The POP Banani POP will be deleted, with its 1 power source and their down log.')
      .waitFor();
    await confirm.getByRole('button', { name: 'No, keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await pops()).length).toBe(2);
    await page.getByRole('button', { name: 'Delete Banani POP' }).click();
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectToast(page, 'success', 'Pop deleted successfully!');
    await columnIs(page, 'pop-row', 'name', ['Uttara POP']);
    expect((await sources()).map((s) => s.ip)).toEqual(['127.0.5.1']);
    await close(page);
  });

  it('turns a silent source red on the Pop Monitor, logs its outage live, and closes it when it answers', async () => {
    const uttara = (await pops()).find((p) => p.name === 'Uttara POP')!;
    const [address] = hosts.addresses;
    await api<PopSourceRow>('/pop-sources', token, {
      method: 'POST',
      body: { popId: uttara.id, ip: address, type: 'electric', aliveMinutes: 0 },
    });
    const monitor = await signedIn(browser, account, '/pop-monitor');
    const card = monitor.locator(`[data-testid="pop-source-card"][data-ip="${address}"]`);
    await card.and(monitor.locator('[data-state="up"]')).waitFor({ timeout: 20_000 });
    const log = await monitor.context().newPage();
    await log.goto('/pop-log');
    await log.getByTestId('outage-total').waitFor();
    const before = await log.getByTestId('outage-total').textContent();

    await hosts.setAnswering(address, false);
    await card.and(monitor.locator('[data-state="down"]')).waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('pop-source-status').textContent()).toMatch(/^down \d+ min$/);
    expect(await card.getByTestId('pop-source-icon').getAttribute('data-icon')).toBe('down');
    const electricDown = () =>
      monitor.getByTestId('pop-card-electric-down').getByTestId('pop-card-value').textContent();
    expect(await electricDown()).toBe('1');
    const open = log.locator('[data-testid="outage-row"][data-open="true"]').filter({ hasText: address });
    await open.waitFor({ timeout: 10_000 });
    expect(await log.getByTestId('outage-total').textContent()).not.toBe(before);
    await screenshot(monitor, 'pop-monitor-down');

    await hosts.setAnswering(address, true);
    await card.and(monitor.locator('[data-state="up"]')).waitFor({ timeout: 20_000 });
    expect(await electricDown()).toBe('0');
    await log
      .locator('[data-testid="outage-row"][data-open="false"]')
      .filter({ hasText: address })
      .first()
      .waitFor({ timeout: 10_000 });
    await close(monitor);
  });

  it('is usable at phone width: nothing wider than the screen, the panel fills it', async () => {
    const page = await signedIn(browser, account, '/pop-list', { width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Pop List' }).waitFor();
    await page.getByTestId('source-row').first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const panel = await openAddPanel(page, 'source-form');
    const box = await panel.boundingBox();
    expect(box && Math.round(box.width)).toBe(390);
    await page.keyboard.press('Escape');
    await page.goto('/pop-monitor');
    await page.getByTestId('pop-source-card').first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await close(page);
  });
});
