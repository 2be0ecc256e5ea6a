import { DataSource } from 'typeorm';
import type { AlertChannel, AlertRow, AlertHistory, OltDetail } from '@pondesk/contracts';
import { verifyWebhookSignature } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  FakeTelegram,
  FakeWebhookReceiver,
  FakeWhatsApp,
  addSimulatedOlt,
  registerAccount,
  startTestStack,
  startWorkerProcess,
  waitFor,
  type EntrypointProcess,
  type SimulatorProcess,
  type TestAccount,
  type TestStack,
} from '@pondesk/server-testing';

const DEVICE = { name: 'alerts-olt', brand: 'bdcom', mode: 'gpon' };
const BOT_TOKEN = '123456:AAEalertsTestTokenForTheFake_01';
const CHAT = '-1001234567890';
const WEBHOOK_SECRET = 'shared-secret-of-the-noc-0001';
const WA_TOKEN = 'EAAGwhatsappAccessTokenForTheFake0001';
const WA_PHONE_ID = '109876543210';
const WA_TO = '8801711000000';

/**
 * Alerts from a simulated OLT to the local fakes of Telegram, WhatsApp and a webhook receiver, through the API, the
 * worker's engine and its dispatcher as production runs them: a PON taken down gives one outage alert and one
 * recovery on each channel (Telegram, WhatsApp, webhook), a silenced OLT gives none, and a worker killed mid-send neither loses nor repeats
 * a message.
 */
describe('alerts', () => {
  let stack: TestStack;
  let client: ApiClient;
  let db: DataSource;
  let sim: SimulatorProcess;
  let account: TestAccount;
  let olt: OltDetail;
  let telegram: FakeTelegram;
  let webhook: FakeWebhookReceiver;
  let whatsapp: FakeWhatsApp;
  const workers: EntrypointProcess[] = [];

  const poll = async () =>
    expect((await client.post(`/olts/${olt.id}/poll`, {}, account.token)).status).toBe(202);
  /** The PON's outage ends; the simulator's frozen clock moves on a moment so that its end has passed. */
  const ponUp = async (pon: number) => {
    await sim.send('POST', `/devices/${DEVICE.name}/pons/${pon}/up`);
    await sim.send('POST', '/clock', { advanceSeconds: 2 });
  };
  const history = async () =>
    (await client.get<AlertHistory>('/alerts/history?pageSize=100', account.token)).body.items;
  const alertOf = async (pred: (a: AlertRow) => boolean) => (await history()).find(pred);
  const ponOnline = async (pon: number) =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM onu WHERE olt_id = $1 AND pon_port = $2 AND status = 'online'`,
        [olt.id, pon],
      )
    )[0].n as number;
  const delivered = (a: AlertRow | undefined, phase: 'open' | 'resolve') =>
    !!a &&
    a.deliveries.filter((d) => d.phase === phase).every((d) => d.status === 'delivered') &&
    a.deliveries.some((d) => d.phase === phase);
  const telegramTexts = (needle: string) => telegram.messages.filter((m) => m.text.includes(needle));
  const whatsappTexts = (needle: string) =>
    whatsapp.messages.filter((m) => m.params.some((p) => p.includes(needle)));
  const webhookBodies = (alertId: string, phase: 'open' | 'resolve') =>
    webhook.messages.filter((m) =>
      (m.body as { alerts: { id: string; phase: string }[] }).alerts.some(
        (a) => a.id === alertId && a.phase === phase,
      ),
    );

  beforeAll(async () => {
    telegram = await FakeTelegram.start({ tokens: [BOT_TOKEN] });
    webhook = await FakeWebhookReceiver.start();
    whatsapp = await FakeWhatsApp.start({
      tokens: [WA_TOKEN],
      phoneNumberIds: [WA_PHONE_ID],
      templates: ['noc_alert'],
    });
    stack = await startTestStack({
      fleet: [{ ...DEVICE, ponPorts: 3, onusPerPort: 6 }],
      env: {
        OLT_HEALTH_INTERVAL_SECONDS: '3600',
        TELEGRAM_API_URL: telegram.url,
        WHATSAPP_API_URL: whatsapp.url,
        ALERT_EVALUATE_INTERVAL_MS: '500',
        ALERT_DISPATCH_INTERVAL_MS: '300',
        ALERT_DELIVERY_LEASE_MS: '1000',
        ALERT_SEND_TIMEOUT_MS: '4000',
      },
    });
    sim = stack.simulator!;
    client = new ApiClient(stack.url);
    db = createDataSource(stack.database.url);
    await db.initialize();
    account = await registerAccount(client, 'alerts');
    olt = await addSimulatedOlt(client, sim, DEVICE, account.token, 'Alerts OLT');
    await waitFor(
      async () => (await db.query('SELECT onu_count FROM olt WHERE id = $1', [olt.id]))[0].onu_count === 18,
      { timeoutMs: 30000, what: 'the first poll' },
    );
    for (const body of [
      { kind: 'telegram', name: 'NOC group', chatIds: [CHAT], secret: BOT_TOKEN },
      { kind: 'webhook', name: 'Ticketing', url: webhook.url, secret: WEBHOOK_SECRET },
      {
        kind: 'whatsapp',
        name: 'Duty phone',
        phoneNumberId: WA_PHONE_ID,
        recipients: [WA_TO],
        templateName: 'noc_alert',
        languageCode: 'en',
        secret: WA_TOKEN,
      },
    ]) {
      const res = await client.post<AlertChannel>('/alerts/channels', body, account.token);
      expect(res.status).toBe(201);
    }
    // Single ONUs down for LOS would alert at once: during a PON outage they must not.
    const rule = await client.put(
      '/alerts/rules/onu-down',
      {
        enabled: true,
        minDurationSeconds: 0,
        notifyRecovery: true,
        params: { reasons: ['los'] },
      },
      account.token,
    );
    expect(rule.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) await w.stop(8000);
    await db?.destroy();
    await stack?.stop();
    await telegram?.stop();
    await webhook?.stop();
    await whatsapp?.stop();
  });

  it('sends one outage alert and one recovery per channel for a PON taken down and brought back', async () => {
    const online = await ponOnline(1);
    expect(online).toBeGreaterThanOrEqual(4);
    await sim.send('POST', `/devices/${DEVICE.name}/pons/1/down`);
    await poll();
    const outage = await waitFor(
      async () => {
        const a = await alertOf((x) => x.kind === 'pon-outage' && x.ponPort === 1);
        return delivered(a, 'open') ? a : undefined;
      },
      { timeoutMs: 30000, what: 'the outage alert delivered' },
    );
    expect(outage.state).toBe('firing');
    expect(outage.detail).toMatchObject({ down: online, total: 6, cause: 'fibre' });
    expect(outage.title).toBe(`PON 1 on Alerts OLT: ${online} of 6 ONUs down, fibre (LOS)`);
    // One alert for the PON, none per ONU.
    expect((await history()).filter((a) => a.kind === 'onu-down')).toEqual([]);
    expect(outage.deliveries.map((d) => [d.channelName, d.phase, d.status]).sort()).toEqual([
      ['Duty phone', 'open', 'delivered'],
      ['NOC group', 'open', 'delivered'],
      ['Ticketing', 'open', 'delivered'],
    ]);
    const wa = whatsappTexts('PON 1 on Alerts OLT');
    expect(wa).toHaveLength(1);
    expect(wa[0]).toMatchObject({
      phoneNumberId: WA_PHONE_ID,
      to: WA_TO,
      templateName: 'noc_alert',
      languageCode: 'en',
    });
    const texts = telegramTexts('PON 1 on Alerts OLT');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ chatId: CHAT });
    expect(texts[0].text).toContain(`ALERT PON outage: PON 1 on Alerts OLT: ${online} of 6 ONUs down`);
    const hooks = webhookBodies(outage.id, 'open');
    expect(hooks).toHaveLength(1);
    // The receiver checks the signature with the secret it shares with us; a wrong secret fails.
    expect(verifyWebhookSignature(WEBHOOK_SECRET, hooks[0].headers, hooks[0].rawBody)).toBe(true);
    expect(verifyWebhookSignature('another-secret-entirely', hooks[0].headers, hooks[0].rawBody)).toBe(false);

    await ponUp(1);
    await poll();
    await waitFor(async () => (await ponOnline(1)) === online, { timeoutMs: 20000, what: 'PON 1 back' });
    const resolved = await waitFor(
      async () => {
        const a = await alertOf((x) => x.id === outage.id);
        return a?.state === 'resolved' && delivered(a, 'resolve') ? a : undefined;
      },
      { timeoutMs: 30000, what: 'the recovery delivered' },
    );
    expect(resolved.resolvedAt).not.toBeNull();
    // Settle: nothing more arrives for this outage.
    await new Promise((r) => setTimeout(r, 1500));
    expect(telegramTexts('PON 1 on Alerts OLT').map((m) => m.text.split(':')[0])).toEqual([
      'PonDesk ALERT PON outage',
      'PonDesk RESOLVED PON outage',
    ]);
    expect(webhookBodies(outage.id, 'open')).toHaveLength(1);
    expect(webhookBodies(outage.id, 'resolve')).toHaveLength(1);
    expect(whatsappTexts('PON 1 on Alerts OLT').map((m) => m.params[0].split(':')[0])).toEqual([
      'PonDesk ALERT PON outage',
      'PonDesk RESOLVED PON outage',
    ]);
  });

  it('records but sends nothing for an OLT under a maintenance silence', async () => {
    const silence = await client.post<{ id: string }>(
      '/alerts/silences',
      { targetType: 'olt', targetId: olt.id, durationMinutes: 60, reason: 'Fibre splicing' },
      account.token,
    );
    expect(silence.status).toBe(201);
    const before = {
      telegram: telegram.messages.length,
      webhook: webhook.messages.length,
      whatsapp: whatsapp.messages.length,
    };
    await sim.send('POST', `/devices/${DEVICE.name}/pons/2/down`);
    await poll();
    const outage = await waitFor(
      () => alertOf((x) => x.kind === 'pon-outage' && x.ponPort === 2 && x.state === 'firing'),
      { timeoutMs: 30000, what: 'the silenced outage recorded' },
    );
    expect(outage.silenced).toBe(true);
    expect(outage.deliveries).toEqual([]);
    await ponUp(2);
    await poll();
    await waitFor(async () => (await alertOf((x) => x.id === outage.id))?.state === 'resolved', {
      timeoutMs: 30000,
      what: 'the silenced outage resolved',
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect({
      telegram: telegram.messages.length,
      webhook: webhook.messages.length,
      whatsapp: whatsapp.messages.length,
    }).toEqual(before);
    expect((await client.delete(`/alerts/silences/${silence.body.id}`, account.token)).status).toBe(204);
  });

  it('neither loses nor repeats a message when the worker dies while sending it', async () => {
    // The webhook answers at once; Telegram takes the request and holds it unanswered: the worker dies then.
    telegram.hold(true);
    await sim.send('POST', `/devices/${DEVICE.name}/pons/3/down`);
    await poll();
    const outage = await waitFor(
      async () => {
        const a = await alertOf((x) => x.kind === 'pon-outage' && x.ponPort === 3);
        const tg = a?.deliveries.find((d) => d.channelKind === 'telegram');
        const hook = a?.deliveries.find((d) => d.channelKind === 'webhook');
        return tg?.status === 'sending' && hook?.status === 'delivered' && telegram.heldCount() > 0
          ? a
          : undefined;
      },
      { timeoutMs: 30000, what: 'the Telegram send in flight' },
    );
    stack.worker.kill('SIGKILL');
    await stack.worker.exited;
    // The held request's connection died with the worker: Telegram never took that message.
    telegram.hold(false);
    expect(telegramTexts('PON 3 on Alerts OLT')).toEqual([]);
    workers.push(await startWorkerProcess({ ...stack.env }));
    const done = await waitFor(
      async () => {
        const a = await alertOf((x) => x.id === outage.id);
        return delivered(a, 'open') ? a : undefined;
      },
      { timeoutMs: 30000, what: 'the message sent by the next worker' },
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(telegramTexts('PON 3 on Alerts OLT')).toHaveLength(1);
    expect(webhookBodies(outage.id, 'open')).toHaveLength(1);
    expect(whatsappTexts('PON 3 on Alerts OLT')).toHaveLength(1);
    expect(done.deliveries.find((d) => d.channelKind === 'telegram')?.attempts).toBe(2);
  });
});
