/**
 * fping's output in loop mode with timestamps and elapsed times (`fping -l -D -e`, fping 5.x), one line at a
 * time. On stdout, one line per probe of each target:
 *
 *   [1795777089.99850] 127.0.0.1   : [0], 64 bytes, 0.021 ms (0.021 avg, 0% loss)
 *   [1795777094.58030] 198.18.99.2 : [0], timed out (NaN avg, 100% loss)
 *
 * (the target padded to the longest one given; the `[n]` is the target's probe number in this process; the
 * timestamp is when fping printed the line: when the reply came, or when the wait for it ran out). On
 * stderr, what is information only: ICMP errors that came back instead of a reply (the probe's own line
 * still says `timed out`), targets that could not be resolved at start, fping's own complaints.
 */

/** An answered probe. */
export interface FpingReply {
  kind: 'reply';
  host: string;
  /** The target's probe number in this fping process. */
  seq: number;
  bytes: number;
  rttMs: number;
  /** When the reply came (epoch ms, fping's clock). */
  timestamp: number;
  /** fping's `[DUP!]` mark, where a build prints one (loop mode otherwise repeats the probe number). */
  duplicate: boolean;
}

/** A probe that got no reply within the timeout. */
export interface FpingTimeout {
  kind: 'timeout';
  host: string;
  seq: number;
  /** When the wait ran out (epoch ms): the probe was sent one timeout earlier. */
  timestamp: number;
}

/** An ICMP error that came back for a probe: `ICMP Host Unreachable from 198.18.99.1 for ICMP Echo sent to …`. */
export interface FpingIcmpError {
  kind: 'icmp';
  /** `Host Unreachable`, `Time Exceeded`, `Destination Unreachable (Address Unreachable)`, … */
  message: string;
  /** The router (or host) that sent the error. */
  from: string;
  /** The target the probe was for. */
  host: string;
}

/** A target fping could not resolve at start (`xyz: Name or service not known`); it is not probed. */
export interface FpingUnresolved {
  kind: 'unresolved';
  host: string;
  reason: string;
}

/** A duplicate reply as fping reports it outside loop mode (`host : duplicate for [n], …`). */
export interface FpingDuplicate {
  kind: 'duplicate';
  host: string;
  seq: number;
}

/** Anything else (fping's own errors, statistics at exit). */
export interface FpingOther {
  kind: 'other';
  text: string;
}

export type FpingLine =
  FpingReply | FpingTimeout | FpingIcmpError | FpingUnresolved | FpingDuplicate | FpingOther;

// Every pattern is anchored and its quantifiers are separated by literals: each runs in linear time.
/** fping prints times with 1–3 decimals, whole above 100 ms, and in exponent form for absurd values. */
const NUMBER = String.raw`\d+(?:\.\d+)?(?:e[+-]?\d+)?`;
const PROBE = new RegExp(
  String.raw`^\[(\d{1,12}(?:\.\d{1,9})?)\] (\S+) +: \[(\d{1,10})\], ` +
    String.raw`(?:(\d{1,6}) bytes, (${NUMBER}) ms|(timed out)) \([^)]*\)(.*)$`,
);
const ICMP = /^ICMP(?:v6)? (.+?) from (\S+) for ICMP(?:v6)? Echo(?: Request)? sent to (\S+?)\s*$/;
const DUPLICATE = /^(\S+) : duplicate for \[(\d{1,10})\]/;
/** `host: reason`; fping's own messages start with `fping:` and are not about a target. */
const UNRESOLVED = /^(\S+): (.+)$/;
const RESOLVER_REASON =
  /not known|no address|name resolution|nodename nor servname|try again|non-recoverable/i;
/** A reply from another address than the target's ends its line with `[<- addr]` on stderr. */
const FROM_OTHER = /^\s*\[<- [^\]\s]{1,64}\]/;

/** `1795777089.99850` (seconds) as epoch ms, 1795777089998.5, without the float error of `× 1000`. */
function epochMs(stamp: string): number {
  const [seconds, fraction = ''] = stamp.split('.');
  const ms = fraction.slice(0, 3).padEnd(3, '0');
  const rest = fraction.slice(3);
  return Number(seconds) * 1000 + Number(rest ? `${ms}.${rest}` : ms);
}

/** One line of fping's output (stdout or stderr), without its line break. */
export function parseFpingLine(raw: string): FpingLine | null {
  // Probe lines (all of stdout) start with their timestamp: no clean-up needed.
  const text = raw.charCodeAt(0) === 91 /* [ */ ? raw : raw.replace(FROM_OTHER, '').trim();
  if (!text) return null;
  const probe = PROBE.exec(text);
  if (probe) {
    const [, stamp, host, seq, bytes, rtt, timedOut, rest] = probe;
    const timestamp = epochMs(stamp);
    if (timedOut) return { kind: 'timeout', host, seq: Number(seq), timestamp };
    return {
      kind: 'reply',
      host,
      seq: Number(seq),
      bytes: Number(bytes),
      rttMs: Number(rtt),
      timestamp,
      duplicate: rest.includes('[DUP!]'),
    };
  }
  const icmp = ICMP.exec(text);
  if (icmp) return { kind: 'icmp', message: icmp[1], from: icmp[2], host: icmp[3] };
  const duplicate = DUPLICATE.exec(text);
  if (duplicate) return { kind: 'duplicate', host: duplicate[1], seq: Number(duplicate[2]) };
  const unresolved = UNRESOLVED.exec(text);
  if (unresolved && unresolved[1] !== 'fping' && RESOLVER_REASON.test(unresolved[2]))
    return { kind: 'unresolved', host: unresolved[1], reason: unresolved[2] };
  return { kind: 'other', text };
}

/**
 * Splits a stream's chunks into lines: `push` returns the complete lines of a chunk and keeps the rest for
 * the next one. A line longer than `maxLine` (fping never prints one) is dropped rather than grown forever.
 */
export class LineSplitter {
  private carry = '';

  constructor(private readonly maxLine = 4096) {}

  push(chunk: string): string[] {
    const text = this.carry + chunk;
    const lines = text.split('\n');
    this.carry = lines.pop() ?? '';
    if (this.carry.length > this.maxLine) this.carry = '';
    return lines;
  }

  /** What is left at the end of the stream (a last line without its break). */
  end(): string[] {
    const last = this.carry;
    this.carry = '';
    return last ? [last] : [];
  }
}
