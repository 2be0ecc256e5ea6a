import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { redisNamespace } from '@pondesk/server-queue';
import { REDIS_COMMANDS } from '../redis/redis.module';

export interface RateRule {
  /** Bucket name, e.g. `login:ip`. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface RateCheck {
  rule: RateRule;
  subject: string;
  /**
   * Counted but not enforced by `hit` (default true): the caller decides from the returned count, e.g.
   * the per-account sign-in bucket, which does not stop addresses the account already knows.
   */
  enforce?: boolean;
}

export interface RateCount {
  count: number;
  /** Seconds until the window of this bucket ends. */
  ttl: number;
  over: boolean;
}

export class TooManyRequestsException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        message: message ?? IDENTITY_MESSAGES.tooManyRequests.replace('{seconds}', String(retryAfterSeconds)),
        code: 'RATE_LIMITED',
        retryAfterSeconds,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** Gives back one count, never below zero (a window that ended meanwhile is not pushed negative). */
const REFUND_SCRIPT = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Fixed-window counters in Redis, so every API replica shares them. Keys live in the installation's
 * Redis namespace (REDIS_NAMESPACE, else the database name): deployments (and test runs) sharing one
 * Redis do not count against each other. If Redis is away the counters fall back to this process's
 * memory rather than letting everything through.
 *
 * Every count is taken before the work it limits (INCR first, in one MULTI per call): there is no
 * check-then-count window, so parallel requests cannot slip past a limit together.
 */
@Injectable()
export class RateLimiterService {
  private readonly logger = new Logger(RateLimiterService.name);
  private readonly prefix: string;
  private readonly local = new Map<string, { count: number; resetAt: number }>();
  private readonly localSets = new Map<string, { members: Map<string, number>; resetAt: number }>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS_COMMANDS) private readonly redis: Redis,
  ) {
    this.prefix = `${redisNamespace(config)}:rl`;
  }

  /**
   * Counts one hit for each (rule, subject), atomically, and throws 429 when an enforced bucket is over
   * its limit. Returns the counts, in the order given.
   */
  async hit(checks: RateCheck[]): Promise<RateCount[]> {
    const counts = await this.increment(
      checks.map(({ rule, subject }) => ({
        key: this.key(rule, subject),
        windowSeconds: rule.windowSeconds,
      })),
    );
    const result = counts.map((c, i) => ({ ...c, over: c.count > checks[i].rule.max }));
    const retryAfter = Math.max(
      0,
      ...result.filter((c, i) => c.over && checks[i].enforce !== false).map((c) => c.ttl),
    );
    if (retryAfter > 0) throw new TooManyRequestsException(retryAfter);
    return result;
  }

  /** Gives back the hit of a request that turned out not to count (e.g. a successful sign-in). */
  async refund(rule: RateRule, subject: string): Promise<void> {
    const key = this.key(rule, subject);
    try {
      await this.redis.eval(REFUND_SCRIPT, 1, key);
    } catch {
      const entry = this.local.get(key);
      if (entry && entry.count > 0) entry.count--;
    }
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    const key = this.key(rule, subject);
    this.local.delete(key);
    await this.redis.del(key).catch(() => undefined);
  }

  /**
   * Remembers `member` under (rule, subject) for `rule.windowSeconds` (renewed by every call), keeping
   * the `rule.max` most recent members.
   */
  async remember(rule: RateRule, subject: string, member: string): Promise<void> {
    const key = this.key(rule, subject);
    try {
      await this.redis
        .multi()
        .zadd(key, Date.now(), member)
        .zremrangebyrank(key, 0, -(rule.max + 1))
        .expire(key, rule.windowSeconds)
        .exec();
    } catch {
      const now = Date.now();
      const set = this.localSets.get(key);
      const fresh = !set || set.resetAt <= now ? { members: new Map<string, number>(), resetAt: 0 } : set;
      fresh.members.delete(member);
      fresh.members.set(member, now);
      // A Map iterates in insertion order, and a re-remembered member was moved to the end above.
      for (const oldest of fresh.members.keys()) {
        if (fresh.members.size <= rule.max) break;
        fresh.members.delete(oldest);
      }
      fresh.resetAt = now + rule.windowSeconds * 1000;
      this.localSets.set(key, fresh);
    }
  }

  async remembers(rule: RateRule, subject: string, member: string): Promise<boolean> {
    const key = this.key(rule, subject);
    try {
      return (await this.redis.zscore(key, member)) !== null;
    } catch {
      const set = this.localSets.get(key);
      return !!set && set.resetAt > Date.now() && set.members.has(member);
    }
  }

  private key(rule: RateRule, subject: string): string {
    return `${this.prefix}:${rule.name}:${subject.toLowerCase()}`;
  }

  private async increment(
    buckets: { key: string; windowSeconds: number }[],
  ): Promise<{ count: number; ttl: number }[]> {
    if (!buckets.length) return [];
    try {
      const tx = this.redis.multi();
      for (const { key, windowSeconds } of buckets) tx.incr(key).expire(key, windowSeconds, 'NX').ttl(key);
      const result = await tx.exec();
      if (!result) throw new Error('no result');
      return buckets.map((_, i) => {
        const [incr, , ttl] = result.slice(i * 3, i * 3 + 3);
        if (incr[0] || ttl[0]) throw incr[0] ?? ttl[0];
        return { count: Number(incr[1]), ttl: Math.max(1, Number(ttl[1])) };
      });
    } catch (error) {
      this.logger.warn(
        `rate limiter using local memory: ${error instanceof Error ? error.message : String(error)}`,
      );
      return buckets.map(({ key, windowSeconds }) => this.incrementLocally(key, windowSeconds));
    }
  }

  private incrementLocally(key: string, windowSeconds: number): { count: number; ttl: number } {
    const now = Date.now();
    const entry = this.local.get(key);
    const fresh = !entry || entry.resetAt <= now ? { count: 0, resetAt: now + windowSeconds * 1000 } : entry;
    fresh.count++;
    this.local.set(key, fresh);
    return { count: fresh.count, ttl: Math.max(1, Math.ceil((fresh.resetAt - now) / 1000)) };
  }
}
