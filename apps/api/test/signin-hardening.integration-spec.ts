import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { IDENTITY_MESSAGES, type AuthResponse, type OutboxMail, type Profile } from '@pondesk/contracts';
import { ApiClient, fakeIp, registerAccount, unique, type TestAccount } from '@pondesk/server-testing';
import { DevOutboxService } from '../src/modules/notifications/dev-outbox.service';
import { startApi, type RunningApi } from './support/test-app';

/**
 * Sign-in abuse, account takeover with a stolen access token, and account enumeration (issue 22,
 * findings 5, 6 and 9a).
 *
 * Most tests run against an API that trusts X-Forwarded-For from loopback (TRUST_PROXY), so each
 * ApiClient is a client address of its own; the outbox is read in-process because the development
 * outbox route is refused behind a proxy.
 */

const RATE_LIMITED = /^Too many attempts\. Please try again in \d+ seconds\.$/;

/** A throwaway SMTP server on loopback that greets only after `delayMs`, and records what it is sent. */
function slowSmtp(delayMs: number): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let message = '';
    const timer = setTimeout(() => socket.write('220 localhost ESMTP test\r\n'), delayMs);
    socket.on('close', () => clearTimeout(timer));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sign-in hardening', () => {
  let api: RunningApi;
  let db: DataSource;
  let outbox: DevOutboxService;

  beforeAll(async () => {
    api = await startApi({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pondesk-signin-')),
      TRUST_PROXY: 'loopback',
      DEV_OUTBOX: 'false',
      SIGNUPS_PER_IP_PER_HOUR: '5',
    });
    db = api.app.get(DataSource);
    outbox = api.app.get(DevOutboxService);
  });
  afterAll(() => api.close());

  /** A client at an address of its own. */
  const at = (ip = fakeIp()) => new ApiClient(api.url, ip);
  /** Each account from an address of its own, so the sign-up limit per address is not what is tested. */
  const account = (): Promise<TestAccount> => registerAccount(at());
  const login = (client: ApiClient, username: string, password: string) =>
    client.post<AuthResponse>('/auth/login', { username, password });
  const mailsTo = (to: string): OutboxMail[] => outbox.read(to).mails;

  describe('the sign-in limit (finding 5)', () => {
    it('counts each attempt before the password is checked: 25 parallel guesses check at most 5', async () => {
      const victim = await account();
      const attacker = at();
      const statuses = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          login(attacker, victim.username, `wrong-guess-${i}`).then((r) => r.status),
        ),
      );
      const checked = statuses.filter((s) => s === 401).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
      // The right password from that address is refused too while the limit holds: no more guesses there.
      const after = await login(attacker, victim.username, victim.password);
      expect(after.status).toBe(429);
      expect(after.body).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(RATE_LIMITED),
      });
    });

    it('keys the bucket by the account: username and email share it', async () => {
      const victim = await account();
      const attacker = at();
      for (let i = 0; i < 3; i++)
        expect((await login(attacker, victim.username, 'wrong-password')).status).toBe(401);
      for (let i = 0; i < 2; i++)
        expect((await login(attacker, victim.email.toUpperCase(), 'wrong-password')).status).toBe(401);
      const sixth = await login(attacker, victim.username, 'wrong-password');
      expect(sixth.status).toBe(429);
      expect((await login(attacker, ` ${victim.email} `, victim.password)).status).toBe(429);
      // Unknown identifiers are limited on the normalised name all the same.
      const ghost = unique('ghost');
      for (let i = 0; i < 5; i++) expect((await login(attacker, ghost, 'whatever-1')).status).toBe(401);
      expect((await login(attacker, ghost.toUpperCase(), 'whatever-1')).status).toBe(429);
    });

    it('an attacker hammering from other addresses cannot lock the owner out on their usual address', async () => {
      const owner = await account();
      const home = at();
      expect((await login(home, owner.username, owner.password)).status).toBe(200);
      // Five addresses, five wrong guesses each: every one of them is stopped, and the account as a whole
      // is over its limit for addresses it has not seen.
      for (let a = 0; a < 5; a++) {
        const attacker = at();
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++)
          statuses.push((await login(attacker, owner.email, `guess-${a}-${i}`)).status);
        expect(statuses.slice(0, 5).every((s) => s === 401 || s === 429)).toBe(true);
        expect(statuses[5]).toBe(429);
      }
      const stranger = await login(at(), owner.username, owner.password);
      expect(stranger.status).toBe(429);
      const { retryAfterSeconds } = stranger.body as unknown as { retryAfterSeconds: number };
      expect(retryAfterSeconds).toBeGreaterThan(0);
      expect(Number(stranger.headers.get('retry-after'))).toBe(retryAfterSeconds);
      // The owner, on the address they signed in from before, still gets in.
      const back = await login(home, owner.username, owner.password);
      expect(back.status).toBe(200);
      expect(back.body.user.id).toBe(owner.auth.user.id);
    });

    it('a successful sign-in clears the failures of that account from that address', async () => {
      const owner = await account();
      const office = at();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 4; i++)
          expect((await login(office, owner.username, 'mistyped-password')).status).toBe(401);
        expect((await login(office, owner.username, owner.password)).status).toBe(200);
      }
    });

    it('follows X-Forwarded-For only with TRUST_PROXY', async () => {
      const plain = await startApi({});
      try {
        const owner = await registerAccount(new ApiClient(plain.url, '10.9.8.7'));
        // Without TRUST_PROXY the header is the client's to forge: the TCP peer is the address.
        const forged = await new ApiClient(plain.url, '10.1.2.3').post<AuthResponse>('/auth/login', {
          username: owner.username,
          password: owner.password,
        });
        expect(forged.status).toBe(200);
        const [untrusted] = await db.query(
          `SELECT created_ip FROM auth_session WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
          [owner.auth.user.id],
        );
        expect(untrusted.created_ip).toMatch(/127\.0\.0\.1|::1/);
        // A new forged address per guess does not buy new guesses.
        for (let i = 0; i < 5; i++)
          expect(
            (
              await new ApiClient(plain.url, fakeIp()).post('/auth/login', {
                username: owner.username,
                password: 'wrong-password',
              })
            ).status,
          ).toBe(401);
        const sixth = await new ApiClient(plain.url, fakeIp()).post('/auth/login', {
          username: owner.username,
          password: 'wrong-password',
        });
        expect(sixth.status).toBe(429);
      } finally {
        await plain.close();
      }
      // Behind a trusted proxy the header names the client.
      const owner = await account();
      expect((await login(at('10.1.2.3'), owner.username, owner.password)).status).toBe(200);
      const [trusted] = await db.query(
        `SELECT created_ip FROM auth_session WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [owner.auth.user.id],
      );
      expect(trusted.created_ip).toBe('10.1.2.3');
    });
  });

  describe('changing the email (finding 6)', () => {
    it('needs the current password, mails the old address and is audited', async () => {
      const owner = await account();
      const client = at();
      const newEmail = `${unique('moved')}@example.test`;
      const without = await client.patch('/profile', { email: newEmail }, owner.token);
      expect(without.status).toBe(400);
      expect(without.body.fields).toEqual([
        { field: 'currentPassword', message: IDENTITY_MESSAGES.currentPasswordRequired },
      ]);
      const wrong = await client.patch(
        '/profile',
        { email: newEmail, currentPassword: 'not-my-password' },
        owner.token,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual([
        { field: 'currentPassword', message: IDENTITY_MESSAGES.currentPasswordWrong },
      ]);
      const [unchanged] = await db.query('SELECT email FROM app_user WHERE id = $1', [owner.auth.user.id]);
      expect(unchanged.email).toBe(owner.email);
      expect(mailsTo(owner.email)).toEqual([]);

      const ok = await client.patch<Profile>(
        '/profile',
        { email: newEmail.toUpperCase(), currentPassword: owner.password },
        owner.token,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.email).toBe(newEmail);
      const [notice] = mailsTo(owner.email);
      expect(notice.subject).toBe('Your PonDesk email was changed');
      expect(notice.text).toContain(owner.username);
      expect(notice.link).toBeNull();
      const [audit] = await db.query(
        `SELECT before, after FROM audit_log WHERE action = 'user.email-change' AND entity_id = $1`,
        [owner.auth.user.id],
      );
      expect(audit).toMatchObject({ before: { email: owner.email }, after: { email: newEmail } });
    });

    it('other fields, and the username (no reset goes to it), change without the password', async () => {
      const owner = await account();
      const username = unique('renamed');
      const res = await at().patch<Profile>(
        '/profile',
        { username, address: 'Road 2', email: owner.email },
        owner.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username, address: 'Road 2', email: owner.email });
    });

    it('limits current-password guesses with a stolen token', async () => {
      const owner = await account();
      const thief = at();
      const email = `${unique('thief')}@example.test`;
      for (let i = 0; i < 5; i++)
        expect(
          (await thief.patch('/profile', { email, currentPassword: `guess-${i}` }, owner.token)).status,
        ).toBe(400);
      const sixth = await thief.patch('/profile', { email, currentPassword: owner.password }, owner.token);
      expect(sixth.status).toBe(429);
      expect(sixth.body.code).toBe('RATE_LIMITED');
    });
  });

  describe('enumeration and sign-up throttling (finding 9a)', () => {
    it('answers forgot-password the same whether or not the email is registered', async () => {
      const owner = await account();
      const known = await at().post('/auth/password/forgot', { email: owner.email });
      const unknown = await at().post('/auth/password/forgot', { email: `${unique('nobody')}@example.test` });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(known).toMatchObject({ status: 200, body: { message: IDENTITY_MESSAGES.resetMailSent } });
      expect(mailsTo(owner.email)).toHaveLength(1);
    });

    it('does not wait for the mail server before answering forgot-password', async () => {
      const smtp = await slowSmtp(2500);
      const slow = await startApi({ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback', DEV_OUTBOX: 'false' });
      try {
        const owner = await registerAccount(new ApiClient(slow.url));
        const timed = async (email: string) => {
          const started = Date.now();
          const res = await new ApiClient(slow.url).post('/auth/password/forgot', { email });
          return { res, ms: Date.now() - started };
        };
        const unknown = await timed(`${unique('nobody')}@example.test`);
        const known = await timed(owner.email);
        expect(known.ms).toBeLessThan(1500);
        expect(known.res.status).toBe(200);
        expect(known.res.body).toEqual(unknown.res.body);
        // The mail still goes out, after the answer.
        const mail = await waitFor(() => smtp.received.find((m) => m.includes(owner.email)));
        expect(mail).toContain('/password/reset?');
        expect(smtp.received.filter((m) => m.includes('nobody'))).toEqual([]);
      } finally {
        await slow.close();
        await smtp.close();
      }
    });

    it('throttles sign-up and registration per address', async () => {
      const client = at();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const username = unique('burst');
        const body = { email: `${username}@example.test`, password: 'password123', acceptTerms: true };
        const res =
          i % 2
            ? await client.post('/auth/sign-up', { ...body, username })
            : await client.post('/auth/register', {
                ...body,
                name: username,
                passwordConfirmation: 'password123',
              });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body).toMatchObject({
            code: 'RATE_LIMITED',
            message: expect.stringMatching(RATE_LIMITED),
          });
          expect(res.body.retryAfterSeconds).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it('does not say which of username and email is taken, and mails the owner of a taken email', async () => {
      const owner = await account();
      const neutral = {
        statusCode: 409,
        message: IDENTITY_MESSAGES.accountTaken,
      };
      const takenEmail = await at().post('/auth/sign-up', {
        username: unique('fresh'),
        email: owner.email.toUpperCase(),
        password: 'password123',
        acceptTerms: true,
      });
      const takenName = await at().post('/auth/sign-up', {
        username: owner.username,
        email: `${unique('fresh')}@example.test`,
        password: 'password123',
        acceptTerms: true,
      });
      expect(takenEmail.body).toMatchObject(neutral);
      expect(takenName.body).toMatchObject(neutral);
      expect(takenEmail.body).toEqual(takenName.body);
      const full = await at().post('/auth/register', {
        name: owner.username,
        email: `${unique('fresh')}@example.test`,
        password: 'password123',
        passwordConfirmation: 'password123',
        acceptTerms: true,
      });
      expect(full.body).toMatchObject(neutral);
      // Only the taken email's owner hears of it.
      const mails = mailsTo(owner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Someone tried to create a PonDesk account with your email');
      expect(mails[0].link).toBeNull();
    });

    it('answers a held account the same whatever the password', async () => {
      const admin = await account();
      const username = unique('held');
      const created = await at().post<{ id: string }>(
        '/users',
        { username, email: `${username}@example.test`, password: 'password123' },
        admin.token,
      );
      expect(created.status).toBe(201);
      expect(
        (await at().put(`/users/${created.body.id}/status`, { status: 'hold' }, admin.token)).status,
      ).toBe(200);
      const right = await login(at(), username, 'password123');
      const wrong = await login(at(), username, 'not-the-password');
      expect(right.status).toBe(403);
      expect(right.body.message).toBe(IDENTITY_MESSAGES.accountOnHold);
      expect(wrong.status).toBe(right.status);
      expect(wrong.body).toEqual(right.body);
    });
  });
});
