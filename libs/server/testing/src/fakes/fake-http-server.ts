import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** Bodies above this are refused (413): the real APIs take a few kilobytes. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** A request to the fake's API (not to its `/__fake/` pages), its path without the fake's prefix. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** What the fake answers; `record` is kept in `messages` just before the answer is written. */
export interface FakeAnswer<M> {
  status: number;
  /** JSON (anything but a string) or text. */
  body: unknown;
  headers?: Record<string, string>;
  record?: M;
}

/** Every fake's own start options. */
export interface FakeServerOptions {
  /** The loopback port to listen on; a free one when absent (tests). The demo keeps its URLs stable. */
  port?: number;
}

/** `failNext`: what the failed requests are answered. */
export interface FakeFailure {
  /** 500 unless given. */
  status?: number;
  /** The body (JSON unless a string); the fake's own error body for the status when absent. */
  body?: unknown;
  /** Seconds to ask the client to wait: Telegram's `parameters.retry_after`, a `Retry-After` header. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

/** `POST {url}/__fake/control`: each key present is applied, in this order. */
export interface FakeControl {
  clear?: boolean;
  hold?: boolean;
  failNext?: FakeFailure & { count: number };
}

/** `GET {url}/__fake/state`. */
export interface FakeState {
  messages: number;
  held: number;
  holding: boolean;
  failing: number;
}

interface Held {
  request: FakeRequest;
  res: ServerResponse;
  gone: boolean;
}

/** How long a release waits for connections closed just before it to be noticed. */
const RELEASE_SETTLE_MS = 100;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client went away before its request was read'));
    });
  });
}

/**
 * A local stand-in for an HTTP API, on 127.0.0.1 and a free port: records what it accepted (in `messages`
 * and at `GET {url}/__fake/messages`), fails on request (`failNext`), and holds requests unanswered
 * (`hold`). A held request is recorded only when it is released and answered; one whose client went away
 * in the meantime never is, as the real service would never have seen it complete.
 */
export abstract class FakeHttpServer<M extends { at: string }> {
  /** What the fake accepted, oldest first. */
  readonly messages: M[] = [];
  private server: Server | null = null;
  private baseUrl = '';
  private holding = false;
  private readonly held: Held[] = [];
  private failures: { left: number; failure: FakeFailure } | null = null;

  /** The kind of service, for the `/__fake/` page's title. */
  protected abstract readonly title: string;

  /** @param prefix the path under which the API is served (the WhatsApp version, the webhook's path). */
  protected constructor(private readonly prefix: string) {}

  /** The base URL: what TELEGRAM_API_URL / WHATSAPP_API_URL are set to, or the webhook's URL. */
  get url(): string {
    if (!this.server) throw new Error(`${this.title} fake is not started`);
    return this.baseUrl;
  }

  protected abstract handle(request: FakeRequest): FakeAnswer<M>;
  /** The answer of a request `failNext` fails. */
  protected abstract failureAnswer(failure: FakeFailure & { status: number }): FakeAnswer<M>;
  /** A message as `/__fake/messages` shows it (secrets masked). */
  protected abstract publicMessage(message: M): unknown;
  /** The `/__fake/` page's columns for a message (besides its time). */
  protected abstract pageColumns: readonly string[];
  protected abstract pageRow(message: M): string[];

  /** Listens on 127.0.0.1 at `port` (a free one when 0 or absent). */
  protected async listen(port = 0): Promise<void> {
    const server = createServer((req, res) => {
      this.onRequest(req, res).catch(() => {
        if (res.destroyed || res.headersSent) res.destroy();
        else this.write(res, { status: 500, body: { error: 'fake failed' } });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const bound = (server.address() as AddressInfo).port;
    this.baseUrl = `http://127.0.0.1:${bound}${this.prefix}`;
  }

  /** Stops listening; held requests are dropped unanswered (and unrecorded). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const h of this.held.splice(0)) h.res.destroy();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** The next `count` requests to the API are answered with `failure` (and not recorded). */
  failNext(count: number, failure: FakeFailure = {}): void {
    this.failures = count > 0 ? { left: count, failure } : null;
  }

  /**
   * `true`: requests from now on are read but not answered. `false`: the held ones are answered in order
   * (and recorded if accepted), except those whose client has gone; resolves when they are. The release
   * waits a moment first, so a client killed just before (a worker's socket closed by its exit) is seen
   * gone rather than answered into a dead connection and recorded.
   */
  async hold(on: boolean): Promise<void> {
    this.holding = on;
    if (on || this.held.length === 0) return;
    await new Promise((r) => setTimeout(r, RELEASE_SETTLE_MS));
    if (this.holding) return;
    for (const h of this.held.splice(0)) this.answer(h);
  }

  /** Requests being held that still have their client. */
  heldCount(): number {
    return this.held.filter((h) => !h.gone).length;
  }

  clear(): void {
    this.messages.length = 0;
    this.failures = null;
  }

  state(): FakeState {
    return {
      messages: this.messages.length,
      held: this.heldCount(),
      holding: this.holding,
      failing: this.failures?.left ?? 0,
    };
  }

  /** Resolves with the messages once there are at least `count`. */
  async waitForMessages(count: number, timeoutMs = 10_000): Promise<M[]> {
    return this.waitUntil(
      () => this.messages.length >= count,
      timeoutMs,
      `${count} ${this.title} messages`,
    ).then(() => [...this.messages]);
  }

  /** Resolves once at least `count` requests are being held. */
  async waitForHeld(count = 1, timeoutMs = 10_000): Promise<void> {
    return this.waitUntil(() => this.heldCount() >= count, timeoutMs, `${count} held ${this.title} requests`);
  }

  private async waitUntil(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline)
        throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (have ${this.messages.length})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (body === null) return this.write(res, { status: 413, body: { error: 'request body too large' } });
    const method = req.method ?? 'GET';
    const path = this.apiPath(parsed.pathname);
    const pagePath = path ?? parsed.pathname;
    if (pagePath === '/__fake' || pagePath.startsWith('/__fake/'))
      return this.onFakePage(method, pagePath, parsed.pathname, body, res);
    if (path === null) return this.write(res, this.notFound(parsed.pathname));
    const request: FakeRequest = {
      method,
      path,
      query: parsed.searchParams,
      headers: req.headers,
      rawBody: body,
    };
    const held: Held = { request, res, gone: false };
    res.on('close', () => {
      if (!res.writableFinished) held.gone = true;
    });
    if (this.holding) this.held.push(held);
    else this.answer(held);
  }

  /** The API's path of a request (without the fake's prefix), or null when it is outside the API. */
  protected apiPath(pathname: string): string | null {
    if (!this.prefix) return pathname;
    if (pathname === this.prefix) return '/';
    return pathname.startsWith(`${this.prefix}/`) ? pathname.slice(this.prefix.length) : null;
  }

  /** The answer to a path the API does not have. */
  protected notFound(path: string): FakeAnswer<M> {
    return { status: 404, body: { error: `no such path: ${path}` } };
  }

  private answer(h: Held): void {
    if (h.gone || h.res.destroyed || !h.res.socket || h.res.socket.destroyed) return;
    let answer: FakeAnswer<M>;
    if (this.failures) {
      const { failure } = this.failures;
      if (--this.failures.left <= 0) this.failures = null;
      answer = this.failureAnswer({ ...failure, status: failure.status ?? 500 });
      answer = { ...answer, headers: { ...answer.headers, ...failure.headers }, record: undefined };
      if (failure.body !== undefined) answer.body = failure.body;
    } else {
      answer = this.handle(h.request);
    }
    if (answer.record) this.messages.push(answer.record);
    this.write(h.res, answer);
  }

  private write(res: ServerResponse, answer: FakeAnswer<M>): void {
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const type =
      typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
    res.writeHead(answer.status, { 'content-type': type, ...answer.headers });
    res.end(text);
  }

  private async onFakePage(
    method: string,
    path: string,
    requested: string,
    body: Buffer,
    res: ServerResponse,
  ): Promise<void> {
    if (method === 'GET' && path === '/__fake/messages')
      return this.write(res, { status: 200, body: this.messages.map((m) => this.publicMessage(m)) });
    if (method === 'GET' && path === '/__fake/state')
      return this.write(res, { status: 200, body: this.state() });
    if (method === 'GET' && (path === '/__fake' || path === '/__fake/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(this.page(requested.replace(/\/?$/, '/messages')));
      return;
    }
    if (method === 'POST' && path === '/__fake/control') {
      let control: FakeControl;
      try {
        control = JSON.parse(body.toString('utf8') || '{}') as FakeControl;
      } catch {
        return this.write(res, { status: 400, body: { error: 'control body must be JSON' } });
      }
      if (control.clear) this.clear();
      if (typeof control.hold === 'boolean') await this.hold(control.hold);
      if (control.failNext) {
        const { count, ...failure } = control.failNext;
        this.failNext(Number(count) || 0, failure);
      }
      return this.write(res, { status: 200, body: this.state() });
    }
    this.write(res, { status: 404, body: { error: `no such fake page: ${method} ${path}` } });
  }

  private page(jsonHref: string): string {
    const head = ['time', ...this.pageColumns].map((c) => `<th>${escapeHtml(c)}</th>`).join('');
    const rows = [...this.messages]
      .reverse()
      .map((m) => `<tr>${[m.at, ...this.pageRow(m)].map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
      .join('\n');
    const { held, holding, failing } = this.state();
    return `<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>${escapeHtml(this.title)} (fake)</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}td{white-space:pre-wrap}</style>
</head><body><h1>${escapeHtml(this.title)} (local fake)</h1>
<p>${this.messages.length} message(s), newest first${holding ? ` · holding requests (${held} waiting)` : ''}${
      failing ? ` · failing the next ${failing}` : ''
    } · <a href="${escapeHtml(jsonHref)}">JSON</a></p>
<table><thead><tr>${head}</tr></thead><tbody>
${rows || `<tr><td colspan="${this.pageColumns.length + 1}">Nothing received yet.</td></tr>`}
</tbody></table></body></html>
`;
  }
}
