import { LOG_LINE_MAX_CHARS } from '@pondesk/contracts';
import { MAX_FRAME_BYTES, TcpFramer, splitLines, type FramedLine } from './syslog-framing';

const BDCOM =
  '<190>Feb 29 23:31:55 device-redacted %EPON-ONUREG: ONU 0200.0000.0001 is registered on EPON0/5:29. \0';
const MIKROTIK = 'pppoe,ppp,info <pppoe-skn001>: connected';

/** A framer fed `chunks`, and what it gave. */
function frame(chunks: (string | Buffer)[], close = true) {
  const lines: FramedLine[] = [];
  let malformed = 0;
  const framer = new TcpFramer(
    (r) => {
      lines.push(...r.lines);
      malformed += r.malformed;
    },
    () => malformed++,
  );
  for (const c of chunks) framer.push(typeof c === 'string' ? Buffer.from(c) : c);
  if (close) framer.end();
  return { texts: lines.map((l) => l.text), lines, malformed };
}

const octet = (msg: string) => `${Buffer.byteLength(msg)} ${msg}`;

describe('UDP datagrams', () => {
  it('takes each line of a datagram as a message, without NULs and trailing CRs', () => {
    const { lines, malformed } = splitLines(Buffer.from(`${BDCOM}\r\n${MIKROTIK}\r\n\n\0\0`));
    expect(lines).toEqual([
      {
        text: '<190>Feb 29 23:31:55 device-redacted %EPON-ONUREG: ONU 0200.0000.0001 is registered on EPON0/5:29.',
        cut: false,
      },
      { text: MIKROTIK, cut: false },
    ]);
    expect(malformed).toBe(0);
  });

  it('splits the line a BDCOM OLT wrapped inside one datagram into two messages', () => {
    const wrapped = `%OLT: Interface EPON0/1:18's "CTC" OAM extension negotiated \n successfully!`;
    expect(splitLines(Buffer.from(wrapped)).lines.map((l) => l.text)).toEqual([
      `%OLT: Interface EPON0/1:18's "CTC" OAM extension negotiated`,
      ' successfully!',
    ]);
  });

  it(`cuts a line over ${LOG_LINE_MAX_CHARS} characters and marks it cut`, () => {
    const big = Buffer.alloc(65507, 'a');
    const { lines } = splitLines(Buffer.concat([big, Buffer.from('\nnext')]));
    expect(lines.map((l) => [l.text.length, l.cut])).toEqual([
      [LOG_LINE_MAX_CHARS, true],
      [4, false],
    ]);
  });

  it('counts binary garbage as malformed and keeps stray control characters out of a text line', () => {
    const garbage = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 37) % 256));
    const result = splitLines(garbage);
    expect(result.lines).toEqual([]);
    expect(result.malformed).toBeGreaterThan(0);
    expect(splitLines(Buffer.from('ONU up\x07 on EPON0/1:3')).lines).toEqual([
      { text: 'ONU up  on EPON0/1:3', cut: false },
    ]);
  });

  it('never cuts a character in half', () => {
    const text = `${'a'.repeat(LOG_LINE_MAX_CHARS - 1)}😀tail`;
    const [line] = splitLines(Buffer.from(text)).lines;
    expect(line.text).toBe('a'.repeat(LOG_LINE_MAX_CHARS - 1));
    expect(line.cut).toBe(true);
  });
});

describe('TCP framing (RFC 6587)', () => {
  it('reads octet-counted frames split anywhere across chunks, the count included', () => {
    const stream = Buffer.from(octet(BDCOM) + octet(MIKROTIK) + octet('a\nb'));
    const expected = [BDCOM.replace(' \0', ''), MIKROTIK, 'a', 'b'];
    for (let size = 1; size <= 7; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.subarray(i, i + size));
      const { texts, malformed } = frame(chunks, false);
      expect(texts).toEqual(expected);
      expect(malformed).toBe(0);
    }
  });

  it('reads an octet count whose message starts with digits, and a frame holding an LF', () => {
    expect(frame([octet('20:20:36 pptp,ppp,info <pptp-USER>: connected')]).texts).toEqual([
      '20:20:36 pptp,ppp,info <pptp-USER>: connected',
    ]);
  });

  it('reads LF-terminated lines (non-transparent framing), also when they start with digits', () => {
    const { texts } = frame([
      '20:20:36 pptp,ppp,info <pptp-USERNAME>: authenticated\n172.20.0.171,20180605134749, ONU 8479',
      '.7399.af6e is deregistered on EPON0/1:3.\r\n',
      `${BDCOM}\n`,
      '12 is no count here\nlast line without LF',
    ]);
    expect(texts).toEqual([
      '20:20:36 pptp,ppp,info <pptp-USERNAME>: authenticated',
      '172.20.0.171,20180605134749, ONU 8479.7399.af6e is deregistered on EPON0/1:3.',
      BDCOM.replace(' \0', ''),
      '12 is no count here',
      'last line without LF',
    ]);
  });

  it('cuts a line longer than a frame may be and reads the next one, without buffering it', () => {
    const long = Buffer.alloc(MAX_FRAME_BYTES * 3, 'x');
    const chunks = [];
    for (let i = 0; i < long.length; i += 4096) chunks.push(long.subarray(i, i + 4096));
    const { lines, malformed } = frame([...chunks, Buffer.from(`\n${MIKROTIK}\n`)]);
    expect(lines.map((l) => [l.text.length, l.cut])).toEqual([
      [LOG_LINE_MAX_CHARS, true],
      [MIKROTIK.length, false],
    ]);
    expect(malformed).toBe(1);
  });

  it('skips the rest of an over-long octet-counted frame and reads the frame after it', () => {
    const body = 'y'.repeat(100_000);
    const { lines, malformed } = frame([
      `${body.length} `,
      body.slice(0, 70_000),
      body.slice(70_000),
      octet(MIKROTIK),
    ]);
    expect(lines.map((l) => [l.text.length, l.cut])).toEqual([
      [LOG_LINE_MAX_CHARS, true],
      [MIKROTIK.length, false],
    ]);
    expect(malformed).toBe(1);
  });

  it('reads a line whose octet count was no count, then finds the counted frames again', () => {
    const { texts, malformed } = frame([octet('first'), 'garbled text\n', octet('second')]);
    expect(texts).toEqual(['first', 'garbled text', 'second']);
    expect(malformed).toBe(1);
  });

  it('takes NUL as the end of a line too (BDCOM pads with it)', () => {
    expect(frame(['<190>Jan 1 a \0<190>Jan 1 b \0\n']).texts).toEqual(['<190>Jan 1 a', '<190>Jan 1 b']);
  });
});
