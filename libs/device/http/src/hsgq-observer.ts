/**
 * Recording hook: `ponctl record` sees each HSGQ web API exchange (request path and body, response body).
 * Off unless a caller runs code inside `observeHsgq`; a client looks the observer up once, when it is made.
 * Login and logout are never reported (their bodies carry the credentials).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface HsgqExchange {
  method: 'GET' | 'POST';
  /** Path with its query, as sent (`/ponmgmt?form=optical_onu&port_id=1`). */
  path: string;
  /** The JSON request body as sent, or null. */
  body: string | null;
  status: number;
  /** The response body as received. */
  response: string;
}

export type HsgqObserver = (exchange: HsgqExchange) => void;

const scope = new AsyncLocalStorage<HsgqObserver>();

/** Runs `fn`; every HsgqWebClient created inside it reports its exchanges to `observer`. */
export function observeHsgq<T>(observer: HsgqObserver, fn: () => Promise<T>): Promise<T> {
  return scope.run(observer, fn);
}

export function currentHsgqObserver(): HsgqObserver | null {
  return scope.getStore() ?? null;
}

/** The session's own requests, whose bodies hold the user name and the password. */
export function isHsgqSessionPath(path: string): boolean {
  return path.startsWith('/userlogin');
}
