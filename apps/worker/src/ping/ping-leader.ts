import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface PingLeaderTimings {
  /** The lock's lease: a holder that dies stops renewing and loses it within this time. */
  leaseMs: number;
  /** The holder renews this often (a few times per lease). */
  renewMs: number;
  /** A worker without the lock tries to take it this often. */
  retryMs: number;
}

export const PING_LEADER_TIMINGS: PingLeaderTimings = { leaseMs: 10_000, renewMs: 3_000, retryMs: 2_000 };

export interface PingLeaderHooks {
  /** This worker holds the lock now: start probing. */
  acquired(): Promise<void>;
  /** It lost the lock (another worker may hold it now), or is giving it up: stop probing. */
  lost(reason: string): Promise<void>;
}

/**
 * One prober across every worker: a Redis key with a lease, taken with SET NX and renewed by its holder.
 * A holder that cannot renew (Redis away) stops once its next try would come too close to the lease's end,
 * well before the lease could have run out, so two workers never probe at once; the others keep trying to take it and one does once it lapses.
 */
export class PingLeader {
  private readonly token = randomUUID();
  private holding = false;
  private lastRenewed = 0;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly hooks: PingLeaderHooks,
    private readonly timings: PingLeaderTimings = PING_LEADER_TIMINGS,
  ) {}

  get isLeader(): boolean {
    return this.holding;
  }

  start(): void {
    this.schedule(0);
  }

  /** Stops trying; a holder stops probing and gives the lock up, so another worker takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    if (!this.holding) return;
    this.holding = false;
    await this.hooks.lost('stopping');
    await this.redis.eval(RELEASE, 1, this.key, this.token).catch(() => undefined);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      // The hooks report their own failures; a failed step is simply the next one's to retry.
      this.running = this.step()
        .catch(() => undefined)
        .finally(() => {
          this.running = undefined;
          this.schedule(this.holding ? this.timings.renewMs : this.timings.retryMs);
        });
    }, ms);
  }

  private async step(): Promise<void> {
    if (this.stopped) return;
    if (!this.holding) {
      const taken = await this.redis
        .set(this.key, this.token, 'PX', this.timings.leaseMs, 'NX')
        .catch(() => null);
      if (taken !== 'OK' || this.stopped) return;
      this.holding = true;
      this.lastRenewed = Date.now();
      await this.hooks.acquired();
      return;
    }
    let extended: unknown;
    try {
      extended = await this.redis.eval(EXTEND, 1, this.key, this.token, String(this.timings.leaseMs));
    } catch (error) {
      // Unsure whether it still holds: it waits for its next try only if that try comes with half a renewal
      // to spare before the lease could lapse. Judged by when the next try is due, not by how long ago the
      // last renewal was: a timer that fires a little early or late must not carry it past the lease.
      const nextTryAfterRenewal = Date.now() - this.lastRenewed + this.timings.renewMs;
      if (nextTryAfterRenewal < this.timings.leaseMs - this.timings.renewMs / 2) return;
      extended = `renewal failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (extended === 1) {
      this.lastRenewed = Date.now();
      return;
    }
    this.holding = false;
    await this.hooks.lost(typeof extended === 'string' ? extended : 'the lock was taken or had lapsed');
  }
}
