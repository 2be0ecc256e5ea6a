import { createServer, type Server, type Socket } from 'node:net';
import { TelnetSession } from './telnet-session';
import { TelnetError, TelnetErrorCode } from './telnet.exception';
import type { TelnetProfile } from './telnet-profile';

const profile: TelnetProfile = {
  loginPrompt: /(?:user\s?name|login)\s*:\s*$/i,
  passwordPrompt: /password\s*:\s*$/i,
  prompt: /(?:^|[\r\n])(?!\s)(?![^\r\n]*--More)[^\r\n#>]{1,80}[#>] ?$/,
  privilegedPrompt: /(?:^|[\r\n])(?!\s)[^\r\n#>]{1,80}# ?$/,
  loginFailed: /Authentication failed|Login incorrect/i,
  enableCommand: 'enable',
  enableFailed: /Bad Password/i,
  // eslint-disable-next-line no-control-regex -- NUL/ESC/BS are what the devices really send
  pagers: [/ ?--More-- ?\x00?/, /\s*--More \( Press 'Q' to quit \)--\s*/],
  pagerAnswer: ' ',
  disablePagerCommands: ['terminal length 0'],
  confirmations: [{ match: /\(y\/n\)\s*(?:\[[yn]\])?\s*[:?]?\s*$/i, answer: 'y' }],
  eventLines: [/^\s*\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\s{2,}\S/],
  errorLines: [/^%\s*Unknown command/i],
  newline: '\r\n',
};

interface FakeOltOptions {
  loginPrompt?: string;
  hostname?: string;
  password?: string;
  enablePassword?: string | null;
  pager?: 'vsol' | 'cdata';
  supportsTerminalLength?: boolean;
  silent?: boolean;
}

/** A tiny line-based telnet OLT: IAC negotiation, login, enable, pagers, ANSI tables, confirmations, events. */
class FakeOlt {
  server: Server;
  port = 0;
  commandsSeen: string[] = [];
  overlapped = false;
  private busy = false;

  constructor(private readonly o: FakeOltOptions = {}) {
    this.server = createServer((sock) => this.session(sock));
  }

  async start(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    const addr = this.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
    return this.port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private session(sock: Socket): void {
    if (this.o.silent) return;
    const host = this.o.hostname ?? 'RT_01|192.0.2.4-Site_OLT';
    let state: 'user' | 'pass' | 'cli' | 'enable' | 'confirm' = 'user';
    let privileged = false;
    let pagerOff = false;
    let pending: string[] = [];
    let buf = '';
    const prompt = () => `${host}${privileged ? '#' : '>'}`;
    // Negotiation in the middle of the banner, not at the chunk start.
    sock.write(
      Buffer.concat([
        Buffer.from('\r\nUser Access Verification\r\n'),
        Buffer.from([255, 251, 1, 255, 251, 3, 255, 253, 31]),
        Buffer.from(`\r\n${this.o.loginPrompt ?? 'Username:'} `),
      ]),
    );
    const sendPage = () => {
      const page = pending.splice(0, 10);
      sock.write(page.join('\r\n') + '\r\n');
      if (pending.length > 0) {
        sock.write(this.o.pager === 'cdata' ? "  --More ( Press 'Q' to quit )--" : ' --More-- \x00');
      } else {
        this.busy = false;
        sock.write(prompt());
      }
    };
    sock.on('data', (d: Buffer) => {
      const bytes = [...d].filter(
        (b, i, a) =>
          !(b === 255 || (i > 0 && a[i - 1] === 255) || (i > 1 && a[i - 2] === 255 && a[i - 1] >= 251)),
      );
      const text = Buffer.from(bytes).toString('latin1');
      if (pending.length > 0 && text.includes(' ')) {
        // Erase the pager the way VSOL does before the next page.
        if (this.o.pager !== 'cdata') sock.write(`${'\b'.repeat(10)}${' '.repeat(10)}${'\b'.repeat(10)}`);
        else sock.write('\r' + ' '.repeat(34) + '\r');
        sendPage();
        return;
      }
      buf += text;
      let nl: number;
      while ((nl = buf.search(/\r\n|\n|\r/)) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + (buf.slice(nl, nl + 2) === '\r\n' ? 2 : 1));
        if (state === 'user') {
          state = 'pass';
          sock.write('Password: ');
        } else if (state === 'pass') {
          if (line === (this.o.password ?? 'secret')) {
            state = 'cli';
            sock.write(`\r\n${prompt()}`);
          } else {
            sock.write('\r\nAuthentication failed!\r\n');
            sock.end();
          }
        } else if (state === 'enable') {
          if (line === this.o.enablePassword) {
            privileged = true;
            state = 'cli';
            sock.write(`\r\n${prompt()}`);
          } else {
            state = 'cli';
            sock.write(`\r\nBad Password...\r\n${prompt()}`);
          }
        } else if (state === 'confirm') {
          state = 'cli';
          this.busy = false;
          sock.write(
            line === 'y' ? `${line}\r\nONU rebooted\r\n${prompt()}` : `${line}\r\ncancelled\r\n${prompt()}`,
          );
        } else {
          if (this.busy) this.overlapped = true;
          this.busy = true;
          this.commandsSeen.push(line);
          sock.write(`${line}\r\n`); // echo
          if (line === 'enable') {
            if (this.o.enablePassword === null) {
              privileged = true;
              this.busy = false;
              sock.write(prompt());
            } else {
              state = 'enable';
              this.busy = false;
              sock.write('Password: ');
            }
          } else if (line === 'terminal length 0') {
            this.busy = false;
            if (this.o.supportsTerminalLength === false) sock.write(`% Unknown command.\r\n${prompt()}`);
            else {
              pagerOff = true;
              sock.write(prompt());
            }
          } else if (line === 'show table') {
            const rows = Array.from(
              { length: 25 },
              (_, i) =>
                `EPON0/1:${i + 1}\x1b[3C${(20 + i / 10).toFixed(2)}\x1b[13C-${(15 + i / 10).toFixed(2)}`,
            );
            rows.splice(12, 0, '2026/05/25 17:08:24   ONU Port Los   PON 0/3 ONU 50 LINK DOWN');
            pending = rows;
            if (pagerOff) {
              sock.write(rows.join('\r\n') + '\r\n');
              pending = [];
              this.busy = false;
              sock.write(prompt());
            } else sendPage();
          } else if (line.startsWith('reboot')) {
            state = 'confirm';
            sock.write('Are you sure to reboot the ONU? (y/n) [n]');
          } else if (line === 'hang') {
            // never answers
          } else if (line === 'garbage') {
            this.busy = false;
            sock.write(
              Buffer.concat([
                Buffer.from([0, 1, 2, 0xfe, 0x1b, 0x5b, 0x32, 0x4a, 0xc3, 0x28, 0x07]),
                Buffer.from(`\r\n${prompt()}`),
              ]),
            );
          } else if (line.startsWith('echo ')) {
            setTimeout(() => {
              this.busy = false;
              sock.write(`${line.slice(5)}\r\n${prompt()}`);
            }, 20);
          } else {
            this.busy = false;
            sock.write(`% Unknown command.\r\n${prompt()}`);
          }
        }
      }
    });
    sock.on('error', () => undefined);
  }
}

const base = (port: number, extra: Partial<ConstructorParameters<typeof TelnetSession>[0]> = {}) =>
  new TelnetSession({
    host: '127.0.0.1',
    port,
    username: 'admin',
    password: 'secret',
    profile,
    connectTimeoutMs: 2000,
    loginTimeoutMs: 2000,
    commandTimeoutMs: 2000,
    ...extra,
  });

describe('TelnetSession against a local fake OLT over real sockets', () => {
  it('logs in (Username:), enables with a password, learns an odd hostname, pages, cleans and filters', async () => {
    const olt = new FakeOlt({ enablePassword: 'en4ble', supportsTerminalLength: false });
    const port = await olt.start();
    const s = base(port, { enablePassword: 'en4ble' });
    try {
      await s.open();
      expect(s.prompt).toBe('RT_01|192.0.2.4-Site_OLT#');
      expect(s.privileged).toBe(true);
      const out = await s.exec('show table');
      const lines = out.split('\n');
      expect(lines).toHaveLength(25);
      expect(lines[0]).toBe('EPON0/1:1   20.00             -15.00');
      expect(lines[24]).toBe('EPON0/1:25   22.40             -17.40');
      // eslint-disable-next-line no-control-regex -- NUL/ESC/BS are what the devices really send
      expect(out).not.toMatch(/More|ONU Port Los|\x1b|\x00|\x08/);
    } finally {
      await s.close();
      await olt.stop();
    }
  });

  it.each(['Login:', 'User name:'])(
    'accepts the %s prompt and skips enable when none is needed',
    async (loginPrompt) => {
      const olt = new FakeOlt({ loginPrompt, enablePassword: null, hostname: 'epon-olt' });
      const port = await olt.start();
      const s = base(port);
      try {
        await s.open();
        expect(s.prompt).toBe('epon-olt#');
        expect(olt.commandsSeen).toEqual(['enable', 'terminal length 0']);
        // terminal length 0 took: no pager in the output.
        expect((await s.exec('show table')).split('\n')).toHaveLength(25);
      } finally {
        await s.close();
        await olt.stop();
      }
    },
  );

  it('answers the C-Data pager and the (y/n) confirmation', async () => {
    const olt = new FakeOlt({
      pager: 'cdata',
      supportsTerminalLength: false,
      enablePassword: null,
      hostname: 'OLT - MANTIMENTO',
    });
    const port = await olt.start();
    const s = base(port);
    try {
      await s.open();
      expect((await s.exec('show table')).split('\n')).toHaveLength(25);
      expect(await s.exec('reboot onu 1')).toContain('ONU rebooted');
    } finally {
      await s.close();
      await olt.stop();
    }
  });

  it('runs one command at a time even when callers overlap', async () => {
    const olt = new FakeOlt({ enablePassword: null });
    const port = await olt.start();
    const s = base(port);
    try {
      await s.open();
      const outs = await Promise.all(['echo one', 'echo two', 'echo three'].map((c) => s.exec(c)));
      expect(outs).toEqual(['one', 'two', 'three']);
      expect(olt.overlapped).toBe(false);
    } finally {
      await s.close();
      await olt.stop();
    }
  });

  it('fails with AUTH_FAILED on a wrong password', async () => {
    const olt = new FakeOlt();
    const port = await olt.start();
    const s = base(port, { password: 'wrong' });
    const t0 = Date.now();
    await expect(s.open()).rejects.toMatchObject({ code: TelnetErrorCode.AUTH_FAILED });
    expect(Date.now() - t0).toBeLessThan(2000);
    await olt.stop();
  });

  it('fails with ENABLE_FAILED on a wrong enable password', async () => {
    const olt = new FakeOlt({ enablePassword: 'right' });
    const port = await olt.start();
    await expect(base(port, { enablePassword: 'nope' }).open()).rejects.toMatchObject({
      code: TelnetErrorCode.ENABLE_FAILED,
    });
    await olt.stop();
  });

  it('fails with LOGIN_TIMEOUT when the server never shows a prompt', async () => {
    const olt = new FakeOlt({ silent: true });
    const port = await olt.start();
    const t0 = Date.now();
    const err = await base(port, { loginTimeoutMs: 400 })
      .open()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelnetError);
    expect((err as TelnetError).code).toBe(TelnetErrorCode.LOGIN_TIMEOUT);
    expect(Date.now() - t0).toBeLessThan(1500);
    await olt.stop();
  });

  it('times a command out, then refuses the broken session', async () => {
    const olt = new FakeOlt({ enablePassword: null });
    const port = await olt.start();
    const s = base(port);
    try {
      await s.open();
      await expect(s.exec('hang', { timeoutMs: 300 })).rejects.toMatchObject({
        code: TelnetErrorCode.COMMAND_TIMEOUT,
      });
      await expect(s.exec('echo x')).rejects.toMatchObject({ code: TelnetErrorCode.COMMAND_TIMEOUT });
    } finally {
      await s.close();
      await olt.stop();
    }
  });

  it('survives garbage bytes and reports device errors as COMMAND_FAILED', async () => {
    const olt = new FakeOlt({ enablePassword: null });
    const port = await olt.start();
    const s = base(port);
    try {
      await s.open();
      const out = await s.exec('garbage');
      // Control bytes, a clear-screen CSI and a bell are gone, undecodable bytes become U+FFFD, and the prompt
      // after them still ends the command.
      expect(out).toBe('\uFFFD\uFFFD(');
      await expect(s.exec('bogus')).rejects.toMatchObject({ code: TelnetErrorCode.COMMAND_FAILED });
      expect(await s.exec('bogus', { allowErrors: true })).toBe('% Unknown command.');
      expect(await s.exec('echo still-alive')).toBe('still-alive');
    } finally {
      await s.close();
      await olt.stop();
    }
  });

  it('fails with CONNECT_FAILED when nothing listens', async () => {
    const olt = new FakeOlt();
    const port = await olt.start();
    await olt.stop();
    await expect(base(port).open()).rejects.toMatchObject({ code: TelnetErrorCode.CONNECT_FAILED });
  });

  it.each([
    ['username', { username: 'admin\r\nreload' }],
    ['password', { password: 'secret\nreload' }],
    ['password', { password: 'secret\u0000' }],
    ['enable password', { enablePassword: 'enable\r' }],
    ['password', { password: 'secret\u0085reload' }],
  ])('refuses a %s with control characters before anything is written', async (what, extra) => {
    const olt = new FakeOlt();
    const port = await olt.start();
    let connections = 0;
    olt.server.on('connection', () => connections++);
    try {
      const s = base(port, extra);
      await expect(s.open()).rejects.toMatchObject({
        code: TelnetErrorCode.INVALID_INPUT,
        message: expect.stringContaining(`telnet ${what}`),
      });
      // The message names the field, never its value.
      await expect(s.open()).rejects.not.toMatchObject({ message: expect.stringContaining('reload') });
      expect(connections).toBe(0);
      expect(olt.commandsSeen).toEqual([]);
    } finally {
      await olt.stop();
    }
  });

  it('refuses a command with a line break, and the session stays usable', async () => {
    const olt = new FakeOlt({ enablePassword: null });
    const port = await olt.start();
    const s = base(port);
    try {
      await s.open();
      const before = olt.commandsSeen.length;
      await expect(s.exec('echo a\r\nreload')).rejects.toMatchObject({ code: TelnetErrorCode.INVALID_INPUT });
      expect(olt.commandsSeen.slice(before)).toEqual([]);
      expect(await s.exec('echo still-alive')).toBe('still-alive');
    } finally {
      await s.close();
      await olt.stop();
    }
  });
});
