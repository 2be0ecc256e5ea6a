import { io, type Socket } from 'socket.io-client';
import { startApi, type RunningApi } from './support/test-app';
import { ApiClient, registerAccount } from './support/identity';

/** Resolves with whether the socket is still connected a moment after the handshake. */
function staysConnected(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket: Socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    let settled = false;
    const done = (connected: boolean) => {
      if (settled) return;
      settled = true;
      socket.close();
      resolve(connected);
    };
    socket.on('disconnect', () => done(false));
    socket.on('connect_error', () => done(false));
    setTimeout(() => done(socket.connected), 1000);
  });
}

describe('socket sessions', () => {
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
  });
  afterAll(() => api.close());

  it('accepts an access token of a live session and refuses it once the session is logged out', async () => {
    const account = await registerAccount(client, 'sock');
    expect(await staysConnected(api.url, account.token)).toBe(true);
    expect((await client.request('POST', '/auth/logout', { token: account.token, body: {} })).status).toBe(
      204,
    );
    expect(await staysConnected(api.url, account.token)).toBe(false);
  });
});
