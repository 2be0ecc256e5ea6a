import { failureText, parseOutcome, resultViewOf, unreadableText } from './payment-result';

describe('the payment result page', () => {
  it('reads the outcome of the address', () => {
    expect(parseOutcome('paid')).toBe('paid');
    expect(parseOutcome('failed')).toBe('failed');
    expect(parseOutcome('cancelled')).toBe('cancelled');
    expect(parseOutcome('pending')).toBe('pending');
    expect(parseOutcome('success')).toBeNull();
    expect(parseOutcome(null)).toBeNull();
  });

  it("goes by the stored attempt's state", () => {
    expect(resultViewOf({ state: 'completed' }, false, false)).toBe('paid');
    expect(resultViewOf({ state: 'failed' }, false, false)).toBe('failed');
    expect(resultViewOf({ state: 'expired' }, false, false)).toBe('failed');
    expect(resultViewOf({ state: 'cancelled' }, false, false)).toBe('cancelled');
  });

  it('waits while bKash has not settled, then says it is not confirmed yet', () => {
    for (const state of ['created', 'redirected', 'executing', 'unknown'] as const) {
      expect(resultViewOf({ state }, false, false)).toBe('pending');
      expect(resultViewOf({ state }, false, true)).toBe('unconfirmed');
    }
    // A settled answer that arrives after the minute still counts.
    expect(resultViewOf({ state: 'completed' }, false, true)).toBe('paid');
  });

  it('checks before the attempt is read, and says so when it cannot be', () => {
    expect(resultViewOf(undefined, false, false)).toBe('checking');
    expect(resultViewOf(undefined, true, false)).toBe('unreadable');
  });

  it("shows bKash's own message for a failure", () => {
    expect(failureText({ state: 'failed', statusMessage: 'Insufficient Balance' })).toBe(
      'Insufficient Balance',
    );
    expect(failureText({ state: 'failed', statusMessage: null })).toBe('bKash did not complete the payment.');
    expect(failureText({ state: 'expired', statusMessage: ' ' })).toBe(
      'The payment was not completed in time.',
    );
  });

  it('never claims a payment it could not read', () => {
    expect(unreadableText('paid')).toBe(
      'bKash reported the payment as paid, but its record could not be loaded. Check the invoice list: a paid invoice shows as Paid.',
    );
    expect(unreadableText(null)).toMatch(/^bKash sent you back here, but/);
  });
});
