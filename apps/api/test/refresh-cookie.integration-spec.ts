import { randomBytes } from 'node:crypto';
import type { AuthResponse } from '@pondesk/contracts';
import {
  ApiClient,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  REFRESH_COOKIE,
  refreshCookieOf,
  registerAccount,
  unique,
  type JsonResponse,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

/** The Set-Cookie line of the refresh cookie, split into its attributes (lower-cased names). */
function refreshSetCookie(res: { headers: Headers }): { value: string; attrs: Map<string, string> } {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) throw new Error(`no ${REFRESH_COOKIE} cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  const [pair, ...rest] = line.split(';').map((p) => p.trim());
  const attrs = new Map(
    rest.map((a) => {
      const eq = a.indexOf('=');
      return eq < 0 ? [a.toLowerCase(), ''] : [a.slice(0, eq).toLowerCase(), a.slice(eq + 1)];
    }),
  );
  return { value: pair.slice(REFRESH_COOKIE.length + 1), attrs };
}

function expectBrowserOnlyCookie(res: JsonResponse<unknown>, options: { secure?: boolean } = {}): string {
  const { value, attrs } = refreshSetCookie(res);
  expect(value).not.toBe('');
  expect(attrs.has('httponly')).toBe(true);
  expect(attrs.get('samesite')).toBe('Strict');
  expect(attrs.get('path')).toBe('/api/v1/auth');
  expect(attrs.has('secure')).toBe(options.secure ?? false);
  expect(attrs.has('domain')).toBe(false);
  // The JSON never carries the refresh token.
  expect(JSON.stringify(res.body)).not.toContain(decodeURIComponent(value).replace(/^s~/, ''));
  expect(res.body).not.toHaveProperty('refreshToken');
  return value;
}

describe('the refresh token lives in an httpOnly cookie', () => {
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
  });
  afterAll(() => api?.close());

  it('register, sign-up and login set it httpOnly, SameSite=Strict, on the auth path, for 30 days', async () => {
    const username = unique('rc');
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const registered = await client.post<AuthResponse>('/auth/register', {
      name: username,
      email: `${username}@example.test`,
      password,
      passwordConfirmation: password,
      acceptTerms: true,
    });
    expect(registered.status).toBe(201);
    expectBrowserOnlyCookie(registered);
    expect(refreshSetCookie(registered).attrs.get('max-age')).toBe(String(30 * 24 * 3600));

    const simple = unique('rs');
    const signedUp = await client.post('/auth/sign-up', {
      username: simple,
      email: `${simple}@example.test`,
      password,
      acceptTerms: true,
    });
    expect(signedUp.status).toBe(201);
    expectBrowserOnlyCookie(signedUp);

    const login = await client.post('/auth/login', { username, password });
    expect(login.status).toBe(200);
    expectBrowserOnlyCookie(login);
  });

  it('refresh trades the cookie for a new access token and a rotated cookie', async () => {
    const account = await registerAccount(client, 'rcr');
    const login = await client.post('/auth/login', {
      username: account.username,
      password: account.password,
    });
    const first = refreshCookieOf(login)!;
    expect(first).toBeTruthy();
    const refreshed = await client.request<AuthResponse>('POST', '/auth/refresh', { refreshCookie: first });
    expect(refreshed.status).toBe(200);
    const second = expectBrowserOnlyCookie(refreshed);
    expect(second).not.toBe(first);
    expect((await client.get('/profile', refreshed.body.accessToken)).status).toBe(200);
    expect(refreshed.body.user.id).toBe(account.auth.user.id);
    // The rotated cookie works in turn.
    expect((await client.request('POST', '/auth/refresh', { refreshCookie: second, body: {} })).status).toBe(
      200,
    );
  });

  it('refuses a cookie refresh without the X-Requested-With header (a cross-site form post)', async () => {
    const account = await registerAccount(client, 'rcc');
    const cookie = `${REFRESH_COOKIE}=${encodeURIComponent(account.refreshToken)}`;
    // What a form on another site can send: a simple POST with the browser's cookie, no custom header.
    const forged = await client.request('POST', '/auth/refresh', {
      rawBody: '',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'CSRF_HEADER_MISSING' });
    expect(forged.headers.getSetCookie()).toEqual([]);
    // The token was not spent: the app itself can still refresh with it.
    const ok = await client.request('POST', '/auth/refresh', {
      headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(ok.status).toBe(200);
  });

  it('answers 401 to a refresh without any refresh token (a guest reloading the app)', async () => {
    const res = await client.request('POST', '/auth/refresh', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(res.status).toBe(401);
  });

  it('logout ends the session of the cookie and clears the cookie', async () => {
    const account = await registerAccount(client, 'rcl');
    const out = await client.request('POST', '/auth/logout', {
      token: account.token,
      refreshCookie: encodeURIComponent(account.refreshToken),
    });
    expect(out.status).toBe(204);
    const cleared = refreshSetCookie(out);
    expect(cleared.value).toBe('');
    expect(cleared.attrs.get('path')).toBe('/api/v1/auth');
    expect(new Date(cleared.attrs.get('expires')!).getTime()).toBeLessThan(Date.now());
    const after = await client.request('POST', '/auth/refresh', {
      refreshCookie: encodeURIComponent(account.refreshToken),
    });
    expect(after.status).toBe(401);
    // The dead cookie is dropped so the browser stops presenting it.
    expect(refreshSetCookie(after).value).toBe('');
  });

  it('without "remember me" the cookie lasts the browser session, across refreshes too', async () => {
    const account = await registerAccount(client, 'rcm');
    const login = await client.request('POST', '/auth/login', {
      body: { username: account.username, password: account.password },
      headers: { 'x-pondesk-remember': 'false' },
    });
    expect(login.status).toBe(200);
    const first = expectBrowserOnlyCookie(login);
    expect(refreshSetCookie(login).attrs.has('max-age')).toBe(false);
    expect(refreshSetCookie(login).attrs.has('expires')).toBe(false);
    const refreshed = await client.request('POST', '/auth/refresh', { refreshCookie: first });
    expect(refreshed.status).toBe(200);
    expect(refreshSetCookie(refreshed).attrs.has('max-age')).toBe(false);
  });

  it('will not sign in from a form post (no JSON), so another site cannot plant its session', async () => {
    const account = await registerAccount(client, 'rcf');
    const res = await client.request('POST', '/auth/login', {
      rawBody: new URLSearchParams({ username: account.username, password: account.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe('the refresh cookie behind a TLS-terminating proxy', () => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi({ TRUST_PROXY: 'loopback', DEV_OUTBOX: 'false' });
  });
  afterAll(() => api?.close());

  it('is Secure when the request came over HTTPS, and only then', async () => {
    const client = new ApiClient(api.url);
    const account = await registerAccount(client, 'rct');
    const body = { username: account.username, password: account.password };
    const https = await client.request('POST', '/auth/login', {
      body,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.status).toBe(200);
    expectBrowserOnlyCookie(https, { secure: true });
    const plain = await client.request('POST', '/auth/login', { body });
    expectBrowserOnlyCookie(plain, { secure: false });
  });
});
