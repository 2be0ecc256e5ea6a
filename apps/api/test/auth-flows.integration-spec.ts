import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import {
  IDENTITY_MESSAGES,
  PERMISSION_CODES,
  VALIDATION_MESSAGES,
  type AuthResponse,
  type DevOutbox,
  type Profile,
} from '@pondesk/contracts';
import { startApi, type RunningApi } from './support/test-app';
import {
  ApiClient,
  refreshCookieOf,
  refreshTokenOfCookie,
  registerAccount,
  unique,
} from '@pondesk/server-testing';

/**
 * POSTs JSON with a Host header of the caller's choosing. fetch() cannot do this (it always sends the
 * real host), and a forged Host is exactly what a reset-link poisoning attempt looks like.
 */
function postWithHost(baseUrl: string, path: string, body: unknown, host: string): Promise<number> {
  const url = new URL(`/api/v1${path}`, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-host': host,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('auth flows', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;

  beforeAll(async () => {
    api = await startApi({ DATA_DIR: mkdtempSync(join(tmpdir(), 'pondesk-auth-')) });
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
  });
  afterAll(() => api.close());

  describe('register', () => {
    it('creates a tenant whose first user is its admin with every code, and signs in', async () => {
      const account = await registerAccount(client);
      expect(account.auth.message).toBe(IDENTITY_MESSAGES.registeredFull);
      expect(account.auth.user).toMatchObject({
        username: account.username,
        email: account.email,
        roleName: 'Admin',
        profileConfirmed: false,
        isPlatformAdmin: false,
      });
      expect(account.auth.user.permissions).toEqual([...PERMISSION_CODES]);
      expect(account.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(account.auth).not.toHaveProperty('refreshToken');
      const me = await client.get<Profile>('/profile', account.token);
      expect(me.status).toBe(200);
      expect(me.body.tenantId).toBe(account.auth.user.tenantId);
      const [row] = await db.query('SELECT password_hash FROM app_user WHERE id = $1', [
        account.auth.user.id,
      ]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('answers the spec messages for the full form', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'name', VALIDATION_MESSAGES.usernameRequired],
        [{ name: 'abcdef' }, 'email', VALIDATION_MESSAGES.emailRequired],
        [{ name: 'abcdef', email: 'nope' }, 'email', VALIDATION_MESSAGES.emailInvalid],
        [{ name: 'abcdef', email: 'a@b.co' }, 'password', VALIDATION_MESSAGES.passwordRequired],
        [
          { name: 'abcdef', email: 'a@b.co', password: 'short' },
          'password',
          VALIDATION_MESSAGES.passwordTooShort,
        ],
        [
          { name: 'abcdef', email: 'a@b.co', password: 'longenough', passwordConfirmation: 'different' },
          'passwordConfirmation',
          VALIDATION_MESSAGES.passwordsMustMatch,
        ],
        [
          {
            name: 'abcdef',
            email: 'a@b.co',
            password: 'longenough',
            passwordConfirmation: 'longenough',
            acceptTerms: false,
          },
          'acceptTerms',
          VALIDATION_MESSAGES.termsRequired,
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await client.post('/auth/register', body);
        expect(res.status).toBe(400);
        expect(res.body.fields).toContainEqual({ field, message });
      }
    });

    it('refuses a taken email or username with one neutral message, storing nothing', async () => {
      const account = await registerAccount(client);
      // Other spec files share this database and register accounts of their own at the same time, so
      // "nothing stored" is checked on the addresses used here, not on a count of every tenant.
      const emails = [`${unique('x')}@example.test`, `${unique('x')}@example.test`];
      const dupEmail = await client.post('/auth/register', {
        name: unique('dup'),
        email: account.email.toUpperCase(),
        password: 'password123',
        passwordConfirmation: 'password123',
        acceptTerms: true,
      });
      expect(dupEmail.status).toBe(409);
      expect(dupEmail.body.message).toBe(IDENTITY_MESSAGES.accountTaken);
      const dupName = await client.post('/auth/sign-up', {
        username: account.username.toUpperCase(),
        email: emails[0],
        password: 'password123',
        acceptTerms: true,
      });
      expect(dupName.status).toBe(409);
      expect(dupName.body.fields).toEqual([
        { field: 'username', message: IDENTITY_MESSAGES.accountTaken },
        { field: 'email', message: IDENTITY_MESSAGES.accountTaken },
      ]);
      const reserved = await client.post('/auth/sign-up', {
        username: 'platform',
        email: emails[1],
        password: 'password123',
        acceptTerms: true,
      });
      expect(reserved.status).toBe(409);
      const stored = await db.query(
        'SELECT lower(email) AS email, count(*)::int AS n FROM app_user WHERE lower(email) = ANY($1) GROUP BY 1',
        [[account.email.toLowerCase(), ...emails.map((e) => e.toLowerCase())]],
      );
      expect(stored).toEqual([{ email: account.email.toLowerCase(), n: 1 }]);
    });

    it('signs up through the simple form', async () => {
      const username = unique('simple');
      const res = await client.post<AuthResponse>('/auth/sign-up', {
        username,
        email: `${username}@example.test`,
        password: 'password123',
        acceptTerms: true,
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(IDENTITY_MESSAGES.registeredSimple);
      expect(res.body.user.username).toBe(username);
    });
  });

  describe('sign in, refresh, logout', () => {
    it('signs in by username or email; a wrong password is refused with the spec message', async () => {
      const account = await registerAccount(client);
      const byName = await client.post<AuthResponse>('/auth/login', {
        username: account.username,
        password: account.password,
      });
      expect(byName.status).toBe(200);
      const byEmail = await client.post<AuthResponse>('/auth/login', {
        username: account.email.toUpperCase(),
        password: account.password,
      });
      expect(byEmail.status).toBe(200);
      expect(byEmail.body.user.id).toBe(account.auth.user.id);
      const wrong = await client.post('/auth/login', {
        username: account.username,
        password: 'wrong-password',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(IDENTITY_MESSAGES.invalidCredentials);
      const nobody = await client.post('/auth/login', { username: unique('ghost'), password: 'whatever1' });
      expect(nobody.status).toBe(401);
      expect(nobody.body.message).toBe(IDENTITY_MESSAGES.invalidCredentials);
    });

    it('rotates the refresh token: the old one stops working and reusing it ends the session', async () => {
      const account = await registerAccount(client);
      const first = account.refreshToken;
      // The token comes and goes as the cookie; the JSON never carries it.
      const rotated = (res: { headers: Headers }) => refreshTokenOfCookie(refreshCookieOf(res) ?? '');
      const r1 = await client.request<AuthResponse>('POST', '/auth/refresh', { refreshCookie: first });
      expect(r1.status).toBe(200);
      expect(r1.body).not.toHaveProperty('refreshToken');
      expect(rotated(r1)).not.toBe(first);
      expect((await client.get('/profile', r1.body.accessToken)).status).toBe(200);
      // Two tabs (or a reload) refreshing at the same moment present it twice within seconds: both work.
      const race = await client.request<AuthResponse>('POST', '/auth/refresh', { refreshCookie: first });
      expect(race.status).toBe(200);
      expect(rotated(race)).not.toBe(rotated(r1));
      // Replaying it later is theft: the whole session (and every newer token) ends.
      await db.query(
        `UPDATE refresh_token SET used_at = now() - interval '5 minutes'
         WHERE session_id = (SELECT session_id FROM refresh_token WHERE token_hash = $1) AND used_at IS NOT NULL`,
        [createHash('sha256').update(first).digest('hex')],
      );
      const replay = await client.request('POST', '/auth/refresh', { refreshCookie: first });
      expect(replay.status).toBe(401);
      expect((await client.post('/auth/refresh', { refreshToken: rotated(race) })).status).toBe(401);
      expect((await client.post('/auth/refresh', { refreshToken: rotated(r1) })).status).toBe(401);
      expect((await client.get('/profile', r1.body.accessToken)).status).toBe(401);
    });

    it('logout revokes the access and refresh tokens of the session, not other sessions', async () => {
      const account = await registerAccount(client);
      const other = await client.post<AuthResponse>('/auth/login', {
        username: account.username,
        password: account.password,
      });
      const out = await client.request('POST', '/auth/logout', { token: account.token, body: {} });
      expect(out.status).toBe(204);
      expect((await client.get('/profile', account.token)).status).toBe(401);
      expect((await client.post('/auth/refresh', { refreshToken: account.refreshToken })).status).toBe(401);
      expect((await client.get('/profile', other.body.accessToken)).status).toBe(200);
      const [s] = await db.query(
        'SELECT revoked_at FROM auth_session WHERE user_id = $1 AND revoked_at IS NOT NULL',
        [account.auth.user.id],
      );
      expect(s.revoked_at).toBeInstanceOf(Date);
    });

    it('refuses a held user with the hold message, and their existing tokens stop working', async () => {
      const admin = await registerAccount(client);
      const username = unique('held');
      const created = await client.post<{ id: string }>(
        '/users',
        { username, email: `${username}@example.test`, password: 'password123' },
        admin.token,
      );
      expect(created.status).toBe(201);
      const login = await client.post<AuthResponse>('/auth/login', { username, password: 'password123' });
      expect(login.status).toBe(200);
      expect(
        (await client.put(`/users/${created.body.id}/status`, { status: 'hold' }, admin.token)).status,
      ).toBe(200);
      expect((await client.get('/profile', login.body.accessToken)).status).toBe(401);
      const again = await client.post('/auth/login', { username, password: 'password123' });
      expect(again.status).toBe(403);
      expect(again.body.message).toBe(IDENTITY_MESSAGES.accountOnHold);
      expect(
        (await client.put(`/users/${created.body.id}/status`, { status: 'active' }, admin.token)).status,
      ).toBe(200);
      expect((await client.post('/auth/login', { username, password: 'password123' })).status).toBe(200);
    });

    it('lets the platform administrator from the environment in, only to platform routes', async () => {
      const res = await client.post<AuthResponse>('/auth/login', {
        username: 'platform',
        password: 'platform-pass-123',
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ isPlatformAdmin: true, tenantId: null });
      expect((await client.get('/tenants', res.body.accessToken)).status).toBe(200);
      expect((await client.get('/users', res.body.accessToken)).status).toBe(403);
      const tenant = await registerAccount(client);
      expect((await client.get('/tenants', tenant.token)).status).toBe(403);
      const held = await client.put(
        `/tenants/${tenant.auth.user.tenantId}/status`,
        { status: 'hold' },
        res.body.accessToken,
      );
      expect(held.status).toBe(200);
      expect((await client.get('/profile', tenant.token)).status).toBe(401);
      expect(
        (await client.post('/auth/login', { username: tenant.username, password: tenant.password })).status,
      ).toBe(403);
      const [audit] = await db.query(
        `SELECT actor_name FROM audit_log WHERE action = 'tenant.status' AND entity_id = $1`,
        [tenant.auth.user.tenantId],
      );
      expect(audit.actor_name).toBe('platform:platform');
    });
  });

  describe('rate limits', () => {
    it('locks an account after 5 failed sign-ins with a clear 429 and Retry-After', async () => {
      const account = await registerAccount(client);
      const fresh = new ApiClient(api.url);
      for (let i = 0; i < 5; i++)
        expect(
          (await fresh.post('/auth/login', { username: account.username, password: 'wrong-password' }))
            .status,
        ).toBe(401);
      const locked = await fresh.post('/auth/login', {
        username: account.username,
        password: account.password,
      });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      // The body carries the seconds too, for the sign-in page's countdown; the same number as the header.
      expect(locked.body.retryAfterSeconds).toBe(Number(locked.headers.get('retry-after')));
      // The lock holds this address only: guesses from elsewhere cannot lock the owner out of the account.
      const elsewhere = new ApiClient(api.url);
      expect(
        (await elsewhere.post('/auth/login', { username: account.username, password: account.password }))
          .status,
      ).toBe(200);
    });

    it('limits failed sign-ins per IP across accounts', async () => {
      const attacker = new ApiClient(api.url);
      let last = 0;
      for (let i = 0; i < 31; i++)
        last = (await attacker.post('/auth/login', { username: unique('spray'), password: 'guess-123' }))
          .status;
      expect(last).toBe(429);
    });

    it('limits reset requests per account', async () => {
      const account = await registerAccount(client);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await new ApiClient(api.url).post('/auth/password/forgot', { email: account.email })).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('limits reset requests per IP across emails, with the clear message', async () => {
      const sender = new ApiClient(api.url);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push(
          (await sender.post('/auth/password/forgot', { email: `${unique('nobody')}@example.test` })).status,
        );
      expect(statuses).toEqual(Array(10).fill(200));
      const account = await registerAccount(client);
      const limited = await sender.post('/auth/password/forgot', { email: account.email });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Nothing was mailed for the refused request.
      const outbox = await client.get<DevOutbox>(`/dev/outbox?to=${encodeURIComponent(account.email)}`);
      expect(outbox.body.mails).toEqual([]);
    });
  });

  describe('password reset', () => {
    async function lastLink(email: string): Promise<URL> {
      const outbox = await client.get<DevOutbox>(`/dev/outbox?to=${encodeURIComponent(email)}`);
      expect(outbox.status).toBe(200);
      const link = outbox.body.mails[0]?.link;
      if (!link) throw new Error('no mail');
      return new URL(link);
    }

    it('mails a link to the app origin; the token works once; the old password stops working', async () => {
      const account = await registerAccount(client);
      const forgot = await client.post('/auth/password/forgot', { email: account.email });
      expect(forgot.status).toBe(200);
      expect(forgot.body.message).toBe(IDENTITY_MESSAGES.resetMailSent);
      const link = await lastLink(account.email);
      // No APP_ORIGIN in this config and not production: this server on localhost.
      expect(link.origin).toBe(`http://localhost:${new URL(api.url).port}`);
      expect(link.pathname).toBe('/password/reset');
      expect(link.searchParams.get('email')).toBe(account.email);
      const token = link.searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const [stored] = await db.query('SELECT token_hash FROM password_reset WHERE user_id = $1', [
        account.auth.user.id,
      ]);
      expect(stored.token_hash).not.toContain(token);

      const reset = await client.post<AuthResponse>('/auth/password/reset', {
        email: account.email,
        token,
        password: 'brand-new-password',
        passwordConfirmation: 'brand-new-password',
      });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe(IDENTITY_MESSAGES.passwordChangedLoggedIn);
      expect((await client.get('/profile', reset.body.accessToken)).status).toBe(200);
      // Old sessions end, the old password stops working, the new one works.
      expect((await client.get('/profile', account.token)).status).toBe(401);
      expect(
        (await client.post('/auth/login', { username: account.username, password: account.password })).status,
      ).toBe(401);
      expect(
        (await client.post('/auth/login', { username: account.username, password: 'brand-new-password' }))
          .status,
      ).toBe(200);
      // Single use.
      const again = await client.post('/auth/password/reset', {
        email: account.email,
        token,
        password: 'another-password',
        passwordConfirmation: 'another-password',
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(IDENTITY_MESSAGES.resetLinkInvalid);
    });

    it('never points the link at a host the request names', async () => {
      const account = await registerAccount(client);
      const status = await postWithHost(
        api.url,
        '/auth/password/forgot',
        { email: account.email },
        'evil.example',
      );
      expect(status).toBe(200);
      const link = await lastLink(account.email);
      expect(link.host).not.toContain('evil.example');
      expect(link.origin).toBe(`http://localhost:${new URL(api.url).port}`);
    });

    it('uses APP_ORIGIN when set, whatever Host the request names', async () => {
      const other = await startApi({ APP_ORIGIN: 'https://console.isp.example' });
      try {
        const c = new ApiClient(other.url);
        const account = await registerAccount(c);
        const status = await postWithHost(
          other.url,
          '/auth/password/forgot',
          { email: account.email },
          'evil.example',
        );
        expect(status).toBe(200);
        const outbox = await c.get<DevOutbox>(`/dev/outbox?to=${encodeURIComponent(account.email)}`);
        expect(outbox.body.mails[0].link).toMatch(/^https:\/\/console\.isp\.example\/password\/reset\?/);
      } finally {
        await other.close();
      }
    });

    it('refuses to mail a link in production without APP_ORIGIN', async () => {
      const prod = await startApi({ NODE_ENV: 'production' });
      try {
        const c = new ApiClient(prod.url);
        const account = await registerAccount(c);
        const res = await c.post('/auth/password/forgot', { email: account.email });
        expect(res.status).toBe(503);
        expect(res.body.message).toBe('Password reset is not configured (APP_ORIGIN is not set)');
        const [{ n }] = await db.query('SELECT count(*)::int AS n FROM password_reset WHERE user_id = $1', [
          account.auth.user.id,
        ]);
        expect(n).toBe(0);
      } finally {
        await prod.close();
      }
    });

    it('in production without SMTP_URL says mail is not configured instead of claiming it was sent', async () => {
      const prod = await startApi({ NODE_ENV: 'production', APP_ORIGIN: 'https://console.isp.example' });
      try {
        const c = new ApiClient(prod.url);
        const account = await registerAccount(c);
        const res = await c.post('/auth/password/forgot', { email: account.email });
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(
          'Email is not configured on this server. Please contact the administrator.',
        );
        // Production has no development outbox to read links from.
        expect((await c.get(`/dev/outbox?to=${encodeURIComponent(account.email)}`)).status).toBe(404);
      } finally {
        await prod.close();
      }
    });

    it('refuses an expired token and a token presented with another email', async () => {
      const account = await registerAccount(client);
      await client.post('/auth/password/forgot', { email: account.email });
      const token = (await lastLink(account.email)).searchParams.get('token')!;
      const wrongEmail = await client.post('/auth/password/reset', {
        email: `${unique('x')}@example.test`,
        token,
        password: 'brand-new-password',
        passwordConfirmation: 'brand-new-password',
      });
      expect(wrongEmail.status).toBe(400);
      await db.query(
        `UPDATE password_reset SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [account.auth.user.id],
      );
      const expired = await client.post('/auth/password/reset', {
        email: account.email,
        token,
        password: 'brand-new-password',
        passwordConfirmation: 'brand-new-password',
      });
      expect(expired.status).toBe(400);
      expect(
        (await client.post('/auth/login', { username: account.username, password: account.password })).status,
      ).toBe(200);
    });

    it('answers an unknown email as a registered one (no telling which addresses have accounts)', async () => {
      const res = await client.post('/auth/password/forgot', { email: `${unique('nobody')}@example.test` });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(IDENTITY_MESSAGES.resetMailSent);
    });
  });
});
