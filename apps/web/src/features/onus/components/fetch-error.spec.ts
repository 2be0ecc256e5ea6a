import { ApiError } from '../../../shared/http-client';
import { FETCH_ERROR, fetchErrorText, shortFetchErrorText } from './fetch-error';

const apiError = (status: number, message: string) =>
  new ApiError(status, { statusCode: status, error: 'Error', message });

describe('the text of a failed live read', () => {
  it("keeps the spec's words and adds the server's reason", () => {
    expect(fetchErrorText(apiError(409, 'ONU is offline'))).toBe('Error fetching data: ONU is offline');
    expect(shortFetchErrorText(apiError(409, 'ONU is offline'))).toBe('Error fetching data: ONU is offline');
  });

  it('says what happened last in a chain of device failures when space is short', () => {
    const chain =
      'The OLT did not answer as expected: "show epon interface epon0/1:5 onu ctc optical-transceiver-diagnosis" failed on 127.0.0.1:18471: Error: ONU EPON0/1:5 is not online';
    expect(fetchErrorText(apiError(502, chain))).toBe(`Error fetching data: ${chain}`);
    expect(shortFetchErrorText(apiError(502, chain))).toBe(
      'Error fetching data: ONU EPON0/1:5 is not online',
    );
  });

  it("says only the spec's words when the server gave no reason", () => {
    expect(fetchErrorText(apiError(500, 'Internal server error'))).toBe(FETCH_ERROR);
    expect(fetchErrorText(apiError(504, '  '))).toBe(FETCH_ERROR);
    expect(shortFetchErrorText(new Error('boom'))).toBe(FETCH_ERROR);
  });
});
