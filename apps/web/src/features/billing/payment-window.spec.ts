import { safePaymentUrl } from './payment-window';

describe('the bKash payment link', () => {
  it('accepts web addresses only', () => {
    expect(safePaymentUrl('https://sandbox.payment.bkash.com/?paymentId=TR0011&hash=abc')).toBe(
      'https://sandbox.payment.bkash.com/?paymentId=TR0011&hash=abc',
    );
    expect(safePaymentUrl('http://127.0.0.1:4010/checkout/TR0011')).toBe(
      'http://127.0.0.1:4010/checkout/TR0011',
    );
  });

  it('refuses scripts, data and junk', () => {
    expect(safePaymentUrl('javascript:alert(1)')).toBeNull();
    expect(safePaymentUrl('data:text/html,hi')).toBeNull();
    expect(safePaymentUrl('not a url')).toBeNull();
    expect(safePaymentUrl('')).toBeNull();
    expect(safePaymentUrl(undefined)).toBeNull();
  });
});
