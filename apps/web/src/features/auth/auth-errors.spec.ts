import { ApiError } from '../../shared/http-client';
import { authErrorMessage, lockoutMessage, loginErrors, retryAfterOf } from './auth-errors';

const apiError = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, { statusCode: status, error: 'x', message, ...extra });

describe('identity screen error messages', () => {
  const answers = { 401: 'Invalid credentials!' };

  it("uses the screen's own answer for its status", () => {
    expect(authErrorMessage(apiError(401, 'Unauthorized'), answers, 'fallback')).toBe('Invalid credentials!');
  });

  it('shows a rate limit with its seconds, never as a wrong password', () => {
    const locked = apiError(429, 'Too many attempts. Please try again in 900 seconds.', {
      retryAfterSeconds: 873,
    });
    expect(authErrorMessage(locked, answers, 'fallback')).toBe(
      'Too many attempts. Please try again in 873 seconds.',
    );
    expect(retryAfterOf(locked)).toBe(873);
    // Without the seconds, the server's words stand.
    expect(authErrorMessage(apiError(429, 'Slow down'), answers, 'fallback')).toBe('Slow down');
    expect(retryAfterOf(apiError(429, 'Slow down'))).toBeNull();
  });

  it('names an unavailable or unreachable server as such', () => {
    expect(authErrorMessage(apiError(503, 'Service unavailable, try again shortly'), answers, 'f')).toBe(
      'Service unavailable, try again shortly',
    );
    expect(
      authErrorMessage(apiError(0, 'Cannot reach the server. Check your connection.'), answers, 'f'),
    ).toBe('Cannot reach the server. Check your connection.');
    expect(authErrorMessage(apiError(403, 'Your account is on hold.'), answers, 'f')).toBe(
      'Your account is on hold.',
    );
    expect(authErrorMessage(new Error('boom'), answers, 'fallback')).toBe('fallback');
  });

  it('counts down to at least one second', () => {
    expect(lockoutMessage(12)).toBe('Too many attempts. Please try again in 12 seconds.');
    expect(lockoutMessage(0, 'Try later')).toBe('Try later');
  });
});

describe('sign-in form checks', () => {
  it('names each empty field and passes a filled form', () => {
    expect(loginErrors('', '')).toEqual({
      username: 'Please input a username!',
      password: 'Password is required!',
    });
    expect(loginErrors('  ', 'secret')).toEqual({ username: 'Please input a username!' });
    expect(loginErrors('demo', '')).toEqual({ password: 'Password is required!' });
    expect(loginErrors('demo', 'secret')).toEqual({});
  });
});
