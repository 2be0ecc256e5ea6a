import type { AlertChannel } from '@pondesk/contracts';
import {
  channelFormErrors,
  secretProblem,
  channelFormFrom,
  channelServerErrors,
  splitList,
  toChannelInput,
  type ChannelFormValues,
} from './channel-form';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

const telegram = (over: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...channelFormFrom(null),
  name: 'NOC',
  secret: TOKEN,
  chatIds: ['-1001234567890'],
  ...over,
});

describe('the channel dialog', () => {
  it('starts a new channel as an enabled Telegram one at the default rate', () => {
    expect(channelFormFrom(null)).toMatchObject({
      kind: 'telegram',
      enabled: true,
      useDeviceIds: false,
      ratePerMinute: '20',
      secret: '',
      chatIds: [],
      languageCode: 'en',
    });
  });

  it('starts an edit from the channel, its secret blank', () => {
    const c = {
      id: 'c1',
      kind: 'whatsapp',
      name: 'Field team',
      enabled: false,
      useDeviceIds: true,
      ratePerMinute: 5,
      hasSecret: true,
      phoneNumberId: '1098',
      recipients: ['8801711111111'],
      templateName: 'pondesk_alert',
      languageCode: 'en_US',
    } as AlertChannel;
    expect(channelFormFrom(c)).toMatchObject({
      kind: 'whatsapp',
      name: 'Field team',
      enabled: false,
      useDeviceIds: true,
      ratePerMinute: '5',
      secret: '',
      phoneNumberId: '1098',
      recipients: ['8801711111111'],
      templateName: 'pondesk_alert',
      languageCode: 'en_US',
    });
  });

  it('splits pasted lists into one entry each, once', () => {
    expect(splitList(['-1001, @noc', ' 42 ;-1001', ''])).toEqual(['-1001', '@noc', '42']);
  });

  it('needs the secret on create only', () => {
    expect(channelFormErrors(telegram({ secret: ' ' }), false).secret).toBe('Please enter the bot token');
    expect(channelFormErrors(telegram({ secret: '' }), true)).toEqual({});
  });

  it("checks a typed secret as the API will, by the channel's kind", () => {
    expect(secretProblem('telegram', TOKEN)).toBeNull();
    expect(secretProblem('telegram', '123456:ABC')).toMatch(/bot token/);
    expect(secretProblem('whatsapp', 'EAAG'.repeat(10))).toBeNull();
    expect(secretProblem('whatsapp', 'short')).toMatch(/20–500/);
    expect(secretProblem('webhook', 'a shared secret of 30 chars..')).toBeNull();
    expect(secretProblem('webhook', 'too short')).toMatch(/16–200/);
    expect(channelFormErrors(telegram({ secret: 'nope' }), true).secret).toMatch(/bot token/);
  });

  it('checks Telegram chat ids, and allows none when the OLTs’ own ids are used', () => {
    expect(channelFormErrors(telegram({ chatIds: ['@noc_team', '12345'] }), false)).toEqual({});
    expect(channelFormErrors(telegram({ chatIds: ['noc team'] }), false).chatIds).toMatch(/not a chat id/);
    expect(channelFormErrors(telegram({ chatIds: [] }), false).chatIds).toMatch(/Add a chat id/);
    expect(channelFormErrors(telegram({ chatIds: [], useDeviceIds: true }), false)).toEqual({});
  });

  it('checks the WhatsApp settings', () => {
    const wa = telegram({
      kind: 'whatsapp',
      phoneNumberId: '',
      recipients: ['+880 17'],
      templateName: 'Bad Name',
    });
    expect(Object.keys(channelFormErrors(wa, false)).sort()).toEqual([
      'phoneNumberId',
      'recipients',
      'templateName',
    ]);
    const ok = { ...wa, phoneNumberId: '109876', recipients: ['8801711111111'], templateName: 'alert_v1' };
    expect(channelFormErrors(ok, false)).toEqual({});
  });

  it('checks the webhook URL and the name and rate of any kind', () => {
    const hook = telegram({ kind: 'webhook', url: 'ftp://x', name: '', ratePerMinute: '0' });
    expect(Object.keys(channelFormErrors(hook, false)).sort()).toEqual(['name', 'ratePerMinute', 'url']);
    expect(
      channelFormErrors({ ...hook, url: 'https://x.example/h', name: 'n', ratePerMinute: '60' }, false),
    ).toEqual({});
  });

  it("sends only the kind's settings, and the secret only when typed", () => {
    expect(toChannelInput(telegram({ name: ' NOC ', url: 'https://left.over', recipients: ['1'] }))).toEqual({
      kind: 'telegram',
      name: 'NOC',
      enabled: true,
      useDeviceIds: false,
      ratePerMinute: 20,
      secret: TOKEN,
      chatIds: ['-1001234567890'],
    });
    const hook = toChannelInput(
      telegram({ kind: 'webhook', url: ' https://x.example/h ', secret: '', useDeviceIds: true }),
    );
    expect(hook).toEqual({
      kind: 'webhook',
      name: 'NOC',
      enabled: true,
      useDeviceIds: false,
      ratePerMinute: 20,
      url: 'https://x.example/h',
    });
    const wa = toChannelInput(
      telegram({
        kind: 'whatsapp',
        phoneNumberId: '1098',
        recipients: ['8801711111111'],
        templateName: 'alert_v1',
        languageCode: 'en',
      }),
    );
    expect(wa).toMatchObject({
      phoneNumberId: '1098',
      recipients: ['8801711111111'],
      templateName: 'alert_v1',
      languageCode: 'en',
    });
    expect(wa).not.toHaveProperty('chatIds');
  });

  it("puts the server's field errors under the dialog's fields", () => {
    expect(
      channelServerErrors({ 'chatIds.1': 'bad chat', secret: 'rejected by Telegram', other: 'x' }),
    ).toEqual({
      chatIds: 'bad chat',
      secret: 'rejected by Telegram',
    });
  });
});
