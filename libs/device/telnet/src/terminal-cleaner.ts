/**
 * Turns what a CLI drew on a terminal into plain lines: telnet IAC sequences removed (stateful across chunks),
 * ANSI cursor-forward rendered as spaces (VSOL draws table columns with ESC[nC), other CSI dropped, backspace
 * redraws and carriage-return overwrites applied, NUL removed.
 */

const IAC = 255;
const SB = 250;
const SE = 240;
const WILL = 251;
const WONT = 252;
const DO = 253;
const DONT = 254;

export interface IacReply {
  command: number;
  option: number;
  /** Offset of the IAC byte in the chunk that completed it (-1 when it began in an earlier chunk). */
  offset: number;
}

/** Byte-level telnet filter. Keeps state so a sequence split across TCP chunks is still removed. */
export class TelnetStreamFilter {
  private state: 'data' | 'iac' | 'cmd' | 'sb' | 'sb-iac' = 'data';
  private cmd = 0;
  private start = -1;

  /** Returns payload bytes and the negotiation commands seen (for the caller to answer). */
  push(chunk: Uint8Array): { data: Buffer; commands: IacReply[] } {
    const out = Buffer.allocUnsafe(chunk.length);
    let n = 0;
    const commands: IacReply[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      switch (this.state) {
        case 'data':
          if (b === IAC) {
            this.state = 'iac';
            this.start = i;
          } else out[n++] = b;
          break;
        case 'iac':
          if (b === IAC) {
            out[n++] = IAC; // escaped 0xFF data byte
            this.state = 'data';
          } else if (b === WILL || b === WONT || b === DO || b === DONT) {
            this.cmd = b;
            this.state = 'cmd';
          } else if (b === SB) this.state = 'sb';
          else this.state = 'data'; // two-byte command (NOP, GA, …)
          break;
        case 'cmd':
          commands.push({ command: this.cmd, option: b, offset: this.start });
          this.state = 'data';
          break;
        case 'sb':
          if (b === IAC) this.state = 'sb-iac';
          break;
        case 'sb-iac':
          this.state = b === SE ? 'data' : 'sb';
          break;
      }
    }
    this.start = -1;
    return { data: out.subarray(0, n), commands };
  }
}

/** Our answer to a negotiation: accept the server echoing and suppressing go-ahead, refuse the rest. */
export function negotiationReply(c: IacReply): Buffer | null {
  const ECHO = 1;
  const SGA = 3;
  if (c.command === WILL)
    return Buffer.from([IAC, c.option === ECHO || c.option === SGA ? DO : DONT, c.option]);
  if (c.command === DO) return Buffer.from([IAC, c.option === SGA ? WILL : WONT, c.option]);
  return null;
}

/** Render one terminal line (no LF inside): CR returns to column 0, BS moves left, ESC[nC moves right. */
export function renderLine(raw: string): string {
  const cells: string[] = [];
  let cur = 0;
  let i = 0;
  const len = raw.length;
  while (i < len) {
    const ch = raw[i];
    const code = raw.charCodeAt(i);
    if (code === 27) {
      // ESC [ params final
      if (raw[i + 1] === '[') {
        let j = i + 2;
        while (j < len && /[0-9;?]/.test(raw[j])) j++;
        const params = raw.slice(i + 2, j);
        const final = raw[j] ?? '';
        const n = Math.max(1, parseInt(params || '1', 10) || 1);
        if (final === 'C') {
          for (let k = 0; k < n; k++) {
            if (cells[cur] === undefined) cells[cur] = ' ';
            cur++;
          }
        } else if (final === 'D') cur = Math.max(0, cur - n);
        else if (final === 'K') {
          const mode = parseInt(params || '0', 10) || 0;
          if (mode === 0) cells.length = Math.min(cells.length, cur);
          else if (mode === 2) cells.length = 0;
        } else if (final === 'G') cur = Math.max(0, n - 1);
        i = j + 1;
        continue;
      }
      // Two-character escapes (ESC 7, ESC 8, ESC =): drop.
      i += 2;
      continue;
    }
    if (code === 13) cur = 0;
    else if (code === 8) cur = Math.max(0, cur - 1);
    else if (code === 9) {
      const next = (Math.floor(cur / 8) + 1) * 8;
      while (cur < next) {
        if (cells[cur] === undefined) cells[cur] = ' ';
        cur++;
      }
    } else if (code === 0 || code === 7 || (code < 32 && code !== 9) || code === 127) {
      // NUL (VSOL pager), BEL and other controls carry no text.
    } else {
      cells[cur] = ch;
      cur++;
    }
    i++;
  }
  let s = '';
  for (let k = 0; k < cells.length; k++) s += cells[k] ?? ' ';
  return s.replace(/\s+$/, '');
}

/** Clean a whole captured text (LF/CRLF separated) into lines. */
export function cleanTerminalText(raw: string): string {
  return raw.replace(/\r+\n/g, '\n').split('\n').map(renderLine).join('\n');
}

/** Remove pager leftovers that a device printed without erasing them. */
export function removePagers(text: string, pagers: readonly RegExp[]): string {
  let out = text;
  for (const p of pagers)
    out = out.replace(new RegExp(p.source, p.flags.includes('g') ? p.flags : p.flags + 'g'), '');
  return out;
}

export function filterEventLines(lines: readonly string[], patterns: readonly RegExp[]): string[] {
  return lines.filter((l) => !patterns.some((p) => p.test(l)));
}
