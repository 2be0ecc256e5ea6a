import { expiryAfterRefund } from './refund-expiry';

describe('expiryAfterRefund', () => {
  it('puts an early renewal back to the expiry it extended', () => {
    // Paid 2026-03-10 while the device ran to 2026-03-20: credited 2026-03-21 … 2026-06-20.
    expect(expiryAfterRefund('2026-06-20', { from: '2026-03-21', to: '2026-06-20', months: 3 })).toBe(
      '2026-03-20',
    );
  });

  it('ends a fresh period the day before it began (the payment day)', () => {
    // Lapsed or never billed, paid on 2026-03-10: credited 2026-03-10 … 2026-04-10.
    expect(expiryAfterRefund('2026-04-10', { from: '2026-03-10', to: '2026-04-10', months: 1 })).toBe(
      '2026-03-09',
    );
  });

  it("takes the months off an expiry a later invoice moved on, clamping to the month's end", () => {
    expect(expiryAfterRefund('2026-07-20', { from: '2026-03-21', to: '2026-04-20', months: 1 })).toBe(
      '2026-06-20',
    );
    expect(expiryAfterRefund('2026-03-31', { from: '2026-01-01', to: '2026-01-31', months: 1 })).toBe(
      '2026-02-28',
    );
  });

  it('leaves a device without an expiry as it is', () => {
    expect(expiryAfterRefund(null, { from: '2026-03-10', to: '2026-04-10', months: 1 })).toBeNull();
  });
});
