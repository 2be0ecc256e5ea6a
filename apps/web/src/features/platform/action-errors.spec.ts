import { ApiError } from '../../shared/http-client';
import { actionErrorText } from './action-errors';

const error = (status: number, message: string) =>
  new ApiError(status, { statusCode: status, error: 'Error', message });

describe('refund and cancel failures', () => {
  it("show the server's own words", () => {
    expect(
      actionErrorText('refund', error(502, 'bKash: Refund amount is greater than the paid amount')),
    ).toBe('bKash: Refund amount is greater than the paid amount');
    expect(actionErrorText('refund', error(409, 'This payment was refunded already'))).toBe(
      'This payment was refunded already',
    );
  });

  it('say what the status means when the server sent no words', () => {
    expect(actionErrorText('refund', error(503, 'Request failed (503)'))).toBe(
      'bKash payments are not configured on this server, so refunds cannot be sent.',
    );
    expect(actionErrorText('refund', error(502, 'Request failed (502)'))).toBe(
      'bKash refused the refund. Nothing was refunded.',
    );
    expect(actionErrorText('cancel', error(409, 'Request failed (409)'))).toBe(
      'Only a due invoice can be cancelled.',
    );
  });

  it('never show a 500 or a thrown error as is', () => {
    expect(actionErrorText('refund', error(500, 'TypeError: x is undefined'))).toBe(
      'Failed to refund the payment.',
    );
    expect(actionErrorText('cancel', new Error('boom'))).toBe('Failed to cancel the invoice.');
  });
});
