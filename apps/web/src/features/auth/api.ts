import {
  REMEMBER_HEADER,
  type AuthResponse,
  type ForgotPasswordRequest,
  type LoginRequest,
  type MessageResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SignUpRequest,
} from '@pondesk/contracts';
import { adoptResponse, http } from '../../shared/http-client';

// A 401 from these is an answer (wrong password, spent link), not an expired session.
const publicCall = { skipAuthRedirect: true } as const;

/** `remember: false` makes the refresh cookie last only until the browser closes. */
export const login = (body: LoginRequest, options: { remember?: boolean } = {}) =>
  http<AuthResponse>('/auth/login', {
    method: 'POST',
    body,
    headers: options.remember === false ? { [REMEMBER_HEADER]: 'false' } : undefined,
    ...publicCall,
  });

export const register = (body: RegisterRequest) =>
  http<AuthResponse>('/auth/register', { method: 'POST', body, ...publicCall });

export const signUp = (body: SignUpRequest) =>
  http<AuthResponse>('/auth/sign-up', { method: 'POST', body, ...publicCall });

export const forgotPassword = (body: ForgotPasswordRequest) =>
  http<MessageResponse>('/auth/password/forgot', { method: 'POST', body, ...publicCall });

export const resetPassword = (body: ResetPasswordRequest) =>
  http<AuthResponse>('/auth/password/reset', { method: 'POST', body, ...publicCall });

/** The refresh token goes as the httpOnly cookie (the browser adds it); nothing in the body. */
export const refreshTokens = () => http<AuthResponse>('/auth/refresh', { method: 'POST', ...publicCall });

/** The refresh `public/session-resume.js` started before the app loaded, read as `refreshTokens` reads its own. */
export const adoptRefresh = (sent: Promise<Response>) => adoptResponse<AuthResponse>(sent, publicCall);

/** Ends the session; the server also clears the refresh cookie. */
export const logout = () => http<void>('/auth/logout', { method: 'POST', body: {}, ...publicCall });
