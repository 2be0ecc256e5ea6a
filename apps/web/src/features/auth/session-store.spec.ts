import type { AuthResponse } from '@pondesk/contracts';
import { REFRESH_TOKEN_KEY } from './token-storage';

/** The session store against in-memory storages and a stubbed fetch (no DOM in unit tests). */
function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const auth = (n: number): AuthResponse => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  expiresIn: 900,
  user: {
    id: 'u1',
    username: 'alice',
    email: 'alice@example.com',
    tenantId: 't1',
    ispName: null,
    roleName: 'Admin',
    permissions: [2000, 2008],
    photoUrl: null,
    profileConfirmed: false,
    isPlatformAdmin: false,
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('session store', () => {
  let local: ReturnType<typeof memory>;
  let tab: ReturnType<typeof memory>;
  let fetchMock: jest.SpiedFunction<typeof fetch>;
  let store: typeof import('./session-store');

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    local = memory();
    tab = memory();
    (globalThis as unknown as { window: unknown }).window = { localStorage: local, sessionStorage: tab };
    fetchMock = jest.spyOn(globalThis, 'fetch');
    jest.resetModules();
    store = await import('./session-store');
  });
  afterEach(() => {
    fetchMock.mockRestore();
    jest.useRealTimers();
  });

  it('is a guest when nothing is stored, without asking the server', async () => {
    await store.restoreSession();
    expect(store.sessionStore.getState().status).toBe('guest');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resumes a stored session and keeps the rotated refresh token where it was', async () => {
    tab.setItem(REFRESH_TOKEN_KEY, 'refresh-0');
    fetchMock.mockResolvedValueOnce(json(200, auth(1)));
    await store.restoreSession();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ refreshToken: 'refresh-0' });
    expect(store.sessionStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { username: 'alice' },
    });
    expect(store.getAccessToken()).toBe('access-1');
    expect(tab.data.get(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(local.data.has(REFRESH_TOKEN_KEY)).toBe(false);
  });

  it('asks once when several calls need a refresh at the same time (tokens are single use)', async () => {
    local.setItem(REFRESH_TOKEN_KEY, 'refresh-0');
    fetchMock.mockResolvedValueOnce(json(200, auth(1)));
    const results = await Promise.all([
      store.refreshSession(),
      store.refreshSession(),
      store.refreshSession(),
    ]);
    expect(results).toEqual([true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('renews the access token before it expires', async () => {
    store.startSession(auth(1), { remember: true });
    fetchMock.mockResolvedValueOnce(json(200, auth(2)));
    await jest.advanceTimersByTimeAsync(900 * 800);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getAccessToken()).toBe('access-2');
    expect(local.data.get(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it('forgets everything when the server refuses the refresh token', async () => {
    local.setItem(REFRESH_TOKEN_KEY, 'refresh-0');
    fetchMock.mockResolvedValueOnce(
      json(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your session has ended. Please sign in again.',
      }),
    );
    await expect(store.refreshSession()).resolves.toBe(false);
    expect(store.sessionStore.getState().status).toBe('guest');
    expect(local.data.has(REFRESH_TOKEN_KEY)).toBe(false);
  });

  it('keeps the stored token when the server cannot be reached, so a later visit can resume', async () => {
    local.setItem(REFRESH_TOKEN_KEY, 'refresh-0');
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await store.restoreSession();
    expect(store.sessionStore.getState().status).toBe('guest');
    expect(local.data.get(REFRESH_TOKEN_KEY)).toBe('refresh-0');
  });

  it('revokes on the server and clears locally on sign-out, even when the server is down', async () => {
    store.startSession(auth(1), { remember: true, next: '/users' });
    expect(store.sessionStore.getState().next).toBe('/users');
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await store.signOut();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(store.sessionStore.getState()).toEqual({ status: 'guest', user: null, next: null });
    expect(store.getAccessToken()).toBeNull();
    expect(local.data.has(REFRESH_TOKEN_KEY)).toBe(false);
  });
});
