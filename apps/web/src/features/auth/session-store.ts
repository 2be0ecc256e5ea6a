import type { AuthResponse, PermissionCode, SessionUser } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';
import { logout as logoutCall, refreshTokens } from './api';
import { clearRefreshToken, readRefreshToken, writeRefreshToken, type TokenStores } from './token-storage';

/**
 * The signed-in session, outside React so the HTTP client can read the access token synchronously.
 * The access token lives only in memory; the refresh token is stored (see token-storage) and traded
 * for a new pair on load, shortly before the access token expires, and after a 401.
 */
export type SessionStatus = 'loading' | 'guest' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Where a guest-only page sends the user right after signing in (else /profile). */
  next: string | null;
}

const stores: TokenStores = {
  get persistent() {
    return window.localStorage;
  },
  get tab() {
    return window.sessionStorage;
  },
};

let state: SessionState = { status: 'loading', user: null, next: null };
let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: (): SessionState => state,
};

export const getAccessToken = (): string | null => accessToken;

function schedule(expiresInSeconds: number): void {
  clearTimeout(refreshTimer);
  // Renew a little before expiry; a sleeping tab that misses it renews on its next 401.
  const ms = Math.max(5, expiresInSeconds * 0.8) * 1000;
  refreshTimer = setTimeout(() => void refreshSession(), Math.min(ms, 2 ** 31 - 1));
}

function accept(auth: AuthResponse, remember: boolean): void {
  accessToken = auth.accessToken;
  writeRefreshToken(stores, auth.refreshToken, remember);
  schedule(auth.expiresIn);
}

/** After sign-in, register or password reset: keep the tokens and go where the page asked. */
export function startSession(auth: AuthResponse, options: { remember?: boolean; next?: string | null } = {}) {
  accept(auth, options.remember ?? true);
  set({ status: 'authenticated', user: auth.user, next: options.next ?? null });
}

/** Drops the session locally (the server side is already gone or is ended by signOut). */
export function clearSession(): void {
  clearTimeout(refreshTimer);
  accessToken = null;
  clearRefreshToken(stores);
  // The socket authenticated with the old token; loaded lazily so the sign-in route stays small.
  void import('../../shared/socket').then((s) => s.disconnectSocket());
  set({ status: 'guest', user: null, next: null });
}

/** The shell's profile fetch keeps the permissions current. */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  if (state.user) set({ user: { ...state.user, ...patch } });
}

export function consumeNext(): void {
  if (state.next) set({ next: null });
}

async function doRefresh(): Promise<boolean> {
  const stored = readRefreshToken(stores);
  if (!stored) return false;
  try {
    const auth = await refreshTokens(stored.token);
    accept(auth, stored.remember);
    set({ status: 'authenticated', user: auth.user });
    return true;
  } catch (error) {
    // Another tab may have rotated the token while we asked with the old one.
    const now = readRefreshToken(stores);
    if (now && now.token !== stored.token) return doRefresh();
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) clearSession();
    else if (state.status === 'loading') set({ status: 'guest' });
    return false;
  }
}

/**
 * One refresh at a time, across tabs too (refresh tokens are single use: presenting a spent one
 * ends the session), so it runs under a Web Lock where the browser has them.
 */
export function refreshSession(): Promise<boolean> {
  if (!inflight) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = locks ? locks.request('pondesk-refresh', () => doRefresh()) : doRefresh();
    inflight = run.finally(() => {
      inflight = null;
    });
  }
  return inflight;
}

/** On load: resume a stored session, or be a guest. */
export async function restoreSession(): Promise<void> {
  if (!readRefreshToken(stores)) {
    set({ status: 'guest' });
    return;
  }
  await refreshSession();
}

/** Logout: revoke on the server (best effort), then forget locally. */
export async function signOut(): Promise<void> {
  const stored = readRefreshToken(stores);
  try {
    await logoutCall(stored?.token);
  } catch {
    // The local session ends regardless; an unreachable server cannot keep the user signed in.
  }
  clearSession();
}

export const hasCode = (user: SessionUser | null, code: PermissionCode): boolean =>
  !!user && user.permissions.includes(code);
