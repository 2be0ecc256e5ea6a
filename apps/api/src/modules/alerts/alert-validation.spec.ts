import { ALERT_RULE_DEFAULTS } from '@pondesk/contracts';
import { channelSettingsOf, ruleParamsOf, silenceWindowOf, webhookUrlProblem } from './alert-validation';

const fields = (problems: { field: string }[]) => problems.map((p) => p.field);
const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawX';

describe('alert rule params', () => {
  it('accepts every default', () => {
    for (const rule of Object.values(ALERT_RULE_DEFAULTS)) {
      const { params, problems } = ruleParamsOf(rule.kind, rule.params);
      expect(problems).toEqual([]);
      expect(params).toEqual(rule.params);
    }
  });

  it.each([
    [{ minOnus: 0 }, 'params.minOnus'],
    [{ minOnus: 1001 }, 'params.minOnus'],
    [{ minOnus: 2.5 }, 'params.minOnus'],
    [{ minOnus: '4' }, 'params.minOnus'],
    [{ minShare: 0.04 }, 'params.minShare'],
    [{ minShare: 1.01 }, 'params.minShare'],
    [{ windowSeconds: 29 }, 'params.windowSeconds'],
    [{ windowSeconds: 3601 }, 'params.windowSeconds'],
    [{ recoveredShare: 0 }, 'params.recoveredShare'],
    [{ recoveredShare: null }, 'params.recoveredShare'],
    [{ extra: 1 }, 'params.extra'],
  ])('pon-outage refuses %j naming %s', (patch, field) => {
    const { problems } = ruleParamsOf('pon-outage', {
      ...ALERT_RULE_DEFAULTS['pon-outage'].params,
      ...patch,
    });
    expect(fields(problems)).toEqual([field]);
  });

  it('pon-outage takes the limits themselves', () => {
    const params = { minOnus: 1000, minShare: 0.05, windowSeconds: 30, recoveredShare: 1 };
    expect(ruleParamsOf('pon-outage', params)).toEqual({ params, problems: [] });
    expect(fields(ruleParamsOf('pon-outage', { minOnus: 4 }).problems)).toEqual([
      'params.minShare',
      'params.windowSeconds',
      'params.recoveredShare',
    ]);
  });

  it('onu-down takes a non-empty list of known reasons, without duplicates', () => {
    expect(ruleParamsOf('onu-down', { reasons: ['los', 'power-off', 'los'] }).params).toEqual({
      reasons: ['los', 'power-off'],
    });
    for (const reasons of [[], ['fibre'], 'los', null, [1]])
      expect(fields(ruleParamsOf('onu-down', { reasons }).problems)).toEqual(['params.reasons']);
    expect(fields(ruleParamsOf('onu-down', {}).problems)).toEqual(['params.reasons']);
  });

  it('olt-unreachable takes nothing; signal-degrading its two limits', () => {
    expect(ruleParamsOf('olt-unreachable', {}).problems).toEqual([]);
    expect(fields(ruleParamsOf('olt-unreachable', { minOnus: 1 }).problems)).toEqual(['params.minOnus']);
    expect(fields(ruleParamsOf('olt-unreachable', []).problems)).toEqual(['params']);
    expect(
      fields(ruleParamsOf('signal-degrading', { minDeclineDbPerDay: 0.009, horizonDays: 366 }).problems),
    ).toEqual(['params.minDeclineDbPerDay', 'params.horizonDays']);
    expect(ruleParamsOf('signal-degrading', { minDeclineDbPerDay: 2, horizonDays: 1 }).problems).toEqual([]);
  });

  it('payment-due takes whole days from 1 to 30', () => {
    expect(ruleParamsOf('payment-due', { daysBefore: 1 })).toEqual({
      params: { daysBefore: 1 },
      problems: [],
    });
    expect(ruleParamsOf('payment-due', { daysBefore: 30 }).problems).toEqual([]);
    for (const daysBefore of [0, 31, 2.5, '3', null])
      expect(fields(ruleParamsOf('payment-due', { daysBefore }).problems)).toEqual(['params.daysBefore']);
    expect(fields(ruleParamsOf('payment-due', { daysBefore: 3, horizonDays: 3 }).problems)).toEqual([
      'params.horizonDays',
    ]);
  });
});

describe('alert channel settings', () => {
  it('takes a Telegram channel: chat ids trimmed and deduplicated, the bot token', () => {
    const r = channelSettingsOf('telegram', {
      chatIds: ['-1001234567890', ' @pondesk_ops ', '-1001234567890', '42'],
      secret: BOT_TOKEN,
    });
    expect(r).toEqual({
      settings: { chatIds: ['-1001234567890', '@pondesk_ops', '42'] },
      secret: BOT_TOKEN,
      problems: [],
    });
  });

  it.each([
    [{ chatIds: [] }, 'chatIds'],
    [{ chatIds: ['abc'] }, 'chatIds'],
    [{ chatIds: ['@abc'] }, 'chatIds'],
    [{ chatIds: ['1'.repeat(21)] }, 'chatIds'],
    [{ chatIds: Array.from({ length: 21 }, (_, i) => String(i)) }, 'chatIds'],
    [{ chatIds: '-100123' }, 'chatIds'],
    [{ secret: 'not-a-token' }, 'secret'],
    [{ secret: '12:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawX' }, 'secret'],
    [{ secret: undefined }, 'secret'],
    [{ url: 'https://example.net/hook' }, 'url'],
    [{ recipients: ['8801700000000'] }, 'recipients'],
  ])('refuses a Telegram channel with %j naming %s', (patch, field) => {
    const r = channelSettingsOf('telegram', { chatIds: ['-100123'], secret: BOT_TOKEN, ...patch });
    expect(fields(r.problems)).toEqual([field]);
  });

  it('takes a WhatsApp channel with the default language', () => {
    const r = channelSettingsOf('whatsapp', {
      phoneNumberId: '106540352242922',
      recipients: ['8801700000001', '8801700000002'],
      templateName: 'pondesk_alert',
      secret: 'EAAG'.repeat(10),
    });
    expect(r.problems).toEqual([]);
    expect(r.settings).toEqual({
      phoneNumberId: '106540352242922',
      recipients: ['8801700000001', '8801700000002'],
      templateName: 'pondesk_alert',
      languageCode: 'en',
    });
    const pt = channelSettingsOf('whatsapp', {
      phoneNumberId: '10654',
      recipients: ['88017000'],
      templateName: 'a',
      languageCode: 'pt_BR',
      secret: 'x'.repeat(20),
    });
    expect(pt.problems).toEqual([]);
    expect(pt.settings.languageCode).toBe('pt_BR');
  });

  it.each([
    [{ phoneNumberId: '1234' }, 'phoneNumberId'],
    [{ phoneNumberId: undefined }, 'phoneNumberId'],
    [{ recipients: ['+8801700000001'] }, 'recipients'],
    [{ recipients: ['1234567'] }, 'recipients'],
    [{ templateName: 'Alert' }, 'templateName'],
    [{ templateName: 'a'.repeat(513) }, 'templateName'],
    [{ languageCode: 'english' }, 'languageCode'],
    [{ languageCode: 'pt_br' }, 'languageCode'],
    [{ secret: 'short' }, 'secret'],
    [{ secret: 'x'.repeat(501) }, 'secret'],
    [{ secret: `${'x'.repeat(20)} y` }, 'secret'],
    [{ chatIds: ['1'] }, 'chatIds'],
  ])('refuses a WhatsApp channel with %j naming %s', (patch, field) => {
    const r = channelSettingsOf('whatsapp', {
      phoneNumberId: '106540352242922',
      recipients: ['8801700000001'],
      templateName: 'pondesk_alert',
      secret: 'EAAG'.repeat(10),
      ...patch,
    });
    expect(fields(r.problems)).toEqual([field]);
  });

  it('takes a webhook: http(s), no credentials, at most 500 characters, a 16–200 character secret', () => {
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook')).toBeNull();
    expect(webhookUrlProblem('https://hooks.example.net/a?b=c')).toBeNull();
    expect(webhookUrlProblem(`https://example.net/${'a'.repeat(480)}`)).toBeNull();
    for (const url of [
      'ftp://example.net/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'example.net/hook',
      'https://user:pw@example.net/hook',
      'https://user@example.net/hook',
      `https://example.net/${'a'.repeat(481)}`,
      '',
    ])
      expect([url, webhookUrlProblem(url)]).toEqual([url, expect.any(String)]);
    const ok = channelSettingsOf('webhook', { url: ' https://example.net/hook ', secret: 's'.repeat(16) });
    expect(ok).toEqual({
      settings: { url: 'https://example.net/hook' },
      secret: 's'.repeat(16),
      problems: [],
    });
    expect(
      fields(channelSettingsOf('webhook', { url: 'https://x.net', secret: 's'.repeat(15) }).problems),
    ).toEqual(['secret']);
    expect(
      fields(channelSettingsOf('webhook', { url: 'https://x.net', secret: 's'.repeat(201) }).problems),
    ).toEqual(['secret']);
    expect(fields(channelSettingsOf('webhook', { secret: 's'.repeat(16) }).problems)).toEqual(['url']);
    expect(
      fields(channelSettingsOf('webhook', { url: 'https://x.net', secret: `${'s'.repeat(16)}\n` }).problems),
    ).toEqual(['secret']);
  });

  it('on update merges over the stored settings and keeps the secret unless one is sent', () => {
    const stored = { chatIds: ['-100123'] };
    expect(channelSettingsOf('telegram', {}, stored)).toEqual({
      settings: stored,
      secret: null,
      problems: [],
    });
    expect(channelSettingsOf('telegram', { secret: '' }, stored).secret).toBeNull();
    expect(channelSettingsOf('telegram', { chatIds: ['@newchat'] }, stored).settings).toEqual({
      chatIds: ['@newchat'],
    });
    expect(fields(channelSettingsOf('telegram', { secret: 'bad' }, stored).problems)).toEqual(['secret']);
    // What a stored row holds of another kind is not carried over.
    expect(channelSettingsOf('webhook', {}, { url: 'https://x.net', chatIds: ['1'] }).settings).toEqual({
      url: 'https://x.net',
    });
  });

  it("lets a channel that sends to each OLT's own id have no ids of its own", () => {
    expect(channelSettingsOf('telegram', { useDeviceIds: true, secret: BOT_TOKEN })).toEqual({
      settings: { chatIds: [] },
      secret: BOT_TOKEN,
      problems: [],
    });
    expect(
      channelSettingsOf('telegram', { chatIds: [], useDeviceIds: true, secret: BOT_TOKEN }).problems,
    ).toEqual([]);
    const wa = { phoneNumberId: '10654', templateName: 'a', secret: 'x'.repeat(20) };
    expect(
      channelSettingsOf('whatsapp', { ...wa, recipients: [], useDeviceIds: true }).settings.recipients,
    ).toEqual([]);
    expect(fields(channelSettingsOf('whatsapp', { ...wa, recipients: [] }).problems)).toEqual(['recipients']);
    // On update, turning it off needs ids of its own.
    expect(fields(channelSettingsOf('telegram', { useDeviceIds: false }, { chatIds: [] }).problems)).toEqual([
      'chatIds',
    ]);
    expect(
      fields(channelSettingsOf('telegram', { useDeviceIds: true, chatIds: ['x'] }, {}).problems),
    ).toEqual(['chatIds']);
  });

  it('never repeats the secret in a message', () => {
    const secret = 'not a token but secret-looking-value';
    const r = channelSettingsOf('telegram', { chatIds: ['1'], secret });
    expect(JSON.stringify(r.problems)).not.toContain(secret);
  });
});

describe('silence window', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  const iso = (ms: number) => new Date(ms).toISOString();
  const HOUR = 3_600_000;

  it('runs durationMinutes from now', () => {
    expect(silenceWindowOf({ durationMinutes: 120 }, now)).toEqual({
      startsAt: new Date(now),
      endsAt: new Date(now + 2 * HOUR),
      problems: [],
    });
  });

  it('takes a scheduled window, starting now when startsAt is left out', () => {
    const w = silenceWindowOf({ startsAt: iso(now + HOUR), endsAt: iso(now + 3 * HOUR) }, now);
    expect([w.startsAt.getTime(), w.endsAt.getTime(), w.problems]).toEqual([now + HOUR, now + 3 * HOUR, []]);
    expect(silenceWindowOf({ endsAt: iso(now + HOUR) }, now).startsAt.getTime()).toBe(now);
    // Already running: started in the past.
    expect(silenceWindowOf({ startsAt: iso(now - HOUR), endsAt: iso(now + HOUR) }, now).problems).toEqual([]);
    expect(silenceWindowOf({ startsAt: iso(now), endsAt: iso(now + 31 * 24 * HOUR) }, now).problems).toEqual(
      [],
    );
  });

  it.each([
    [{}, 'durationMinutes'],
    [{ durationMinutes: 60, endsAt: '2026-03-01T12:00:00Z' }, 'durationMinutes'],
    [{ startsAt: '2026-03-01T12:00:00Z' }, 'endsAt'],
    [{ startsAt: '2026-03-01T12:00:00Z', endsAt: '2026-03-01T12:00:00Z' }, 'endsAt'],
    [{ startsAt: '2026-03-01T12:00:00Z', endsAt: '2026-03-01T11:00:00Z' }, 'endsAt'],
    [{ startsAt: '2026-03-01T08:00:00Z', endsAt: '2026-03-01T09:00:00Z' }, 'endsAt'],
    [{ startsAt: '2026-03-01T10:00:00Z', endsAt: '2026-04-01T10:00:01Z' }, 'endsAt'],
  ])('refuses %j naming %s', (input, field) => {
    expect(fields(silenceWindowOf(input, now).problems)).toEqual([field]);
  });
});
