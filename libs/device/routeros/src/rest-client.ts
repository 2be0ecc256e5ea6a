/**
 * The REST API of RouterOS v7 (7.1beta4 and later), from the vendor's REST API manual: `https://<router>/rest`
 * (the `www-ssl` service; plain `http` with `www` since 7.9), HTTP Basic auth, JSON whose every value is a
 * string. Verbs: GET reads (`?key=value` filters, `.proplist`), PUT adds and answers the new item with its
 * `.id`, PATCH `/<id>` sets, DELETE `/<id>` removes, POST `/<command>` runs a command with its arguments as
 * a JSON object. Errors answer `{error, message, detail}` with the HTTP status.
 *
 * Written on `node:http`/`node:https` (not `fetch`) so the TLS options reach the socket: routers ship
 * self-signed certificates.
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connectError } from './api-client';
import { RouterOsError, RouterOsErrorCode } from './routeros.exception';
import {
  ROUTEROS_DEFAULT_TIMEOUT_MS,
  type RouterOsConnection,
  type RouterOsPrintOptions,
  type RouterOsRow,
  type RouterOsTarget,
} from './routeros.types';

/** Answers bigger than this are refused rather than buffered (a `/ppp/active` of 10,000 sessions is ~3 MB). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** `/ppp/active` or `ppp active` → `ppp/active` (REST paths are the API's, with slashes). */
function restPath(path: string): string {
  const parts = path
    .trim()
    .split(/[\s/]+/)
    .filter(Boolean);
  if (parts.length === 0) throw new RangeError(`not a RouterOS menu path: "${path}"`);
  return parts.map(encodeSegment).join('/');
}

/** Ids (`*1A`) and names stay readable; anything else is percent-encoded. */
const encodeSegment = (s: string): string => encodeURIComponent(s);
/** Query values keep their commas (`.proplist=a,b`), as the manual writes them. */
const encodeQuery = (s: string): string => encodeURIComponent(s).replace(/%2C/gi, ',');

interface HttpAnswer {
  status: number;
  body: string;
}

export class RouterOsRestClient implements RouterOsConnection {
  readonly transport = 'rest' as const;
  readonly target: string;
  private readonly https: boolean;
  private readonly port: number;
  private readonly timeoutMs: number;
  private readonly agent: HttpAgent;
  private readonly authorization: string;
  private isClosed = false;

  private constructor(private readonly t: RouterOsTarget) {
    this.https = (t.restScheme ?? 'https') === 'https';
    this.port = t.port ?? (this.https ? 443 : 80);
    this.target = `${t.host}:${this.port}`;
    this.timeoutMs = t.timeoutMs ?? ROUTEROS_DEFAULT_TIMEOUT_MS;
    this.authorization = 'Basic ' + Buffer.from(`${t.username}:${t.password}`, 'utf8').toString('base64');
    // A few sockets kept open: the reads of one refresh go out together.
    this.agent = this.https
      ? new HttpsAgent({
          keepAlive: true,
          maxSockets: 4,
          rejectUnauthorized: t.tls?.rejectUnauthorized ?? false,
          ca: t.tls?.ca,
          ciphers: t.tls?.ciphers,
        })
      : new HttpAgent({ keepAlive: true, maxSockets: 4 });
  }

  /**
   * REST has no session; reading `/system/identity` once checks the address, the certificate and the
   * credentials up front, so a wrong password is `LOGIN_FAILED` here as it is for the API.
   */
  static async connect(target: RouterOsTarget): Promise<RouterOsRestClient> {
    const client = new RouterOsRestClient(target);
    try {
      await client.call('GET', 'system/identity', undefined, 'login');
    } catch (e) {
      client.agent.destroy();
      throw e;
    }
    return client;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  async print(path: string, options: RouterOsPrintOptions = {}): Promise<RouterOsRow[]> {
    const query = Object.entries(options.where ?? {}).map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(v)}`);
    if (options.proplist?.length) query.push(`.proplist=${options.proplist.map(encodeQuery).join(',')}`);
    const p = restPath(path);
    return this.rows(await this.call('GET', query.length ? `${p}?${query.join('&')}` : p), p);
  }

  async add(path: string, values: Record<string, string>): Promise<string> {
    const p = restPath(path);
    const [item] = this.rows(await this.call('PUT', p, values), p);
    if (!item?.['.id'])
      throw new RouterOsError(
        RouterOsErrorCode.PROTOCOL,
        `PUT /rest/${p} on ${this.target}: the answer has no .id`,
        this.target,
      );
    return item['.id'];
  }

  async set(path: string, id: string, values: Record<string, string>): Promise<void> {
    await this.call('PATCH', `${restPath(path)}/${encodeSegment(id)}`, values);
  }

  async remove(path: string, id: string): Promise<void> {
    await this.call('DELETE', `${restPath(path)}/${encodeSegment(id)}`);
  }

  /** POST with the arguments as a JSON object; an answer that is one object is one row. */
  async run(command: string, args: Record<string, string> = {}): Promise<RouterOsRow[]> {
    const p = restPath(command);
    return this.rows(await this.call('POST', p, args), p);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.agent.destroy();
  }

  // -------------------------------------------------------------------------------------------

  /** The answer's JSON (undefined for an empty body), or the `RouterOsError` its status means. */
  private async call(
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    path: string,
    body?: Record<string, string>,
    phase: 'login' | 'command' = 'command',
  ): Promise<unknown> {
    const what = `${method} /rest/${path.split('?')[0]}`;
    if (this.isClosed)
      throw new RouterOsError(
        RouterOsErrorCode.CLOSED,
        `${what} not sent: the connection to ${this.target} was closed`,
        this.target,
      );
    const answer = await this.http(method, `/rest/${path}`, body, what);
    let json: unknown;
    const text = answer.body.trim();
    let jsonOk = true;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        jsonOk = false;
      }
    }
    const { status } = answer;
    if (status >= 200 && status < 300) {
      if (!jsonOk)
        throw new RouterOsError(
          RouterOsErrorCode.PROTOCOL,
          `${what} on ${this.target}: the answer is not JSON (not a RouterOS REST API?)`,
          this.target,
        );
      return json;
    }
    const err =
      jsonOk && json && typeof json === 'object' && !Array.isArray(json)
        ? (json as Record<string, unknown>)
        : null;
    const said = err ? String(err['detail'] ?? err['message'] ?? '') : '';
    if (status === 401)
      throw new RouterOsError(
        RouterOsErrorCode.LOGIN_FAILED,
        `login to ${this.target} refused (HTTP 401${said ? `: ${said}` : ''})`,
        this.target,
        undefined,
        said || undefined,
      );
    if (status === 403)
      throw new RouterOsError(
        RouterOsErrorCode.NOT_PERMITTED,
        `${what} on ${this.target}: not permitted (HTTP 403${said ? `: ${said}` : ''})`,
        this.target,
        undefined,
        said || undefined,
      );
    if (err && ('error' in err || 'message' in err))
      throw new RouterOsError(
        phase === 'login' && status === 404 ? RouterOsErrorCode.PROTOCOL : RouterOsErrorCode.COMMAND_FAILED,
        `${what} on ${this.target}: ${said || `HTTP ${status}`} (HTTP ${status})`,
        this.target,
        undefined,
        said || undefined,
      );
    throw new RouterOsError(
      RouterOsErrorCode.PROTOCOL,
      `${what} on ${this.target}: HTTP ${status} without a RouterOS error body (not a RouterOS REST API?)`,
      this.target,
    );
  }

  private rows(json: unknown, path: string): RouterOsRow[] {
    if (json === undefined || json === null) return [];
    const items = Array.isArray(json) ? json : [json];
    return items.map((item) => {
      if (!item || typeof item !== 'object' || Array.isArray(item))
        throw new RouterOsError(
          RouterOsErrorCode.PROTOCOL,
          `/rest/${path} on ${this.target}: an item that is not a JSON object`,
          this.target,
        );
      const row: RouterOsRow = {};
      for (const [k, v] of Object.entries(item as Record<string, unknown>)) {
        // The manual: every value is a string. Anything else is kept as its text rather than dropped.
        if (v === null || v === undefined) continue;
        row[k] = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
      }
      return row;
    });
  }

  private http(
    method: string,
    path: string,
    body: Record<string, string> | undefined,
    what: string,
  ): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
    return new Promise<HttpAnswer>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const options: RequestOptions = {
        host: this.t.host,
        port: this.port,
        method,
        path,
        agent: this.agent,
        headers: {
          Authorization: this.authorization,
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      };
      const onResponse = (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY_BYTES) {
            settle(() =>
              reject(
                new RouterOsError(
                  RouterOsErrorCode.PROTOCOL,
                  `${what} on ${this.target}: an answer of more than ${MAX_BODY_BYTES} bytes`,
                  this.target,
                ),
              ),
            );
            req.destroy();
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          settle(() =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          ),
        );
        res.on('error', (e: NodeJS.ErrnoException) => settle(() => reject(this.networkError(e, what))));
      };
      const req = this.https ? httpsRequest(options, onResponse) : httpRequest(options, onResponse);
      const timer = setTimeout(() => {
        settle(() =>
          reject(
            new RouterOsError(
              RouterOsErrorCode.TIMEOUT,
              `no answer from ${this.target} to ${what} within ${this.timeoutMs} ms`,
              this.target,
            ),
          ),
        );
        req.destroy();
      }, this.timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => {
        // A kept-alive socket the router had already closed: a read is safe to send once more.
        if (method === 'GET' && req.reusedSocket && e.code === 'ECONNRESET' && !settled) {
          settled = true;
          clearTimeout(timer);
          this.http(method, path, body, what).then(resolve, reject);
          return;
        }
        settle(() => reject(this.networkError(e, what)));
      });
      req.end(payload);
    });
  }

  private networkError(e: NodeJS.ErrnoException, what: string): RouterOsError {
    // Node's HTTP parser rejects what is not HTTP (a binary API port answering, say).
    if (typeof e.code === 'string' && e.code.startsWith('HPE_'))
      return new RouterOsError(
        RouterOsErrorCode.PROTOCOL,
        `${what} on ${this.target}: the answer is not HTTP (${e.message})`,
        this.target,
      );
    return connectError(e, this.target);
  }
}
