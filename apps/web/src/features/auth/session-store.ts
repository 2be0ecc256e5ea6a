import type { AuthResponse, PermissionCode, SessionUser } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';
import { adoptRefresh, logout as logoutCall, refreshTokens } from './api';
import {
  clearSessionHint,
  hasSessionHint,
  markSession,
  scrubLegacyRefreshToken,
  type TokenStores,
} from './token-storage';

/**
 * The signed-in session, outside React so the HTTP client can read the access token synchronously.
 * The access token lives only in memory; the refresh token lives in an httpOnly cookie no script can
 * read, which the browser sends to refresh on load, shortly before the access token expires, and after
 * a 401. Only a hint that a session may exist is stored (see token-storage).
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

function accept(auth: AuthResponse): void {
  accessToken = auth.accessToken;
  markSession(stores);
  schedule(auth.expiresIn);
}

/**
 * After sign-in, register or password reset: keep the access token and go where the page asked ("remember
 * me" was decided by the sign-in call itself, which set the cookie).
 */
export function startSession(auth: AuthResponse, options: { next?: string | null } = {}) {
  accept(auth);
  set({ status: 'authenticated', user: auth.user, next: options.next ?? null });
}

/** Drops the session locally (the server side is already gone or is ended by signOut). */
export function clearSession(): void {
  clearTimeout(refreshTimer);
  accessToken = null;
  clearSessionHint(stores);
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

/** The Web Lock every refresh holds (public/session-resume.js takes it too). */
export const REFRESH_LOCK = 'pondesk-refresh';

/** Where `public/session-resume.js` leaves the refresh it started before the app loaded. */
export const EARLY_REFRESH_GLOBAL = '__pondeskEarlyRefresh';

/** The early refresh, once: whoever takes it answers with its result; later refreshes are the app's own. */
function takeEarlyRefresh(): Promise<Response> | undefined {
  const holder = window as unknown as Record<string, Promise<Response> | undefined>;
  const early = holder[EARLY_REFRESH_GLOBAL];
  delete holder[EARLY_REFRESH_GLOBAL];
  return early;
}

async function doRefresh(): Promise<boolean> {
  try {
    const early = takeEarlyRefresh();
    // Tabs share the cookie: one that refreshed a moment ago left the rotated one for this call.
    const auth = early ? await adoptRefresh(early) : await refreshTokens();
    accept(auth);
    set({ status: 'authenticated', user: auth.user });
    return true;
  } catch (error) {
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
    const run = locks ? locks.request(REFRESH_LOCK, () => doRefresh()) : doRefresh();
    inflight = run.finally(() => {
      inflight = null;
    });
  }
  return inflight;
}

/** Someone signed in on this browser and has not signed out: a session cookie may be waiting. */
export const maySignInSilently = (): boolean => hasSessionHint(stores);

/** On load: resume the cookie's session, or be a guest (without asking when nobody signed in here). */
export async function restoreSession(): Promise<void> {
  scrubLegacyRefreshToken(stores);
  if (!maySignInSilently()) {
    set({ status: 'guest' });
    return;
  }
  await refreshSession();
}

/** Logout: revoke on the server (best effort; it also clears the cookie), then forget locally. */
export async function signOut(): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // The local session ends regardless; an unreachable server cannot keep the user signed in.
  }
  clearSession();
}

export const hasCode = (user: SessionUser | null, code: PermissionCode): boolean =>
  !!user && user.permissions.includes(code);
