import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { IDENTITY_MESSAGES, type DevOutbox, type Profile, type SendOtpResponse } from '@pondesk/contracts';
import { startApi, type RunningApi } from './support/test-app';
import { ApiClient, registerAccount, userWithCodes, type TestAccount } from '@pondesk/server-testing';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function number(): string {
  return `+880${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;
}

describe('profile', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;

  beforeAll(async () => {
    api = await startApi({ DATA_DIR: mkdtempSync(join(tmpdir(), 'pondesk-profile-')) });
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
  });
  afterAll(() => api.close());

  async function lastOtp(to: string): Promise<string> {
    const outbox = await client.get<DevOutbox>(`/dev/outbox?to=${encodeURIComponent(to)}`);
    const otp = outbox.body.sms[0]?.otp;
    if (!otp) throw new Error(`no SMS to ${to}`);
    return otp;
  }

  const complete = (account: TestAccount, contactNumber: string, otp: string) =>
    client.post<Profile & { message: string }>(
      '/profile/complete',
      { ispName: `${account.username} ISP`, contactNumber, address: 'Road 1, Dhaka', otp },
      account.token,
    );

  describe('completion with an OTP', () => {
    it('sends a 6-digit OTP by the development gateway and confirms the profile with it', async () => {
      const account = await registerAccount(client);
      const to = number();
      const sent = await client.post<SendOtpResponse>('/profile/otp', { contactNumber: to }, account.token);
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({
        message: IDENTITY_MESSAGES.otpSent,
        expiresInSeconds: 120,
        resendInSeconds: 60,
      });
      const otp = await lastOtp(to);
      expect(otp).toMatch(/^\d{6}$/);
      const [stored] = await db.query(
        'SELECT code_hash, expires_at, created_at FROM otp_challenge WHERE user_id = $1',
        [account.auth.user.id],
      );
      expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.code_hash).not.toContain(otp);
      expect((stored.expires_at.getTime() - stored.created_at.getTime()) / 1000).toBeCloseTo(120, 0);

      const done = await complete(account, to, otp);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        message: IDENTITY_MESSAGES.profileCompleted,
        profileConfirmed: true,
        ispName: `${account.username} ISP`,
        contactNumber: to,
        address: 'Road 1, Dhaka',
      });
      // Single use.
      expect((await complete(account, to, otp)).status).toBe(400);
      const [audit] = await db.query(
        `SELECT after FROM audit_log WHERE action = 'tenant.complete-profile' AND tenant_id = $1`,
        [account.auth.user.tenantId],
      );
      expect(audit.after).toMatchObject({ profileConfirmed: true, contactNumber: to });
    });

    it('refuses a resend within 60 s, then allows it once the cooldown has passed', async () => {
      const account = await registerAccount(client);
      const to = number();
      expect((await client.post('/profile/otp', { contactNumber: to }, account.token)).status).toBe(200);
      const again = await client.post('/profile/otp', { contactNumber: to }, account.token);
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
      await db.query(
        `UPDATE otp_challenge SET created_at = now() - interval '61 seconds' WHERE user_id = $1`,
        [account.auth.user.id],
      );
      const first = await lastOtp(to);
      expect((await client.post('/profile/otp', { contactNumber: to }, account.token)).status).toBe(200);
      const second = await lastOtp(to);
      // The earlier code stops working once a new one is sent (unless the new one happens to be equal).
      if (first !== second) expect((await complete(account, to, first)).status).toBe(400);
      expect((await complete(account, to, second)).status).toBe(200);
    });

    it('limits OTP sends per account to 5 an hour, even after each cooldown', async () => {
      const account = await registerAccount(client);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await client.post('/profile/otp', { contactNumber: number() }, account.token)).status);
        // Past the 60 s cooldown, so only the hourly limit can refuse the next one.
        await db.query(
          `UPDATE otp_challenge SET created_at = now() - interval '61 seconds' WHERE user_id = $1`,
          [account.auth.user.id],
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM otp_challenge WHERE user_id = $1', [
        account.auth.user.id,
      ]);
      expect(n).toBe(5);
    });

    it('in production without an SMS gateway says so, stores no code and starts no cooldown', async () => {
      const prod = await startApi({ NODE_ENV: 'production' });
      try {
        const c = new ApiClient(prod.url);
        const account = await registerAccount(c);
        for (let i = 0; i < 2; i++) {
          const res = await c.post('/profile/otp', { contactNumber: number() }, account.token);
          expect(res.status).toBe(503);
          expect(res.body.message).toBe(
            'SMS is not configured on this server. Please contact the administrator.',
          );
        }
        const [{ n }] = await db.query('SELECT count(*)::int AS n FROM otp_challenge WHERE user_id = $1', [
          account.auth.user.id,
        ]);
        expect(n).toBe(0);
      } finally {
        await prod.close();
      }
    });

    it('allows 5 attempts, then refuses even the right code', async () => {
      const account = await registerAccount(client);
      const to = number();
      await client.post('/profile/otp', { contactNumber: to }, account.token);
      const otp = await lastOtp(to);
      const wrong = otp === '000000' ? '111111' : '000000';
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await complete(account, to, wrong)).status);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      const right = await complete(account, to, otp);
      expect(right.status).toBe(429);
      expect(right.body.message).toBe(IDENTITY_MESSAGES.otpTooManyAttempts);
      const me = await client.get<Profile>('/profile', account.token);
      expect(me.body.profileConfirmed).toBe(false);
    });

    it('refuses an expired OTP and an OTP sent to another number', async () => {
      const account = await registerAccount(client);
      const to = number();
      await client.post('/profile/otp', { contactNumber: to }, account.token);
      const otp = await lastOtp(to);
      const otherNumber = await complete(account, number(), otp);
      expect(otherNumber.status).toBe(400);
      expect((otherNumber.body as { fields?: unknown }).fields).toEqual([
        { field: 'otp', message: expect.any(String) },
      ]);
      await db.query(`UPDATE otp_challenge SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
        account.auth.user.id,
      ]);
      const expired = await complete(account, to, otp);
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(IDENTITY_MESSAGES.otpExpired);
    });
  });

  describe('own profile', () => {
    it('updates own fields, refuses a taken email, and needs 2000 for the ISP name', async () => {
      const admin = await registerAccount(client);
      const other = await registerAccount(client);
      const res = await client.patch<Profile & { message: string }>(
        '/profile',
        { address: 'New address', ispName: 'Renamed ISP' },
        admin.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        address: 'New address',
        ispName: 'Renamed ISP',
        message: IDENTITY_MESSAGES.profileUpdated,
      });
      const taken = await client.patch(
        '/profile',
        { email: other.email, currentPassword: admin.password },
        admin.token,
      );
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(IDENTITY_MESSAGES.emailTaken);
      const staff = await userWithCodes(client, admin, [2006]);
      expect((await client.patch('/profile', { ispName: 'Hijack' }, staff.token)).status).toBe(403);
      expect((await client.patch('/profile', { address: 'Staff road' }, staff.token)).status).toBe(200);
    });

    it('changes the password with the current one and signs out other sessions', async () => {
      const account = await registerAccount(client);
      const other = await client.post<{ accessToken: string }>('/auth/login', {
        username: account.username,
        password: account.password,
      });
      const wrong = await client.post(
        '/profile/password',
        {
          currentPassword: 'not-it-at-all',
          password: 'another-pass-1',
          passwordConfirmation: 'another-pass-1',
        },
        account.token,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual([
        { field: 'currentPassword', message: 'The current password is not correct' },
      ]);
      const ok = await client.post(
        '/profile/password',
        {
          currentPassword: account.password,
          password: 'another-pass-1',
          passwordConfirmation: 'another-pass-1',
        },
        account.token,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(IDENTITY_MESSAGES.passwordChanged);
      expect((await client.get('/profile', account.token)).status).toBe(200);
      expect((await client.get('/profile', other.body.accessToken)).status).toBe(401);
      expect(
        (await client.post('/auth/login', { username: account.username, password: 'another-pass-1' })).status,
      ).toBe(200);
    });
  });

  describe('photo', () => {
    async function upload(token: string, content: Buffer, name = 'a.png', field = 'photo') {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(content)]), name);
      const res = await fetch(`${api.url}/api/v1/profile/photo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as { photoUrl?: string; fields?: unknown; message?: string },
      };
    }

    it('stores an image (checked by its bytes) and serves it back', async () => {
      const account = await registerAccount(client);
      const res = await upload(account.token, PNG, 'avatar.txt');
      expect(res.status).toBe(200);
      expect(res.body.photoUrl).toMatch(/^\/api\/v1\/photos\/[0-9a-f]{32}\.png$/);
      const served = await fetch(`${api.url}${res.body.photoUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      const me = await client.get<Profile>('/profile', account.token);
      expect(me.body.photoUrl).toBe(res.body.photoUrl);
    });

    it('refuses non-images whatever their name, oversize files, a missing file and other fields', async () => {
      const account = await registerAccount(client);
      const svg = await upload(
        account.token,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        'x.png',
      );
      expect(svg.status).toBe(400);
      expect(svg.body.fields).toEqual([
        { field: 'photo', message: 'Photo must be a PNG, JPEG, GIF or WebP image' },
      ]);
      const big = await upload(account.token, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
      expect(big.status).toBe(413);
      const missing = await client.post('/profile/photo', {}, account.token);
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual([{ field: 'photo', message: 'Photo is required' }]);
      const otherField = await upload(account.token, PNG, 'a.png', 'file');
      expect(otherField.status).toBe(400);
      const me = await client.get<Profile>('/profile', account.token);
      expect(me.body.photoUrl).toBeNull();
      expect((await fetch(`${api.url}/api/v1/photos/${'0'.repeat(32)}.png`)).status).toBe(404);
      expect((await fetch(`${api.url}/api/v1/photos/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    });
  });

  it('keeps the platform administrator out of tenant profile routes', async () => {
    const platform = await client.post<{ accessToken: string }>('/auth/login', {
      username: 'platform',
      password: 'platform-pass-123',
    });
    expect((await client.get('/profile', platform.body.accessToken)).status).toBe(403);
    expect(
      (await client.request('POST', '/auth/logout', { token: platform.body.accessToken, body: {} })).status,
    ).toBe(204);
    expect((await client.get('/tenants', platform.body.accessToken)).status).toBe(401);
  });
});
