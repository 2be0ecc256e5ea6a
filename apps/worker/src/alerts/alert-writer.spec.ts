import { retryDelayMs } from './alert-dispatcher.service';
import { deviceTarget } from './alert-writer';

describe("an OLT's own Telegram and WhatsApp ids as targets", () => {
  const ids = (telegram_id: string | null, whatsapp_id: string | null) => ({ telegram_id, whatsapp_id });

  it('takes a chat id or @name for Telegram, as typed', () => {
    expect(deviceTarget('telegram', ids('-1001234567890', null))).toBe('-1001234567890');
    expect(deviceTarget('telegram', ids(' @noc_alerts ', null))).toBe('@noc_alerts');
    expect(deviceTarget('telegram', ids('noc alerts', null))).toBeNull();
    expect(deviceTarget('telegram', ids(null, '8801711000000'))).toBeNull();
  });

  it('takes a phone number as its digits for WhatsApp', () => {
    expect(deviceTarget('whatsapp', ids(null, '+880 1711-000000'))).toBe('8801711000000');
    expect(deviceTarget('whatsapp', ids(null, '01711'))).toBeNull();
    expect(deviceTarget('webhook', ids('123', '8801711000000'))).toBeNull();
  });
});

describe('delivery back-off', () => {
  it('doubles from 5 s and stops at 15 minutes', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([5000, 10000, 20000, 40000, 640000, 900000]);
  });
});
