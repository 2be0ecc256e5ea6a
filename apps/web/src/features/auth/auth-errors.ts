import { IDENTITY_MESSAGES, VALIDATION_MESSAGES } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';

/**
 * What the identity screens say when a call fails. Each screen names its own answer for the
 * statuses that mean "no" (401 wrong password, 404 unknown email, 409 taken…); the rest mean the same
 * everywhere: a rate limit or a held account in the server's words, an unreachable or unavailable
 * server as such, never disguised as a wrong password.
 */
export function authErrorMessage(
  error: unknown,
  answers: Partial<Record<number, string>>,
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return fallback;
  const own = answers[error.status];
  if (own !== undefined) return own;
  // 0 is "cannot reach the server"; 503 and 500 carry the server's own (safe) wording.
  if (error.status === 0 || error.status >= 500) return error.body.message || fallback;
  if (error.status === 429) return lockoutMessage(retryAfterOf(error) ?? 0, error.body.message);
  return error.body.message || fallback;
}

/** Seconds until a 429's limit lifts, when the server said. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const s = error.body.retryAfterSeconds;
  return typeof s === 'number' && s > 0 ? Math.ceil(s) : null;
}

/** The spec's rate-limit message with the seconds left; the server's text when the time is unknown. */
export function lockoutMessage(seconds: number, serverMessage?: string): string {
  if (seconds <= 0 && serverMessage) return serverMessage;
  return IDENTITY_MESSAGES.tooManyRequests.replace('{seconds}', String(Math.max(1, seconds)));
}

export type LoginErrors = Partial<Record<'username' | 'password', string>>;

/** The sign-in form's own checks: each empty field is named, and nothing is sent while one is. */
export function loginErrors(username: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = VALIDATION_MESSAGES.usernameRequired;
  if (!password) errors.password = VALIDATION_MESSAGES.passwordRequired;
  return errors;
}
