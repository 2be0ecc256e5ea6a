/**
 * Posts session events as the routers' `/tool fetch` does: form body, `X-Ingest-Key` header, one try each
 * (a real router's script logs a failure and moves on), at most 32 at once, 5 s each. Failures are counted
 * and logged once per kind of error, never thrown.
 */
import { sessionEventBody, type SessionEvent } from './session-event';

export interface PosterStats {
  /** Posts sent (answered or not). */
  posted: number;
  /** Answered 2xx. */
  accepted: number;
  /** Answered otherwise, timed out, could not connect, or dropped from a full queue. */
  failed: number;
  inFlight: number;
  queued: number;
  /** Answers by HTTP status (`"202": 10, "429": 2`). */
  byStatus: Record<string, number>;
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface PosterOptions {
  maxInFlight?: number;
  timeoutMs?: number;
  /** Events waiting beyond this are dropped (and counted as failed). */
  maxQueue?: number;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export const MAX_IN_FLIGHT = 32;
export const POST_TIMEOUT_MS = 5000;

export class SessionPoster {
  private readonly queue: SessionEvent[] = [];
  private head = 0;
  private inFlight = 0;
  private readonly logged = new Set<string>();
  private readonly stopped = new AbortController();
  private idleWaiters: (() => void)[] = [];
  private readonly counts: Omit<PosterStats, 'inFlight' | 'queued'> = {
    posted: 0,
    accepted: 0,
    failed: 0,
    byStatus: {},
    lastError: null,
    lastErrorAt: null,
  };
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;
  private readonly maxQueue: number;
  private readonly log: (line: string) => void;
  private readonly fetchFn: typeof fetch;

  constructor(
    private readonly url: string,
    private readonly key: string,
    opts: PosterOptions = {},
  ) {
    this.maxInFlight = opts.maxInFlight ?? MAX_IN_FLIGHT;
    this.timeoutMs = opts.timeoutMs ?? POST_TIMEOUT_MS;
    this.maxQueue = opts.maxQueue ?? 100_000;
    this.log = opts.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.fetchFn = opts.fetch ?? fetch;
  }

  stats(): PosterStats {
    return {
      ...this.counts,
      byStatus: { ...this.counts.byStatus },
      inFlight: this.inFlight,
      queued: this.queue.length - this.head,
    };
  }

  post(events: readonly SessionEvent[]): void {
    if (this.stopped.signal.aborted) return;
    for (const e of events) {
      if (this.queue.length - this.head >= this.maxQueue) this.fail('queue full', 'queue full');
      else this.queue.push(e);
    }
    this.pump();
  }

  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.queue.length === this.head) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what is queued and aborts what is in flight. */
  stop(): void {
    this.stopped.abort();
    this.queue.length = 0;
    this.head = 0;
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.head < this.queue.length) {
      const e = this.queue[this.head++];
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      this.inFlight++;
      void this.send(e).finally(() => {
        this.inFlight--;
        this.pump();
        if (this.inFlight === 0 && this.queue.length === this.head) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const w of waiters) w();
        }
      });
    }
  }

  private async send(e: SessionEvent): Promise<void> {
    this.counts.posted++;
    try {
      const res = await this.fetchFn(this.url, {
        method: 'POST',
        headers: { 'X-Ingest-Key': this.key, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: sessionEventBody(e),
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.stopped.signal]),
      });
      const status = String(res.status);
      this.counts.byStatus[status] = (this.counts.byStatus[status] ?? 0) + 1;
      const text = await res.text().catch(() => '');
      if (res.ok) this.counts.accepted++;
      else this.fail(`HTTP ${res.status}`, `HTTP ${res.status} ${summary(text)}`.trim());
    } catch (err) {
      if (this.stopped.signal.aborted) return;
      const kind = errorKind(err);
      this.fail(kind, kind === 'timeout' ? `no answer within ${this.timeoutMs} ms` : errorText(err));
    }
  }

  private fail(kind: string, detail: string): void {
    this.counts.failed++;
    this.counts.lastError = detail;
    this.counts.lastErrorAt = new Date().toISOString();
    if (this.logged.has(kind)) return;
    this.logged.add(kind);
    this.log(
      `simulated routers: posting a session event to ${this.url} failed: ${detail} ` +
        `(logged once per kind; GET /routers counts them)`,
    );
  }
}

function errorKind(err: unknown): string {
  // DOMExceptions (abort reasons) are not always `instanceof Error` (another realm): read the name.
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return err instanceof Error ? err.name : 'error';
}

function errorText(err: unknown): string {
  const cause = (err as { cause?: unknown } | null)?.cause;
  const msg = err instanceof Error ? err.message : String(err);
  return cause instanceof Error ? `${msg}: ${cause.message}` : msg;
}

/** The start of an error answer's body (the API's `message`, when it is JSON). */
function summary(text: string): string {
  try {
    const m = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof m === 'string') return m.slice(0, 200);
  } catch {
    // not JSON
  }
  return text.slice(0, 200);
}
