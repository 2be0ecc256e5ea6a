import { createHash } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { tenantRoom, type AccessTokenClaims, type AuthResponse, type DevOutbox } from '@pondesk/contracts';
import {
  ApiClient,
  connectSocket,
  refreshCookieOf,
  registerAccount,
  staysConnected,
  userWithCodes,
  type TestAccount,
  type TestSocket,
} from '@pondesk/server-testing';
import { RealtimeGateway } from '../src/modules/realtime/realtime.gateway';
import { startApi, type RunningApi } from './support/test-app';

/** A socket under watch: the pings it received and when (if) the server dropped it. */
interface Watched {
  socket: TestSocket;
  pings: string[];
  dropped: Promise<void>;
  isDropped(): boolean;
}

async function watch(url: string, token: string): Promise<Watched> {
  const socket = await connectSocket(url, token);
  const pings: string[] = [];
  socket.on('system.ping.received', (p) => pings.push(p.message));
  let down = false;
  const dropped = new Promise<void>((resolve) =>
    socket.once('disconnect', () => {
      down = true;
      resolve();
    }),
  );
  return { socket, pings, dropped, isDropped: () => down };
}

/** Resolves true when `watched` was disconnected within `ms`. */
function droppedWithin(watched: Watched, ms: number): Promise<boolean> {
  return Promise.race([
    watched.dropped.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(watched.isDropped()), ms)),
  ]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a socket ends with its session', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.close();
  });

  async function open(token: string): Promise<Watched> {
    const w = await watch(api.url, token);
    sockets.push(w.socket);
    // Joining rooms happens right after the handshake; give it a moment before events are sent.
    await sleep(150);
    return w;
  }

  /** Sends a ping to every socket of the tenant and waits for delivery. */
  async function ping(tenantId: string, message: string): Promise<void> {
    api.app
      .get(RealtimeGateway)
      .server.to(tenantRoom(tenantId))
      .emit('system.ping.received', { at: new Date().toISOString(), from: 'test', message });
    await sleep(300);
  }

  async function secondSession(account: TestAccount): Promise<AuthResponse> {
    const res = await client.post<AuthResponse>('/auth/login', {
      username: account.username,
      password: account.password,
    });
    expect(res.status).toBe(200);
    return res.body;
  }

  it('logout drops the sockets of that session within a second, not those of other sessions', async () => {
    const account = await registerAccount(client, 'sel');
    const other = await secondSession(account);
    const mine = await open(account.token);
    const theirs = await open(other.accessToken);
    await ping(account.auth.user.tenantId!, 'before');
    expect(mine.pings).toEqual(['before']);

    expect((await client.request('POST', '/auth/logout', { token: account.token, body: {} })).status).toBe(
      204,
    );
    expect(await droppedWithin(mine, 1000)).toBe(true);
    await ping(account.auth.user.tenantId!, 'after');
    expect(mine.pings).toEqual(['before']);
    expect(theirs.isDropped()).toBe(false);
    expect(theirs.pings).toEqual(['before', 'after']);
  });

  it("a revoked session's access token, still inside its lifetime, cannot connect", async () => {
    const account = await registerAccount(client, 'ser');
    expect((await client.request('POST', '/auth/logout', { token: account.token, body: {} })).status).toBe(
      204,
    );
    expect(await staysConnected(api.url, account.token)).toBe(false);
  });

  it('a password change drops the sockets of the other sessions and keeps this one', async () => {
    const account = await registerAccount(client, 'sep');
    const other = await secondSession(account);
    const mine = await open(account.token);
    const theirs = await open(other.accessToken);
    const changed = await client.post(
      '/profile/password',
      {
        currentPassword: account.password,
        password: 'changed-pass-1',
        passwordConfirmation: 'changed-pass-1',
      },
      account.token,
    );
    expect(changed.status).toBe(200);
    expect(await droppedWithin(theirs, 1000)).toBe(true);
    await ping(account.auth.user.tenantId!, 'after');
    expect(mine.isDropped()).toBe(false);
    expect(mine.pings).toEqual(['after']);
    expect(theirs.pings).toEqual([]);
  });

  it('a password reset drops every socket of the user', async () => {
    const account = await registerAccount(client, 'ses');
    const a = await open(account.token);
    const b = await open((await secondSession(account)).accessToken);
    expect((await client.post('/auth/password/forgot', { email: account.email })).status).toBe(200);
    // Read straight from this machine: the outbox refuses anything a proxy (X-Forwarded-For) relayed.
    const outbox = (await (
      await fetch(`${api.url}/api/v1/dev/outbox?to=${encodeURIComponent(account.email)}`)
    ).json()) as DevOutbox;
    const token = new URL(outbox.mails[0].link!).searchParams.get('token')!;
    const reset = await client.post('/auth/password/reset', {
      email: account.email,
      token,
      password: 'after-reset-1',
      passwordConfirmation: 'after-reset-1',
    });
    expect(reset.status).toBe(200);
    // The reset signs in: the new session's refresh token comes as the cookie only.
    expect(refreshCookieOf(reset)).toBeTruthy();
    expect(reset.body).not.toHaveProperty('refreshToken');
    expect(await droppedWithin(a, 1000)).toBe(true);
    expect(await droppedWithin(b, 1000)).toBe(true);
  });

  it("putting a user on hold drops the user's sockets, not the admin's", async () => {
    const admin = await registerAccount(client, 'seh');
    const staff = await userWithCodes(client, admin, [2001]);
    const adminSocket = await open(admin.token);
    const staffSocket = await open(staff.token);
    const held = await client.put(`/users/${staff.auth.user.id}/status`, { status: 'hold' }, admin.token);
    expect(held.status).toBe(200);
    expect(await droppedWithin(staffSocket, 1000)).toBe(true);
    await ping(admin.auth.user.tenantId!, 'after');
    expect(adminSocket.pings).toEqual(['after']);
    expect(staffSocket.pings).toEqual([]);
  });

  it("deleting a user drops the user's sockets", async () => {
    const admin = await registerAccount(client, 'sed');
    const staff = await userWithCodes(client, admin, [2001]);
    const staffSocket = await open(staff.token);
    expect((await client.delete(`/users/${staff.auth.user.id}`, admin.token)).status).toBe(204);
    expect(await droppedWithin(staffSocket, 1000)).toBe(true);
  });

  it("the platform administrator putting a tenant on hold drops the tenant's sockets", async () => {
    const admin = await registerAccount(client, 'set');
    const socket = await open(admin.token);
    const platform = await client.post<AuthResponse>('/auth/login', {
      username: api.config.PLATFORM_ADMIN_USERNAME,
      password: api.config.PLATFORM_ADMIN_PASSWORD,
    });
    expect(platform.status).toBe(200);
    const held = await client.put(
      `/tenants/${admin.auth.user.tenantId}/status`,
      { status: 'hold' },
      platform.body.accessToken,
    );
    expect(held.status).toBe(200);
    expect(await droppedWithin(socket, 1000)).toBe(true);
    expect(await staysConnected(api.url, admin.token)).toBe(false);
  });

  it('logout on one API instance drops the socket held by another instance', async () => {
    const other = await startApi();
    try {
      const account = await registerAccount(client, 'sex');
      const elsewhere = await watch(other.url, account.token);
      sockets.push(elsewhere.socket);
      await sleep(150);
      expect((await client.request('POST', '/auth/logout', { token: account.token, body: {} })).status).toBe(
        204,
      );
      expect(await droppedWithin(elsewhere, 1000)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('replaying a spent refresh token ends the session and drops its sockets', async () => {
    const account = await registerAccount(client, 'seq');
    const socket = await open(account.token);
    const first = account.refreshToken;
    expect((await client.post('/auth/refresh', { refreshToken: first })).status).toBe(200);
    await db.query(`UPDATE refresh_token SET used_at = now() - interval '5 minutes' WHERE token_hash = $1`, [
      createHash('sha256').update(first).digest('hex'),
    ]);
    expect((await client.post('/auth/refresh', { refreshToken: first })).status).toBe(401);
    expect(await droppedWithin(socket, 1000)).toBe(true);
  });

  it('drops a socket when its access token expires (the client reconnects with a fresh one)', async () => {
    const account = await registerAccount(client, 'see');
    const claims = new JwtService().decode<AccessTokenClaims>(account.token);
    const shortLived = new JwtService().sign(
      { sub: claims.sub, tid: claims.tid, sid: claims.sid, typ: 'access' },
      { secret: api.config.JWT_SECRET, expiresIn: 2 },
    );
    const { exp } = new JwtService().decode<{ exp: number }>(shortLived);
    const socket = await open(shortLived);
    expect(await droppedWithin(socket, 4000)).toBe(true);
    // Not before the token ran out. `exp` is in whole seconds, so the token lived 1–2 s after signing,
    // less the time the connection took on a busy machine: measure against `exp` itself, not the
    // connect time (a timer may fire a millisecond early on libuv's clock).
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 5);
    // The session itself is alive: a fresh token of it connects.
    expect(await staysConnected(api.url, account.token)).toBe(true);
  });
});
