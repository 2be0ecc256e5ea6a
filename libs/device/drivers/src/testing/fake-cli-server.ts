/**
 * A scripted telnet CLI for driver tests over real sockets: login, optional enable password, prompt modes
 * (`host>`, `host#`, `host(config)#`, `host(config-pon-0/1)#`), per-command outputs and (y/n) confirmations.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface FakeCliScript {
  hostname: string;
  loginPrompt?: string;
  username?: string;
  password: string;
  enablePassword?: string | null;
  /** Pager text inserted every `pageLines` lines unless `terminal length 0` was sent. */
  pager?: string;
  pageLines?: number;
  acceptsTerminalLength?: boolean;
  /** Mode-changing commands: regexp → prompt suffix (e.g. `(config)`), or null to go up one level. */
  modes?: { match: RegExp; suffix: string | null }[];
  /** Command → output. A `confirm` output asks (y/n) first. */
  commands: { match: RegExp; output: string | ((m: RegExpMatchArray) => string); confirm?: string }[];
}

export class FakeCliServer {
  private readonly server: Server;
  readonly log: string[] = [];
  port = 0;

  constructor(private readonly s: FakeCliScript) {
    this.server = createServer((sock) => this.session(sock));
  }

  async start(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    const a = this.server.address();
    this.port = typeof a === 'object' && a ? a.port : 0;
    return this.port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private session(sock: Socket): void {
    const s = this.s;
    let state: 'user' | 'pass' | 'enable' | 'cli' | 'confirm' | 'paging' = 'user';
    let privileged = s.enablePassword === undefined;
    let pagerOff = false;
    const modeStack: string[] = [];
    let pending: string[] = [];
    let confirmed: { output: string } | null = null;
    let buf = '';
    const prompt = () =>
      `${s.hostname}${modeStack[modeStack.length - 1] ?? ''}${privileged || modeStack.length ? '#' : '>'} `;
    const write = (t: string) => sock.write(t);
    const flush = () => {
      const n = s.pageLines ?? 20;
      if (pagerOff || !s.pager) {
        write(pending.join('\r\n') + (pending.length ? '\r\n' : '') + prompt());
        pending = [];
        state = 'cli';
        return;
      }
      const page = pending.splice(0, n);
      write(page.join('\r\n') + (page.length ? '\r\n' : ''));
      if (pending.length) {
        state = 'paging';
        write(s.pager);
      } else {
        state = 'cli';
        write(prompt());
      }
    };
    write(
      Buffer.concat([
        Buffer.from([255, 251, 1, 255, 251, 3]),
        Buffer.from(`\r\n${s.loginPrompt ?? 'Username:'} `),
      ]).toString('latin1'),
    );
    sock.on('data', (d: Buffer) => {
      const text = d.toString('latin1').replace(/\xff[\xfb-\xfe]./g, '');
      if (state === 'paging') {
        write('\r' + ' '.repeat((s.pager ?? '').length) + '\r');
        flush();
        return;
      }
      buf += text;
      let nl: number;
      while ((nl = buf.search(/\r\n|\n|\r/)) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + (buf.slice(nl, nl + 2) === '\r\n' ? 2 : 1));
        if (state === 'user') {
          state = line === (s.username ?? 'admin') ? 'pass' : 'pass';
          write('Password: ');
          continue;
        }
        if (state === 'pass') {
          if (line !== s.password) {
            write('\r\n% Authentication failed!\r\n');
            sock.end();
            return;
          }
          state = 'cli';
          write(`\r\n${prompt()}`);
          continue;
        }
        if (state === 'enable') {
          privileged = line === s.enablePassword;
          state = 'cli';
          write(privileged ? `\r\n${prompt()}` : `\r\n% Bad passwords\r\n${prompt()}`);
          continue;
        }
        if (state === 'confirm') {
          state = 'cli';
          write(`${line}\r\n`);
          if (/^y/i.test(line) && confirmed) {
            pending = confirmed.output.split('\n');
            flush();
          } else write(prompt());
          continue;
        }
        this.log.push(line);
        write(`${line}\r\n`);
        if (line === 'enable') {
          if (s.enablePassword === null || s.enablePassword === undefined) {
            privileged = true;
            write(prompt());
          } else {
            state = 'enable';
            write('Password: ');
          }
          continue;
        }
        if (line === 'terminal length 0' || line === 'terminal width 0') {
          if (s.acceptsTerminalLength === false) write(`% Unknown command.\r\n${prompt()}`);
          else {
            pagerOff = true;
            write(prompt());
          }
          continue;
        }
        const mode = s.modes?.find((m) => m.match.test(line));
        if (mode) {
          if (mode.suffix === null) modeStack.pop();
          else modeStack.push(mode.suffix);
          write(prompt());
          continue;
        }
        const cmd = s.commands.find((c) => c.match.test(line));
        if (!cmd) {
          write(`% Unknown command.\r\n${prompt()}`);
          continue;
        }
        const m = line.match(cmd.match) ?? [line];
        const output = typeof cmd.output === 'function' ? cmd.output(m) : cmd.output;
        if (cmd.confirm) {
          state = 'confirm';
          confirmed = { output };
          write(cmd.confirm);
          continue;
        }
        pending = output.split('\n');
        flush();
      }
    });
    sock.on('error', () => undefined);
  }
}
