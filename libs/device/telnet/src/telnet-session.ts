import { StringDecoder } from 'node:string_decoder';
import { Telnet } from 'telnet-client';
import { hasControlCharacters } from '@pondesk/contracts';
import type { TelnetProfile } from './telnet-profile';
import { TelnetError, TelnetErrorCode } from './telnet.exception';
import { currentTelnetObserver } from './telnet-observer';
import {
  TelnetStreamFilter,
  filterEventLines,
  negotiationReply,
  removePagers,
  renderLine,
} from './terminal-cleaner';

export interface TelnetSessionOptions {
  host: string;
  port?: number;
  username: string;
  password: string;
  /** Defaults to the login password. */
  enablePassword?: string;
  profile: TelnetProfile;
  connectTimeoutMs?: number;
  loginTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** Refuse to buffer more than this many characters of one command's output. */
  maxOutputChars?: number;
}

export interface ExecOptions {
  timeoutMs?: number;
  /** Keep the unsolicited event lines (commands whose real output has that shape, e.g. HSGQ alarm logs). */
  keepEventLines?: boolean;
  /** Do not raise COMMAND_FAILED when an error line appears. */
  allowErrors?: boolean;
}

type Waiter = {
  test: () => string | null;
  resolve: (what: string) => void;
};

/**
 * One logged-in CLI session. Commands run strictly one at a time (queued); each ends at the learned prompt
 * or fails with a typed error within its timeout. Pagers and confirmations are answered as they appear.
 */
export class TelnetSession {
  private readonly telnet = new Telnet();
  private readonly filter = new TelnetStreamFilter();
  private readonly decoder = new StringDecoder('utf8');
  private readonly label: string;
  private readonly profile: TelnetProfile;
  /** Completed, rendered lines since the last reset. */
  private lines: string[] = [];
  /** Raw text of the current, unterminated line. */
  private tailRaw = '';
  private pagerAnswered = false;
  private confirmAnswered = false;
  private waiter: Waiter | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private broken: TelnetError | null = null;
  private promptRe: RegExp;
  private charCount = 0;
  /** Recording hook (`ponctl record`); null unless the session was made inside `observeTelnet`. */
  private readonly observer = currentTelnetObserver();
  /** The prompt line seen last (`epon-olt#`). */
  prompt: string | null = null;

  constructor(private readonly opts: TelnetSessionOptions) {
    this.profile = opts.profile;
    this.label = `${opts.host}:${opts.port ?? 23}`;
    this.promptRe = opts.profile.prompt;
  }

  get privileged(): boolean {
    return this.prompt !== null && /#\s*$/.test(this.prompt);
  }

  /** Connect, log in, enter privileged mode and turn the pager off where the brand allows. */
  async open(): Promise<void> {
    // Checked before the socket opens: a stored value with a line break would type commands of its own.
    for (const [name, value] of [
      ['username', this.opts.username],
      ['password', this.opts.password],
      ['enable password', this.opts.enablePassword],
    ] as const) {
      if (value !== undefined && hasControlCharacters(value)) {
        this.closed = true;
        throw new TelnetError(
          TelnetErrorCode.INVALID_INPUT,
          `the telnet ${name} for ${this.label} contains control characters (e.g. a line break); nothing was sent`,
          this.label,
        );
      }
    }
    const connectTimeout = this.opts.connectTimeoutMs ?? 5000;
    this.telnet.on('data', (chunk: Buffer) => this.onData(chunk));
    this.telnet.on('close', () => this.onClose());
    this.telnet.on('error', () => this.onClose());
    try {
      await this.telnet.connect({
        host: this.opts.host,
        port: this.opts.port ?? 23,
        timeout: connectTimeout,
        negotiationMandatory: false,
        shellPrompt: undefined,
        disableLogon: true,
        encoding: 'latin1' as BufferEncoding,
      });
    } catch (e) {
      this.closed = true;
      throw new TelnetError(
        TelnetErrorCode.CONNECT_FAILED,
        `cannot connect to ${this.label}: ${errText(e)}`,
        this.label,
      );
    }
    try {
      await this.login();
    } catch (e) {
      await this.close();
      throw e;
    }
  }

  /** Run one command; resolves with its cleaned output (no echo, no prompt, no event lines). */
  exec(command: string, options: ExecOptions = {}): Promise<string> {
    // One command is one line: a line break (or any control character) would smuggle in another.
    if (hasControlCharacters(command))
      return Promise.reject(
        new TelnetError(
          TelnetErrorCode.INVALID_INPUT,
          `a command for ${this.label} contains control characters; nothing was sent`,
          this.label,
        ),
      );
    const run = this.queue.then(() => this.execNow(command, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.telnet.destroy();
    } catch {
      // socket already gone
    }
  }

  // -------------------------------------------------------------------------------------------

  private async login(): Promise<void> {
    const p = this.profile;
    const timeout = this.opts.loginTimeoutMs ?? 10_000;
    const first = await this.waitFor(
      { login: p.loginPrompt, password: p.passwordPrompt, prompt: this.promptRe },
      timeout,
      TelnetErrorCode.LOGIN_TIMEOUT,
      'no login prompt',
    );
    let state = first;
    if (state === 'login') {
      this.resetBuffer();
      this.write(this.opts.username + p.newline);
      state = await this.waitFor(
        { password: p.passwordPrompt, failed: p.loginFailed, prompt: this.promptRe },
        timeout,
        TelnetErrorCode.LOGIN_TIMEOUT,
        'no password prompt after the username',
      );
    }
    if (state === 'failed') throw this.authFailed();
    if (state === 'password') {
      this.resetBuffer();
      this.write(this.opts.password + p.newline);
      state = await this.waitFor(
        { failed: p.loginFailed, login: p.loginPrompt, password: p.passwordPrompt, prompt: this.promptRe },
        timeout,
        TelnetErrorCode.LOGIN_TIMEOUT,
        'no prompt after the password',
      );
      if (state !== 'prompt') throw this.authFailed();
    }
    this.learnPrompt();
    this.observer?.({ prompt: null, command: '', output: '', next: this.prompt });

    if (!this.privileged && p.enableCommand) {
      const userPrompt = this.prompt;
      this.resetBuffer();
      this.write(p.enableCommand + p.newline);
      let st = await this.waitFor(
        { password: p.passwordPrompt, failed: p.enableFailed, prompt: this.promptRe },
        timeout,
        TelnetErrorCode.LOGIN_TIMEOUT,
        'no answer to enable',
      );
      if (st === 'password') {
        this.resetBuffer();
        this.write((this.opts.enablePassword ?? this.opts.password) + p.newline);
        st = await this.waitFor(
          { prompt: this.promptRe, failed: p.enableFailed, password: p.passwordPrompt },
          timeout,
          TelnetErrorCode.LOGIN_TIMEOUT,
          'no prompt after the enable password',
        );
      }
      if (st === 'prompt') this.learnPrompt();
      if (st !== 'prompt' || !this.privileged) {
        throw new TelnetError(
          TelnetErrorCode.ENABLE_FAILED,
          `enable refused by ${this.label}`,
          this.label,
          this.snapshot(),
        );
      }
      this.observer?.({ prompt: userPrompt, command: p.enableCommand, output: '', next: this.prompt });
    }
    for (const cmd of p.disablePagerCommands) {
      // Not every firmware knows every pager command; a refusal is fine.
      await this.execNow(cmd, { allowErrors: true, timeoutMs: this.opts.commandTimeoutMs ?? 10_000 });
    }
  }

  private authFailed(): TelnetError {
    return new TelnetError(
      TelnetErrorCode.AUTH_FAILED,
      `login refused by ${this.label} (wrong username or password)`,
      this.label,
      this.snapshot(),
    );
  }

  /** After the first prompt, match prompts by the device's own hostname, which is far stricter than the generic shape. */
  private learnPrompt(): void {
    const line = this.currentTail();
    this.prompt = line.trim();
    const base = line
      .replace(/\s+$/, '')
      .replace(/[#>]$/, '')
      .replace(/\(.*\)$/, '');
    if (base.length > 0) {
      const esc = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      this.promptRe = new RegExp(`^${esc}[^\\r\\n]{0,60}[#>] ?$`);
    }
  }

  private async execNow(command: string, options: ExecOptions): Promise<string> {
    if (this.broken) throw this.broken;
    if (this.closed)
      throw new TelnetError(TelnetErrorCode.CLOSED, `session to ${this.label} is closed`, this.label);
    const timeoutMs = options.timeoutMs ?? this.opts.commandTimeoutMs ?? 30_000;
    const typedAt = this.prompt;
    this.resetBuffer();
    this.write(command + this.profile.newline);
    try {
      await this.waitFor(
        { prompt: this.promptRe },
        timeoutMs,
        TelnetErrorCode.COMMAND_TIMEOUT,
        `no prompt after "${command}"`,
        true,
      );
    } catch (e) {
      // The CLI is in an unknown state: refuse further commands on this session.
      if (e instanceof TelnetError && e.code !== TelnetErrorCode.CLOSED) {
        this.broken = e;
        void this.close();
      }
      throw e;
    }
    this.prompt = this.currentTail().trim();
    let body = this.lines.slice();
    // Drop the echo of the command (it may arrive glued to the previous prompt or wrapped).
    const echoAt = body.findIndex((l) => l.includes(command.trim().slice(0, 40)));
    if (echoAt >= 0 && echoAt <= 2) body = body.slice(echoAt + 1);
    if (!options.keepEventLines) body = filterEventLines(body, this.profile.eventLines);
    const text = removePagers(body.join('\n'), this.profile.pagers)
      .split('\n')
      .map((l) => l.replace(/\s+$/, ''))
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
    this.observer?.({ prompt: typedAt, command, output: text, next: this.prompt });
    if (!options.allowErrors) {
      const err = text.split('\n').find((l) => this.profile.errorLines.some((r) => r.test(l.trim())));
      if (err !== undefined) {
        throw new TelnetError(
          TelnetErrorCode.COMMAND_FAILED,
          `"${command}" failed on ${this.label}: ${err.trim()}`,
          this.label,
          text,
        );
      }
    }
    return text;
  }

  private waitFor(
    patterns: Record<string, RegExp>,
    timeoutMs: number,
    code: TelnetErrorCode,
    what: string,
    commandMode = false,
  ): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(
          new TelnetError(
            code,
            `${what} from ${this.label} within ${timeoutMs} ms`,
            this.label,
            this.snapshot(),
          ),
        );
      }, timeoutMs);
      const test = (): string | null => {
        if (this.closed) return '__closed';
        const tail = this.currentTail();
        if (commandMode && this.handleInteractive(tail)) return null;
        for (const [name, re] of Object.entries(patterns)) {
          if (re.test(tail)) return name;
        }
        // Failure texts usually arrive on a completed line before the next prompt.
        if (!commandMode && patterns['failed']) {
          const recent = this.lines.slice(-3).join('\n');
          if (patterns['failed'].test(recent)) return 'failed';
        }
        return null;
      };
      this.waiter = {
        test,
        resolve: (what) => {
          clearTimeout(timer);
          this.waiter = null;
          if (what === '__closed') {
            reject(
              new TelnetError(
                TelnetErrorCode.CLOSED,
                `connection to ${this.label} closed`,
                this.label,
                this.snapshot(),
              ),
            );
          } else resolve(what);
        },
      };
      const now = test();
      if (now !== null) this.waiter.resolve(now);
    });
  }

  /** Answers pagers and confirmations on the current line; true when it wrote something. */
  private handleInteractive(tail: string): boolean {
    const p = this.profile;
    const pager = p.pagers.some((r) => r.test(tail));
    if (pager && !this.pagerAnswered) {
      this.pagerAnswered = true;
      this.write(p.pagerAnswer);
      return true;
    }
    if (!pager) this.pagerAnswered = false;
    const confirm = p.confirmations.find((c) => c.match.test(tail));
    if (confirm && !this.confirmAnswered) {
      this.confirmAnswered = true;
      this.write(confirm.answer + p.newline);
      return true;
    }
    if (!confirm) this.confirmAnswered = false;
    return pager || confirm !== undefined;
  }

  private onData(chunk: Buffer): void {
    const { data, commands } = this.filter.push(chunk);
    // telnet-client already answers the IAC triples a chunk starts with; answer only the rest.
    let leading = 0;
    while (leading + 2 < chunk.length && chunk[leading] === 255 && chunk[leading + 1] !== 255) leading += 3;
    for (const c of commands) {
      if (c.offset >= 0 && c.offset < leading) continue;
      const reply = negotiationReply(c);
      if (reply) this.writeRaw(reply);
    }
    const text = this.decoder.write(data);
    if (text.length === 0) return;
    this.charCount += text.length;
    const max = this.opts.maxOutputChars ?? 20_000_000;
    if (this.charCount > max) {
      this.broken = new TelnetError(
        TelnetErrorCode.OUTPUT_TOO_LARGE,
        `more than ${max} characters from ${this.label}`,
        this.label,
      );
      void this.close();
      this.waiter?.resolve('__closed');
      return;
    }
    const parts = (this.tailRaw + text).split('\n');
    this.tailRaw = parts.pop() ?? '';
    for (const raw of parts) this.lines.push(renderLine(raw.replace(/\r+$/, '')));
    if (this.waiter) {
      const hit = this.waiter.test();
      if (hit !== null) this.waiter.resolve(hit);
    }
  }

  private onClose(): void {
    if (!this.closed) this.closed = true;
    if (this.waiter) this.waiter.resolve('__closed');
  }

  private currentTail(): string {
    return renderLine(this.tailRaw);
  }

  private resetBuffer(): void {
    this.lines = [];
    this.tailRaw = '';
    this.charCount = 0;
    this.pagerAnswered = false;
    this.confirmAnswered = false;
  }

  private snapshot(): string {
    return [...this.lines.slice(-20), this.currentTail()].join('\n');
  }

  private write(text: string): void {
    this.writeRaw(Buffer.from(text, 'utf8'));
  }

  private writeRaw(buf: Buffer): void {
    const sock = (this.telnet as unknown as { socket: { writable: boolean; write(b: Buffer): void } | null })
      .socket;
    if (sock && sock.writable && !this.closed) sock.write(buf);
  }
}

function errText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
