/**
 * The RouterOS API's framing (TCP 8728, or TLS on 8729), written from the protocol's documentation: a
 * sentence is a list of words, each word its length then its bytes, and a word of length zero ends the
 * sentence. Lengths take one to five bytes:
 *
 *   < 0x80        1 byte   0xxxxxxx
 *   < 0x4000      2 bytes  10xxxxxx …  (length | 0x8000)
 *   < 0x200000    3 bytes  110xxxxx …  (length | 0xC00000)
 *   < 0x10000000  4 bytes  1110xxxx …  (length | 0xE0000000)
 *   otherwise     5 bytes  0xF0, then the length in 4 bytes
 *
 * A first byte of 0xF8 and above is a control byte the protocol reserves; seeing one means the stream is
 * not the API's (a web server, a TLS port spoken to in clear), and the reader says so.
 */

/** The bytes that say how long a word of `length` bytes is. */
export function encodeLength(length: number): Buffer {
  if (!Number.isInteger(length) || length < 0 || length > 0xffffffff)
    throw new RangeError(`word length out of range: ${length}`);
  if (length < 0x80) return Buffer.from([length]);
  if (length < 0x4000) return Buffer.from([(length >> 8) | 0x80, length & 0xff]);
  if (length < 0x200000) return Buffer.from([(length >> 16) | 0xc0, (length >> 8) & 0xff, length & 0xff]);
  if (length < 0x10000000)
    return Buffer.from([
      ((length >>> 24) & 0xff) | 0xe0,
      (length >> 16) & 0xff,
      (length >> 8) & 0xff,
      length & 0xff,
    ]);
  const out = Buffer.alloc(5);
  out[0] = 0xf0;
  out.writeUInt32BE(length, 1);
  return out;
}

/** A length read from the start of `buf`: its value and how many bytes it took, or null when incomplete. */
export function decodeLength(buf: Buffer, at = 0): { length: number; size: number } | null {
  if (at >= buf.length) return null;
  const b = buf[at];
  const need = b < 0x80 ? 1 : b < 0xc0 ? 2 : b < 0xe0 ? 3 : b < 0xf0 ? 4 : b === 0xf0 ? 5 : 0;
  if (need === 0)
    throw new WordFramingError(`control byte 0x${b.toString(16)} where a word length was expected`);
  if (at + need > buf.length) return null;
  switch (need) {
    case 1:
      return { length: b, size: 1 };
    case 2:
      return { length: ((b & 0x3f) << 8) | buf[at + 1], size: 2 };
    case 3:
      return { length: ((b & 0x1f) << 16) | (buf[at + 1] << 8) | buf[at + 2], size: 3 };
    case 4:
      return {
        length: (b & 0x0f) * 0x1000000 + ((buf[at + 1] << 16) | (buf[at + 2] << 8) | buf[at + 3]),
        size: 4,
      };
    default:
      return { length: buf.readUInt32BE(at + 1), size: 5 };
  }
}

/** The stream is not the RouterOS API's. */
export class WordFramingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WordFramingError';
  }
}

/** One sentence on the wire: each word (UTF-8) with its length, then the empty word. */
export function encodeSentence(words: readonly string[]): Buffer {
  const parts: Buffer[] = [];
  for (const word of words) {
    const bytes = Buffer.from(word, 'utf8');
    if (bytes.length === 0)
      throw new RangeError('a sentence cannot hold an empty word (it would end the sentence)');
    parts.push(encodeLength(bytes.length), bytes);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

/** Words of sentences longer than this are refused: a reader must not buffer without bound. */
export const MAX_SENTENCE_BYTES = 16 * 1024 * 1024;

/**
 * Cuts a byte stream (however it arrives in chunks) into sentences. `push` returns the sentences that
 * the chunk completed; bytes of an unfinished sentence wait for the next chunk.
 */
export class SentenceReader {
  private pending: Buffer = Buffer.alloc(0);
  private words: string[] = [];
  private held = 0;

  push(chunk: Buffer): string[][] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const done: string[][] = [];
    let at = 0;
    for (;;) {
      const head = decodeLength(this.pending, at);
      if (!head) break;
      // Refused as soon as the length is read: waiting for the bytes would buffer them first.
      if (this.held + head.length > MAX_SENTENCE_BYTES)
        throw new WordFramingError(`a sentence of more than ${MAX_SENTENCE_BYTES} bytes`);
      if (at + head.size + head.length > this.pending.length) break;
      const start = at + head.size;
      at = start + head.length;
      if (head.length === 0) {
        done.push(this.words);
        this.words = [];
        this.held = 0;
        continue;
      }
      this.held += head.length;
      this.words.push(this.pending.toString('utf8', start, at));
    }
    this.pending = this.pending.subarray(at);
    if (this.pending.length > MAX_SENTENCE_BYTES) throw new WordFramingError('a word longer than the limit');
    return done;
  }

  /** True when no partial sentence is waiting. */
  get idle(): boolean {
    return this.pending.length === 0 && this.words.length === 0;
  }
}

/** What a reply sentence says, its attributes (`=key=value`) and API attributes (`.tag=…`) taken apart. */
export interface ReplySentence {
  /** `!re`, `!done`, `!trap`, `!fatal`, `!empty`, … */
  type: string;
  /** `=key=value` words; a value may itself hold `=`. */
  attributes: Record<string, string>;
  tag?: string;
  /** Words that are neither (the reason `!fatal` gives). */
  other: string[];
}

export function parseReply(words: readonly string[]): ReplySentence {
  const [type = '', ...rest] = words;
  const attributes: Record<string, string> = {};
  const other: string[] = [];
  let tag: string | undefined;
  for (const word of rest) {
    if (word.startsWith('=')) {
      const eq = word.indexOf('=', 1);
      if (eq === -1) attributes[word.slice(1)] = '';
      else attributes[word.slice(1, eq)] = word.slice(eq + 1);
    } else if (word.startsWith('.tag=')) tag = word.slice(5);
    else other.push(word);
  }
  return { type, attributes, tag, other };
}
