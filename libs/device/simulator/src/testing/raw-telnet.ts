/** A bare TCP client for byte-level CLI checks (pager bytes, ANSI moves) that a cleaning session would hide. */
import { connect, type Socket } from 'node:net';

export class RawTelnet {
  private buf = '';
  private constructor(private readonly socket: Socket) {
    socket.on('data', (b: Buffer) => {
      this.buf += b.toString('latin1');
    });
  }

  static open(host: string, port: number): Promise<RawTelnet> {
    return new Promise((resolve, reject) => {
      const s = connect(port, host, () => resolve(new RawTelnet(s)));
      s.once('error', reject);
    });
  }

  /** Everything received since the last `take()`. */
  take(): string {
    const b = this.buf;
    this.buf = '';
    return b;
  }

  async until(re: RegExp, timeoutMs = 3000): Promise<string> {
    const end = Date.now() + timeoutMs;
    while (!re.test(this.buf)) {
      if (Date.now() > end)
        throw new Error(`timeout waiting for ${re}; got ${JSON.stringify(this.buf.slice(-200))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.take();
  }

  send(text: string): void {
    this.socket.write(text, 'latin1');
  }

  get closed(): boolean {
    return this.socket.destroyed || this.socket.readableEnded;
  }

  waitClosed(timeoutMs = 3000): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.socket.once('close', () => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Start offsets of the dash runs of a `---- ----- ---` separator line. */
export function dashColumns(sep: string): number[] {
  const out: number[] = [];
  const re = /-+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(sep))) out.push(m.index);
  return out;
}

/** Start offsets of header titles separated by two or more spaces (`OnuIndex    Admin State    …`). */
export function titleColumns(header: string): number[] {
  const out: number[] = [];
  const re = /\S+(?: \S+)*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(header))) out.push(m.index);
  return out;
}

/**
 * Columns a row fails to start at: a field starts at each offset (space before, text at it). Fields that ran into
 * the next column (BDCOM's overlap quirk) are allowed through `overlapOk`.
 */
export function misaligned(row: string, starts: number[]): number[] {
  return starts.filter((s) => s > 0 && s < row.length && !(row[s - 1] === ' ' && row[s] !== ' '));
}
