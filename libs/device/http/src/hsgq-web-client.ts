import { createHash } from 'node:crypto';
import { request, Agent } from 'node:http';
import { HsgqError, HsgqErrorCode } from './hsgq.exception';
import { currentHsgqObserver, isHsgqSessionPath } from './hsgq-observer';

export interface HsgqWebTarget {
  host: string;
  port?: number;
  username: string;
  password: string;
  /** Per HTTP request; the embedded server is slow, the vendor UI uses 5 s for login. */
  timeoutMs?: number;
}

/** The envelope every answer uses; errors arrive as HTTP 200 with `code !== 1`. */
export interface HsgqEnvelope<T> {
  code: number;
  message?: string;
  msg?: string;
  data?: T;
}

const CODE_OK = 1;
const CODE_ILLEGAL = 0;
const CODE_TIMEOUT = -1;

/** `key` = md5(name:password) in lower-case hex; `value` = base64(password). */
export function hsgqLoginBody(
  name: string,
  password: string,
): {
  method: 'set';
  param: { name: string; key: string; value: string; captcha_v: string; captcha_f: string };
} {
  return {
    method: 'set',
    param: {
      name,
      key: createHash('md5').update(`${name}:${password}`).digest('hex'),
      value: Buffer.from(password, 'utf8').toString('base64'),
      captcha_v: '',
      captcha_f: '',
    },
  };
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One web session to one HSGQ-family OLT. The box caps concurrent logins, so the token is cached, calls are
 * serialised, a rejected token (code 0 / -1) triggers exactly one re-login and retry, and `close()` logs out.
 */
export class HsgqWebClient {
  private token: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  /** Recording hook (`ponctl record`); null unless the client was made inside `observeHsgq`. */
  private readonly observer = currentHsgqObserver();
  readonly label: string;
  /** Logins performed (tests and metrics). */
  logins = 0;

  constructor(readonly target: HsgqWebTarget) {
    this.label = `${target.host}:${target.port ?? 80}`;
  }

  get<T>(path: string): Promise<T> {
    return this.enqueue(() => this.call<T>('GET', path));
  }

  /** For "trigger" GETs that return no data. */
  getEnvelope(path: string): Promise<HsgqEnvelope<unknown>> {
    return this.enqueue(() => this.callEnvelope('GET', path));
  }

  post<T>(path: string, body: unknown): Promise<T | undefined> {
    return this.enqueue(() => this.call<T | undefined>('POST', path, body, true));
  }

  /** Unauthenticated probe (`/board_info`). */
  async probe<T>(path: string): Promise<T> {
    const env = await this.parse<T>(await this.http('GET', path, undefined, false));
    if (env.code !== CODE_OK || env.data === undefined) {
      throw new HsgqError(
        HsgqErrorCode.API_ERROR,
        `${path}: (${env.code}) ${envMessage(env)}`,
        this.label,
        env.code,
      );
    }
    return env.data;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.enqueue(async () => {
      if (this.token) {
        try {
          await this.http(
            'POST',
            '/userlogin?form=logout',
            { method: 'set', param: { name: this.target.username } },
            true,
          );
        } catch {
          // the box may be gone already; nothing else to release
        }
        this.token = null;
      }
    }).catch(() => undefined);
    this.closed = true;
    this.agent.destroy();
  }

  // -------------------------------------------------------------------------------------------

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed)
      return Promise.reject(
        new HsgqError(HsgqErrorCode.CLOSED, `web session to ${this.label} is closed`, this.label),
      );
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    allowNoData = false,
  ): Promise<T> {
    const env = await this.callEnvelope(method, path, body);
    if (env.data === undefined && !allowNoData) {
      throw new HsgqError(
        HsgqErrorCode.INVALID_RESPONSE,
        `${path}: success without data`,
        this.label,
        env.code,
      );
    }
    return env.data as T;
  }

  private async callEnvelope(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<HsgqEnvelope<unknown>> {
    if (!this.token) await this.login();
    let env = await this.parse<unknown>(await this.http(method, path, body, true));
    if (
      env.code === CODE_ILLEGAL ||
      env.code === CODE_TIMEOUT ||
      /token check failed/i.test(envMessage(env))
    ) {
      // Token expired or was dropped by the box: one fresh login, one retry.
      this.token = null;
      await this.login();
      env = await this.parse<unknown>(await this.http(method, path, body, true));
      if (env.code === CODE_ILLEGAL || env.code === CODE_TIMEOUT) {
        this.token = null;
        throw new HsgqError(
          HsgqErrorCode.SESSION_REJECTED,
          `${this.label} rejected a fresh session on ${path}: (${env.code}) ${envMessage(env)}`,
          this.label,
          env.code,
        );
      }
    }
    if (env.code !== CODE_OK) {
      throw new HsgqError(
        HsgqErrorCode.API_ERROR,
        `${path}: (${env.code}) ${envMessage(env)}`,
        this.label,
        env.code,
      );
    }
    return env;
  }

  private async login(): Promise<void> {
    const res = await this.http(
      'POST',
      '/userlogin?form=login',
      hsgqLoginBody(this.target.username, this.target.password),
      false,
    );
    const env = await this.parse<unknown>(res);
    const header = res.headers['x-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (env.code !== CODE_OK) {
      throw new HsgqError(
        HsgqErrorCode.AUTH_FAILED,
        `login to ${this.label} refused: (${env.code}) ${envMessage(env)}`,
        this.label,
        env.code,
      );
    }
    if (!token || token === 'null') {
      throw new HsgqError(
        HsgqErrorCode.AUTH_FAILED,
        `login to ${this.label} returned no X-Token header`,
        this.label,
        env.code,
      );
    }
    this.token = token;
    this.logins++;
  }

  private async parse<T>(res: RawResponse): Promise<HsgqEnvelope<T>> {
    if (res.status !== 200) {
      throw new HsgqError(
        HsgqErrorCode.INVALID_RESPONSE,
        `HTTP ${res.status} from ${this.label}`,
        this.label,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      throw new HsgqError(
        HsgqErrorCode.INVALID_RESPONSE,
        `${this.label} answered something that is not JSON: ${res.body.slice(0, 80)}`,
        this.label,
      );
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      typeof (parsed as { code?: unknown }).code !== 'number'
    ) {
      throw new HsgqError(
        HsgqErrorCode.INVALID_RESPONSE,
        `${this.label} answered JSON without a numeric code`,
        this.label,
      );
    }
    return parsed as HsgqEnvelope<T>;
  }

  private http(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    withToken: boolean,
    retried = false,
  ): Promise<RawResponse> {
    const timeoutMs = this.target.timeoutMs ?? 8000;
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (payload) {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      headers['Content-Length'] = String(payload.length);
    }
    headers['X-Token'] = withToken && this.token ? this.token : 'null';
    return new Promise<RawResponse>((resolve, reject) => {
      const req = request(
        { host: this.target.host, port: this.target.port ?? 80, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            clearTimeout(timer);
            const status = res.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            if (this.observer && !isHsgqSessionPath(path))
              this.observer({
                method,
                path,
                body: payload?.toString('utf8') ?? null,
                status,
                response: text,
              });
            resolve({ status, headers: res.headers, body: text });
          });
          res.on('error', (e) => {
            clearTimeout(timer);
            reject(new HsgqError(HsgqErrorCode.INVALID_RESPONSE, `${this.label}: ${e.message}`, this.label));
          });
        },
      );
      // One deadline for the whole exchange (connect + headers + body), not just socket idleness.
      const timer = setTimeout(() => {
        req.destroy(new Error('deadline'));
      }, timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (
          !retried &&
          method === 'GET' &&
          req.reusedSocket &&
          (e.code === 'ECONNRESET' || e.code === 'EPIPE')
        ) {
          // The box closed the idle kept-alive connection as this request went out on it, so the request
          // never reached it: a read goes once more, on a new connection. (Writes are never resent.)
          resolve(this.http(method, path, body, withToken, true));
        } else if (e.message === 'deadline') {
          reject(
            new HsgqError(
              HsgqErrorCode.TIMEOUT,
              `no HTTP answer from ${this.label}${path} within ${timeoutMs} ms`,
              this.label,
            ),
          );
        } else {
          reject(
            new HsgqError(
              HsgqErrorCode.UNREACHABLE,
              `cannot reach ${this.label}: ${e.code ?? e.message}`,
              this.label,
            ),
          );
        }
      });
      if (payload) req.write(payload);
      req.end();
    });
  }
}

function envMessage(env: HsgqEnvelope<unknown>): string {
  return env.message ?? env.msg ?? '';
}

/** One cached web session per OLT (host:port:user), shared by every caller in the process. */
export class HsgqSessionPool {
  private readonly clients = new Map<string, HsgqWebClient>();

  acquire(target: HsgqWebTarget): HsgqWebClient {
    const key = `${target.host}:${target.port ?? 80}:${target.username}`;
    let c = this.clients.get(key);
    if (!c) {
      c = new HsgqWebClient(target);
      this.clients.set(key, c);
    }
    return c;
  }

  async closeAll(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}
