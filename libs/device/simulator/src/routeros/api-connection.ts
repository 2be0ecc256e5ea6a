/**
 * One client of a simulated router's RouterOS API (TCP, the binary protocol of RouterOS 6 and 7), from the
 * first byte to the close: sentences cut by `SentenceReader`, `/login` (the 6.43+ plain login, or the older MD5
 * challenge when the router is made old), `.tag` on every reply to a tagged command, `/cancel`, `/quit`, and
 * `!fatal` when the stream is not the protocol. What the router answers to commands is its `ApiMenus`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { encodeSentence, SentenceReader, type RouterOsRow } from '@pondesk/device-routeros';
import { execute, trap, TRAP, type ApiMenus, type ApiOutcome } from './api-menus';
import type { RouterFaults } from './router-faults';

export interface ApiConnectionOptions {
  username: string;
  password: string;
  faults(): RouterFaults;
  menus: ApiMenus;
}

/** The message RouterOS 6.43+ gives for a refused login. */
export const LOGIN_REFUSED = 'invalid user name or password (6)';
/** The message routers before 6.43 gave. */
export const LEGACY_LOGIN_REFUSED = 'cannot log in';
export const NOT_LOGGED_IN = 'not logged in';
/** A client may send this much before it has logged in; more is not a client of the API. */
export const MAX_BYTES_BEFORE_LOGIN = 64 * 1024;

/** A command still running: waiting out the reply delay, or reporting until cancelled. */
interface Running {
  tag: string | undefined;
  timer: NodeJS.Timeout | null;
  cancel(): void;
}

export class ApiConnection {
  private readonly reader = new SentenceReader();
  private loggedIn = false;
  /** The MD5 challenge this connection was given (old login), until used. */
  private challenge: Buffer | null = null;
  private readonly running = new Set<Running>();
  private bytesBeforeLogin = 0;
  private ended = false;

  constructor(
    private readonly socket: Socket,
    private readonly opts: ApiConnectionOptions,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.end());
    socket.on('error', () => socket.destroy());
  }

  private onData(chunk: Buffer): void {
    if (this.ended) return;
    if (!this.loggedIn) {
      this.bytesBeforeLogin += chunk.length;
      if (this.bytesBeforeLogin > MAX_BYTES_BEFORE_LOGIN) return this.fatal('too much data before login');
    }
    let sentences: string[][];
    try {
      sentences = this.reader.push(chunk);
    } catch (e) {
      return this.fatal(e instanceof Error ? e.message : String(e));
    }
    for (const words of sentences) {
      if (this.ended) return;
      // Empty sentences are ignored (API manual).
      if (words.length) this.sentence(words);
    }
  }

  private sentence(words: string[]): void {
    const [command = '', ...rest] = words;
    const args: Record<string, string> = {};
    const queries: string[] = [];
    let tag: string | undefined;
    for (const w of rest) {
      if (w.startsWith('=')) {
        const eq = w.indexOf('=', 1);
        if (eq === -1) args[w.slice(1)] = '';
        else args[w.slice(1, eq)] = w.slice(eq + 1);
      } else if (w.startsWith('.tag=')) tag = w.slice(5);
      else if (w.startsWith('?')) queries.push(w);
      else return this.reply(tag, trap(`unknown parameter ${w}`, TRAP.api));
    }
    if (!command.startsWith('/')) return this.reply(tag, trap('no such command', TRAP.missing));
    if (command === '/quit') return this.fatal('session terminated on request');
    if (command === '/cancel') return this.cancel(tag, args['tag']);
    if (command === '/login') return this.login(tag, args);
    // Whether the client is logged in is asked when the answer is due: a login answered late (a slow router)
    // counts for the commands sent after it.
    this.reply(tag, () =>
      this.loggedIn ? execute(this.opts.menus, { command, args, queries }) : trap(NOT_LOGGED_IN),
    );
  }

  private login(tag: string | undefined, args: Record<string, string>): void {
    const faults = this.opts.faults();
    const nameOk = args['name'] === this.opts.username;
    if (faults.legacyLogin) {
      const response = args['response'];
      if (response === undefined) {
        // Before 6.43 a router answered every `/login` without a response with a fresh challenge, a
        // plain password login included (which is how clients tell an old router apart).
        this.challenge = randomBytes(16);
        return this.reply(tag, { kind: 'rows', rows: [], ret: this.challenge.toString('hex') });
      }
      const challenge = this.challenge;
      this.challenge = null;
      const ok =
        !faults.wrongPassword &&
        nameOk &&
        challenge !== null &&
        response === legacyResponse(this.opts.password, challenge);
      return this.answerLogin(tag, ok, LEGACY_LOGIN_REFUSED);
    }
    const ok = !faults.wrongPassword && nameOk && args['password'] === this.opts.password;
    this.answerLogin(tag, ok, LOGIN_REFUSED);
  }

  private answerLogin(tag: string | undefined, ok: boolean, refused: string): void {
    // Logged in (or out) as the login is answered, not when it is sent: a slow router is slow here too.
    this.reply(tag, () => {
      this.loggedIn = ok;
      return ok ? { kind: 'rows', rows: [] } : trap(refused);
    });
  }

  /** `/cancel` (`=tag=` one command, else every running one): each ends with `!trap` interrupted, `!done`. */
  private cancel(tag: string | undefined, which: string | undefined): void {
    if (!this.loggedIn) return this.reply(tag, trap(NOT_LOGGED_IN));
    for (const r of [...this.running]) if (which === undefined || r.tag === which) r.cancel();
    this.reply(tag, { kind: 'rows', rows: [] });
  }

  /**
   * Answers a command, `delayMs` late when the router is slow (every reply of a tagged command carries its
   * tag). A function is run when the delay is over, so the answer is the state then.
   */
  private reply(tag: string | undefined, outcome: ApiOutcome | (() => ApiOutcome)): void {
    const delayMs = this.opts.faults().delayMs;
    const answer = (): ApiOutcome => (typeof outcome === 'function' ? outcome() : outcome);
    if (delayMs <= 0) return this.emit(tag, answer());
    const r: Running = {
      tag,
      timer: null,
      cancel: () => {
        if (r.timer) clearTimeout(r.timer);
        this.running.delete(r);
        this.interrupted(tag);
      },
    };
    r.timer = setTimeout(() => {
      this.running.delete(r);
      this.emit(tag, answer());
    }, delayMs);
    this.running.add(r);
  }

  private emit(tag: string | undefined, outcome: ApiOutcome): void {
    if (this.ended) return;
    if (outcome.kind === 'trap') {
      this.send(tag, '!trap', [
        ...(outcome.category === undefined ? [] : [`=category=${outcome.category}`]),
        `=message=${outcome.message}`,
      ]);
      this.send(tag, '!done', []);
      return;
    }
    for (const row of outcome.rows) this.send(tag, '!re', attributeWords(row));
    const follow = outcome.follow;
    if (!follow) {
      this.send(tag, '!done', outcome.ret === undefined ? [] : [`=ret=${outcome.ret}`]);
      return;
    }
    const r: Running = {
      tag,
      timer: null,
      cancel: () => {
        if (r.timer) clearInterval(r.timer);
        this.running.delete(r);
        this.interrupted(tag);
      },
    };
    r.timer = setInterval(() => {
      const next = follow.next();
      if (next.kind === 'trap') {
        if (r.timer) clearInterval(r.timer);
        this.running.delete(r);
        return this.emit(tag, next);
      }
      for (const row of next.rows) this.send(tag, '!re', attributeWords(row));
    }, follow.everyMs);
    this.running.add(r);
  }

  private interrupted(tag: string | undefined): void {
    this.emit(tag, trap('interrupted', TRAP.interrupted));
  }

  private send(tag: string | undefined, type: string, words: string[]): void {
    if (this.ended) return;
    // The tag comes right after the reply word, as a real router sends it (`!re`, `.tag=sss`, `=uptime=…`).
    this.socket.write(encodeSentence([type, ...(tag === undefined ? [] : [`.tag=${tag}`]), ...words]));
  }

  /** `!fatal` with the reason, then the router closes the connection. */
  private fatal(reason: string): void {
    if (this.ended) return;
    this.socket.write(encodeSentence(['!fatal', reason]));
    this.end();
    this.socket.end();
  }

  /** Stops everything still running (the connection is closing). */
  private end(): void {
    this.ended = true;
    for (const r of this.running) if (r.timer) clearTimeout(r.timer);
    this.running.clear();
  }
}

function attributeWords(row: RouterOsRow): string[] {
  return Object.entries(row).map(([k, v]) => `=${k}=${v}`);
}

/** The pre-6.43 login's response: `00` then MD5 of a zero byte, the password and the challenge's bytes, in hex. */
export function legacyResponse(password: string, challenge: Buffer): string {
  const md5 = createHash('md5');
  md5.update(Buffer.from([0]));
  md5.update(Buffer.from(password, 'utf8'));
  md5.update(challenge);
  return `00${md5.digest('hex')}`;
}
