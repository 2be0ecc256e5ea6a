import type {
  AuthResponse,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SignUpRequest,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

// A 401 from these is an answer (wrong password, spent link), not an expired session.
const publicCall = { skipAuthRedirect: true } as const;

export const login = (body: LoginRequest) =>
  http<AuthResponse>('/auth/login', { method: 'POST', body, ...publicCall });

export const register = (body: RegisterRequest) =>
  http<AuthResponse>('/auth/register', { method: 'POST', body, ...publicCall });

export const signUp = (body: SignUpRequest) =>
  http<AuthResponse>('/auth/sign-up', { method: 'POST', body, ...publicCall });

export const forgotPassword = (body: ForgotPasswordRequest) =>
  http<MessageResponse>('/auth/password/forgot', { method: 'POST', body, ...publicCall });

export const resetPassword = (body: ResetPasswordRequest) =>
  http<AuthResponse>('/auth/password/reset', { method: 'POST', body, ...publicCall });

export const refreshTokens = (refreshToken: string) =>
  http<AuthResponse>('/auth/refresh', { method: 'POST', body: { refreshToken }, ...publicCall });

export const logout = (refreshToken: string | undefined) =>
  http<void>('/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refreshToken } : {},
    ...publicCall,
  });
