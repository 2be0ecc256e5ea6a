import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pondesk/contracts';

export type PonSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Renews the session's access token; resolves false once the session is over (it then signs out). */
export type SocketRenewal = () => Promise<boolean>;

let socket: PonSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** First wait before reconnecting a socket the server closed; doubled per refusal in a row, up to the max. */
export const SERVER_CLOSE_RETRY_MS = 1000;
export const SERVER_CLOSE_RETRY_MAX_MS = 60_000;
/** A connection that lasted this long was accepted: the next close starts the backoff afresh. */
export const STABLE_MS = 10_000;

/**
 * What to do after the server closed the socket: the server closes it when its access token runs out and
 * when its session ends (logout elsewhere, password change, hold). The library does not reconnect after
 * such a close, so renew the token and reconnect; when the session is over, the renewal fails, the session
 * ends and with it the socket. Refusals in a row back off (1 s, 2 s, 4 s); after `MAX_REFUSALS` the
 * server plainly does not want this session's socket (a platform administrator's, say) and the page stops
 * asking until it is loaded again.
 */
export const MAX_REFUSALS = 4;

export function serverCloseRetryDelay(refusalsInARow: number): number {
  return Math.min(SERVER_CLOSE_RETRY_MAX_MS, SERVER_CLOSE_RETRY_MS * 2 ** Math.max(0, refusalsInARow));
}

/**
 * After a server close: how many closes in a row this makes and how long to wait before renewing and
 * reconnecting (`null`: give up). A close after a connection that lasted (token expiry) starts afresh and
 * reconnects at once.
 */
export function afterServerClose(
  refusalsBefore: number,
  connectedForMs: number | null,
): { refusals: number; delayMs: number | null } {
  const refusals = connectedForMs !== null && connectedForMs >= STABLE_MS ? 1 : refusalsBefore + 1;
  if (refusals > MAX_REFUSALS) return { refusals, delayMs: null };
  return { refusals, delayMs: refusals <= 1 ? 0 : serverCloseRetryDelay(refusals - 2) };
}

/**
 * One socket per signed-in session; reconnects with the current token (read at every handshake). When
 * the server closes it, `renew` (if given) runs first, then the socket reconnects with the fresh token.
 */
export function connectSocket(token: () => string | null, renew?: SocketRenewal): PonSocket {
  if (socket) return socket;
  const s: PonSocket = io({
    path: '/socket.io',
    transports: ['websocket'],
    auth: (cb) => cb({ token: token() }),
  });
  socket = s;
  let connectedAt = 0;
  let refusals = 0;
  s.on('connect', () => {
    connectedAt = Date.now();
  });
  s.on('disconnect', (reason) => {
    // Other reasons (network, server restart) are retried by the library itself.
    if (reason !== 'io server disconnect' || socket !== s) return;
    const next = afterServerClose(refusals, connectedAt ? Date.now() - connectedAt : null);
    refusals = next.refusals;
    const delay = next.delayMs;
    if (delay === null) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      void (async () => {
        const alive = renew ? await renew().catch(() => false) : true;
        if (alive && socket === s && !s.connected) s.connect();
      })();
    }, delay);
  });
  return s;
}

export function disconnectSocket(): void {
  clearTimeout(retryTimer);
  const s = socket;
  socket = null;
  s?.disconnect();
}

export function currentSocket(): PonSocket | null {
  return socket;
}
