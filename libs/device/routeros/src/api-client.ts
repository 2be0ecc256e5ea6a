/**
 * The RouterOS binary API (TCP 8728, TLS 8729 for api-ssl), from the vendor's API manual: sentences of
 * length-prefixed words (`words.ts`), a login, then commands whose replies (`!re` rows, `!done`, `!trap`,
 * `!empty`, `!fatal`) come back tagged.
 *
 * Every command carries a `.tag`, and commands on one connection may be issued concurrently: replies are
 * matched by tag, so they may interleave. Each command has the whole timeout for its whole reply; one that
 * times out is cancelled on the router (`/cancel =tag=`) and anything still arriving for it is dropped.
 */
import { createHash } from 'node:crypto';
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { RouterOsError, RouterOsErrorCode } from './routeros.exception';
import {
  ROUTEROS_DEFAULT_PORTS,
  ROUTEROS_DEFAULT_TIMEOUT_MS,
  type RouterOsConnection,
  type RouterOsPrintOptions,
  type RouterOsRow,
  type RouterOsTarget,
} from './routeros.types';
import { SentenceReader, WordFramingError, decodeLength, encodeSentence, parseReply } from './words';
import type { ReplySentence } from './words';

interface CommandReply {
  rows: RouterOsRow[];
  /** The attributes of `!done` (`ret`: an added item's id, the login challenge). */
  done: Record<string, string>;
}

interface PendingCommand {
  /** The command word, for messages. */
  what: string;
  rows: RouterOsRow[];
  timer: NodeJS.Timeout;
  resolve(reply: CommandReply): void;
  reject(error: RouterOsError): void;
}

/** Socket errors that mean nothing answers there (before a session exists). */
const UNREACHABLE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  EHOSTDOWN: 'host down',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network down',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EADDRNOTAVAIL: 'address not available',
  EPIPE: 'connection closed',
};

const PERMISSION_DENIED = /not enough permissions/i;

/** A `RouterOsError` for a socket or TLS error, before the session exists. */
export function connectError(e: NodeJS.ErrnoException, label: string): RouterOsError {
  const code = e.code ?? '';
  if (code === 'ETIMEDOUT')
    return new RouterOsError(RouterOsErrorCode.TIMEOUT, `no connection to ${label} (timed out)`, label);
  if (code in UNREACHABLE_CODES)
    return new RouterOsError(RouterOsErrorCode.UNREACHABLE, `${label}: ${UNREACHABLE_CODES[code]}`, label);
  if (/^ERR_(SSL|TLS)_|CERT|SELF_SIGNED|UNABLE_TO_/.test(code) || /SSL|TLS|certificate/i.test(e.message))
    return new RouterOsError(RouterOsErrorCode.PROTOCOL, `TLS with ${label} failed: ${e.message}`, label);
  return new RouterOsError(RouterOsErrorCode.UNREACHABLE, `${label}: ${e.message}`, label);
}

/** `/ppp active` or `ppp/active/` → `/ppp/active` (the API wants slashes, no spaces). */
export function apiPath(path: string): string {
  const parts = path
    .trim()
    .split(/[\s/]+/)
    .filter(Boolean);
  if (parts.length === 0) throw new RangeError(`not a RouterOS menu path: "${path}"`);
  return '/' + parts.join('/');
}

function attributeWords(values: Record<string, string> | undefined): string[] {
  return Object.entries(values ?? {}).map(([k, v]) => {
    if (k === '' || k.includes('=')) throw new RangeError(`not a RouterOS property name: "${k}"`);
    return `=${k}=${v}`;
  });
}

function openSocket(target: RouterOsTarget, port: number, label: string, timeoutMs: number): Promise<Socket> {
  const ssl = target.transport === 'api-ssl';
  return new Promise((resolve, reject) => {
    const socket: Socket = ssl
      ? tlsConnect({
          host: target.host,
          port,
          rejectUnauthorized: target.tls?.rejectUnauthorized ?? false,
          ca: target.tls?.ca,
          ciphers: target.tls?.ciphers,
        })
      : tcpConnect({ host: target.host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new RouterOsError(
          RouterOsErrorCode.TIMEOUT,
          `no connection to ${label} within ${timeoutMs} ms`,
          label,
        ),
      );
    }, timeoutMs);
    const onError = (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(connectError(e, label));
    };
    socket.once('error', onError);
    socket.once(ssl ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', onError);
      socket.setNoDelay(true);
      resolve(socket);
    });
  });
}

/** One logged-in API session. Made by `connectRouterOs` (or `RouterOsApiClient.connect`). */
export class RouterOsApiClient implements RouterOsConnection {
  private readonly reader = new SentenceReader();
  private readonly pending = new Map<string, PendingCommand>();
  /** Tags whose caller has gone (timed out, trapped, cancels): their late replies are dropped. */
  private readonly abandoned = new Set<string>();
  private nextTag = 0;
  /** Until the first reply word has been seen to start with `!`: a web server or a TLS port says otherwise. */
  private start: Buffer | null = Buffer.alloc(0);
  private closeReason: RouterOsError | null = null;

  private constructor(
    private readonly socket: Socket,
    readonly target: string,
    readonly transport: 'api' | 'api-ssl',
    private readonly timeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      this.fail(
        new RouterOsError(
          RouterOsErrorCode.CLOSED,
          `connection to ${target} failed: ${UNREACHABLE_CODES[e.code ?? ''] ?? e.message}`,
          target,
        ),
      ),
    );
    socket.on('close', () =>
      this.fail(new RouterOsError(RouterOsErrorCode.CLOSED, `${target} closed the connection`, target)),
    );
  }

  /** Connects and logs in; rejects with `RouterOsError` (the socket is gone then). */
  static async connect(target: RouterOsTarget): Promise<RouterOsApiClient> {
    const transport = target.transport === 'api-ssl' ? 'api-ssl' : 'api';
    const port = target.port ?? ROUTEROS_DEFAULT_PORTS[transport];
    const label = `${target.host}:${port}`;
    const timeoutMs = target.timeoutMs ?? ROUTEROS_DEFAULT_TIMEOUT_MS;
    const socket = await openSocket({ ...target, transport }, port, label, timeoutMs);
    const client = new RouterOsApiClient(socket, label, transport, timeoutMs);
    try {
      await client.login(target.username, target.password);
    } catch (e) {
      client.socket.destroy();
      throw e;
    }
    return client;
  }

  get closed(): boolean {
    return this.closeReason !== null;
  }

  async print(path: string, options: RouterOsPrintOptions = {}): Promise<RouterOsRow[]> {
    const words = [`${apiPath(path)}/print`];
    if (options.proplist?.length) words.push(`=.proplist=${options.proplist.join(',')}`);
    for (const [k, v] of Object.entries(options.where ?? {})) words.push(`?${k}=${v}`);
    return (await this.command(words)).rows;
  }

  async add(path: string, values: Record<string, string>): Promise<string> {
    const what = `${apiPath(path)}/add`;
    const { done } = await this.command([what, ...attributeWords(values)]);
    if (!done['ret'])
      throw new RouterOsError(
        RouterOsErrorCode.PROTOCOL,
        `${what} on ${this.target}: the router did not answer the new item's id`,
        this.target,
      );
    return done['ret'];
  }

  async set(path: string, id: string, values: Record<string, string>): Promise<void> {
    await this.command([`${apiPath(path)}/set`, `=.id=${id}`, ...attributeWords(values)]);
  }

  async remove(path: string, id: string): Promise<void> {
    await this.command([`${apiPath(path)}/remove`, `=.id=${id}`]);
  }

  /** The command's `!re` rows; a command that answers only `!done` with attributes gives those as one row. */
  async run(command: string, args?: Record<string, string>): Promise<RouterOsRow[]> {
    const { rows, done } = await this.command([apiPath(command), ...attributeWords(args)]);
    if (rows.length > 0 || Object.keys(done).length === 0) return rows;
    return [done];
  }

  /** Ends the socket. Commands still waiting reject with `CLOSED`; answers already given stand. */
  async close(): Promise<void> {
    if (!this.closeReason)
      this.fail(
        new RouterOsError(RouterOsErrorCode.CLOSED, `connection to ${this.target} was closed`, this.target),
        false,
      );
    const socket = this.socket;
    if (socket.destroyed) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => socket.destroy(), 1000);
      socket.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      socket.end();
    });
  }

  // -------------------------------------------------------------------------------------------

  private async login(username: string, password: string): Promise<void> {
    const first = await this.loginStep(['/login', `=name=${username}`, `=password=${password}`]);
    const challenge = first.done['ret'];
    if (challenge === undefined) return;
    // A router before 6.43 ignores the password and answers a challenge: prove the password with MD5.
    if (!/^[0-9a-f]{32}$/i.test(challenge))
      throw new RouterOsError(
        RouterOsErrorCode.PROTOCOL,
        `${this.target} answered /login with a challenge that is not 16 bytes of hex`,
        this.target,
      );
    await this.loginStep([
      '/login',
      `=name=${username}`,
      `=response=${challengeResponse(password, challenge)}`,
    ]);
  }

  private async loginStep(words: string[]): Promise<CommandReply> {
    try {
      return await this.command(words);
    } catch (e) {
      if (
        e instanceof RouterOsError &&
        (e.code === RouterOsErrorCode.COMMAND_FAILED || e.code === RouterOsErrorCode.NOT_PERMITTED)
      )
        throw new RouterOsError(
          RouterOsErrorCode.LOGIN_FAILED,
          `login to ${this.target} refused: ${e.routerMessage}`,
          this.target,
          e.category,
          e.routerMessage,
        );
      throw e;
    }
  }

  private command(words: string[]): Promise<CommandReply> {
    const what = words[0];
    if (this.closeReason)
      return Promise.reject(
        new RouterOsError(
          RouterOsErrorCode.CLOSED,
          `${what} not sent: ${this.closeReason.message}`,
          this.target,
        ),
      );
    const tag = String(++this.nextTag);
    const sentence = encodeSentence([...words, `.tag=${tag}`]);
    return new Promise<CommandReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(tag);
        this.abandoned.add(tag);
        this.cancel(tag);
        reject(
          new RouterOsError(
            RouterOsErrorCode.TIMEOUT,
            `no answer from ${this.target} to ${what} within ${this.timeoutMs} ms`,
            this.target,
          ),
        );
      }, this.timeoutMs);
      this.pending.set(tag, { what, rows: [], timer, resolve, reject });
      this.socket.write(sentence);
    });
  }

  /** Asks the router to stop a command nobody waits for any more; its answers are dropped. */
  private cancel(tag: string): void {
    if (this.closeReason || this.socket.destroyed) return;
    const own = String(++this.nextTag);
    this.abandoned.add(own);
    this.socket.write(encodeSentence(['/cancel', `=tag=${tag}`, `.tag=${own}`]));
  }

  private onData(chunk: Buffer): void {
    if (this.closeReason) return;
    let sentences: string[][];
    try {
      if (this.start) this.checkStart(chunk);
      sentences = this.reader.push(chunk);
    } catch (e) {
      const why = e instanceof WordFramingError || e instanceof RouterOsError ? e.message : String(e);
      this.fail(
        new RouterOsError(
          RouterOsErrorCode.PROTOCOL,
          `${this.target} does not speak the RouterOS API (${why})`,
          this.target,
        ),
      );
      return;
    }
    for (const words of sentences) {
      if (this.closeReason) return;
      this.dispatch(parseReply(words));
    }
  }

  /**
   * A reply's first word starts with `!`. Checked on the first bytes, before a whole sentence is in: a web
   * server's `HTTP/1.1 400` reads as a 72-byte word that may never complete before the server hangs up.
   */
  private checkStart(chunk: Buffer): void {
    const head = Buffer.concat([this.start ?? Buffer.alloc(0), chunk]);
    const length = decodeLength(head);
    if (!length) {
      this.start = head;
      return;
    }
    if (length.length === 0) {
      this.start = null;
      return;
    }
    if (head.length <= length.size) {
      this.start = head;
      return;
    }
    if (head[length.size] !== 0x21) {
      const shown = JSON.stringify(head.subarray(0, 16).toString('latin1'));
      throw new RouterOsError(RouterOsErrorCode.PROTOCOL, `its answer begins ${shown}`, this.target);
    }
    this.start = null;
  }

  private dispatch(reply: ReplySentence): void {
    if (reply.type === '') return; // the manual: empty sentences are ignored
    if (!reply.type.startsWith('!')) {
      this.fail(
        new RouterOsError(
          RouterOsErrorCode.PROTOCOL,
          `${this.target} sent "${reply.type.slice(0, 40)}" where a reply (!re, !done, …) was expected`,
          this.target,
        ),
      );
      return;
    }
    if (reply.type === '!fatal') {
      const reason = reply.other.join(' ') || reply.attributes['message'] || 'no reason given';
      this.fail(
        new RouterOsError(
          RouterOsErrorCode.CLOSED,
          `${this.target} ended the session: ${reason}`,
          this.target,
        ),
      );
      return;
    }
    let tag = reply.tag;
    if (tag === undefined && this.pending.size === 1) tag = [...this.pending.keys()][0];
    if (tag === undefined) return;
    if (this.abandoned.has(tag)) {
      if (reply.type === '!done') this.abandoned.delete(tag);
      return;
    }
    const p = this.pending.get(tag);
    if (!p) return;
    switch (reply.type) {
      case '!re':
        p.rows.push(reply.attributes);
        return;
      case '!trap':
        // `!done` follows a trap; the caller need not wait for it.
        this.settle(tag, p);
        this.abandoned.add(tag);
        p.reject(this.trapError(p.what, reply));
        return;
      case '!done':
        this.settle(tag, p);
        p.resolve({ rows: p.rows, done: reply.attributes });
        return;
      default:
        // `!empty` (7.18+: no rows) and reply types newer than this client carry nothing to keep.
        return;
    }
  }

  private trapError(what: string, reply: ReplySentence): RouterOsError {
    const message = reply.attributes['message'] || 'the router gave no reason';
    const raw = reply.attributes['category'];
    const category = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
    const code = PERMISSION_DENIED.test(message)
      ? RouterOsErrorCode.NOT_PERMITTED
      : RouterOsErrorCode.COMMAND_FAILED;
    return new RouterOsError(code, `${what} on ${this.target}: ${message}`, this.target, category, message);
  }

  private settle(tag: string, p: PendingCommand): void {
    clearTimeout(p.timer);
    this.pending.delete(tag);
  }

  /** The session is over: every waiting command rejects with `error`. */
  private fail(error: RouterOsError, destroy = true): void {
    if (this.closeReason) return;
    this.closeReason = error;
    for (const [tag, p] of this.pending) {
      this.settle(tag, p);
      p.reject(error);
    }
    if (destroy) this.socket.destroy();
  }
}

/** The pre-6.43 login answer: `00` then hex MD5 of a zero byte, the password and the challenge's bytes. */
export function challengeResponse(password: string, challengeHex: string): string {
  const md5 = createHash('md5')
    .update(Buffer.from([0]))
    .update(Buffer.from(password, 'utf8'))
    .update(Buffer.from(challengeHex, 'hex'))
    .digest('hex');
  return `00${md5}`;
}
