import type Redis from 'ioredis';
import type { AppConfig } from '@pondesk/server-config';
import { RateLimiterService, TooManyRequestsException, type RateRule } from './rate-limiter.service';

/** A Redis that is away: every command fails, so the service counts in this process's memory. */
const awayRedis = new Proxy(
  {},
  {
    get: () => () => {
      const failing = Promise.reject(new Error('redis away'));
      failing.catch(() => undefined);
      // multi() chains: every link returns the chain, exec() rejects.
      const chain: Record<string, unknown> = new Proxy(
        {},
        { get: (_t, prop) => (prop === 'exec' ? () => failing : () => chain) },
      );
      return Object.assign(failing, chain);
    },
  },
) as unknown as Redis;

const config = { DATABASE_URL: 'postgres://localhost/unit', REDIS_NAMESPACE: 'unit' } as AppConfig;
const rule: RateRule = { name: 'unit', max: 3, windowSeconds: 60 };

describe('RateLimiterService (memory fallback)', () => {
  let limiter: RateLimiterService;
  beforeEach(() => {
    limiter = new RateLimiterService(config, awayRedis);
    jest.spyOn((limiter as unknown as { logger: { warn: () => void } }).logger, 'warn').mockImplementation();
  });

  it('counts before it answers: the hit over the limit is refused with the seconds left', async () => {
    for (let i = 1; i <= 3; i++) await expect(limiter.hit([{ rule, subject: 'a' }])).resolves.toBeDefined();
    const refused = await limiter.hit([{ rule, subject: 'A' }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsException);
    expect((refused as TooManyRequestsException).retryAfterSeconds).toBeGreaterThan(0);
    // Another subject has a bucket of its own.
    await expect(limiter.hit([{ rule, subject: 'b' }])).resolves.toEqual([
      { count: 1, ttl: 60, over: false },
    ]);
  });

  it('leaves an unenforced bucket to the caller', async () => {
    for (let i = 0; i < 3; i++) await limiter.hit([{ rule, subject: 'x', enforce: false }]);
    const [count] = await limiter.hit([{ rule, subject: 'x', enforce: false }]);
    expect(count).toMatchObject({ count: 4, over: true });
  });

  it('gives a hit back, never below zero', async () => {
    await limiter.hit([{ rule, subject: 'r' }]);
    await limiter.refund(rule, 'r');
    await limiter.refund(rule, 'r');
    const [count] = await limiter.hit([{ rule, subject: 'r' }]);
    expect(count.count).toBe(1);
  });

  it('remembers the most recent members only', async () => {
    const known: RateRule = { name: 'known', max: 2, windowSeconds: 60 };
    await limiter.remember(known, 'acct', '10.0.0.1');
    await limiter.remember(known, 'acct', '10.0.0.2');
    await limiter.remember(known, 'acct', '10.0.0.1');
    await limiter.remember(known, 'acct', '10.0.0.3');
    expect(await limiter.remembers(known, 'acct', '10.0.0.1')).toBe(true);
    expect(await limiter.remembers(known, 'acct', '10.0.0.3')).toBe(true);
    expect(await limiter.remembers(known, 'acct', '10.0.0.2')).toBe(false);
    expect(await limiter.remembers(known, 'other', '10.0.0.1')).toBe(false);
  });
});
