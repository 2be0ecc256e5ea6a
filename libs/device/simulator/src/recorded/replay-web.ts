/**
 * The HSGQ web API of a recording: each request (method, path with query, JSON body) is answered with the
 * envelope the device sent for it; anything not recorded gets the API's error envelope. Session handling
 * (login with the credentials the simulator is given, tokens) stays the web endpoint's.
 */
import type { WebResult, WebRoute } from '../http/hsgq-web-server';
import type { HttpExchange } from './recording-format';

/** Same text for the same request whichever way the query and body were spelled. */
function requestKey(method: string, path: string, query: URLSearchParams, body: unknown): string {
  const q = query.toString();
  return `${method.toUpperCase()} ${path}${q ? `?${q}` : ''} ${body === undefined ? '' : JSON.stringify(body)}`;
}

function recordedKey(x: HttpExchange): string {
  const url = new URL(x.path, 'http://olt');
  let body: unknown = undefined;
  if (x.body !== null && x.body !== '') {
    try {
      body = JSON.parse(x.body);
    } catch {
      body = x.body;
    }
  }
  return requestKey(x.method, url.pathname, url.searchParams, body);
}

/** The recorded envelope as the endpoint's result (it wraps data back into `{code: 1, …}`). */
function resultOf(x: HttpExchange): WebResult {
  try {
    const env = JSON.parse(x.response) as {
      code?: unknown;
      message?: unknown;
      msg?: unknown;
      data?: unknown;
    };
    if (env.code === 1) return { ok: true, data: env.data };
    const message =
      typeof env.message === 'string' ? env.message : typeof env.msg === 'string' ? env.msg : '';
    return { ok: false, code: typeof env.code === 'number' ? env.code : 2, message };
  } catch {
    return { ok: false, code: 2, message: 'Error, the recorded answer was not JSON' };
  }
}

export function replayWebRoute(http: readonly HttpExchange[]): WebRoute {
  const answers = new Map<string, WebResult>();
  for (const x of http) {
    const k = recordedKey(x);
    if (!answers.has(k)) answers.set(k, resultOf(x));
  }
  return (method, path, query, body) =>
    answers.get(requestKey(method, path, query, body)) ?? {
      ok: false,
      code: 2,
      message: `Error, ${method} ${path} is not in the recording`,
    };
}
