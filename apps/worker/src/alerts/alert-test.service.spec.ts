import type { DataSource } from 'typeorm';
import { SecretBox } from '@pondesk/server-config';
import type { AlertChannelEntity } from '@pondesk/server-database';
import { FakeTelegram, FakeWebhookReceiver, FakeWhatsApp } from '@pondesk/server-testing';
import { AlertTestService } from './alert-test.service';
import { ChannelClients, type ChannelClientsConfig } from './channels/channel-clients';

const KEY = '3c'.repeat(32);
const TENANT = '00000000-0000-4000-8000-0000000000a1';
const OTHER_TENANT = '00000000-0000-4000-8000-0000000000a2';
const TOKEN = '123456:AAE-fakeTokenForTests_0123';

describe('AlertTestService', () => {
  let telegram: FakeTelegram;
  let whatsapp: FakeWhatsApp;
  let webhook: FakeWebhookReceiver;
  let rows: AlertChannelEntity[];
  let service: AlertTestService;
  const box = new SecretBox(KEY);

  const row = (over: Partial<AlertChannelEntity>): AlertChannelEntity =>
    ({
      id: `00000000-0000-4000-8000-${String(rows.length + 1).padStart(12, '0')}`,
      tenantId: TENANT,
      kind: 'telegram',
      name: 'NOC group',
      enabled: true,
      settings: {},
      secretEnc: box.seal(TOKEN),
      useDeviceIds: false,
      ratePerMinute: 20,
      createdBy: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      ...over,
    }) as AlertChannelEntity;

  const add = (over: Partial<AlertChannelEntity>) => {
    const r = row(over);
    rows.push(r);
    return r;
  };

  beforeAll(async () => {
    telegram = await FakeTelegram.start({ tokens: [TOKEN], chats: ['-100111', '-100222'] });
    whatsapp = await FakeWhatsApp.start();
    webhook = await FakeWebhookReceiver.start({ secret: 'hook-secret' });
    const config: ChannelClientsConfig = {
      TELEGRAM_API_URL: telegram.url,
      WHATSAPP_API_URL: whatsapp.url,
      ALERT_SEND_TIMEOUT_MS: 2000,
      ENCRYPTION_KEY: KEY,
      ALLOW_LOOPBACK_DEVICES: true,
      PORT: 3000,
      DATABASE_URL: 'postgres://127.0.0.1:5432/x',
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    const db = {
      getRepository: () => ({
        findOne: ({ where }: { where: { id: string; tenantId: string } }) =>
          Promise.resolve(rows.find((r) => r.id === where.id && r.tenantId === where.tenantId) ?? null),
      }),
    } as unknown as DataSource;
    service = new AlertTestService(db, new ChannelClients(config));
  });
  afterAll(async () => {
    await telegram.stop();
    await whatsapp.stop();
    await webhook.stop();
  });
  beforeEach(() => {
    rows = [];
    telegram.clear();
    whatsapp.clear();
    webhook.clear();
  });

  it('sends a test message to every chat of a Telegram channel', async () => {
    const ch = add({ settings: { chatIds: ['-100111', '-100222'] } });
    const result = await service.sendTest({ tenantId: TENANT, channelId: ch.id, requestedBy: 'rahim' });
    expect(result).toEqual({ ok: true, message: 'Sent to 2 chats' });
    expect(telegram.messages.map((m) => m.chatId)).toEqual(['-100111', '-100222']);
    expect(telegram.messages[0].text).toMatch(
      /^PonDesk test message from NOC group, sent by rahim at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
  });

  it("answers 'Channel not found' for another tenant's channel or a malformed id", async () => {
    const ch = add({ settings: { chatIds: ['-100111'] } });
    const notFound = { ok: false, message: 'Channel not found' };
    expect(await service.sendTest({ tenantId: OTHER_TENANT, channelId: ch.id, requestedBy: 'x' })).toEqual(
      notFound,
    );
    expect(await service.sendTest({ tenantId: TENANT, channelId: 'nope', requestedBy: 'x' })).toEqual(
      notFound,
    );
    expect(telegram.messages).toEqual([]);
  });

  it('says what Telegram answered when it refuses, and stops at a token it refuses', async () => {
    const ch = add({
      settings: { chatIds: ['-100111', '-100222'] },
      secretEnc: box.seal('999:ZZZ-notTheBotToken1'),
    });
    expect(await service.sendTest({ tenantId: TENANT, channelId: ch.id, requestedBy: 'x' })).toEqual({
      ok: false,
      message: '-100111: Telegram refused: Unauthorized (401); 1 not tried',
    });
  });

  it('counts what was sent when only some chats take it', async () => {
    const ch = add({ settings: { chatIds: ['-100111', '-100999'] } });
    expect(await service.sendTest({ tenantId: TENANT, channelId: ch.id, requestedBy: 'x' })).toEqual({
      ok: false,
      message: 'Sent to 1 of 2 chats; -100999: Telegram refused: Bad Request: chat not found (400)',
    });
  });

  it('sends the WhatsApp template and the signed webhook', async () => {
    const wa = add({
      kind: 'whatsapp',
      name: 'Phones',
      settings: { phoneNumberId: '1065', recipients: ['8801711000000'], templateName: 'pondesk_alert' },
      secretEnc: box.seal('EAAGaccessTokenForTests'),
    });
    expect(await service.sendTest({ tenantId: TENANT, channelId: wa.id, requestedBy: 'x' })).toEqual({
      ok: true,
      message: 'Sent to 1 recipient',
    });
    expect(whatsapp.messages[0].params[0]).toMatch(/^PonDesk test message from Phones/);

    const hook = add({
      kind: 'webhook',
      name: 'Ticketing',
      settings: { url: webhook.url },
      secretEnc: box.seal('hook-secret'),
    });
    expect(await service.sendTest({ tenantId: TENANT, channelId: hook.id, requestedBy: 'x' })).toEqual({
      ok: true,
      message: 'Webhook answered 200',
    });
    expect(webhook.messages[0]).toMatchObject({ verified: true, body: { test: true, alerts: [] } });
  });

  it('explains a channel with nothing to send to, or a secret that does not open', async () => {
    const empty = add({ settings: { chatIds: [] } });
    expect(await service.sendTest({ tenantId: TENANT, channelId: empty.id, requestedBy: 'x' })).toEqual({
      ok: false,
      message: 'The channel has no chats to send to',
    });
    const sealedElsewhere = add({
      settings: { chatIds: ['-100111'] },
      secretEnc: new SecretBox('4d'.repeat(32)).seal(TOKEN),
    });
    expect(
      await service.sendTest({ tenantId: TENANT, channelId: sealedElsewhere.id, requestedBy: 'x' }),
    ).toEqual({
      ok: false,
      message: "The channel's secret cannot be opened (was ENCRYPTION_KEY changed?); enter it again",
    });
  });
});
