import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { REDIS_COMMANDS } from '../redis/redis.module';

export interface RateRule {
  /** Bucket name, e.g. `login:ip`. */
  name: string;
  max: number;
  windowSeconds: number;
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

/**
 * Fixed-window counters in Redis, so every API replica shares them. Keys carry the database name:
 * deployments (and test runs) sharing one Redis do not count against each other. If Redis is away
 * the counters fall back to this process's memory rather than letting everything through.
 */
@Injectable()
export class RateLimiterService {
  private readonly logger = new Logger(RateLimiterService.name);
  private readonly prefix: string;
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS_COMMANDS) private readonly redis: Redis,
  ) {
    const db = new URL(config.DATABASE_URL).pathname.replace(/^\//, '') || 'default';
    this.prefix = `pondesk:rl:${db}`;
  }

  /** Counts one hit for each (rule, subject); throws 429 when any bucket is over its limit. */
  async hit(checks: { rule: RateRule; subject: string }[]): Promise<void> {
    let retryAfter = 0;
    for (const { rule, subject } of checks) {
      const { count, ttl } = await this.increment(
        `${this.prefix}:${rule.name}:${subject.toLowerCase()}`,
        rule.windowSeconds,
      );
      if (count > rule.max) retryAfter = Math.max(retryAfter, ttl);
    }
    if (retryAfter > 0) throw new TooManyRequestsException(retryAfter);
  }

  /** Throws 429 if a bucket is already over its limit, without counting (for failure-only counters). */
  async check(checks: { rule: RateRule; subject: string }[]): Promise<void> {
    let retryAfter = 0;
    for (const { rule, subject } of checks) {
      const key = `${this.prefix}:${rule.name}:${subject.toLowerCase()}`;
      const { count, ttl } = await this.peek(key);
      if (count >= rule.max) retryAfter = Math.max(retryAfter, ttl);
    }
    if (retryAfter > 0) throw new TooManyRequestsException(retryAfter);
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    const key = `${this.prefix}:${rule.name}:${subject.toLowerCase()}`;
    this.local.delete(key);
    await this.redis.del(key).catch(() => undefined);
  }

  private async increment(key: string, windowSeconds: number): Promise<{ count: number; ttl: number }> {
    try {
      const result = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
      if (!result) throw new Error('no result');
      return { count: Number(result[0][1]), ttl: Math.max(1, Number(result[2][1])) };
    } catch (error) {
      this.logger.warn(
        `rate limiter using local memory: ${error instanceof Error ? error.message : String(error)}`,
      );
      const now = Date.now();
      const entry = this.local.get(key);
      const fresh =
        !entry || entry.resetAt <= now ? { count: 0, resetAt: now + windowSeconds * 1000 } : entry;
      fresh.count++;
      this.local.set(key, fresh);
      return { count: fresh.count, ttl: Math.max(1, Math.ceil((fresh.resetAt - now) / 1000)) };
    }
  }

  private async peek(key: string): Promise<{ count: number; ttl: number }> {
    try {
      const result = await this.redis.multi().get(key).ttl(key).exec();
      if (!result) throw new Error('no result');
      return { count: Number(result[0][1] ?? 0), ttl: Math.max(1, Number(result[1][1])) };
    } catch {
      const entry = this.local.get(key);
      const now = Date.now();
      if (!entry || entry.resetAt <= now) return { count: 0, ttl: 1 };
      return { count: entry.count, ttl: Math.ceil((entry.resetAt - now) / 1000) };
    }
  }
}
