/**
 * One telnet CLI session in a brand's dialect: echo, login with retries, `enable`, modes, paging with the brand's
 * marker and erase bytes, confirmations, and the per-device faults (slow, auth failure, truncated output).
 */
import type { Socket } from 'node:net';
import type { CliDialect, CliReply, CliSession } from './cli-dialect';
import { toCursorMoves } from './cli-dialect';
import { delay, type DeviceFaults } from '../model/device-faults';
import { SERVER_OPTIONS, TelnetInput } from './telnet-options';

/** What a session needs of its device: the credentials, the brand's dialect and the current faults. */
export interface CliConnectionOptions {
  hostname: string;
  username: string;
  password: string;
  enablePassword: string;
  dialect: CliDialect;
  faults(): DeviceFaults;
}

type InputState = 'login' | 'password' | 'command' | 'enable-password' | 'pager' | 'confirm' | 'closed';

/** One telnet session: login with retries, `enable`, modes, paging, confirmations and the device's faults. */
export class CliConnection implements CliSession {
  mode = 'user';
  paging = true;
  readonly hostname: string;
  username = '';
  private state: InputState = 'login';
  private line = '';
  private failures = 0;
  private pendingPages: string[] = [];
  private confirm: { onAnswer(yes: boolean): string } | null = null;
  private lastWasCr = false;

  constructor(
    private readonly socket: Socket,
    private readonly opts: CliConnectionOptions,
    private readonly onLogin: () => void,
  ) {
    this.hostname = opts.hostname;
  }

  private get dialect(): CliDialect {
    return this.opts.dialect;
  }

  begin(): void {
    this.socket.write(SERVER_OPTIONS);
    this.socket.on('data', (chunk: Buffer) => this.onBytes(chunk));
    const banner = this.dialect.banner ? `${this.dialect.banner}\r\n` : '';
    this.socket.write(`${banner}\r\n${this.dialect.loginPrompt}`);
  }

  private send(text: string): void {
    // UTF-8 like the boxes (HSGQ prints `°C`); everything else is ASCII.
    if (this.state !== 'closed' && !this.socket.destroyed) this.socket.write(text, 'utf8');
  }

  private readonly input: number[] = [];
  private pumping = false;
  private readonly telnet = new TelnetInput((bytes) => this.socket.write(bytes));

  private onBytes(chunk: Buffer): void {
    for (const b of this.telnet.data(chunk)) this.input.push(b);
    void this.pump();
  }

  /** Characters are handled strictly in order, each in the state the previous ones left (type-ahead works). */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.input.length > 0) {
        const b = this.input.shift() as number;
        await this.onChar(b);
      }
    } catch {
      this.socket.destroy();
    } finally {
      this.pumping = false;
    }
  }

  private get echoing(): boolean {
    return this.state !== 'password' && this.state !== 'enable-password';
  }

  private async onChar(b: number): Promise<void> {
    if (this.state === 'closed') return;
    // The LF (or NUL) of a CR LF / CR NUL pair belongs to the line just ended, even if a pager is now showing.
    if (b === 0 || (b === 10 && this.lastWasCr)) {
      this.lastWasCr = false;
      return;
    }
    if (this.state === 'pager') {
      this.lastWasCr = false;
      this.onPagerKey(b);
      return;
    }
    if (b === 13 || b === 10) {
      this.lastWasCr = b === 13;
      const line = this.line;
      this.line = '';
      this.send('\r\n');
      await this.onLine(line);
      return;
    }
    this.lastWasCr = false;
    if (b === 8 || b === 127) {
      if (this.line.length > 0) {
        this.line = this.line.slice(0, -1);
        if (this.echoing) this.send('\b \b');
      }
      return;
    }
    if (b < 32) return;
    this.line += String.fromCharCode(b);
    if (this.echoing) this.send(String.fromCharCode(b));
  }

  private async onLine(line: string): Promise<void> {
    const d = this.dialect;
    switch (this.state) {
      case 'login':
        this.username = line.trim();
        this.state = 'password';
        this.send(d.passwordPrompt);
        return;
      case 'password': {
        const f = this.opts.faults();
        await delay(f.slowMs);
        const ok =
          !f.telnetAuthFailure && this.username === this.opts.username && line === this.opts.password;
        if (!ok) {
          this.failures++;
          if (this.failures >= 3) {
            this.send(`\r\n${d.tooManyFailuresMessage}\r\n`);
            this.close();
            return;
          }
          this.send(`\r\n${d.loginFailedMessage}\r\n\r\n${d.loginPrompt}`);
          this.state = 'login';
          return;
        }
        this.onLogin();
        this.state = 'command';
        this.mode = 'user';
        this.send(`\r\n${d.prompt(this)}`);
        return;
      }
      case 'enable-password':
        this.state = 'command';
        if (line === this.opts.enablePassword) this.mode = 'enable';
        else this.send(`${d.enableFailedMessage}\r\n`);
        this.send(d.prompt(this));
        return;
      case 'confirm': {
        const c = this.confirm;
        this.confirm = null;
        this.state = 'command';
        const yes = /^y(es)?$/i.test(line.trim());
        const out = c ? c.onAnswer(yes) : '';
        if (yes) await delay(this.opts.faults().confirmReplyDelayMs);
        await this.output(out);
        return;
      }
      case 'command':
        await this.command(line);
        return;
      default:
        return;
    }
  }

  private async command(raw: string): Promise<void> {
    const d = this.dialect;
    const line = raw.trim();
    if (line === '') {
      this.send(d.prompt(this));
      return;
    }
    await delay(this.opts.faults().slowMs);
    if (/^en(able)?$/i.test(line) && this.mode === 'user') {
      if (d.enableAsksPassword) {
        this.state = 'enable-password';
        this.send(d.passwordPrompt);
        return;
      }
      this.mode = 'enable';
      this.send(d.prompt(this));
      return;
    }
    if (/^(exit|quit|logout)$/i.test(line)) {
      const next = /^logout$/i.test(line) ? null : d.exitMode(this.mode);
      if (next === null) {
        this.close();
        return;
      }
      this.mode = next;
      this.send(d.prompt(this));
      return;
    }
    let reply: CliReply;
    try {
      reply = d.execute(this, line);
    } catch (e) {
      reply = `% ${e instanceof Error ? e.message : String(e)}`;
    }
    if (typeof reply === 'string') {
      await this.output(reply);
      return;
    }
    if (reply.confirm) {
      if (reply.output) this.send(`${reply.output}\r\n`);
      this.confirm = reply.confirm;
      this.state = 'confirm';
      this.send(reply.confirm.question);
      return;
    }
    await this.output(reply.output);
    if (reply.close) this.close();
  }

  /** Send command output (paged where the session pages), then the prompt. */
  private async output(text: string): Promise<void> {
    const d = this.dialect;
    let body = text.replace(/\r?\n/g, '\r\n');
    if (d.ansiSpacing) body = toCursorMoves(body);
    if (this.opts.faults().truncateOutput && body.length > 0) {
      // A flaky link: half the answer, then the session is gone.
      this.send(body.slice(0, Math.max(1, Math.floor(body.length / 2))));
      this.close();
      return;
    }
    const lines = body === '' ? [] : body.split('\r\n');
    const per = d.pager.linesPerPage;
    if (!this.paging || lines.length <= per) {
      this.send(lines.length ? `${lines.join('\r\n')}\r\n${d.prompt(this)}` : d.prompt(this));
      return;
    }
    const pages: string[] = [];
    for (let i = 0; i < lines.length; i += per) pages.push(lines.slice(i, i + per).join('\r\n'));
    this.send(`${pages.shift() ?? ''}\r\n${d.pager.marker}`);
    this.pendingPages = pages;
    this.state = 'pager';
  }

  private onPagerKey(b: number): void {
    if (this.state !== 'pager') return;
    const d = this.dialect;
    this.send(d.pager.erase);
    if (b === 113 || b === 81 || b === 3) {
      // q / Q / Ctrl-C abort the listing.
      this.pendingPages = [];
      this.state = 'command';
      this.send(`\r\n${d.prompt(this)}`);
      return;
    }
    const next = this.pendingPages.shift();
    if (next === undefined) {
      this.state = 'command';
      this.send(d.prompt(this));
      return;
    }
    if (this.pendingPages.length === 0) {
      this.state = 'command';
      this.send(`${next}\r\n${d.prompt(this)}`);
      return;
    }
    this.send(`${next}\r\n${d.pager.marker}`);
  }

  private close(): void {
    this.state = 'closed';
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 50).unref();
  }
}
