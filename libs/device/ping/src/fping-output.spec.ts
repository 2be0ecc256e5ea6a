import { LineSplitter, parseFpingLine } from './fping-output';

// Lines fping 5.1 printed on this project's machine: `fping -l -p 1000 -i 1 -e -D -t 500 127.0.0.1
// 198.18.99.2`, the second host inside a network namespace with its link down, and the other forms met
// on loopback (IPv6, a timed-out line once replies had come, a name that does not resolve, a bad option).
const REAL = {
  replyLoopback: '[1795777089.99850] 127.0.0.1   : [0], 64 bytes, 0.021 ms (0.021 avg, 0% loss)',
  replyFirst: '[1795777089.99975] 198.18.99.2 : [0], 64 bytes, 0.077 ms (0.077 avg, 0% loss)',
  replySecond: '[1795777091.00235] 198.18.99.2 : [1], 64 bytes, 0.029 ms (0.053 avg, 0% loss)',
  timedOut: '[1795777094.58030] 198.18.99.2 : [0], timed out (NaN avg, 100% loss)',
  timedOutAgain: '[1795777095.58919] 198.18.99.2 : [1], timed out (NaN avg, 100% loss)',
  icmp: 'ICMP Host Unreachable from 198.18.99.1 for ICMP Echo sent to 198.18.99.2',
  ipv6: '[1795777586.63370] ::1       : [0], 64 bytes, 0.057 ms (0.057 avg, 0% loss)',
  timedOutAfterReplies: '[1795777698.29470] 198.19.54.3 : [3], timed out (0.019 avg, 25% loss)',
  unresolved: 'nonexist.invalid: Name or service not known',
  badOption: "fping: invalid option -- 'z'",
};

describe('parseFpingLine (real fping 5.1 output)', () => {
  it('reads a reply: target (padding dropped), probe number, size, round trip and when it came', () => {
    expect(parseFpingLine(REAL.replyLoopback)).toEqual({
      kind: 'reply',
      host: '127.0.0.1',
      seq: 0,
      bytes: 64,
      rttMs: 0.021,
      timestamp: 1795777089998.5, // 1795777089.99850 s
      duplicate: false,
    });
    expect(parseFpingLine(REAL.replyFirst)).toMatchObject({ host: '198.18.99.2', seq: 0, rttMs: 0.077 });
    expect(parseFpingLine(REAL.replySecond)).toEqual({
      kind: 'reply',
      host: '198.18.99.2',
      seq: 1,
      bytes: 64,
      rttMs: 0.029,
      timestamp: expect.closeTo(1795777091002.35, 3),
      duplicate: false,
    });
    expect(parseFpingLine(REAL.ipv6)).toMatchObject({ kind: 'reply', host: '::1', seq: 0, rttMs: 0.057 });
  });

  it('reads a lost probe as timed out, whatever the running average says', () => {
    expect(parseFpingLine(REAL.timedOut)).toEqual({
      kind: 'timeout',
      host: '198.18.99.2',
      seq: 0,
      timestamp: expect.closeTo(1795777094580.3, 3),
    });
    expect(parseFpingLine(REAL.timedOutAgain)).toEqual({
      kind: 'timeout',
      host: '198.18.99.2',
      seq: 1,
      timestamp: expect.closeTo(1795777095589.19, 3),
    });
    expect(parseFpingLine(REAL.timedOutAfterReplies)).toEqual({
      kind: 'timeout',
      host: '198.19.54.3',
      seq: 3,
      timestamp: expect.closeTo(1795777698294.7, 3),
    });
  });

  it('reads an ICMP error as information about the target, not as a result', () => {
    expect(parseFpingLine(REAL.icmp)).toEqual({
      kind: 'icmp',
      message: 'Host Unreachable',
      from: '198.18.99.1',
      host: '198.18.99.2',
    });
    expect(
      parseFpingLine(
        'ICMPv6 Destination Unreachable (Address Unreachable) from fd00::1 for ICMPv6 Echo Request sent to fd00::2',
      ),
    ).toEqual({
      kind: 'icmp',
      message: 'Destination Unreachable (Address Unreachable)',
      from: 'fd00::1',
      host: 'fd00::2',
    });
  });

  it("tells a name that did not resolve from fping's own complaints", () => {
    expect(parseFpingLine(REAL.unresolved)).toEqual({
      kind: 'unresolved',
      host: 'nonexist.invalid',
      reason: 'Name or service not known',
    });
    expect(parseFpingLine(REAL.badOption)).toEqual({ kind: 'other', text: REAL.badOption });
  });

  it('reads the round trip in each of the precisions fping prints', () => {
    const rtt = (ms: string) =>
      parseFpingLine(`[1795777089.99850] 10.0.0.1 : [7], 64 bytes, ${ms} ms (${ms} avg, 0% loss)`);
    expect(rtt('0.021')).toMatchObject({ rttMs: 0.021 });
    expect(rtt('1.25')).toMatchObject({ rttMs: 1.25 });
    expect(rtt('12.8')).toMatchObject({ rttMs: 12.8 });
    expect(rtt('734')).toMatchObject({ rttMs: 734 });
    expect(rtt('1.2e+03')).toMatchObject({ rttMs: 1200 });
  });

  it('marks a duplicate reply and reads the non-loop duplicate report', () => {
    expect(parseFpingLine(`${REAL.replySecond} [DUP!]`)).toMatchObject({ kind: 'reply', duplicate: true });
    expect(parseFpingLine('10.0.0.1 : duplicate for [3], 64 bytes, 0.10 ms')).toEqual({
      kind: 'duplicate',
      host: '10.0.0.1',
      seq: 3,
    });
  });

  it('drops the stray `[<- address]` of a reply from another address, and blank lines', () => {
    expect(parseFpingLine(` [<- 198.18.99.1]${REAL.icmp}`)).toMatchObject({
      kind: 'icmp',
      host: '198.18.99.2',
    });
    expect(parseFpingLine('')).toBeNull();
    expect(parseFpingLine('   ')).toBeNull();
  });

  it('never takes a truncated probe line for a result', () => {
    expect(parseFpingLine('[1795777089.99850] 127.0.0.1   : [0], 64 bytes, 0.021 ms (0.021 avg')).toEqual({
      kind: 'other',
      text: '[1795777089.99850] 127.0.0.1   : [0], 64 bytes, 0.021 ms (0.021 avg',
    });
  });
});

describe('LineSplitter', () => {
  it('gives whole lines across chunks and keeps the unfinished one', () => {
    const split = new LineSplitter();
    expect(split.push(`${REAL.replyLoopback}\n${REAL.replyFirst.slice(0, 20)}`)).toEqual([
      REAL.replyLoopback,
    ]);
    expect(split.push(`${REAL.replyFirst.slice(20)}\n`)).toEqual([REAL.replyFirst]);
    expect(split.push('partial')).toEqual([]);
    expect(split.end()).toEqual(['partial']);
    expect(split.end()).toEqual([]);
  });

  it('drops a line that grows past its limit instead of holding it', () => {
    const split = new LineSplitter(10);
    expect(split.push('x'.repeat(11))).toEqual([]);
    expect(split.push('ok\n')).toEqual(['ok']);
  });
});
