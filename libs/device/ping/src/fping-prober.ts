import { spawn, type ChildProcess } from 'node:child_process';
import { isIP } from 'node:net';
import { LineSplitter, parseFpingLine } from './fping-output';
import { defaultShardSize, planShards } from './shards';

/** One probe's result: when it was sent, and its round trip in ms (null: no reply within the timeout). */
export interface PingResult {
  ip: string;
  at: Date;
  rttMs: number | null;
}

/** What the prober tells besides results, for the log. */
export type FpingNotice =
  | { kind: 'started'; pid: number; targets: number }
  /** A process ended without being asked to; it is started again after `restartInMs`. */
  | { kind: 'exited'; pid: number | null; code: number | null; signal: string | null; restartInMs: number }
  /** The program could not be started (not installed, no permission); tried again after `restartInMs`. */
  | { kind: 'spawn-failed'; error: string; restartInMs: number }
  /** An ICMP error came back for a probe (the probe itself is reported lost). */
  | { kind: 'icmp'; host: string; from: string; message: string }
  | { kind: 'unresolved'; host: string; reason: string }
  /** A duplicate reply, dropped. */
  | { kind: 'duplicate'; host: string }
  /** Anything else fping printed. */
  | { kind: 'output'; text: string };

export interface FpingProberOptions {
  /** The fping program (default `fping`, found on PATH). */
  fpingPath?: string;
  /** Each target is probed this often (fping `-p`), default 1000. */
  intervalMs?: number;
  /** How long a reply is waited for (fping `-t`), default 800; below the interval. */
  timeoutMs?: number;
  /** Time between two sends of one process (fping `-i`), default 1 (fping's least without root). */
  spacingMs?: number;
  /** Targets per process at most; by default those whose sends fit in half the interval. */
  maxTargetsPerProcess?: number;
  /**
   * Processes start on a grid: at epoch times `phaseMs` + a multiple of the interval (default 0), so every
   * process sends its round at the same moment of each interval and a reader can collect rounds on time.
   */
  phaseMs?: number;
  /** Restart delay after a crash: doubling from `initial` up to `max` ms (defaults 1000, 30000). */
  restartBackoffMs?: { initial: number; max: number };
  /** Results as they arrive, in batches (one per chunk of fping's output). */
  onResults: (results: PingResult[]) => void;
  onNotice?: (notice: FpingNotice) => void;
}

/** A process that ran this long without trouble starts its next backoff from the beginning. */
const HEALTHY_AFTER_MS = 60_000;
/** What a process gets between SIGTERM and SIGKILL when the prober closes. */
const STOP_GRACE_MS = 1000;
/**
 * A replaced process ends this long before its successor starts on the grid point: its last round's
 * results are in by then, and it sends no probe that the successor's first round repeats.
 */
const RETIRE_LEAD_MS = 20;

/** Every process any prober of this program runs: killed when the program exits, whatever way it ends. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

interface Shard {
  targets: string[];
  child: ChildProcess | null;
  /** Not started before this time (a restart's backoff). */
  notBefore: number;
  backoffMs: number;
  startedAt: number;
}

/**
 * Pings many targets every interval with long-lived `fping -l` processes, each for at most
 * `maxTargetsPerProcess` targets. Changing the targets restarts only the processes whose targets changed,
 * on the next grid point, the old process running until the new one starts. A process that dies is started
 * again with backoff. `close()` ends them all; so does the program's exit, and a process whose reader is
 * gone (the program was killed) ends on its next line of output (SIGPIPE), within one interval.
 */
export class FpingProber {
  readonly intervalMs: number;
  readonly timeoutMs: number;
  readonly spacingMs: number;
  readonly maxTargetsPerProcess: number;
  readonly phaseMs: number;
  private readonly fpingPath: string;
  private readonly backoff: { initial: number; max: number };
  private shards: Shard[] = [];
  /** Processes replaced by a new plan: ended on the next grid point, when their successors start. */
  private retiring: ChildProcess[] = [];
  /** Processes being stopped on purpose: their exit is no crash. */
  private readonly stopping = new WeakSet<ChildProcess>();
  private slotTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: FpingProberOptions) {
    this.intervalMs = options.intervalMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 800;
    this.spacingMs = options.spacingMs ?? 1;
    this.phaseMs = options.phaseMs ?? 0;
    this.fpingPath = options.fpingPath ?? 'fping';
    this.backoff = options.restartBackoffMs ?? { initial: 1000, max: 30_000 };
    if (!(this.intervalMs >= 10))
      throw new RangeError(`intervalMs must be at least 10, got ${this.intervalMs}`);
    if (!(this.timeoutMs > 0 && this.timeoutMs < this.intervalMs))
      throw new RangeError(`timeoutMs must be above 0 and below the interval, got ${this.timeoutMs}`);
    if (!(this.spacingMs >= 1)) throw new RangeError(`spacingMs must be at least 1, got ${this.spacingMs}`);
    this.maxTargetsPerProcess =
      options.maxTargetsPerProcess ?? defaultShardSize(this.intervalMs, this.spacingMs);
    killAllOnExit();
  }

  /** The targets as the processes have them (or will, from the next grid point). */
  get shardTargets(): string[][] {
    return this.shards.map((s) => [...s.targets]);
  }

  /**
   * How long the longest process takes to send one round (its targets × the spacing): a round's last
   * timeout comes this long after its first.
   */
  get roundSpanMs(): number {
    return Math.max(0, ...this.shards.map((s) => s.targets.length)) * this.spacingMs;
  }

  /** The running processes' ids. */
  get pids(): number[] {
    return this.shards.flatMap((s) => (s.child?.pid === undefined ? [] : [s.child.pid]));
  }

  /** The next grid point at or after `now` (epoch ms). */
  nextSlot(now: number): number {
    const offset = (((now - this.phaseMs) % this.intervalMs) + this.intervalMs) % this.intervalMs;
    return offset === 0 ? now : now + this.intervalMs - offset;
  }

  /**
   * Probes these addresses from now on (IPv4 or IPv6, each once however often given); what is not an
   * address is refused with a RangeError before anything changes.
   */
  setTargets(addresses: Iterable<string>): void {
    if (this.closed) throw new Error('the prober is closed');
    const wanted = [...new Set(addresses)];
    const bad = wanted.filter((a) => isIP(a) === 0);
    if (bad.length) throw new RangeError(`not IP addresses: ${bad.slice(0, 5).join(', ')}`);
    const plan = planShards(
      this.shards.map((s) => s.targets),
      wanted,
      this.maxTargetsPerProcess,
    );
    const kept = new Set<Shard>();
    const next: Shard[] = plan.map((entry) => {
      const before = entry.previous === null ? undefined : this.shards[entry.previous];
      if (before && !entry.changed) {
        kept.add(before);
        return before;
      }
      return {
        targets: entry.targets,
        child: null,
        notBefore: 0,
        backoffMs: this.backoff.initial,
        startedAt: 0,
      };
    });
    for (const shard of this.shards) if (!kept.has(shard) && shard.child) this.retiring.push(shard.child);
    this.shards = next;
    this.armSlot();
  }

  /** Ends every process (SIGTERM, SIGKILL after a second) and waits for them. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.slotTimer);
    const children = [...this.retiring, ...this.shards.flatMap((s) => (s.child ? [s.child] : []))];
    this.retiring = [];
    this.shards = [];
    await Promise.all(children.map((child) => this.stop(child)));
  }

  private stop(child: ChildProcess): Promise<void> {
    this.stopping.add(child);
    return new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null || !running.has(child)) return resolve();
      child.once('close', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
    });
  }

  /**
   * Wakes up on the next grid point when something waits for it: replaced processes are ended just before
   * it, new ones started on it.
   */
  private armSlot(): void {
    clearTimeout(this.slotTimer);
    this.slotTimer = undefined;
    if (this.closed) return;
    const waiting = this.shards.filter((s) => !s.child);
    if (!waiting.length && !this.retiring.length) return;
    const now = Date.now();
    // Retired processes go when their successors start; a restart waits for its backoff.
    const earliest =
      this.retiring.length || !waiting.length
        ? now + RETIRE_LEAD_MS
        : Math.max(now, Math.min(...waiting.map((s) => s.notBefore)));
    const slot = this.nextSlot(earliest);
    const retireAt = this.retiring.length ? slot - RETIRE_LEAD_MS : slot;
    this.slotTimer = setTimeout(() => {
      for (const child of this.retiring.splice(0)) void this.stop(child);
      this.slotTimer = setTimeout(() => {
        this.slotTimer = undefined;
        this.onSlot();
      }, slot - Date.now());
    }, retireAt - now);
  }

  private onSlot(): void {
    if (this.closed) return;
    const now = Date.now();
    for (const shard of this.shards) if (!shard.child && shard.notBefore <= now + 5) this.start(shard);
    this.armSlot();
  }

  private start(shard: Shard): void {
    const args = [
      '-l',
      '-p',
      String(this.intervalMs),
      '-i',
      String(this.spacingMs),
      '-e',
      '-D',
      '-t',
      String(this.timeoutMs),
      ...shard.targets,
    ];
    let child: ChildProcess;
    try {
      // A process group of its own: a terminal's Ctrl-C reaches the program, which then closes the prober,
      // not fping directly (which would print its statistics and end, looking like a crash).
      child = spawn(this.fpingPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (error) {
      this.crashed(shard, null, { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    running.add(child);
    shard.child = child;
    shard.startedAt = Date.now();
    const lastSeq = new Map<string, number>();
    const out = new LineSplitter();
    const err = new LineSplitter();
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => this.onStdout(out.push(chunk), lastSeq));
    child.stderr?.on('data', (chunk: string) => err.push(chunk).forEach((line) => this.onStderr(line)));
    child.once('spawn', () => {
      if (child.pid !== undefined)
        this.notice({ kind: 'started', pid: child.pid, targets: shard.targets.length });
    });
    child.once('error', (error) => {
      // Not started (ENOENT, EACCES): no 'exit' follows.
      if (child.pid === undefined) {
        running.delete(child);
        this.ended(shard, child, { error: error.message });
      }
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      this.onStdout(out.end(), lastSeq);
      err.end().forEach((line) => this.onStderr(line));
      this.ended(shard, child, { code, signal });
    });
  }

  private ended(
    shard: Shard,
    child: ChildProcess,
    how: { code?: number | null; signal?: string | null; error?: string },
  ): void {
    if (this.stopping.has(child) || shard.child !== child || this.closed) return;
    this.crashed(shard, child, how);
  }

  private crashed(
    shard: Shard,
    child: ChildProcess | null,
    how: { code?: number | null; signal?: string | null; error?: string },
  ): void {
    const now = Date.now();
    if (shard.startedAt && now - shard.startedAt >= HEALTHY_AFTER_MS) shard.backoffMs = this.backoff.initial;
    const restartInMs = shard.backoffMs;
    shard.backoffMs = Math.min(shard.backoffMs * 2, this.backoff.max);
    shard.child = null;
    shard.notBefore = now + restartInMs;
    if (how.error !== undefined) this.notice({ kind: 'spawn-failed', error: how.error, restartInMs });
    else
      this.notice({
        kind: 'exited',
        pid: child?.pid ?? null,
        code: how.code ?? null,
        signal: how.signal ?? null,
        restartInMs,
      });
    this.armSlot();
  }

  private onStdout(lines: string[], lastSeq: Map<string, number>): void {
    if (!lines.length) return;
    const results: PingResult[] = [];
    for (const line of lines) {
      const parsed = parseFpingLine(line);
      if (!parsed) continue;
      if (parsed.kind === 'reply' || parsed.kind === 'timeout') {
        // Loop mode repeats a probe's number for a duplicate reply: the first one counts.
        const seen = lastSeq.get(parsed.host);
        if ((seen !== undefined && parsed.seq <= seen) || (parsed.kind === 'reply' && parsed.duplicate)) {
          this.notice({ kind: 'duplicate', host: parsed.host });
          continue;
        }
        lastSeq.set(parsed.host, parsed.seq);
        results.push(
          parsed.kind === 'reply'
            ? { ip: parsed.host, at: new Date(parsed.timestamp - parsed.rttMs), rttMs: parsed.rttMs }
            : { ip: parsed.host, at: new Date(parsed.timestamp - this.timeoutMs), rttMs: null },
        );
      } else {
        this.onParsedInfo(parsed);
      }
    }
    if (results.length) this.options.onResults(results);
  }

  private onStderr(line: string): void {
    const parsed = parseFpingLine(line);
    if (parsed) this.onParsedInfo(parsed);
  }

  private onParsedInfo(parsed: NonNullable<ReturnType<typeof parseFpingLine>>): void {
    switch (parsed.kind) {
      case 'icmp':
        return this.notice({ kind: 'icmp', host: parsed.host, from: parsed.from, message: parsed.message });
      case 'unresolved':
        return this.notice({ kind: 'unresolved', host: parsed.host, reason: parsed.reason });
      case 'duplicate':
        return this.notice({ kind: 'duplicate', host: parsed.host });
      case 'other':
        return this.notice({ kind: 'output', text: parsed.text });
      default:
        // A probe line on stderr does not happen; results come from stdout only.
        return;
    }
  }

  private notice(notice: FpingNotice): void {
    this.options.onNotice?.(notice);
  }
}
