import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AuthResponse } from '@pondesk/contracts';
import { LEGACY_REFRESH_TOKEN_KEY, SESSION_HINT_KEY } from './token-storage';

/** The plain script index.html loads before the app (served from the web app's public folder as is). */
const SESSION_RESUME = readFileSync(resolve(__dirname, '../../../public/session-resume.js'), 'utf8');

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

/** The API's answer to a refresh cookie it no longer honours. */
const sessionEnded = () =>
  json(401, {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Your session has ended. Please sign in again.',
  });

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

  /** Everything the browser storages hold: never a token. */
  const stored = () => JSON.stringify([...local.data, ...tab.data]);
  const headersOf = (call: number) => fetchMock.mock.calls[call][1]?.headers as Record<string, string>;

  it('is a guest when nobody signed in in this browser, without asking the server', async () => {
    await store.restoreSession();
    expect(store.sessionStore.getState().status).toBe('guest');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resumes the session of the cookie on load: no token in the body, the CSRF header sent', async () => {
    local.setItem(SESSION_HINT_KEY, '1');
    fetchMock.mockResolvedValueOnce(json(200, auth(1)));
    await store.restoreSession();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/refresh');
    expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('same-origin');
    expect(headersOf(0)['x-requested-with']).toBe('pondesk');
    expect(store.sessionStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { username: 'alice' },
    });
    expect(store.getAccessToken()).toBe('access-1');
    expect(stored()).not.toContain('access-1');
  });

  describe('public/session-resume.js, run before the app loads', () => {
    let lockNames: string[];
    const runScript = () => {
      lockNames = [];
      const locks = {
        request: (name: string, fn: () => Promise<unknown>) => {
          lockNames.push(name);
          return fn();
        },
      };
      Object.assign(window, { fetch: globalThis.fetch, navigator: { locks } });
      new Function(SESSION_RESUME)();
    };

    it('starts the refresh as the app would (CSRF header, no body, the cookie), and the app adopts it', async () => {
      local.setItem(SESSION_HINT_KEY, '1');
      fetchMock.mockResolvedValueOnce(json(200, auth(1)));
      runScript();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/refresh');
      expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
      expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
      expect(headersOf(0)['x-requested-with']).toBe('pondesk');
      // Under the lock the app's refreshes take, so another tab's refresh waits for it.
      expect(lockNames).toEqual([store.REFRESH_LOCK]);
      await store.restoreSession();
      // The app did not send a refresh of its own: a second one would present a spent token.
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(store.sessionStore.getState()).toMatchObject({
        status: 'authenticated',
        user: { username: 'alice' },
      });
      expect(store.getAccessToken()).toBe('access-1');
      // Taken once: the next renewal is the app's own call.
      fetchMock.mockResolvedValueOnce(json(200, auth(2)));
      await store.refreshSession();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(store.getAccessToken()).toBe('access-2');
    });

    it('asks nothing for a guest (no hint)', async () => {
      runScript();
      expect(fetchMock).not.toHaveBeenCalled();
      await store.restoreSession();
      expect(store.sessionStore.getState().status).toBe('guest');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("an early refresh the server refuses ends the session as the app's own would", async () => {
      local.setItem(SESSION_HINT_KEY, '1');
      fetchMock.mockResolvedValueOnce(sessionEnded());
      runScript();
      await store.restoreSession();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(store.sessionStore.getState().status).toBe('guest');
      expect(local.data.has(SESSION_HINT_KEY)).toBe(false);
    });
  });

  it('scrubs a refresh token an earlier version stored, and tries the cookie instead', async () => {
    local.setItem(LEGACY_REFRESH_TOKEN_KEY, 'refresh-old');
    tab.setItem(LEGACY_REFRESH_TOKEN_KEY, 'refresh-old');
    fetchMock.mockResolvedValueOnce(json(200, auth(1)));
    await store.restoreSession();
    expect(stored()).not.toContain('refresh-old');
    expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
    expect(store.sessionStore.getState().status).toBe('authenticated');
  });

  it('asks once when several calls need a refresh at the same time (tokens are single use)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, auth(1)));
    const results = await Promise.all([
      store.refreshSession(),
      store.refreshSession(),
      store.refreshSession(),
    ]);
    expect(results).toEqual([true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('renews the access token before it expires, keeping no token in storage', async () => {
    store.startSession(auth(1));
    fetchMock.mockResolvedValueOnce(json(200, auth(2)));
    await jest.advanceTimersByTimeAsync(900 * 800);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getAccessToken()).toBe('access-2');
    expect(stored()).not.toMatch(/access-|refresh-/);
    expect(local.data.get(SESSION_HINT_KEY)).toBe('1');
  });

  it('becomes a guest when the server refuses the cookie', async () => {
    local.setItem(SESSION_HINT_KEY, '1');
    fetchMock.mockResolvedValueOnce(sessionEnded());
    await expect(store.refreshSession()).resolves.toBe(false);
    expect(store.sessionStore.getState().status).toBe('guest');
    expect(local.data.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('keeps the hint when the server cannot be reached, so a later visit can resume', async () => {
    local.setItem(SESSION_HINT_KEY, '1');
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await store.restoreSession();
    expect(store.sessionStore.getState().status).toBe('guest');
    expect(local.data.get(SESSION_HINT_KEY)).toBe('1');
  });

  it('revokes on the server and clears locally on sign-out, even when the server is down', async () => {
    store.startSession(auth(1), { next: '/users' });
    expect(store.sessionStore.getState().next).toBe('/users');
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await store.signOut();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/logout');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({});
    expect(store.sessionStore.getState()).toEqual({ status: 'guest', user: null, next: null });
    expect(store.getAccessToken()).toBeNull();
    expect(local.data.has(SESSION_HINT_KEY)).toBe(false);
  });
});
