import { ApiError } from '../http-client';

/** The server's field errors of a failed call, keyed by the request's field names. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

/** A message for a failure toast: the server's own words when it sent some. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body.message && error.status !== 500) return error.body.message;
  return fallback;
}
