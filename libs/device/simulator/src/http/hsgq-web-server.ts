/**
 * The HSGQ-family web JSON API (AVIES): login with md5 key, token in the `X-Token` response header, the
 * `{code, message, data}` envelope on HTTP 200 (1 success, 0 illegal token, -1 timed out, >1 error),
 * and at most 4 concurrent sessions per box, as HTTP.md describes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { delay } from '../model/device-faults';
import { TcpEndpoint, type DeviceEndpointOptions } from '../net/tcp-endpoint';

export const MAX_WEB_SESSIONS = 4;
/** Idle expiry of a web session (real time). */
export const WEB_SESSION_IDLE_MS = 30 * 60 * 1000;

/** A route's answer: data for a success envelope, or an error code and message. */
export type WebResult = { ok: true; data?: unknown } | { ok: false; code: number; message: string };

/** The device's API behind the session handling: `path` is the pathname, `query` its search parameters. */
export type WebRoute = (method: string, path: string, query: URLSearchParams, body: unknown) => WebResult;

export interface HsgqWebEndpointOptions extends DeviceEndpointOptions {
  username: string;
  password: string;
  route: WebRoute;
  /** Idle expiry (real ms); default WEB_SESSION_IDLE_MS. */
  sessionIdleMs?: number;
}

interface WebSession {
  token: string;
  user: string;
  lastUsed: number;
}

export class HsgqWebEndpoint extends TcpEndpoint<HsgqWebEndpointOptions> {
  private readonly sessions = new Map<string, WebSession>();
  /** Tokens that timed out: they answer -1 ("Login timeout"), unknown ones 0 ("Token Check Failed"). */
  private readonly expired = new Set<string>();
  /** Logins accepted so far (tests check the client caches its token). */
  logins = 0;

  get activeSessions(): number {
    this.expire();
    return this.sessions.size;
  }

  protected override createServer(): Server {
    return createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  private expire(): void {
    const now = Date.now();
    const idle = this.opts.sessionIdleMs ?? WEB_SESSION_IDLE_MS;
    for (const [k, s] of this.sessions)
      if (now - s.lastUsed > idle) {
        this.sessions.delete(k);
        this.expired.add(k);
        // Bounded: a client that never logs out must not grow this forever.
        if (this.expired.size > 1000) this.expired.delete(this.expired.values().next().value as string);
      }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A keep-alive connection opened before the device went off the air.
    if (!this.reachable) {
      req.socket.destroy();
      return;
    }
    const raw = await readBody(req);
    await delay(this.opts.faults().slowMs);
    const url = new URL(req.url ?? '/', 'http://olt');
    const method = (req.method ?? 'GET').toUpperCase();
    let body: unknown = undefined;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, { code: 2, message: 'Error, invalid request body' });
      }
    }
    const q = url.searchParams;
    if (url.pathname === '/userlogin' && method === 'POST' && q.get('form') === 'login')
      return this.login(res, body);
    if (url.pathname === '/userlogin' && method === 'POST' && q.get('form') === 'logout') {
      const t = header(req, 'x-token');
      if (t) this.sessions.delete(t);
      return send(res, { code: 1, message: 'success' });
    }
    // The login page reads board_info before anyone has logged in.
    if (!(url.pathname === '/board_info' && method === 'GET')) {
      this.expire();
      const token = header(req, 'x-token');
      const session = token ? this.sessions.get(token) : undefined;
      if (!session) {
        return send(
          res,
          token !== undefined && this.expired.has(token)
            ? { code: -1, message: 'Login timeout, Please Login' }
            : { code: 0, message: 'Token Check Failed' },
        );
      }
      session.lastUsed = Date.now();
    }
    const r = this.opts.route(method, url.pathname, q, body);
    const env = !r.ok
      ? { code: r.code, message: r.message }
      : r.data === undefined
        ? { code: 1, message: 'success' }
        : { code: 1, message: 'success', data: r.data };
    if (this.opts.faults().truncateOutput) {
      // A flaky link: half of the JSON, then the connection is gone.
      const text = JSON.stringify(env);
      res.writeHead(200, {
        'Content-Type': 'application/json;charset=UTF-8',
        'Content-Length': Buffer.byteLength(text),
      });
      res.write(text.slice(0, Math.floor(text.length / 2)));
      res.socket?.destroy();
      return;
    }
    send(res, env);
  }

  private login(res: ServerResponse, body: unknown): void {
    const param =
      typeof body === 'object' && body !== null
        ? (body as { param?: Record<string, unknown> }).param
        : undefined;
    const name = typeof param?.['name'] === 'string' ? param['name'] : '';
    const key = typeof param?.['key'] === 'string' ? param['key'] : '';
    const want = createHash('md5').update(`${this.opts.username}:${this.opts.password}`).digest('hex');
    if (this.opts.faults().telnetAuthFailure || name !== this.opts.username || key.toLowerCase() !== want) {
      return send(res, { code: 2, message: 'Error, username or password is wrong' });
    }
    this.expire();
    if (this.sessions.size >= MAX_WEB_SESSIONS) {
      return send(res, { code: 3, message: 'Error, the number of logins exceeds the maximum' });
    }
    const token = randomBytes(16).toString('hex');
    this.sessions.set(token, { token, user: name, lastUsed: Date.now() });
    this.logins++;
    res.setHeader('X-Token', token);
    send(res, { code: 1, message: 'success' });
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, env: { code: number; message: string; data?: unknown }): void {
  const text = JSON.stringify(env);
  res.writeHead(200, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}
