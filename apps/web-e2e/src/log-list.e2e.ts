import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import {
  allOltsRoom,
  logDeviceId,
  oltRoom,
  type DeviceLogLine,
  type OltDetail,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { launchBrowser, stackDatabaseUrl } from './support';
import { newAccount, registerByApi, signedIn, waitForPath, type Account } from './pages/identity';
import { api, pick } from './pages/monitoring';
import { screenshot } from './pages/walk-onu-table';

/**
 * The Log List and the Live Log List over lines written straight into `device_log` (as the worker's
 * syslog receiver stores them), and, for the live list, published the way the worker publishes them:
 * through the Socket.IO Redis emitter to the OLT's staff rooms.
 */
describe('Log List and Live Log List', () => {
  let browser: Browser;
  let account: Account;
  let tenantId: string;
  let db: Client;
  let redis: Redis;
  let emitter: Emitter<ServerToClientEvents>;
  const olt = { uttara: '', banani: '' };
  /** Whole seconds, 10 minutes back: seeded lines lie before it, live ones after. */
  const base = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;

  interface Seed {
    oltId: string;
    device: 'olt' | 'router';
    secondsAgo: number;
    kind: string;
    message: string;
    pppoeUser?: string;
    severity?: number;
  }

  /** Stores a line as the receiver does; answers it as the receiver publishes it. */
  async function insert(s: Seed, name: string): Promise<DeviceLogLine> {
    const receivedAt = new Date(base - s.secondsAgo * 1000).toISOString();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO device_log (tenant_id, received_at, olt_id, device_kind, source_ip, severity, kind, message, pppoe_user)
       VALUES ($1, $2, $3, $4, '127.0.77.1', $5, $6, $7, $8) RETURNING id::text AS id`,
      [tenantId, receivedAt, s.oltId, s.device, s.severity ?? 6, s.kind, s.message, s.pppoeUser ?? null],
    );
    return {
      id: rows[0].id,
      receivedAt,
      deviceTime: null,
      deviceId: logDeviceId(s.device, s.oltId),
      deviceKind: s.device,
      oltId: s.oltId,
      deviceName: name,
      severity: 'info',
      kind: s.kind as DeviceLogLine['kind'],
      message: s.message,
      onu: null,
      mac: null,
      serial: null,
      pppoeUser: s.pppoeUser ?? null,
      reason: null,
    };
  }

  /** As the worker's EventPublisher: `device.log.lines` to the OLT's room and the all-OLTs room. */
  const publish = (line: DeviceLogLine): void => {
    emitter
      .to([allOltsRoom(tenantId), oltRoom(line.oltId)])
      .emit('device.log.lines', { oltId: line.oltId, lines: [line] });
  };

  beforeAll(async () => {
    account = newAccount('logs');
    const auth = await registerByApi(account);
    tenantId = auth.user.tenantId!;
    const addOlt = (name: string, host: string, mikrotikHost?: string) =>
      api<OltDetail>('/olts', auth.accessToken, {
        method: 'POST',
        // Loopback addresses nobody answers on: the worker's polls fail quietly.
        body: {
          name,
          host,
          brand: 'vsol',
          mode: 'epon',
          snmpPort: 1,
          snmpCommunity: 'e2e',
          ...(mikrotikHost ? { mikrotikHost, mikrotikPassword: 'e2e' } : {}),
        },
      });
    olt.uttara = (await addOlt('Uttara OLT', '127.0.77.1', '127.0.77.2')).id;
    olt.banani = (await addOlt('Banani OLT', '127.0.77.3')).id;
    db = new Client({ connectionString: stackDatabaseUrl() });
    await db.connect();
    await db.query(`UPDATE olt SET log_name = 'uttara' WHERE id = $1`, [olt.uttara]);
    // 22 lines of the Uttara OLT (a page and a bit), 2 of its router, 1 of the Banani OLT.
    for (let i = 1; i <= 22; i++)
      await insert(
        {
          oltId: olt.uttara,
          device: 'olt',
          secondsAgo: 60 * i,
          kind: 'onu-down',
          message: `uttara onu ${i}`,
        },
        'uttara',
      );
    await insert(
      {
        oltId: olt.uttara,
        device: 'router',
        secondsAgo: 30,
        kind: 'ppp-down',
        message: '<pppoe-rahim@isp>: disconnected',
        pppoeUser: 'rahim@isp',
      },
      'MikroTik Uttara OLT',
    );
    await insert(
      {
        oltId: olt.uttara,
        device: 'router',
        secondsAgo: 90,
        kind: 'ppp-up',
        message: 'karim@isp: connected',
      },
      'MikroTik Uttara OLT',
    );
    await insert(
      { oltId: olt.banani, device: 'olt', secondsAgo: 45, kind: 'pon-down', message: 'PON 0/3 100% loss_1' },
      'Banani OLT',
    );
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
    emitter = new Emitter<ServerToClientEvents>(redis);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    redis?.disconnect();
    await db?.end();
  });

  const rows = (page: Page) => page.getByTestId('log-row');

  /** Waits until the table shows exactly these messages, in this order. */
  async function shows(page: Page, expected: string[]): Promise<void> {
    await page.waitForFunction(
      (want) => {
        const shown = [
          ...document.querySelectorAll('[data-testid="log-row"] [data-testid="log-message"]'),
        ].map((m) => m.textContent);
        return JSON.stringify(shown) === JSON.stringify(want);
      },
      expected,
      { timeout: 15_000 },
    );
  }

  const newest = [
    '<pppoe-rahim@isp>: disconnected',
    'PON 0/3 100% loss_1',
    'uttara onu 1',
    'karim@isp: connected',
    ...Array.from({ length: 16 }, (_, i) => `uttara onu ${i + 2}`),
  ];

  it('lists the lines newest first, pages, filters by device and searches', async () => {
    const page = await signedIn(browser, account, '/log-list');
    await page.getByRole('heading', { name: 'Log List' }).waitFor();
    await shows(page, newest);
    await page.getByTestId('log-window').filter({ hasText: 'Showing the last 7 days' }).waitFor();
    expect(await page.getByTestId('log-total').textContent()).toBe('25 lines');
    // What the parser read is shown with the line.
    const first = rows(page).first();
    expect(await first.locator('[data-column="device"]').textContent()).toBe('MikroTik Uttara OLT');
    expect(await first.getByTestId('log-kind').textContent()).toBe('PPP disconnected');
    expect(await first.getByTestId('log-details').textContent()).toBe('User rahim@isp');
    await screenshot(page, 'log-list');

    // Previous and Next with 'Current Page N'.
    const pager = page.getByTestId('log-pager');
    expect(await page.getByTestId('log-page').textContent()).toBe('Current Page 1');
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await shows(page, ['uttara onu 18', 'uttara onu 19', 'uttara onu 20', 'uttara onu 21', 'uttara onu 22']);
    expect(await page.getByTestId('log-page').textContent()).toBe('Current Page 2');
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await pager.getByRole('button', { name: 'Previous' }).click();
    await shows(page, newest);

    // The device filter lists the OLTs and the router by their log names.
    await page.getByRole('combobox', { name: 'Device' }).click();
    await page.getByRole('option', { name: 'All' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'All',
      'Banani OLT',
      'MikroTik Uttara OLT',
      'uttara',
    ]);
    await page.getByRole('option', { name: 'MikroTik Uttara OLT' }).click();
    await shows(page, ['<pppoe-rahim@isp>: disconnected', 'karim@isp: connected']);
    expect(new URL(page.url()).searchParams.get('device')).toBe(`router:${olt.uttara}`);

    // Search (debounced) within the device, then across all devices; wildcards are literal.
    const search = page.getByTestId('log-search');
    await search.fill('RAHIM');
    await shows(page, ['<pppoe-rahim@isp>: disconnected']);
    await pick(page, 'Device', 'All');
    await search.fill('100%');
    await shows(page, ['PON 0/3 100% loss_1']);
    await search.fill('onu 2');
    await shows(page, ['uttara onu 2', 'uttara onu 20', 'uttara onu 21', 'uttara onu 22']);
    // Sorting: by the log text both ways; the Date column then starts ascending (oldest first).
    await page.getByTestId('log-sort-message').click();
    await shows(page, ['uttara onu 2', 'uttara onu 20', 'uttara onu 21', 'uttara onu 22']);
    await page.getByTestId('log-sort-message').click();
    await shows(page, ['uttara onu 22', 'uttara onu 21', 'uttara onu 20', 'uttara onu 2']);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('message');
    await page.getByTestId('log-sort-receivedAt').first().click();
    await shows(page, ['uttara onu 22', 'uttara onu 21', 'uttara onu 20', 'uttara onu 2']);
    await page.getByTestId('log-sort-receivedAt').first().click();
    await shows(page, ['uttara onu 2', 'uttara onu 20', 'uttara onu 21', 'uttara onu 22']);
    // '_' is no wildcard ('onu 1_' would match onu 10 to 19): nothing matches, and the empty state says
    // what to change.
    await search.fill('onu 1_');
    const empty = page.getByTestId('log-empty');
    await empty.waitFor({ timeout: 15_000 });
    expect(await empty.textContent()).toContain('No log lines in the last 7 days, matching “onu 1_”');
    await page.getByTestId('log-clear-filters').click();
    await shows(page, newest);
    expect(await search.inputValue()).toBe('');

    // The filters are in the address: a reload keeps them.
    await pick(page, 'Device', 'Banani OLT');
    await shows(page, ['PON 0/3 100% loss_1']);
    await page.reload();
    await shows(page, ['PON 0/3 100% loss_1']);

    await page.getByRole('link', { name: 'Live log', exact: true }).click();
    await waitForPath(page, '/live-log-list');
    expect(new URL(page.url()).searchParams.get('device')).toBe(`olt:${olt.banani}`);
    await page.context().close();
  });

  it('shows pushed lines on top as they arrive, and holds them while paused', async () => {
    const page = await signedIn(browser, account, '/live-log-list');
    await page.getByRole('heading', { name: 'Live Log List' }).waitFor();
    await shows(page, [
      ...newest,
      'uttara onu 18',
      'uttara onu 19',
      'uttara onu 20',
      'uttara onu 21',
      'uttara onu 22',
    ]);

    // A line stored and published as the worker does arrives on top. The page's socket may still be
    // joining its rooms: publish again until it shows (the list keeps a line once).
    const arrived = await insert(
      { oltId: olt.uttara, device: 'olt', secondsAgo: -60, kind: 'onu-up', message: 'live onu back' },
      'uttara',
    );
    const top = () => rows(page).first().getAttribute('data-id');
    for (let i = 0; (await top()) !== arrived.id; i++) {
      if (i >= 30) throw new Error('the pushed line did not appear');
      publish(arrived);
      await page.waitForTimeout(500);
    }
    expect(await rows(page).first().getByTestId('log-kind').textContent()).toBe('ONU up');
    expect(await rows(page).count()).toBe(26);

    // Paused: new lines wait, counted.
    await page.getByTestId('live-pause').click();
    const waiting = page.getByTestId('live-waiting');
    await waiting.filter({ hasText: '0 new lines' }).waitFor();
    const later = [
      await insert(
        { oltId: olt.banani, device: 'olt', secondsAgo: -120, kind: 'pon-down', message: 'live pon down' },
        'Banani OLT',
      ),
      await insert(
        {
          oltId: olt.uttara,
          device: 'router',
          secondsAgo: -180,
          kind: 'ppp-auth-fail',
          message: 'live login failed',
        },
        'MikroTik Uttara OLT',
      ),
    ];
    for (const line of later) publish(line);
    await waiting.filter({ hasText: '2 new lines' }).waitFor({ timeout: 15_000 });
    expect(await top()).toBe(arrived.id);
    await screenshot(page, 'live-log-list-paused');
    await page.getByTestId('live-resume').click();
    await shows(page, [
      'live login failed',
      'live pon down',
      'live onu back',
      ...newest,
      'uttara onu 18',
      'uttara onu 19',
      'uttara onu 20',
      'uttara onu 21',
      'uttara onu 22',
    ]);
    await waiting.waitFor({ state: 'hidden' });

    // Sorting re-sorts what is on screen: by device name, 'Banani OLT' first.
    await page.getByTestId('log-sort-device').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="log-row"] [data-column="device"]')?.textContent ===
        'Banani OLT',
      undefined,
      { timeout: 15_000 },
    );
    await page.getByTestId('log-sort-device').click();

    // The device filter applies to pushed lines too.
    await pick(page, 'Device', 'Banani OLT');
    await shows(page, ['live pon down', 'PON 0/3 100% loss_1']);
    const other = await insert(
      { oltId: olt.uttara, device: 'olt', secondsAgo: -240, kind: 'other', message: 'live uttara other' },
      'uttara',
    );
    const mine = await insert(
      { oltId: olt.banani, device: 'olt', secondsAgo: -300, kind: 'other', message: 'live banani other' },
      'Banani OLT',
    );
    publish(other);
    publish(mine);
    await shows(page, ['live banani other', 'live pon down', 'PON 0/3 100% loss_1']);

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await waitForPath(page, '/log-list');
    await page.getByRole('heading', { name: 'Log List' }).waitFor();
    await page.context().close();
  });
});
