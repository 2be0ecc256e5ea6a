import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pondesk/contracts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A browser-like socket to the API (websocket only, no reconnection), not yet connected. */
export function openSocket(url: string, token?: string): TestSocket {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
}

/** A connected socket; rejects when the handshake is refused. */
export function connectSocket(url: string, token?: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = openSocket(url, token);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves with whether the socket is still connected a moment after the handshake. */
export function staysConnected(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = openSocket(url, token);
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
