import {
  MAX_SENTENCE_BYTES,
  SentenceReader,
  WordFramingError,
  decodeLength,
  encodeLength,
  encodeSentence,
  parseReply,
} from './words';

/** The API manual's length encoding, each boundary's bytes written out by hand. */
const BOUNDARIES: [number, number[]][] = [
  [0, [0x00]],
  [0x7f, [0x7f]],
  [0x80, [0x80, 0x80]],
  [0x3fff, [0xbf, 0xff]],
  [0x4000, [0xc0, 0x40, 0x00]],
  [0x1fffff, [0xdf, 0xff, 0xff]],
  [0x200000, [0xe0, 0x20, 0x00, 0x00]],
  [0xfffffff, [0xef, 0xff, 0xff, 0xff]],
  [0x10000000, [0xf0, 0x10, 0x00, 0x00, 0x00]],
];

const ascii = (s: string): number[] => [...Buffer.from(s, 'latin1')];

describe('word lengths', () => {
  it.each(BOUNDARIES)('length %i encodes and decodes as the manual says', (length, bytes) => {
    expect([...encodeLength(length)]).toEqual(bytes);
    expect(decodeLength(Buffer.from(bytes))).toEqual({ length, size: bytes.length });
  });

  it('waits for the rest of a length split across chunks', () => {
    expect(decodeLength(Buffer.from([0xe0, 0x20, 0x00]))).toBeNull();
    expect(decodeLength(Buffer.from([0xf0, 0x10]))).toBeNull();
    expect(decodeLength(Buffer.alloc(0))).toBeNull();
  });

  it('refuses lengths the protocol cannot carry', () => {
    expect(() => encodeLength(-1)).toThrow(RangeError);
    expect(() => encodeLength(0x100000000)).toThrow(RangeError);
    expect(() => encodeLength(1.5)).toThrow(RangeError);
  });
});

describe('sentences', () => {
  it('encodes each word with its length and ends with the empty word', () => {
    expect([...encodeSentence(['/login', '=name=admin'])]).toEqual([
      0x06,
      ...ascii('/login'),
      0x0b,
      ...ascii('=name=admin'),
      0x00,
    ]);
    expect(() => encodeSentence(['/login', ''])).toThrow(RangeError);
  });

  /** Two reply sentences, typed byte by byte: one word needs a two-byte length (209 = 0x80 0xd1). */
  const comment = '=comment=' + 'x'.repeat(200);
  const STREAM = Buffer.from([
    0x03,
    ...ascii('!re'),
    0x15,
    ...ascii('=name=<pppoe-cust001>'),
    0x80,
    0xd1,
    ...ascii(comment),
    0x06,
    ...ascii('.tag=7'),
    0x00,
    0x05,
    ...ascii('!done'),
    0x06,
    ...ascii('.tag=7'),
    0x00,
  ]);
  const EXPECTED = [
    ['!re', '=name=<pppoe-cust001>', comment, '.tag=7'],
    ['!done', '.tag=7'],
  ];

  it('reads a stream split into two chunks at every byte offset', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      const reader = new SentenceReader();
      const got = [...reader.push(STREAM.subarray(0, at)), ...reader.push(STREAM.subarray(at))];
      expect({ at, got }).toEqual({ at, got: EXPECTED });
      expect(reader.idle).toBe(true);
    }
  });

  it('reads a stream fed one byte at a time, and says when a sentence is half read', () => {
    const reader = new SentenceReader();
    const got: string[][] = [];
    for (let i = 0; i < STREAM.length; i++) {
      got.push(...reader.push(STREAM.subarray(i, i + 1)));
      if (i === 10) expect(reader.idle).toBe(false);
    }
    expect(got).toEqual(EXPECTED);
    expect(reader.idle).toBe(true);
  });

  it('reads words whose lengths take three and four bytes', () => {
    const w3 = 'a'.repeat(0x4000);
    const w4 = 'b'.repeat(0x200000);
    const bytes = Buffer.concat([
      Buffer.from([0xc0, 0x40, 0x00]),
      Buffer.from(w3),
      Buffer.from([0xe0, 0x20, 0x00, 0x00]),
      Buffer.from(w4),
      Buffer.from([0x00]),
    ]);
    const sentences = new SentenceReader().push(bytes);
    expect(sentences).toHaveLength(1);
    expect(sentences[0].map((w) => w.length)).toEqual([0x4000, 0x200000]);
    expect(sentences[0][0]).toBe(w3);
  });

  it('refuses a word longer than the limit as soon as its length is read', () => {
    expect(MAX_SENTENCE_BYTES).toBeLessThan(0x10000000);
    expect(() => new SentenceReader().push(Buffer.from([0xf0, 0x10, 0x00, 0x00, 0x00]))).toThrow(
      WordFramingError,
    );
  });

  it('treats a control byte as not the API', () => {
    expect(() => new SentenceReader().push(Buffer.from([0xf8]))).toThrow(WordFramingError);
    expect(() => new SentenceReader().push(Buffer.from([0xff, 0x00]))).toThrow(/control byte 0xff/);
    const reader = new SentenceReader();
    expect(reader.push(Buffer.from([0x05, ...ascii('!done'), 0x00]))).toEqual([['!done']]);
    expect(() => reader.push(Buffer.from([0xfc]))).toThrow(WordFramingError);
  });
});

describe('parseReply', () => {
  it('keeps "=" inside a value, empty values, the tag and other words', () => {
    expect(parseReply(['!re', '=key=va=lue', '=comment=', '=flag', '.tag=5', 'session terminated'])).toEqual({
      type: '!re',
      attributes: { key: 'va=lue', comment: '', flag: '' },
      tag: '5',
      other: ['session terminated'],
    });
  });

  it('reads the manual trap sample', () => {
    expect(
      parseReply(['!trap', '=category=1', '=message=input does not match any value of interface']),
    ).toEqual({
      type: '!trap',
      attributes: { category: '1', message: 'input does not match any value of interface' },
      tag: undefined,
      other: [],
    });
  });
});
