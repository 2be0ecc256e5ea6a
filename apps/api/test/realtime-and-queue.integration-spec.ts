import { randomUUID } from 'node:crypto';
import { tenantRoom, type ServerEventPayload } from '@pondesk/contracts';
import { RealtimeGateway } from '../src/modules/realtime/realtime.gateway';
import { SystemService } from '../src/modules/system/system.service';
import { accessToken, startApi, type RunningApi } from './support/test-app';
import {
  ApiClient,
  registerAccount,
  startWorker,
  waitFor,
  type RunningWorker,
} from '@pondesk/server-testing';
import {
  connectSocket as connect,
  openSocket,
  staysConnected,
  type TestSocket as Client,
} from '@pondesk/server-testing';

describe('worker → Redis → API socket path', () => {
  let api: RunningApi;
  let worker: RunningWorker;
  const sockets: Client[] = [];

  /**
   * The client hears `connect` before the server has looked the session up and joined the socket to its
   * rooms; an event published in between is not for it yet. Wait until the room holds the socket.
   */
  async function inRoom(socket: Client, room: string): Promise<void> {
    const server = api.app.get(RealtimeGateway).server;
    await waitFor(async () => (await server.in(room).fetchSockets()).some((s) => s.id === socket.id), {
      timeoutMs: 10000,
      what: `the socket to join ${room}`,
    });
  }

  beforeAll(async () => {
    [api, worker] = await Promise.all([startApi(), startWorker({ DATABASE_URL: process.env.DATABASE_URL! })]);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await worker?.stop();
    await api?.close();
  });

  it('round-trips a job: the API enqueues, the worker process answers', async () => {
    const result = await api.app.get(SystemService).pingWorker('hello', 10000);
    expect(result.message).toBe('hello');
    expect(result.workerId).toMatch(/-\d+-[0-9a-f]{4}$/);
    expect(worker.output()).not.toMatch(/error/i);
  });

  it("delivers an event the worker publishes through Redis to the tenant's sockets only", async () => {
    const client = new ApiClient(api.url);
    const [tenantA, tenantB] = await Promise.all([
      registerAccount(client, 'rta'),
      registerAccount(client, 'rtb'),
    ]);
    const a = await connect(api.url, tenantA.token);
    const b = await connect(api.url, tenantB.token);
    sockets.push(a, b);
    await inRoom(a, tenantRoom(tenantA.auth.user.tenantId!));
    await inRoom(b, tenantRoom(tenantB.auth.user.tenantId!));
    const gotB: unknown[] = [];
    b.on('system.ping.received', (p) => gotB.push(p));
    const received = new Promise<ServerEventPayload<'system.ping.received'>>((resolve) =>
      a.once('system.ping.received', resolve),
    );
    const result = await api.app
      .get(SystemService)
      .pingWorker('for tenant a', 10000, tenantA.auth.user.tenantId!);
    await expect(received).resolves.toEqual({
      at: result.processedAt,
      from: result.workerId,
      message: 'for tenant a',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(gotB).toEqual([]);
  });

  it('refuses a correctly signed token that names no live session', async () => {
    const account = await registerAccount(new ApiClient(api.url), 'rtc');
    const claims = { sub: account.auth.user.id, tid: account.auth.user.tenantId! };
    expect(await staysConnected(api.url, accessToken(api.config, claims))).toBe(false);
    expect(await staysConnected(api.url, accessToken(api.config, { ...claims, sid: randomUUID() }))).toBe(
      false,
    );
    expect(await staysConnected(api.url, account.token)).toBe(true);
  });

  it('refuses a socket without a valid access token', async () => {
    const socket = openSocket(api.url, 'forged');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));
    expect(socket.connected).toBe(false);
  });
});
