import { ApiError } from '../../../shared/http-client';

/** The spec's words for a failed live read. */
export const FETCH_ERROR = 'Error fetching data';

/** The server's reason for a failed call, or '' when it gave none worth showing (a 500 carries none). */
function reasonOf(error: unknown): string {
  return error instanceof ApiError && error.status !== 500 ? (error.body.message ?? '').trim() : '';
}

/** 'Error fetching data', followed by the server's reason when it gave one ("ONU is offline"). */
export function fetchErrorText(error: unknown): string {
  const reason = reasonOf(error);
  return reason ? `${FETCH_ERROR}: ${reason}` : FETCH_ERROR;
}

/**
 * The same, for a small space: device failures arrive as a chain ("The OLT did not answer as expected:
 * "show …" failed on host: Error: ONU EPON0/1:5 is not online") whose last link says what happened.
 */
export function shortFetchErrorText(error: unknown): string {
  const reason = reasonOf(error);
  const last = reason.split(': ').pop()?.trim();
  return last ? `${FETCH_ERROR}: ${last}` : FETCH_ERROR;
}
