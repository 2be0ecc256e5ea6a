import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pondesk/contracts';

export type PonSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PonSocket | null = null;

/** One socket per signed-in session; reconnects with the current token. */
export function connectSocket(token: () => string | null): PonSocket {
  if (socket) return socket;
  socket = io({ path: '/socket.io', transports: ['websocket'], auth: (cb) => cb({ token: token() }) });
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
}

export function currentSocket(): PonSocket | null {
  return socket;
}
