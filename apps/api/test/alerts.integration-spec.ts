import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Worker, type Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  ALERT_KINDS,
  ALERT_RULE_DEFAULTS,
  PERMISSION_CODES,
  Permission,
  type AlertChannel,
  type AlertHistory,
  type AlertRow,
  type AlertRule,
  type AlertSilence,
  type AlertTestResult,
} from '@pondesk/contracts';
import { QueueName, type AlertTestPayload } from '@pondesk/server-queue';
import {
  ApiClient,
  createMigratedDatabase,
  registerAccount,
  userWithCodes,
  type TestAccount,
  type TestDatabase,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

type ErrorBody = { message: string; code?: string; fields?: { field: string; message: string }[] };

const BOT_TOKEN = '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawX';
const BOT_TOKEN_2 = '7012345678:BBHdqTcvCH1vGWJxfSeofSAs0K5PALDsawY';
const WA_TOKEN = 'EAAGm0PX4ZCpsBAKZCwhatsapp-access-token-0123456789';
const HOOK_SECRET = 'webhook-signing-secret-0123';
const telegram = { kind: 'telegram', name: 'NOC group', chatIds: ['-1001234567890'], secret: BOT_TOKEN };
const whatsapp = {
  kind: 'whatsapp',
  name: 'On-call phones',
  phoneNumberId: '106540352242922',
  recipients: ['8801700000001', '8801700000002'],
  templateName: 'pondesk_alert',
  secret: WA_TOKEN,
};
/** Loopback only, and nothing listens there: no test here sends to it. */
const webhook = {
  kind: 'webhook',
  name: 'Ticketing',
  url: 'http://127.0.0.1:9/pondesk',
  secret: HOOK_SECRET,
};

/*
 * The /alerts API against the real database: rules, channels (secrets sealed and never returned),
 * 'Send test' (answered by a stand-in for the worker's handler on this file's own queue), the history over
 * alert rows written directly (the engine is not part of this test) with per-user OLT visibility,
 * acknowledgement and silences; 400s naming the field, 403 without code 2022, 404 across tenants.
 */
describe('alerts API', () => {
  let api: RunningApi;
  let database: TestDatabase;
  let client: ApiClient;
  let db: DataSource;
  let a: TestAccount;
  let b: TestAccount;
  let tenantA = '';
  let tenantB = '';
  const olt = { a1: '', a2: '', b: '' };
  let switchA = '';
  let popA = '';
  let popB = '';

  const fieldsOf = (body: unknown) => ((body as ErrorBody).fields ?? []).map((f) => f.field);
  const post = <T>(path: string, body: unknown, who: TestAccount) => client.post<T>(path, body, who.token);
  const addOlt = async (owner: TestAccount, name: string, host: string) => {
    const res = await post<{ id: string }>(
      '/olts',
      { name, host, brand: 'vsol', mode: 'epon', snmpPort: 1, snmpCommunity: 'olt-community', telnetPort: 1 },
      owner,
    );
    if (res.status !== 201) throw new Error(`OLT: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const made = async (path: string, body: object, owner: TestAccount) => {
    const res = await post<{ id: string }>(path, body, owner);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const addChannel = async (owner: TestAccount, body: object) => {
    const res = await post<AlertChannel>('/alerts/channels', body, owner);
    if (res.status !== 201) throw new Error(`channel: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const auditRows = async (tenantId: string, action: string) =>
    (await db.query(
      `SELECT entity_id, before::text AS before, after::text AS after FROM audit_log
        WHERE tenant_id = $1 AND action = $2 ORDER BY created_at`,
      [tenantId, action],
    )) as { entity_id: string; before: string | null; after: string | null }[];

  beforeAll(async () => {
    // A database and Redis namespace of this file's own: the workers other files start on the shared database
    // would health-check these OLTs (raising 'unreachable' alerts in this history) and send the deliveries
    // inserted here, and the stand-in worker below must take this file's jobs only, never theirs.
    database = await createMigratedDatabase('pondesk_it_alerts');
    api = await startApi({
      DATABASE_URL: database.url,
      REDIS_NAMESPACE: `pondesk:it-alerts-${randomUUID()}`,
    });
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    [a, b] = await Promise.all([registerAccount(client, 'ala'), registerAccount(client, 'alb')]);
    tenantA = a.auth.user.tenantId!;
    tenantB = b.auth.user.tenantId!;
    // Loopback addresses, as any stored device's.
    [olt.a1, olt.a2, olt.b] = await Promise.all([
      addOlt(a, 'Uttara OLT', '127.0.0.71'),
      addOlt(a, 'Mirpur OLT', '127.0.0.72'),
      addOlt(b, 'Other tenant OLT', '127.0.0.73'),
    ]);
    switchA = await made(
      '/switches',
      { name: 'Uttara core switch', ip: '127.0.0.74', community: 'sw-community', brand: 'snr' },
      a,
    );
    popA = await made('/pops', { name: 'Uttara POP', areaName: 'Uttara' }, a);
    popB = await made('/pops', { name: 'Other POP', areaName: 'Elsewhere' }, b);
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  describe('rules', () => {
    it('lists every kind with its defaults until one is saved', async () => {
      const res = await client.get<AlertRule[]>('/alerts/rules', a.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ALERT_KINDS.map((k) => ALERT_RULE_DEFAULTS[k]));
    });

    it('saves a rule, shows it to its tenant only and audits the change', async () => {
      const update = {
        enabled: false,
        minDurationSeconds: 120,
        notifyRecovery: false,
        params: { minOnus: 8, minShare: 0.6, windowSeconds: 600, recoveredShare: 0.9 },
      };
      const res = await client.put<AlertRule>('/alerts/rules/pon-outage', update, a.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ kind: 'pon-outage', ...update });
      const onuDown = await client.put<AlertRule>(
        '/alerts/rules/onu-down',
        {
          enabled: true,
          minDurationSeconds: 0,
          notifyRecovery: true,
          params: { reasons: ['los', 'los', 'power-off'] },
        },
        a.token,
      );
      expect(onuDown.status).toBe(200);
      expect(onuDown.body.params).toEqual({ reasons: ['los', 'power-off'] });
      const listed = await client.get<AlertRule[]>('/alerts/rules', a.token);
      expect(listed.body).toEqual([
        { kind: 'pon-outage', ...update },
        onuDown.body,
        ...ALERT_KINDS.slice(2).map((k) => ALERT_RULE_DEFAULTS[k]),
      ]);
      expect((await client.get<AlertRule[]>('/alerts/rules', b.token)).body).toEqual(
        ALERT_KINDS.map((k) => ALERT_RULE_DEFAULTS[k]),
      );
      // Saving the same rule again changes nothing and writes no second audit row.
      expect((await client.put('/alerts/rules/pon-outage', update, a.token)).status).toBe(200);
      const audits = await auditRows(tenantA, 'alert-rule.update');
      expect(audits.map((r) => r.entity_id)).toEqual(['pon-outage', 'onu-down']);
      expect(JSON.parse(audits[0].before!)).toEqual(ALERT_RULE_DEFAULTS['pon-outage']);
    });

    it('answers 404 for a kind that does not exist', async () => {
      const res = await client.put<ErrorBody>(
        '/alerts/rules/pon-collapse',
        { enabled: true, minDurationSeconds: 0, notifyRecovery: true, params: {} },
        a.token,
      );
      expect([res.status, res.body.code]).toEqual([404, 'ALERT_KIND_NOT_FOUND']);
    });

    const pon = ALERT_RULE_DEFAULTS['pon-outage'];
    const base = { enabled: true, minDurationSeconds: 0, notifyRecovery: true };
    it.each([
      ['pon-outage', { params: { ...pon.params, minOnus: 0 } }, 'params.minOnus'],
      ['pon-outage', { params: { ...pon.params, minOnus: 1001 } }, 'params.minOnus'],
      ['pon-outage', { params: { ...pon.params, minShare: 0.01 } }, 'params.minShare'],
      ['pon-outage', { params: { ...pon.params, windowSeconds: 3601 } }, 'params.windowSeconds'],
      ['pon-outage', { params: { ...pon.params, recoveredShare: 1.5 } }, 'params.recoveredShare'],
      ['pon-outage', { params: { ...pon.params, bogus: 1 } }, 'params.bogus'],
      ['pon-outage', { params: 'fast' }, 'params'],
      ['pon-outage', { minDurationSeconds: 86401, params: pon.params }, 'minDurationSeconds'],
      ['pon-outage', { minDurationSeconds: -1, params: pon.params }, 'minDurationSeconds'],
      ['pon-outage', { enabled: 'yes', params: pon.params }, 'enabled'],
      ['pon-outage', { enabled: undefined, params: pon.params }, 'enabled'],
      ['pon-outage', { notifyRecovery: null, params: pon.params }, 'notifyRecovery'],
      ['onu-down', { params: { reasons: [] } }, 'params.reasons'],
      ['onu-down', { params: { reasons: ['fibre'] } }, 'params.reasons'],
      ['olt-unreachable', { params: { minOnus: 3 } }, 'params.minOnus'],
      [
        'signal-degrading',
        { params: { minDeclineDbPerDay: 3, horizonDays: 30 } },
        'params.minDeclineDbPerDay',
      ],
      ['signal-degrading', { params: { minDeclineDbPerDay: 0.1, horizonDays: 0 } }, 'params.horizonDays'],
      ['signal-degrading', { params: { minDeclineDbPerDay: 0.1, horizonDays: 30 }, extra: 1 }, 'extra'],
    ])('refuses a bad %s rule naming the field (%#)', async (kind, patch, field) => {
      const res = await client.put(`/alerts/rules/${kind}`, { ...base, ...patch }, b.token);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
      expect((await client.get<AlertRule[]>('/alerts/rules', b.token)).body).toEqual(
        ALERT_KINDS.map((k) => ALERT_RULE_DEFAULTS[k]),
      );
    });
  });

  describe('channels', () => {
    let tg: AlertChannel;

    it('adds a Telegram channel with the defaults; the token is sealed and never returned', async () => {
      const res = await post<AlertChannel>('/alerts/channels', telegram, a);
      expect(res.status).toBe(201);
      tg = res.body;
      expect(tg).toEqual({
        id: expect.any(String),
        kind: 'telegram',
        name: 'NOC group',
        chatIds: ['-1001234567890'],
        enabled: true,
        useDeviceIds: false,
        ratePerMinute: 20,
        hasSecret: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const listed = await client.request('GET', '/alerts/channels', { token: a.token });
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([tg]);
      for (const text of [JSON.stringify(res.body), JSON.stringify(listed.body)]) {
        expect(text).not.toContain(BOT_TOKEN);
        expect(text).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawX');
      }
      const [stored]: { secret_enc: string; settings: object }[] = await db.query(
        'SELECT secret_enc, settings FROM alert_channel WHERE id = $1',
        [tg.id],
      );
      expect(stored.secret_enc).not.toContain(BOT_TOKEN);
      expect(stored.secret_enc).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawX');
      expect(stored.secret_enc.length).toBeGreaterThan(BOT_TOKEN.length);
      expect(stored.settings).toEqual({ chatIds: ['-1001234567890'] });
      const [audit] = await auditRows(tenantA, 'alert-channel.create');
      expect(audit.entity_id).toBe(tg.id);
      expect(audit.after).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawX');
    });

    it('adds WhatsApp and webhook channels, listed by name', async () => {
      const wa = await addChannel(a, { ...whatsapp, ratePerMinute: 5, useDeviceIds: true, enabled: false });
      expect(wa).toMatchObject({
        kind: 'whatsapp',
        phoneNumberId: '106540352242922',
        recipients: ['8801700000001', '8801700000002'],
        templateName: 'pondesk_alert',
        languageCode: 'en',
        ratePerMinute: 5,
        useDeviceIds: true,
        enabled: false,
        hasSecret: true,
      });
      const hook = await addChannel(a, webhook);
      expect(hook).toMatchObject({ kind: 'webhook', url: webhook.url, hasSecret: true });
      expect(Object.keys(hook)).not.toContain('chatIds');
      const listed = await client.request<AlertChannel[]>('GET', '/alerts/channels', { token: a.token });
      expect(listed.body.map((c) => c.name)).toEqual(['NOC group', 'On-call phones', 'Ticketing']);
      const text = JSON.stringify(listed.body);
      for (const secret of [BOT_TOKEN, WA_TOKEN, HOOK_SECRET]) expect(text).not.toContain(secret);
      const stored: { secret_enc: string }[] = await db.query(
        'SELECT secret_enc FROM alert_channel WHERE tenant_id = $1',
        [tenantA],
      );
      for (const s of stored)
        for (const secret of [BOT_TOKEN, WA_TOKEN, HOOK_SECRET]) expect(s.secret_enc).not.toContain(secret);
      expect((await client.get<AlertChannel[]>('/alerts/channels', b.token)).body).toEqual([]);
    });

    it("takes a Telegram channel without chat ids of its own when it sends to each OLT's Telegram id", async () => {
      const own = await post<AlertChannel>(
        '/alerts/channels',
        { ...telegram, name: 'OLT groups', chatIds: undefined, useDeviceIds: true },
        b,
      );
      expect(own.status).toBe(201);
      expect(own.body).toMatchObject({ chatIds: [], useDeviceIds: true });
      const off = await client.patch(`/alerts/channels/${own.body.id}`, { useDeviceIds: false }, b.token);
      expect([off.status, fieldsOf(off.body)]).toEqual([400, ['chatIds']]);
      expect((await client.delete(`/alerts/channels/${own.body.id}`, b.token)).status).toBe(204);
    });

    it('edits: an absent secret keeps the stored one, a new one replaces it, the kind cannot change', async () => {
      const sealed = async () =>
        (
          (await db.query('SELECT secret_enc FROM alert_channel WHERE id = $1', [tg.id])) as {
            secret_enc: string;
          }[]
        )[0].secret_enc;
      const before = await sealed();
      const renamed = await client.patch<AlertChannel>(
        `/alerts/channels/${tg.id}`,
        { name: '  NOC group (night)  ', chatIds: ['-1001234567890', '@pondesk_noc'], ratePerMinute: 600 },
        a.token,
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        name: 'NOC group (night)',
        chatIds: ['-1001234567890', '@pondesk_noc'],
        ratePerMinute: 600,
        hasSecret: true,
      });
      expect(await sealed()).toBe(before);
      const emptySecret = await client.patch(
        `/alerts/channels/${tg.id}`,
        { secret: '', kind: 'telegram' },
        a.token,
      );
      expect(emptySecret.status).toBe(200);
      expect(await sealed()).toBe(before);
      const replaced = await client.request('PATCH', `/alerts/channels/${tg.id}`, {
        token: a.token,
        body: { secret: BOT_TOKEN_2 },
      });
      expect(replaced.status).toBe(200);
      expect(JSON.stringify(replaced.body)).not.toContain(BOT_TOKEN_2);
      expect(await sealed()).not.toBe(before);
      expect(await sealed()).not.toContain(BOT_TOKEN_2);
      const audits = await auditRows(tenantA, 'alert-channel.update');
      expect(audits).toHaveLength(3);
      for (const row of audits) expect(`${row.before} ${row.after}`).not.toMatch(/AAHdq|BBHdq/);
      expect(JSON.parse(audits[2].after!)).toMatchObject({ secretChanged: true });

      const kind = await client.patch<ErrorBody>(`/alerts/channels/${tg.id}`, { kind: 'webhook' }, a.token);
      expect([kind.status, fieldsOf(kind.body), kind.body.code]).toEqual([
        400,
        ['kind'],
        'ALERT_CHANNEL_KIND_CHANGED',
      ]);
      const foreign = await client.patch(
        `/alerts/channels/${tg.id}`,
        { url: 'https://example.net/x' },
        a.token,
      );
      expect([foreign.status, fieldsOf(foreign.body)]).toEqual([400, ['url']]);
      const badSecret = await client.patch(`/alerts/channels/${tg.id}`, { secret: 'not-a-token' }, a.token);
      expect([badSecret.status, fieldsOf(badSecret.body)]).toEqual([400, ['secret']]);
      expect(JSON.stringify(badSecret.body)).not.toContain('not-a-token');
      const nulled = await client.patch(`/alerts/channels/${tg.id}`, { name: null }, a.token);
      expect([nulled.status, fieldsOf(nulled.body)]).toEqual([400, ['name']]);
      expect(await sealed()).not.toBe(before);
    });

    it.each([
      [{ kind: 'sms' }, 'kind'],
      [{ kind: undefined }, 'kind'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'n'.repeat(81) }, 'name'],
      [{ ratePerMinute: 0 }, 'ratePerMinute'],
      [{ ratePerMinute: 601 }, 'ratePerMinute'],
      [{ ratePerMinute: 2.5 }, 'ratePerMinute'],
      [{ enabled: 'true' }, 'enabled'],
      [{ useDeviceIds: 1 }, 'useDeviceIds'],
      [{ chatIds: [] }, 'chatIds'],
      [{ chatIds: ['not a chat'] }, 'chatIds'],
      [{ chatIds: Array.from({ length: 21 }, (_, i) => `-100${i}`) }, 'chatIds'],
      [{ secret: undefined }, 'secret'],
      [{ secret: '123:short' }, 'secret'],
      [{ recipients: ['8801700000001'] }, 'recipients'],
      [{ isAdmin: true }, 'isAdmin'],
    ])('refuses a bad Telegram channel naming the field (%#)', async (patch, field) => {
      const res = await post('/alerts/channels', { ...telegram, ...patch }, b);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
      expect(JSON.stringify(res.body)).not.toContain(BOT_TOKEN);
    });

    it.each([
      [{ phoneNumberId: '12' }, 'phoneNumberId'],
      [{ recipients: ['+8801700000001'] }, 'recipients'],
      [{ recipients: [] }, 'recipients'],
      [{ templateName: 'Pondesk Alert' }, 'templateName'],
      [{ languageCode: 'bengali' }, 'languageCode'],
      [{ secret: 'too-short' }, 'secret'],
      [{ chatIds: ['-100123'] }, 'chatIds'],
      [{ url: 'https://example.net/hook' }, 'url'],
    ])('refuses a bad WhatsApp channel naming the field (%#)', async (patch, field) => {
      const res = await post('/alerts/channels', { ...whatsapp, ...patch }, b);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    });

    it.each([
      [{ url: 'ftp://example.net/hook' }, 'url'],
      [{ url: 'https://user:pass@example.net/hook' }, 'url'],
      [{ url: `https://example.net/${'a'.repeat(481)}` }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: undefined }, 'url'],
      // The device-target policy: link-local metadata addresses and the platform's own Redis are refused.
      [{ url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
      [
        {
          url: `http://127.0.0.1:${new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379}/`,
        },
        'url',
      ],
      [{ secret: 's'.repeat(15) }, 'secret'],
      [{ secret: 's'.repeat(201) }, 'secret'],
    ])('refuses a bad webhook naming the field (%#)', async (patch, field) => {
      const res = await post('/alerts/channels', { ...webhook, ...patch }, b);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    });

    it('stored nothing for any refused channel', async () => {
      const [{ n }]: { n: number }[] = await db.query(
        'SELECT count(*)::int AS n FROM alert_channel WHERE tenant_id = $1',
        [tenantB],
      );
      expect(n).toBe(0);
    });
  });

  describe("'Send test'", () => {
    let worker: Worker<AlertTestPayload>;
    const seen: AlertTestPayload[] = [];

    beforeAll(async () => {
      // A stand-in for the worker's handler, on this file's own queue (its own Redis namespace, above); the real
      // handler is tested with the worker.
      const queue = api.app.get<Queue>(getQueueToken(QueueName.DeviceAction));
      worker = new Worker<AlertTestPayload, AlertTestResult>(
        QueueName.DeviceAction,
        async (job) => {
          seen.push(job.data);
          return { ok: true, message: `sent for ${job.data.requestedBy}` };
        },
        { connection: queue.opts.connection, prefix: queue.opts.prefix },
      );
      await worker.waitUntilReady();
    });
    afterAll(async () => {
      await worker?.close();
    });

    it('asks the worker to send one message and answers with its result', async () => {
      const [channel] = (await client.get<AlertChannel[]>('/alerts/channels', a.token)).body;
      const res = await post<AlertTestResult>(`/alerts/channels/${channel.id}/test`, {}, a);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, message: `sent for ${a.username}` });
      expect(seen).toEqual([{ tenantId: tenantA, channelId: channel.id, requestedBy: a.username }]);
    });

    it('answers 404 for another tenant’s channel or none, 400 for a malformed id, without a job', async () => {
      const [channel] = (await client.get<AlertChannel[]>('/alerts/channels', a.token)).body;
      for (const id of [channel.id, randomUUID()]) {
        const res = await post<ErrorBody>(`/alerts/channels/${id}/test`, {}, b);
        expect([res.status, res.body.code]).toEqual([404, 'ALERT_CHANNEL_NOT_FOUND']);
      }
      const bad = await post(`/alerts/channels/not-a-uuid/test`, {}, a);
      expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['id']]);
      expect(seen).toHaveLength(1);
    });

    it('limits tests per user', async () => {
      const [channel] = (await client.get<AlertChannel[]>('/alerts/channels', a.token)).body;
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await post(`/alerts/channels/${channel.id}/test`, {}, a)).status);
      // One test was sent above: the tenth of this minute is the last allowed.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 429]);
    });
  });

  describe('history, acknowledgement and OLT permissions', () => {
    const ids: Record<string, string> = {};
    let limited: TestAccount;
    let deletedChannel = '';
    const t0 = Date.parse('2026-01-10T08:00:00Z');
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();

    const insertAlert = async (tenantId: string, key: string, row: Record<string, unknown>) => {
      const [{ id }]: { id: string }[] = await db.query(
        `INSERT INTO alert (tenant_id, kind, dedup_key, state, olt_id, pon_port, title, detail, silenced, opened_at, resolved_at,
                            target_type, target_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id::text AS id`,
        [
          tenantId,
          row.kind ?? 'pon-outage',
          key,
          row.state ?? 'firing',
          row.oltId ?? null,
          row.ponPort ?? null,
          row.title ?? key,
          JSON.stringify(row.detail ?? {}),
          row.silenced ?? false,
          row.openedAt,
          row.resolvedAt ?? null,
          row.targetType ?? null,
          row.targetId ?? null,
        ],
      );
      ids[key] = id;
      return id;
    };
    /**
     * A delivery row as the history shows it; due tomorrow, so that no dispatcher would take a pending one.
     */
    const insertDelivery = (
      tenantId: string,
      alertId: string,
      channelId: string,
      row: Record<string, unknown>,
    ) =>
      db.query(
        `INSERT INTO alert_delivery (tenant_id, alert_id, phase, channel_id, target, status, attempts, next_attempt_at, last_error, delivered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '1 day', $8, $9)`,
        [
          tenantId,
          alertId,
          row.phase ?? 'open',
          channelId,
          row.target ?? '',
          row.status,
          row.attempts ?? 0,
          row.lastError ?? null,
          row.deliveredAt ?? null,
        ],
      );
    const history = async (query: string, who: TestAccount) => {
      const res = await client.get<AlertHistory>(`/alerts/history${query}`, who.token);
      expect(res.status).toBe(200);
      return res.body;
    };
    const keysOf = (h: AlertHistory) => h.items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

    beforeAll(async () => {
      const channels = (await client.get<AlertChannel[]>('/alerts/channels', a.token)).body;
      const tg = channels.find((c) => c.kind === 'telegram')!;
      const hook = channels.find((c) => c.kind === 'webhook')!;
      const doomed = await addChannel(a, { ...webhook, name: 'Old ticketing' });
      deletedChannel = doomed.id;
      await insertAlert(tenantA, 'a1-outage', {
        oltId: olt.a1,
        ponPort: 3,
        title: 'PON 3 of Uttara OLT: 12 ONUs down',
        detail: { down: 12, of: 16, reasons: { power: 12 } },
        openedAt: at(0),
        state: 'resolved',
        resolvedAt: at(30),
      });
      await insertAlert(tenantA, 'a2-unreachable', {
        kind: 'olt-unreachable',
        oltId: olt.a2,
        openedAt: at(10),
      });
      await insertAlert(tenantA, 'a1-degrading', {
        kind: 'signal-degrading',
        oltId: olt.a1,
        openedAt: at(20),
        silenced: true,
      });
      const [{ id: server }]: { id: string }[] = await db.query(
        `INSERT INTO monitor_server (tenant_id, name, ip) VALUES ($1, 'Core router', '127.0.0.5') RETURNING id`,
        [tenantA],
      );
      await insertAlert(tenantA, 'no-olt', {
        kind: 'server-down',
        openedAt: at(20),
        targetType: 'server',
        targetId: server,
      });
      await insertAlert(tenantA, 'a2-outage', { oltId: olt.a2, ponPort: 1, openedAt: at(40) });
      await insertAlert(tenantB, 'b-outage', { oltId: olt.b, openedAt: at(50) });
      await insertDelivery(tenantA, ids['a1-outage'], tg.id, {
        status: 'delivered',
        attempts: 1,
        deliveredAt: at(1),
      });
      await insertDelivery(tenantA, ids['a1-outage'], tg.id, {
        phase: 'resolve',
        status: 'delivered',
        attempts: 1,
        deliveredAt: at(31),
      });
      await insertDelivery(tenantA, ids['a1-outage'], hook.id, {
        status: 'failed',
        attempts: 5,
        lastError: 'HTTP 500',
      });
      await insertDelivery(tenantA, ids['a1-outage'], deletedChannel, {
        status: 'delivered',
        attempts: 1,
        deliveredAt: at(2),
      });
      await insertDelivery(tenantA, ids['a2-outage'], deletedChannel, { status: 'pending' });
      await insertDelivery(tenantA, ids['a2-outage'], hook.id, { status: 'pending' });
      limited = await userWithCodes(client, a, [Permission.Alerts]);
      const granted = await client.put(
        `/users/${limited.auth.user.id}/olt-permissions`,
        { action: 'add', oltIds: [olt.a1] },
        a.token,
      );
      expect(granted.status).toBe(200);
    });

    it('deletes a channel: what it still owed fails as "Channel deleted", the history names it "Deleted channel"', async () => {
      const del = await client.delete(`/alerts/channels/${deletedChannel}`, a.token);
      expect(del.status).toBe(204);
      expect((await client.delete(`/alerts/channels/${deletedChannel}`, a.token)).status).toBe(404);
      const rows: { status: string; last_error: string | null; channel_id: string }[] = await db.query(
        `SELECT channel_id, status, last_error FROM alert_delivery WHERE alert_id = $1 ORDER BY id`,
        [ids['a2-outage']],
      );
      expect(rows.map((r) => [r.channel_id === deletedChannel, r.status, r.last_error])).toEqual([
        [true, 'failed', 'Channel deleted'],
        [false, 'pending', null],
      ]);
      // A delivered message stays delivered.
      const [delivered]: { status: string }[] = await db.query(
        'SELECT status FROM alert_delivery WHERE alert_id = $1 AND channel_id = $2',
        [ids['a1-outage'], deletedChannel],
      );
      expect(delivered.status).toBe('delivered');
      expect((await auditRows(tenantA, 'alert-channel.delete')).map((r) => r.entity_id)).toEqual([
        deletedChannel,
      ]);
    });

    it('lists the tenant’s alerts newest first with OLT names and deliveries', async () => {
      const page = await history('', a);
      expect(page).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      // Equal times: the later id first.
      expect(keysOf(page)).toEqual(['a2-outage', 'no-olt', 'a1-degrading', 'a2-unreachable', 'a1-outage']);
      const outage = page.items[4];
      expect(outage).toEqual({
        id: ids['a1-outage'],
        kind: 'pon-outage',
        state: 'resolved',
        title: 'PON 3 of Uttara OLT: 12 ONUs down',
        detail: { down: 12, of: 16, reasons: { power: 12 } },
        oltId: olt.a1,
        oltName: 'Uttara OLT',
        ponPort: 3,
        targetType: null,
        targetId: null,
        targetName: null,
        openedAt: at(0),
        resolvedAt: at(30),
        silenced: false,
        acknowledgedAt: null,
        acknowledgedBy: null,
        deliveries: [
          {
            channelId: expect.any(String),
            channelName: 'NOC group (night)',
            channelKind: 'telegram',
            phase: 'open',
            status: 'delivered',
            attempts: 1,
            lastError: null,
            deliveredAt: at(1),
          },
          expect.objectContaining({
            channelName: 'Ticketing',
            channelKind: 'webhook',
            status: 'failed',
            lastError: 'HTTP 500',
            attempts: 5,
          }),
          expect.objectContaining({
            channelId: deletedChannel,
            channelName: 'Deleted channel',
            status: 'delivered',
          }),
          expect.objectContaining({
            channelName: 'NOC group (night)',
            phase: 'resolve',
            deliveredAt: at(31),
          }),
        ],
      });
      expect(page.items[1]).toMatchObject({
        oltId: null,
        oltName: null,
        targetType: 'server',
        targetName: 'Core router',
        deliveries: [],
      });
      expect(page.items[2].silenced).toBe(true);
      expect(keysOf(await history('', b))).toEqual(['b-outage']);
    });

    it('pages and filters', async () => {
      const p1 = await history('?page=1&pageSize=2', a);
      const p2 = await history('?page=2&pageSize=2', a);
      const p3 = await history('?page=3&pageSize=2', a);
      expect([keysOf(p1), keysOf(p2), keysOf(p3)]).toEqual([
        ['a2-outage', 'no-olt'],
        ['a1-degrading', 'a2-unreachable'],
        ['a1-outage'],
      ]);
      expect([p1.total, p2.pageSize, p3.page]).toEqual([5, 2, 3]);
      expect(keysOf(await history('?state=resolved', a))).toEqual(['a1-outage']);
      expect(keysOf(await history('?kind=pon-outage', a))).toEqual(['a2-outage', 'a1-outage']);
      expect(keysOf(await history(`?oltId=${olt.a1}`, a))).toEqual(['a1-degrading', 'a1-outage']);
      expect(keysOf(await history(`?oltId=${olt.a2}&state=firing&kind=pon-outage`, a))).toEqual([
        'a2-outage',
      ]);
      // Another tenant's OLT finds nothing.
      expect(await history(`?oltId=${olt.b}`, a)).toMatchObject({ items: [], total: 0 });
      for (const [query, field] of [
        ['pageSize=101', 'pageSize'],
        ['pageSize=0', 'pageSize'],
        ['page=0', 'page'],
        ['state=open', 'state'],
        ['kind=pon-collapse', 'kind'],
        ['oltId=not-a-uuid', 'oltId'],
        ['search=x', 'search'],
      ]) {
        const res = await client.get(`/alerts/history?${query}`, a.token);
        expect([query, res.status, fieldsOf(res.body)]).toEqual([query, 400, [field]]);
      }
    });

    it('shows a user limited to one OLT only that OLT’s alerts and those of no OLT', async () => {
      const page = await history('', limited);
      expect(keysOf(page)).toEqual(['no-olt', 'a1-degrading', 'a1-outage']);
      expect(page.total).toBe(3);
      expect(await history(`?oltId=${olt.a2}`, limited)).toMatchObject({ items: [], total: 0 });
      const ack = await post<ErrorBody>(`/alerts/${ids['a2-outage']}/ack`, {}, limited);
      expect([ack.status, ack.body.code]).toEqual([404, 'ALERT_NOT_FOUND']);
    });

    it('acknowledges once: the first acknowledgement stays', async () => {
      const first = await post<AlertRow>(`/alerts/${ids['a1-outage']}/ack`, {}, limited);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: ids['a1-outage'], acknowledgedBy: limited.username });
      expect(Date.parse(first.body.acknowledgedAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(first.body.deliveries).toHaveLength(4);
      const second = await post<AlertRow>(`/alerts/${ids['a1-outage']}/ack`, {}, a);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      const listed = (await history('?state=resolved', a)).items[0];
      expect([listed.acknowledgedBy, listed.acknowledgedAt]).toEqual([
        limited.username,
        first.body.acknowledgedAt,
      ]);
      expect((await auditRows(tenantA, 'alert.acknowledge')).map((r) => r.entity_id)).toEqual([
        ids['a1-outage'],
      ]);
    });

    it('answers 404 for another tenant’s alert or none, 400 for a malformed id', async () => {
      for (const id of [ids['b-outage'], '999999999']) {
        const res = await post<ErrorBody>(`/alerts/${id}/ack`, {}, a);
        expect([res.status, res.body.code]).toEqual([404, 'ALERT_NOT_FOUND']);
      }
      const cross = await post<ErrorBody>(`/alerts/${ids['a2-outage']}/ack`, {}, b);
      expect(cross.status).toBe(404);
      for (const id of ['abc', '0', '-1', '1.5', '12345678901234567890', randomUUID()]) {
        const res = await post(`/alerts/${id}/ack`, {}, a);
        expect([id, res.status, fieldsOf(res.body)]).toEqual([id, 400, ['id']]);
      }
      const [row]: { acknowledged_at: Date | null }[] = await db.query(
        'SELECT acknowledged_at FROM alert WHERE id = $1',
        [ids['a2-outage']],
      );
      expect(row.acknowledged_at).toBeNull();
    });
  });

  describe('silences', () => {
    let limited: TestAccount;
    const HOUR = 3_600_000;

    beforeAll(async () => {
      limited = await userWithCodes(client, a, [Permission.Alerts]);
      await client.put(
        `/users/${limited.auth.user.id}/olt-permissions`,
        { action: 'add', oltIds: [olt.a1] },
        a.token,
      );
    });

    it('silences an OLT for two hours, a switch and a POP on a schedule, and lists them soonest first', async () => {
      const before = Date.now();
      const now = await post<AlertSilence>(
        '/alerts/silences',
        { targetType: 'olt', targetId: olt.a2, durationMinutes: 120, reason: ' Fibre splicing ' },
        a,
      );
      expect(now.status).toBe(201);
      expect(now.body).toMatchObject({
        targetType: 'olt',
        targetId: olt.a2,
        targetName: 'Mirpur OLT',
        reason: 'Fibre splicing',
        createdBy: a.username,
      });
      expect(Date.parse(now.body.startsAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(now.body.endsAt) - Date.parse(now.body.startsAt)).toBe(2 * HOUR);
      const startsAt = new Date(Date.now() + 24 * HOUR).toISOString();
      const endsAt = new Date(Date.now() + 26 * HOUR).toISOString();
      const sw = await post<AlertSilence>(
        '/alerts/silences',
        { targetType: 'switch', targetId: switchA, startsAt, endsAt },
        a,
      );
      expect(sw.status).toBe(201);
      expect(sw.body).toMatchObject({ targetName: 'Uttara core switch', startsAt, endsAt, reason: null });
      const pop = await post<AlertSilence>(
        '/alerts/silences',
        {
          targetType: 'pop',
          targetId: popA,
          startsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
          endsAt: new Date(Date.now() + 49 * HOUR).toISOString(),
        },
        a,
      );
      expect(pop.status).toBe(201);
      expect(pop.body.targetName).toBe('Uttara POP');
      // One already over is not listed.
      await db.query(
        `INSERT INTO alert_silence (tenant_id, target_type, target_id, starts_at, ends_at) VALUES ($1, 'olt', $2, now() - interval '2 hours', now() - interval '1 hour')`,
        [tenantA, olt.a1],
      );
      const listed = await client.get<AlertSilence[]>('/alerts/silences', a.token);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([now.body, sw.body, pop.body]);
      expect((await client.get<AlertSilence[]>('/alerts/silences', b.token)).body).toEqual([]);
      // A user limited to another OLT does not see the Mirpur OLT's silence, and cannot silence it.
      expect((await client.get<AlertSilence[]>('/alerts/silences', limited.token)).body).toEqual([
        sw.body,
        pop.body,
      ]);
      const refused = await post(
        '/alerts/silences',
        { targetType: 'olt', targetId: olt.a2, durationMinutes: 30 },
        limited,
      );
      expect([refused.status, fieldsOf(refused.body)]).toEqual([400, ['targetId']]);
      expect((await client.delete(`/alerts/silences/${now.body.id}`, limited.token)).status).toBe(404);
      expect((await auditRows(tenantA, 'alert-silence.create')).length).toBe(3);
    });

    it('ends a running silence now and drops a scheduled one', async () => {
      const [running, scheduled] = (await client.get<AlertSilence[]>('/alerts/silences', a.token)).body;
      expect((await client.delete(`/alerts/silences/${running.id}`, b.token)).status).toBe(404);
      expect((await client.delete(`/alerts/silences/${running.id}`, a.token)).status).toBe(204);
      expect((await client.delete(`/alerts/silences/${scheduled.id}`, a.token)).status).toBe(204);
      const rows: { id: string; ends_at: Date }[] = await db.query(
        'SELECT id, ends_at FROM alert_silence WHERE id = ANY($1)',
        [[running.id, scheduled.id]],
      );
      expect(rows.map((r) => r.id)).toEqual([running.id]);
      expect(rows[0].ends_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(rows[0].ends_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
      const left = (await client.get<AlertSilence[]>('/alerts/silences', a.token)).body;
      expect(left.map((s) => s.targetType)).toEqual(['pop']);
      // Ending it again changes nothing; a scheduled one deleted is gone.
      expect((await client.delete(`/alerts/silences/${running.id}`, a.token)).status).toBe(204);
      expect((await client.delete(`/alerts/silences/${scheduled.id}`, a.token)).status).toBe(404);
      expect((await client.delete(`/alerts/silences/not-a-uuid`, a.token)).status).toBe(400);
    });

    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    it.each([
      [() => ({ targetType: 'router', targetId: olt.a1, durationMinutes: 60 }), 'targetType'],
      [() => ({ targetType: 'olt', targetId: 'abc', durationMinutes: 60 }), 'targetId'],
      [() => ({ targetType: 'olt', targetId: olt.b, durationMinutes: 60 }), 'targetId'],
      [() => ({ targetType: 'olt', targetId: randomUUID(), durationMinutes: 60 }), 'targetId'],
      [() => ({ targetType: 'switch', targetId: olt.a1, durationMinutes: 60 }), 'targetId'],
      [() => ({ targetType: 'pop', targetId: popB, durationMinutes: 60 }), 'targetId'],
      [() => ({ targetType: 'olt', targetId: olt.a1, durationMinutes: 0 }), 'durationMinutes'],
      [() => ({ targetType: 'olt', targetId: olt.a1, durationMinutes: 10081 }), 'durationMinutes'],
      [() => ({ targetType: 'olt', targetId: olt.a1, durationMinutes: 1.5 }), 'durationMinutes'],
      [() => ({ targetType: 'olt', targetId: olt.a1 }), 'durationMinutes'],
      [
        () => ({ targetType: 'olt', targetId: olt.a1, durationMinutes: 60, endsAt: later(2) }),
        'durationMinutes',
      ],
      [() => ({ targetType: 'olt', targetId: olt.a1, startsAt: later(1) }), 'endsAt'],
      [() => ({ targetType: 'olt', targetId: olt.a1, startsAt: later(3), endsAt: later(2) }), 'endsAt'],
      [() => ({ targetType: 'olt', targetId: olt.a1, startsAt: later(-3), endsAt: later(-2) }), 'endsAt'],
      [
        () => ({ targetType: 'olt', targetId: olt.a1, startsAt: later(1), endsAt: later(1 + 31 * 24 + 1) }),
        'endsAt',
      ],
      [() => ({ targetType: 'olt', targetId: olt.a1, endsAt: '2026-02-30T10:00:00Z' }), 'endsAt'],
      [
        () => ({ targetType: 'olt', targetId: olt.a1, durationMinutes: 60, reason: 'r'.repeat(201) }),
        'reason',
      ],
    ])('refuses a bad silence naming the field (%#)', async (body, field) => {
      const count = async () =>
        (
          (await db.query('SELECT count(*)::int AS n FROM alert_silence WHERE tenant_id = $1', [
            tenantA,
          ])) as { n: number }[]
        )[0].n;
      const before = await count();
      const res = await post('/alerts/silences', body(), a);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual([field]);
      expect(await count()).toBe(before);
    });
  });

  it('answers 403 on every route to a user holding every code but 2022', async () => {
    const lacking = await userWithCodes(
      client,
      a,
      PERMISSION_CODES.filter((c) => c !== Permission.Alerts),
    );
    const [channel] = (await client.get<AlertChannel[]>('/alerts/channels', a.token)).body;
    const routes: [string, string, unknown?][] = [
      ['GET', '/alerts/rules'],
      ['PUT', '/alerts/rules/pon-outage', { ...ALERT_RULE_DEFAULTS['pon-outage'], kind: undefined }],
      ['GET', '/alerts/channels'],
      ['POST', '/alerts/channels', telegram],
      ['PATCH', `/alerts/channels/${channel.id}`, { name: 'x' }],
      ['DELETE', `/alerts/channels/${channel.id}`],
      ['POST', `/alerts/channels/${channel.id}/test`, {}],
      ['GET', '/alerts/history'],
      ['POST', '/alerts/1/ack', {}],
      ['GET', '/alerts/silences'],
      ['POST', '/alerts/silences', { targetType: 'olt', targetId: olt.a1, durationMinutes: 5 }],
      ['DELETE', `/alerts/silences/${randomUUID()}`],
    ];
    const statuses: [string, string, number][] = [];
    for (const [method, path, body] of routes)
      statuses.push([
        method,
        path,
        (await client.request(method, path, { token: lacking.token, body })).status,
      ]);
    expect(statuses).toEqual(routes.map(([method, path]) => [method, path, 403]));
    // Nothing was changed by the refused calls.
    expect((await client.get<AlertChannel[]>('/alerts/channels', a.token)).body[0]).toEqual(channel);
  });

  it('answers 404 to another tenant on every route naming one of this tenant’s rows', async () => {
    const [channel] = (await client.get<AlertChannel[]>('/alerts/channels', a.token)).body;
    const patch = await client.patch<ErrorBody>(
      `/alerts/channels/${channel.id}`,
      { name: 'taken over' },
      b.token,
    );
    expect([patch.status, patch.body.code]).toEqual([404, 'ALERT_CHANNEL_NOT_FOUND']);
    const del = await client.delete<ErrorBody>(`/alerts/channels/${channel.id}`, b.token);
    expect([del.status, del.body.code]).toEqual([404, 'ALERT_CHANNEL_NOT_FOUND']);
    expect((await client.get<AlertChannel[]>('/alerts/channels', a.token)).body[0]).toEqual(channel);
  });
});
