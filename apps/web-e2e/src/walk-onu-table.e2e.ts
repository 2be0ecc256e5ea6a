import type { Browser } from 'playwright-core';
import { parsePppoeIds, type OltDetail, type OnuDetail, type OnuRealtime } from '@pondesk/contracts';
import type { SimOnuState, SimulatorProcess } from '@pondesk/server-testing';
import { baseUrl, launchBrowser } from './support';
import { signedIn, type Account } from './pages/identity';
import { api, startDemoFleet } from './pages/monitoring';
import { cardProblems, pinnedSidebarRight, screenshot, tableLayoutProblems } from './pages/walk-onu-table';

/** A live read through the API as the browser would send it: the status and the server's message. */
async function liveRead(
  id: string,
  what: 'read-signal' | 'realtime',
  token: string,
): Promise<{ status: number; message: string }> {
  const res = await fetch(`${baseUrl()}/api/v1/onus/${id}/${what}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  return { status: res.status, message: body.message ?? '' };
}

describe('the ONU table and the PPPoE page, walked as an operator would', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: Account;
  let olts: Map<string, OltDetail>;
  let onus: Map<string, SimOnuState[]>;

  /** An ONU of the simulated fleet with exactly one PPPoE id in the wanted state, and its stored record. */
  async function subscriber(status: 'online' | 'offline', olt?: string) {
    for (const [name, list] of onus) {
      if (olt && name !== olt) continue;
      const o = list.find((x) => x.status === status && parsePppoeIds(x.description).length === 1);
      if (!o) continue;
      const pppoe = parsePppoeIds(o.description)[0];
      const lookup = await api<{ matches: OnuDetail[] }>(`/pppoe/${encodeURIComponent(pppoe)}`, token);
      if (lookup.matches.length === 1) return { olt: name, pppoe, onu: lookup.matches[0] };
    }
    throw new Error(`no ${status} subscriber in the fleet`);
  }

  beforeAll(async () => {
    ({ sim, account, token, olts, onus } = await startDemoFleet('walk'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  it('shows every column of the ONU table beside the pinned sidebar at 1280 and 1440 px, Get results included', async () => {
    // An offline ONU whose live read the server refuses with a reason, for the error chip.
    const offline = [...onus.entries()].flatMap(([name, list]) =>
      list.filter((o) => o.status === 'offline').map((o) => ({ name, o })),
    );
    let refused: { id: string; message: string } | null = null;
    for (const { name, o } of offline.slice(0, 40)) {
      const list = await api<{ items: OnuDetail[] }>(
        `/onus?oltId=${olts.get(name)!.id}&search=${encodeURIComponent(o.mac)}`,
        token,
      );
      const stored = list.items.find((x) => x.ponPort === o.ponPort && x.onuId === o.onuId);
      if (!stored) continue;
      const res = await liveRead(stored.id, 'read-signal', token);
      if (res.status >= 400 && res.message) {
        refused = { id: stored.id, message: res.message };
        break;
      }
    }
    expect(refused).not.toBeNull();

    for (const width of [1280, 1440]) {
      const page = await signedIn(browser, account, '/olt-data-ports', { width, height: 900 });
      await page.getByTestId('onu-row').first().waitFor({ timeout: 15000 });
      const sidebar = await pinnedSidebarRight(page);
      expect(sidebar).toBeGreaterThan(0);
      const tableBox = await page.locator('table[aria-label="ONU list"]').boundingBox();
      expect(tableBox!.x).toBeGreaterThanOrEqual(sidebar);
      expect(await tableLayoutProblems(page)).toEqual([]);

      // The refused ONU's port, a full page of rows: Get on an online ONU and on the refused one.
      const detail = await api<OnuDetail>(`/onus/${refused!.id}`, token);
      await page.goto(`/olt-data-ports?olt=${detail.oltId}&port=${detail.ponPort}`);
      const row = page.locator(`[data-testid="onu-row"][data-onu-id="${refused!.id}"]`);
      await row.waitFor({ timeout: 15000 });
      expect(await page.getByTestId('onu-row').count()).toBe(20);
      const online = page
        .getByTestId('onu-row')
        .filter({ has: page.locator('[data-testid="onu-status"][data-status="online"]') })
        .first();
      await online.getByRole('button', { name: /^Get the signal of/ }).click();
      await row.getByRole('button', { name: /^Get the signal of/ }).click();
      const reading = online.locator('[data-column="rx"]').getByTestId('signal-reading');
      const error = row.locator('[data-column="rx"]').getByTestId('signal-error');
      await reading.waitFor({ timeout: 30000 });
      await error.waitFor({ timeout: 30000 });
      expect(await tableLayoutProblems(page, 20)).toEqual([]);
      // The spec's words and what happened (the last link of the server's reason) fit the RX cell;
      // the whole reason is in the tooltip.
      const shown = (await error.textContent())?.trim() ?? '';
      expect(shown).toMatch(/^Error fetching data: \S/);
      expect(refused!.message.endsWith(shown.slice('Error fetching data: '.length))).toBe(true);
      await error.hover();
      await page.getByRole('tooltip').getByText(`Error fetching data: ${refused!.message}`).waitFor();
      await page.mouse.move(0, 0);
      await page.getByRole('tooltip').waitFor({ state: 'detached' });
      await screenshot(page, `onu-table-${width}`);
      await page.context().close();
    }
  });

  it('lists the ONUs as cards where the table has too little room, even beside the pinned sidebar', async () => {
    const page = await signedIn(browser, account, '/olt-data-ports', { width: 1212, height: 900 });
    await page.getByTestId('onu-card').first().waitFor({ timeout: 15000 });
    expect(await pinnedSidebarRight(page)).toBeGreaterThan(0);
    expect(await page.locator('table[aria-label="ONU list"]').count()).toBe(0);
    const { cards, problems } = await cardProblems(page);
    expect([cards, problems]).toEqual([20, []]);
    await page.context().close();
  });

  it('lists the ONUs as cards on a phone, key fields in view without sideways scrolling', async () => {
    const page = await signedIn(browser, account, '/olt-data-ports', { width: 390, height: 844 });
    await page.getByTestId('onu-card').first().waitFor({ timeout: 15000 });
    const { cards, problems } = await cardProblems(page);
    expect(cards).toBe(20);
    expect(problems).toEqual([]);
    // Sorting is still at hand without the table's headers.
    const sortedList = page.waitForResponse((r) => /\/onus\?.*sort=rx/.test(r.url()) && r.ok());
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'RX', exact: true }).click();
    await page.waitForURL(/sort=rx/);
    await sortedList;
    await page
      .locator('[aria-busy="false"]')
      .filter({ has: page.getByRole('list', { name: 'ONU list' }) })
      .waitFor();
    // The cards of the previous order stay on screen until the sorted page has come, and polls
    // reorder a list sorted by RX: follow one ONU by its id, not whichever card is first.
    const onuId = await page.getByTestId('onu-card').first().getAttribute('data-onu-id');
    const card = page.locator(`[data-testid="onu-card"][data-onu-id="${onuId}"]`);
    await card.getByRole('button', { name: /^Get the signal of/ }).click();
    await card.getByTestId('signal-reading').or(card.getByTestId('signal-error')).waitFor({ timeout: 30000 });
    expect((await cardProblems(page)).problems).toEqual([]);
    await screenshot(page, 'onu-cards-390');
    await page.getByRole('combobox', { name: 'Sort by' }).scrollIntoViewIfNeeded();
    await page.evaluate(() =>
      window.scrollBy(
        0,
        (document.querySelector('[data-testid="onu-card"]')?.getBoundingClientRect().top ?? 0) - 140,
      ),
    );
    await screenshot(page, 'onu-cards-390-list');
    await screenshot(page, 'onu-cards-390-full', true);
    await page.context().close();
  });

  it("draws a new ONU's chart to its current reading, with an axis ending now and a note on sampling", async () => {
    const sub = await subscriber('online', 'vsol-gpon-1');
    // The fleet was added minutes ago: one sample each. Poll again; the steady rx stores no new sample.
    const before = await api<OnuDetail>(`/onus/${sub.onu.id}`, token);
    await api(`/olts/${olts.get(sub.olt)!.id}/poll`, token, { method: 'POST' });
    const until = Date.now() + 30000;
    let after = before;
    while (after.lastSeenAt === before.lastSeenAt) {
      if (Date.now() > until) throw new Error('the OLT was not polled again in 30 s');
      await new Promise((r) => setTimeout(r, 500));
      after = await api<OnuDetail>(`/onus/${sub.onu.id}`, token);
    }
    expect(after.latestSampleAt).toBe(before.latestSampleAt);
    // 'Previous dBm' is the reading before the current one: the stored sample, not "no earlier reading".
    expect(before.previous).toBeNull();
    expect(after.previous).toEqual({ rxDbm: expect.any(Number), at: after.latestSampleAt });

    const page = await signedIn(browser, account, `/graph/${encodeURIComponent(sub.pppoe)}`, {
      width: 1440,
      height: 900,
    });
    const opened = Date.now();
    const chart = page.locator('[data-testid="signal-chart"] [role="img"]');
    await chart.waitFor({ timeout: 15000 });
    // 'All': the stored hour and the current reading make a line.
    expect(await chart.getAttribute('data-points')).toBe('2');
    const axisMax = Date.parse((await chart.getAttribute('data-axis-max'))!);
    expect(axisMax).toBeGreaterThanOrEqual(Date.parse(after.lastSeenAt!));
    expect(axisMax).toBeLessThanOrEqual(opened + 5000);
    await page
      .getByTestId('signal-sampling-note')
      .getByText(/rx moves 0\.5 dB or once an hour/)
      .waitFor();
    // The Previous dBm row shows the stored sample before the current reading.
    await page
      .getByTestId('previous-dbm')
      .getByText(`${after.previous!.rxDbm.toFixed(2)} dBm`)
      .waitFor();
    await page.getByRole('heading', { name: 'Signal history' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'pppoe-chart-all-1440');

    // Today's day view also ends now, not at midnight.
    await page.getByRole('group', { name: 'Day of the signal chart' }).getByRole('button').nth(1).click();
    await page.waitForFunction(
      () => {
        const label = document
          .querySelector('[data-testid="signal-chart"] [role="img"]')
          ?.getAttribute('aria-label');
        return !!label && !label.includes('the last');
      },
      undefined,
      { timeout: 10000 },
    );
    const dayMax = Date.parse((await chart.getAttribute('data-axis-max'))!);
    expect(dayMax).toBeLessThanOrEqual(Date.now() + 5000);
    expect(await chart.getAttribute('data-points')).toBe('2');
    await screenshot(page, 'pppoe-chart-1440', true);
    await page.context().close();
  });

  it('says offline without blocking the page, and gives the reason when a live read fails', async () => {
    // An offline subscriber on an OLT that refuses our telnet login: the live read fails with a reason.
    let sub: Awaited<ReturnType<typeof subscriber>> | null = null;
    let reason = '';
    let faulty = '';
    for (const name of olts.keys()) {
      const candidate = await subscriber('offline', name).catch(() => null);
      if (!candidate) continue;
      await sim.send('PUT', `/devices/${name}/faults`, { telnetAuthFailure: true });
      const res = await liveRead(candidate.onu.id, 'realtime', token);
      if (res.status >= 400 && res.status !== 501 && res.message) {
        [sub, reason, faulty] = [candidate, res.message, name];
        break;
      }
      await sim.send('PUT', `/devices/${name}/faults`, { telnetAuthFailure: false });
    }
    if (!sub) throw new Error('no OLT of the fleet fails the realtime read when it refuses telnet');
    try {
      const page = await signedIn(browser, account, `/graph/${encodeURIComponent(sub.pppoe)}`, {
        width: 1280,
        height: 900,
      });
      const notice = page.getByTestId('offline-notice');
      await notice.waitFor({ timeout: 15000 });
      expect(await notice.textContent()).toContain(
        `${sub.pppoe} is currently offline. Displaying previously saved data.`,
      );
      for (const label of [
        'PPPOE ID',
        'OLT Name',
        'VLAN ID',
        'Description',
        'MAC Address',
        'Port Number',
        'Last Update',
        'Distance',
      ])
        await notice.getByText(label, { exact: true }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);

      // The page is usable at once: the realtime tab opens and says why the read failed.
      await page.getByRole('tab', { name: 'ONU Realtime' }).click();
      const result = page
        .getByTestId('realtime-error')
        .or(page.getByTestId('realtime-gpon'))
        .or(page.getByTestId('realtime-epon'))
        .or(page.getByTestId('realtime-unsupported'));
      await result.first().waitFor({ timeout: 30000 });
      expect(
        await page.getByTestId('realtime-error').getByText(`Error fetching data: ${reason}`).count(),
      ).toBe(1);
      await screenshot(page, 'pppoe-offline-1280');
      await page.context().close();
    } finally {
      await sim.send('PUT', `/devices/${faulty}/faults`, { telnetAuthFailure: false });
    }
  });

  it('lists the OLT log newest first with whole reasons', async () => {
    const sub = await subscriber('online', 'bdcom-gpon-1');
    const page = await signedIn(browser, account, `/graph/${encodeURIComponent(sub.pppoe)}`, {
      width: 1440,
      height: 900,
    });
    await page.getByTestId('graph-status').waitFor({ timeout: 15000 });
    await page.getByRole('tab', { name: 'ONU Realtime' }).click();
    await page.getByTestId('realtime-gpon').waitFor({ timeout: 30000 });
    const more = page.getByRole('button', { name: /^See More/ });
    if (await more.count()) await more.click();
    const times = await page.getByTestId('device-history-row').locator('td:first-child').allTextContents();
    const keys = times
      .map((t) => /(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}):(\d{2}):?(\d{2})?/.exec(t))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => m.slice(1).join(''));
    expect(keys.length).toBeGreaterThan(1);
    expect(keys).toEqual([...keys].sort().reverse());
    // What the OLT wrote as the reason is on the page in full, not cut.
    const raw = await api<OnuRealtime>(`/onus/${sub.onu.id}/realtime`, token, { method: 'POST' });
    const reasons = (raw.history ?? []).map((h) => h.reasonRaw).filter((r): r is string => !!r);
    expect(reasons.length).toBeGreaterThan(0);
    const cells = await page.getByTestId('device-history-reason').allTextContents();
    for (const reason of reasons) expect(cells.some((c) => c.includes(reason))).toBe(true);
    await page.context().close();
  });
});
