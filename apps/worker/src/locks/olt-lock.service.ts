import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisConnections } from '@pondesk/server-queue';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * How long the lock outlives its last renewal: a holder that dies (SIGKILL, lost host) stops renewing, so
 * its lock lapses within this time instead of blocking the OLT for the whole session allowance.
 */
export const OLT_LOCK_LEASE_MS = 5000;
/** Renewals per lease: a renewal delayed by one slow Redis round trip still lands before the lease ends. */
const RENEW_EVERY_MS = Math.floor(OLT_LOCK_LEASE_MS / 3);

export const oltLockKey = (oltId: string) => `pondesk:lock:olt:${oltId}`;

export class OltBusyError extends Error {
  constructor(waitMs: number) {
    super(`The OLT is busy with another session (waited ${Math.round(waitMs / 1000)} s); try again shortly`);
    this.name = 'OltBusyError';
  }
}

/**
 * One session per OLT at a time, across every worker: a device never sees two of our logins at once. The
 * lock is a Redis key with a short lease that the holder renews while it runs (heartbeat extend), up to the
 * caller's allowance `maxHoldMs`.
 */
@Injectable()
export class OltLock {
  private readonly logger = new Logger(OltLock.name);
  private readonly redis: Redis;
  /** The locks this process holds now, by token: a shutdown that hands its jobs back gives them up. */
  private readonly held = new Map<string, { key: string; renew: NodeJS.Timeout }>();

  constructor(connections: RedisConnections) {
    this.redis = connections.open({ maxRetriesPerRequest: 1 });
  }

  /**
   * Runs `fn` holding the OLT's lock; answers `undefined` without running when another holder has it. The
   * lease is renewed while `fn` runs, for at most `maxHoldMs` (a session stuck longer gives the OLT up).
   */
  async withLock<T>(oltId: string, maxHoldMs: number, fn: () => Promise<T>): Promise<T | undefined> {
    const key = oltLockKey(oltId);
    const token = randomUUID();
    const leaseMs = Math.min(OLT_LOCK_LEASE_MS, maxHoldMs);
    if ((await this.redis.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') return undefined;
    const until = Date.now() + maxHoldMs;
    const renew = setInterval(() => {
      const left = until - Date.now();
      if (left <= 0) return clearInterval(renew);
      this.redis.eval(EXTEND, 1, key, token, String(Math.min(leaseMs, left))).then(
        (extended) => {
          if (extended !== 1) this.logger.warn({ oltId }, 'OLT lock lost while held (Redis restarted?)');
        },
        (error: unknown) => this.logger.warn({ oltId, err: String(error) }, 'OLT lock not renewed'),
      );
    }, RENEW_EVERY_MS);
    this.held.set(token, { key, renew });
    try {
      return await fn();
    } finally {
      await this.release(token);
    }
  }

  /** Gives up every lock this process holds (at shutdown, once the jobs holding them were handed back). */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.held.keys()].map((token) => this.release(token)));
  }

  private async release(token: string): Promise<void> {
    const held = this.held.get(token);
    if (!held) return;
    this.held.delete(token);
    clearInterval(held.renew);
    await this.redis.eval(RELEASE, 1, held.key, token).catch(() => undefined);
  }

  /**
   * Like `withLock`, but waits up to `waitMs` for the holder (usually a poll) to finish: an operator's
   * action queues behind the OLT's current session instead of opening a second one.
   */
  async withLockWaiting<T>(
    oltId: string,
    maxHoldMs: number,
    waitMs: number,
    fn: () => Promise<T>,
  ): Promise<T> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const result = await this.withLock(oltId, maxHoldMs, async () => ({ value: await fn() }));
      if (result) return result.value;
      if (Date.now() >= deadline) throw new OltBusyError(waitMs);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
