import type { AlertChannel, AlertDelivery } from '@pondesk/contracts';
import {
  ackText,
  alertDetailText,
  alertKindLabel,
  alertPlace,
  channelTargets,
  deliveryDetail,
  deliveryLabel,
  silenceState,
} from './alert-format';

const delivery = (over: Partial<AlertDelivery> = {}): AlertDelivery => ({
  channelId: 'c1',
  channelName: 'NOC chat',
  channelKind: 'telegram',
  phase: 'open',
  status: 'delivered',
  attempts: 1,
  lastError: null,
  deliveredAt: '2026-01-02T03:04:05Z',
  ...over,
});

const channel = (over: Partial<AlertChannel>): AlertChannel => ({
  id: 'c1',
  kind: 'telegram',
  name: 'NOC',
  enabled: true,
  useDeviceIds: false,
  ratePerMinute: 20,
  hasSecret: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('alert display', () => {
  it('says where an alert happened', () => {
    expect(alertPlace({ oltName: 'OLT-North', oltId: 'x', ponPort: 3 })).toBe('OLT-North · PON 3');
    expect(alertPlace({ oltName: 'OLT-North', oltId: 'x', ponPort: null })).toBe('OLT-North');
    expect(alertPlace({ oltName: null, oltId: null, ponPort: null })).toBe('—');
    expect(
      alertPlace({
        oltName: null,
        oltId: null,
        ponPort: null,
        targetType: 'switch',
        targetId: 's',
        targetName: 'Core-1',
      }),
    ).toBe('Switch Core-1');
    expect(
      alertPlace({
        oltName: null,
        oltId: null,
        ponPort: null,
        targetType: 'pop',
        targetId: 'p',
        targetName: null,
      }),
    ).toBe('POP p');
    expect(alertKindLabel('pon-outage')).toBe('PON outage');
    expect(alertKindLabel('something-new')).toBe('something-new');
  });

  it('labels a delivery by channel, marking the recovery message', () => {
    expect(deliveryLabel(delivery())).toBe('NOC chat');
    expect(deliveryLabel(delivery({ phase: 'resolve' }))).toBe('NOC chat (recovery)');
  });

  it("explains a delivery's status, with the channel's error when it failed", () => {
    expect(deliveryDetail(delivery())).toMatch(/^Telegram · alert message: delivered /);
    expect(
      deliveryDetail(delivery({ status: 'failed', attempts: 5, lastError: '403 bot was blocked' })),
    ).toBe('Telegram · alert message: failed after 5 attempts: 403 bot was blocked');
    expect(deliveryDetail(delivery({ status: 'pending', attempts: 0 }))).toBe(
      'Telegram · alert message: waiting to be sent',
    );
    expect(
      deliveryDetail(delivery({ status: 'pending', attempts: 1, lastError: 'timeout', phase: 'resolve' })),
    ).toBe('Telegram · recovery message: waiting to retry after 1 attempt: timeout');
  });

  it("sums up an alert's figures on one line, skipping nested objects", () => {
    expect(
      alertDetailText({ onusDown: 12, reasons: ['los', 'power-off'], extra: { a: 1 }, none: null }),
    ).toBe('onus down: 12 · reasons: los, power-off');
    expect(alertDetailText({})).toBe('');
  });

  it('says who acknowledged an alert', () => {
    expect(ackText({ acknowledgedAt: null, acknowledgedBy: null })).toBeNull();
    expect(ackText({ acknowledgedAt: '2026-01-02T03:04:05Z', acknowledgedBy: 'rahim' })).toMatch(
      /^Acknowledged by rahim · /,
    );
  });

  it("sums up a channel's targets without its secrets", () => {
    expect(channelTargets(channel({ chatIds: ['-1001', '@noc'] }))).toBe('2 chats: -1001, @noc');
    expect(channelTargets(channel({ chatIds: ['1', '2', '3', '4'], useDeviceIds: true }))).toBe(
      "4 chats: 1, 2, 3, … + each OLT's own id",
    );
    expect(channelTargets(channel({ chatIds: [], useDeviceIds: true }))).toBe("each OLT's own id");
    expect(
      channelTargets(
        channel({ kind: 'whatsapp', recipients: ['8801711'], templateName: 'alert', languageCode: 'en' }),
      ),
    ).toBe('1 recipient: 8801711 · template alert (en)');
    expect(
      channelTargets(channel({ kind: 'webhook', url: 'https://hooks.example.com/pondesk?token=secret' })),
    ).toBe('hooks.example.com/pondesk');
    expect(channelTargets(channel({ kind: 'webhook', url: undefined }))).toBe('—');
  });

  it('tells an active silence from a scheduled or ended one', () => {
    const now = Date.parse('2026-01-02T12:00:00Z');
    const s = (startsAt: string, endsAt: string) => silenceState({ startsAt, endsAt }, now);
    expect(s('2026-01-02T11:00:00Z', '2026-01-02T13:00:00Z')).toBe('active');
    expect(s('2026-01-02T12:30:00Z', '2026-01-02T13:00:00Z')).toBe('scheduled');
    expect(s('2026-01-02T10:00:00Z', '2026-01-02T12:00:00Z')).toBe('ended');
  });
});
