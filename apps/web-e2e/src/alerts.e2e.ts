import type { Browser, Page } from 'playwright-core';
import type { AlertHistory, AlertRule, OltDetail, OnuList } from '@pondesk/contracts';
import { FakeTelegram, SimulatorProcess, waitFor, type SimOnuState } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { startStack, type E2eStack } from './support/stack';
import { expectToast, newAccount, registerByApi, signedIn, type Account } from './pages/identity';
import { addFleet, api } from './pages/monitoring';

const OLT = 'alerts-e2e-olt';
const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const CHAT = '-1001234567890';
const CHANNEL = 'NOC Telegram';

/**
 * Alerts as an operator sets them up, on a stack of this file's own whose worker talks to a local fake of
 * the Telegram Bot API and evaluates and dispatches alerts every fraction of a second: a Telegram channel
 * added on /alerts, its 'Send test', the ONU-down rule turned on in the Rules tab, and an ONU taken down in
 * the simulator showing in the history as delivered to that channel.
 */
describe('Alerts (/alerts): a Telegram channel, its test, and an ONU-down alert delivered', () => {
  let telegram: FakeTelegram;
  let stack: E2eStack;
  let previousBase: string | undefined;
  let sim: SimulatorProcess;
  let browser: Browser;
  let account: Account;
  let token: string;
  let olt: OltDetail;
  let page: Page;
  /** The ONU the third test takes down, and its alert. */
  let downed: { ponPort: number; onuId: number; ifName: string; alertId: string } | undefined;

  const history = async () => (await api<AlertHistory>('/alerts/history?pageSize=100', token)).items;

  beforeAll(async () => {
    telegram = await FakeTelegram.start({ tokens: [BOT_TOKEN] });
    [stack, sim] = await Promise.all([
      startStack({
        TELEGRAM_API_URL: telegram.url,
        ALERT_EVALUATE_INTERVAL_MS: '500',
        ALERT_DISPATCH_INTERVAL_MS: '300',
        // Reachability checks stay out of the way: the test polls on demand.
        OLT_HEALTH_INTERVAL_SECONDS: '3600',
      }),
      // One PON of 8 ONUs, simulated time frozen: one ONU down is far from a PON outage (≥ 4 and ≥ 50 %).
      SimulatorProcess.start([{ name: OLT, brand: 'bdcom', mode: 'gpon', ponPorts: 1, onusPerPort: 8 }], {
        timeScale: 0,
      }),
    ]);
    previousBase = process.env.PONDESK_E2E_BASE_URL;
    process.env.PONDESK_E2E_BASE_URL = stack.baseUrl;
    account = newAccount('alerts');
    token = (await registerByApi(account)).accessToken;
    olt = (await addFleet(sim, token)).get(OLT)!;
    browser = await launchBrowser();
    page = await signedIn(browser, account, '/alerts');
  }, 180_000);

  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
    await sim?.stop();
    await stack?.stop();
    await telegram?.stop();
    process.env.PONDESK_E2E_BASE_URL = previousBase;
  });

  it('adds a Telegram channel and its Send test reaches the chat once', async () => {
    await page.getByTestId('alerts-page').waitFor({ timeout: 15_000 });
    await page.getByTestId('alerts-tab-channels').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'channels');
    await page.getByTestId('channels-empty').waitFor({ timeout: 15_000 });

    await page.getByTestId('channel-add').click();
    const form = page.getByTestId('channel-form');
    await form.waitFor();
    expect(await form.getByTestId('channel-kind').inputValue()).toBe('telegram');
    // The name has the focus.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'channel-name');
    await page.keyboard.type(CHANNEL);
    await form.getByLabel('Bot token').fill(BOT_TOKEN);
    const chats = form.getByTestId('channel-chatIds');
    await chats.fill(CHAT);
    await chats.press('Enter');
    // Enter made it a chip.
    await form.getByText(CHAT, { exact: true }).waitFor();
    await form.getByTestId('channel-save').click();
    await expectToast(page, 'success', `Channel ${CHANNEL} added`);
    await form.waitFor({ state: 'detached' });

    const row = page.locator(`[data-testid="channel-row"][data-channel-name="${CHANNEL}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(CHAT);
    // The token is never shown back.
    expect(await page.content()).not.toContain(BOT_TOKEN);
    expect(telegram.messages).toHaveLength(0);

    await row.getByTestId('channel-test').click();
    const result = row.locator('[data-testid="channel-test-result"][data-ok]');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect((await result.textContent())?.trim()).toBe('Sent to 1 chat');
    expect(await row.getByTestId('channel-test').textContent()).toBe('Send test');

    expect(telegram.messages).toHaveLength(1);
    const [sent] = telegram.messages;
    expect(sent.token).toBe(BOT_TOKEN);
    expect(sent.chatId).toBe(CHAT);
    expect(sent.text).toContain('test');
    expect(sent.text).toContain(CHANNEL);
  });

  it('turns the ONU-down rule on in the Rules tab, with no minimum duration', async () => {
    await page.getByTestId('alerts-tab-rules').click();
    const card = page.getByTestId('rule-card-onu-down');
    await card.waitFor({ timeout: 15_000 });
    const enabled = card.getByRole('switch', { name: 'ONU down enabled' });
    // Off by default: subscribers switch their ONUs off at night.
    expect(await enabled.isChecked()).toBe(false);
    await enabled.check();
    await card.getByTestId('rule-onu-down-minDurationMinutes').fill('0');
    await card.getByTestId('rule-onu-down-save').click();
    await expectToast(page, 'success', 'ONU down rule saved');
    // Saved, not only shown: a reload reads it back.
    await page.reload();
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByRole('switch', { name: 'ONU down enabled' }).isChecked()).toBe(true);
    expect(await card.getByTestId('rule-onu-down-minDurationMinutes').inputValue()).toBe('0');

    const rules = await api<AlertRule[]>('/alerts/rules', token);
    const rule = rules.find((r) => r.kind === 'onu-down');
    expect(rule).toMatchObject({ enabled: true, minDurationSeconds: 0 });
    // The default reason, LOS, is the one the simulated ONU goes down for.
    expect((rule as AlertRule<'onu-down'>).params.reasons).toContain('los');
  });

  it('shows an ONU taken down (LOS) in the history as delivered to the channel, and acknowledges it', async () => {
    // An online ONU of the OLT as the console stores it.
    const simOnus: SimOnuState[] = await sim.onus(OLT);
    const stored = await api<OnuList>(`/onus?oltId=${olt.id}&pageSize=100`, token);
    const victim = simOnus
      .filter((o) => o.status === 'online')
      .map((o) => ({ sim: o, onu: stored.items.find((s) => s.ponPort === o.ponPort && s.onuId === o.onuId) }))
      .find((x) => x.onu?.status === 'online');
    if (!victim?.onu) throw new Error(`no online ONU of ${OLT} is stored`);
    const { ponPort, onuId } = victim.sim;
    const ifName = victim.onu.ifName;

    const before = telegram.messages.length;
    await sim.setOnuDown(OLT, ponPort, onuId, 'los');
    await api(`/olts/${olt.id}/poll`, token, { method: 'POST', body: {} });
    const alert = await waitFor(
      async () =>
        (await history()).find(
          (a) =>
            a.kind === 'onu-down' &&
            a.deliveries.some((d) => d.channelName === CHANNEL && d.status === 'delivered'),
        ),
      { timeoutMs: 45_000, intervalMs: 300, what: 'the ONU-down alert delivered (API)' },
    );
    expect(alert.state).toBe('firing');
    expect(alert.title).toContain(`ONU ${ifName}`);
    expect(alert.title).toContain(olt.name);

    // The browser shows it: History, the row of that alert, its chip for the channel delivered.
    await page.getByTestId('alerts-tab-history').click();
    const row = page.locator(`[data-testid="alert-row"][data-alert-id="${alert.id}"]`);
    const chip = row.locator(
      `[data-testid="alert-delivery"][data-channel="${CHANNEL}"][data-phase="open"][data-status="delivered"]`,
    );
    // The history refetches every 15 s; a reload reads it at once.
    await waitFor(
      async () => {
        if (await chip.count()) return true;
        await page.reload();
        await row.waitFor({ timeout: 5_000 }).catch(() => undefined);
        return (await chip.count()) > 0;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the delivered chip in the history' },
    );
    expect(await chip.textContent()).toContain('delivered');
    expect(await row.getAttribute('data-kind')).toBe('onu-down');
    expect(await row.getAttribute('data-state')).toBe('firing');
    expect(await row.getByTestId('alert-state').textContent()).toBe('Firing');
    expect(await row.getByTestId('alert-silenced').count()).toBe(0);
    expect(await row.textContent()).toContain(alert.title);
    // Only this ONU: no PON outage, no other alert.
    expect(await page.locator('[data-testid="alert-row"]').count()).toBe(1);

    // Telegram got the alert, for that ONU, in the channel's chat: exactly once.
    const alertTexts = () => telegram.messages.slice(before).filter((m) => m.text.includes(`ONU ${ifName}`));
    await waitFor(async () => alertTexts().length > 0, { timeoutMs: 5_000, what: 'the alert on Telegram' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(alertTexts()).toHaveLength(1);
    expect(alertTexts()[0]).toMatchObject({ chatId: CHAT, token: BOT_TOKEN });
    expect(alertTexts()[0].text).toContain(`ALERT ONU down: ${alert.title}`);

    // Acknowledged from the console.
    await row.getByTestId('alert-ack').click();
    await expectToast(page, 'success', 'Alert acknowledged');
    await row.getByTestId('alert-acked').waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('alert-ack').count()).toBe(0);
    expect((await history()).find((a) => a.id === alert.id)?.acknowledgedAt).toBeTruthy();
    downed = { ponPort, onuId, ifName, alertId: alert.id };
  });

  it('resolves the alert when the ONU is back, and the recovery is delivered too', async () => {
    if (!downed) throw new Error('the previous test did not take an ONU down');
    const { ponPort, onuId, ifName, alertId } = downed;
    const before = telegram.messages.length;
    await sim.setOnuDown(OLT, ponPort, onuId, null);
    // The simulator's clock is frozen: it moves on a moment so that the ONU's return has happened.
    await sim.send('POST', '/clock', { advanceSeconds: 2 });
    await api(`/olts/${olt.id}/poll`, token, { method: 'POST', body: {} });
    await waitFor(
      async () =>
        (await api<OnuList>(`/onus?oltId=${olt.id}&pageSize=100`, token)).items.find(
          (o) => o.ponPort === ponPort && o.onuId === onuId,
        )?.status === 'online',
      { timeoutMs: 20_000, intervalMs: 300, what: `ONU ${ifName} online again` },
    );
    const row = page.locator(`[data-testid="alert-row"][data-alert-id="${alertId}"][data-state="resolved"]`);
    const chip = row.locator(
      `[data-testid="alert-delivery"][data-channel="${CHANNEL}"][data-phase="resolve"][data-status="delivered"]`,
    );
    await waitFor(
      async () => {
        if (await chip.count()) return true;
        // The history stays fresh for 15 s (switching tabs within that shows the cached page): a reload
        // reads it at once.
        await page.reload();
        await page
          .getByTestId('alert-row')
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        return (await chip.count()) > 0;
      },
      { timeoutMs: 45_000, intervalMs: 500, what: 'the recovery delivered in the history' },
    );
    expect(await row.getByTestId('alert-state').textContent()).toBe('Resolved');
    // The opening message stays delivered beside it.
    expect(
      await row.locator(`[data-testid="alert-delivery"][data-phase="open"][data-status="delivered"]`).count(),
    ).toBe(1);
    const recoveries = () => telegram.messages.slice(before).filter((m) => m.text.includes(`ONU ${ifName}`));
    await waitFor(async () => recoveries().length > 0, {
      timeoutMs: 5_000,
      what: 'the recovery on Telegram',
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(recoveries()).toHaveLength(1);
    expect(recoveries()[0]).toMatchObject({ chatId: CHAT });
    expect(recoveries()[0].text).toMatch(/^PonDesk RESOLVED ONU down: /);
  });
});
