import { LOG_LINE_MAX_CHARS } from '@pondesk/contracts';

/** The most a TCP frame (or an unterminated line) may hold; what lies beyond is read and thrown away. */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Bytes of a line kept before it is decoded and cut: LOG_LINE_MAX_CHARS of any UTF-8 text fit. */
const MAX_LINE_BYTES = LOG_LINE_MAX_CHARS * 4;
/** An octet count longer than this cannot announce a frame of at most a few hundred kilobytes. */
const MAX_COUNT_DIGITS = 6;

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const SP = 0x20;

/** One line as received: NULs and the trailing CR gone, cut to LOG_LINE_MAX_CHARS (`cut` says so). */
export interface FramedLine {
  text: string;
  cut: boolean;
}

/** The lines of a datagram or frame, and how many pieces of it were not text. */
export interface SplitResult {
  lines: FramedLine[];
  malformed: number;
}

// C0 controls but TAB, and DEL; U+FFFD stands for bytes that were not UTF-8.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/g;
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\x00-\x08\x0a-\x1f\x7f\ufffd]/g;

/**
 * A line's bytes as text, or 'garbage' when a quarter or more of it is control bytes or invalid UTF-8
 * (binary sent to the port); null for an empty line. Stray control characters become blanks.
 */
export function lineOf(bytes: Buffer, cut = false): FramedLine | 'garbage' | null {
  let text = bytes.toString('utf8').replaceAll('\0', '').trimEnd();
  if (!text) return null;
  const bad = text.match(NOT_TEXT)?.length ?? 0;
  if (bad * 4 >= text.length) return 'garbage';
  if (bad) text = text.replace(CONTROL, ' ');
  if (text.length > LOG_LINE_MAX_CHARS) {
    text = text.slice(0, LOG_LINE_MAX_CHARS);
    // Not half a surrogate pair at the cut.
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    cut = true;
  }
  return { text, cut };
}

/**
 * A datagram's (or an octet-counted frame's) lines: one message per line, split at LF (a byte that never
 * occurs inside a multi-byte UTF-8 character). `cut` marks a buffer whose end was thrown away.
 */
export function splitLines(data: Buffer, cut = false): SplitResult {
  const out: SplitResult = { lines: [], malformed: 0 };
  let start = 0;
  while (start <= data.length) {
    let end = data.indexOf(LF, start);
    if (end < 0) end = data.length;
    const last = end === data.length;
    const long = end - start > MAX_LINE_BYTES;
    const line = lineOf(data.subarray(start, long ? start + MAX_LINE_BYTES : end), long || (last && cut));
    if (line === 'garbage') out.malformed++;
    else if (line) out.lines.push(line);
    start = end + 1;
  }
  return out;
}

type FramerState = 'start' | 'count' | 'frame' | 'line';

/**
 * Splits one TCP connection's byte stream into lines (RFC 6587). The first frame decides the framing:
 * octet counting (`LEN SP MSG`, each frame split into lines like a datagram) when it starts with a
 * count, else non-transparent framing (a line ends at LF or NUL). A frame or line over MAX_FRAME_BYTES
 * is cut and its rest skipped; the connection goes on. A count that turns out not to be one (octet
 * counting lost its step) is read as one LF-terminated line, and the next frame is looked at afresh.
 * Memory per connection stays under MAX_LINE_BYTES whatever arrives.
 */
export class TcpFramer {
  private mode: 'detect' | 'octet' | 'lf' = 'detect';
  private state: FramerState = 'start';
  private count = '';
  /** Bytes left of the current octet-counted frame. */
  private remaining = 0;
  /** The kept head of the current frame or line, and how many bytes it had in all. */
  private parts: Buffer[] = [];
  private kept = 0;
  private size = 0;
  /** The current line is longer than MAX_FRAME_BYTES: it was emitted; the rest up to its end is skipped. */
  private skipping = false;

  constructor(
    private readonly emit: (result: SplitResult) => void,
    /** A frame that broke the rules (over-long, or a count that was no count). */
    private readonly malformed: () => void = () => undefined,
  ) {}

  push(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      switch (this.state) {
        case 'start': {
          const b = chunk[i];
          // Blank lines and trailers between frames carry nothing.
          if (b === LF || b === CR || b === NUL) {
            i++;
          } else if (this.mode !== 'lf' && b >= 0x31 && b <= 0x39) {
            this.state = 'count';
            this.count = '';
          } else {
            if (this.mode === 'octet') this.lostStep();
            else this.mode = 'lf';
            this.state = 'line';
          }
          break;
        }
        case 'count': {
          const b = chunk[i];
          if (b >= 0x30 && b <= 0x39 && this.count.length < MAX_COUNT_DIGITS) {
            this.count += String.fromCharCode(b);
            i++;
          } else if (b === SP && this.count.length > 0) {
            i++;
            this.mode = 'octet';
            this.remaining = Number(this.count);
            this.count = '';
            this.state = 'frame';
          } else {
            // Not a count: its digits begin a line.
            if (this.mode === 'octet') this.lostStep();
            else this.mode = 'lf';
            this.keep(Buffer.from(this.count, 'latin1'));
            this.count = '';
            this.state = 'line';
          }
          break;
        }
        case 'frame': {
          const n = Math.min(this.remaining, chunk.length - i);
          this.keep(chunk.subarray(i, i + n));
          i += n;
          this.remaining -= n;
          if (this.remaining === 0) {
            if (this.size > MAX_FRAME_BYTES) this.malformed();
            this.emit(splitLines(this.take(), this.size > this.kept));
            this.reset();
          }
          break;
        }
        case 'line': {
          let end = chunk.indexOf(LF, i);
          const nul = chunk.indexOf(NUL, i);
          if (nul >= 0 && (end < 0 || nul < end)) end = nul;
          const stop = end < 0 ? chunk.length : end;
          if (!this.skipping) this.keep(chunk.subarray(i, stop));
          i = end < 0 ? chunk.length : end + 1;
          if (end >= 0) {
            if (!this.skipping) this.emitLine();
            this.reset();
          } else if (!this.skipping && this.size > MAX_FRAME_BYTES) {
            this.malformed();
            this.emitLine();
            this.skipping = true;
          }
          break;
        }
      }
    }
  }

  /** The connection closed: an unterminated line, or the part of a frame that came, still counts. */
  end(): void {
    if (this.state === 'line' && !this.skipping) this.emitLine();
    else if (this.state === 'frame') this.emit(splitLines(this.take(), true));
    else if (this.state === 'count') this.emit(splitLines(Buffer.from(this.count, 'latin1')));
    this.reset();
  }

  /** Octet counting lost its step: this line is read up to its LF, the next frame looked at afresh. */
  private lostStep(): void {
    this.malformed();
    this.mode = 'detect';
  }

  private keep(bytes: Buffer): void {
    this.size += bytes.length;
    const room = MAX_LINE_BYTES - this.kept;
    if (room <= 0 || !bytes.length) return;
    // A copy: the chunk's memory is not held on to for a few bytes of it.
    const part = Buffer.from(bytes.subarray(0, room));
    this.parts.push(part);
    this.kept += part.length;
  }

  private take(): Buffer {
    return this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
  }

  private emitLine(): void {
    const line = lineOf(this.take(), this.size > this.kept);
    if (line === 'garbage') this.emit({ lines: [], malformed: 1 });
    else if (line) this.emit({ lines: [line], malformed: 0 });
  }

  private reset(): void {
    this.state = 'start';
    this.parts = [];
    this.kept = 0;
    this.size = 0;
    this.remaining = 0;
    this.skipping = false;
  }
}
