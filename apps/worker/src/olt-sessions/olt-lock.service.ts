import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisConnections } from '@pondesk/server-queue';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class OltBusyError extends Error {
  constructor(waitMs: number) {
    super(`The OLT is busy with another session (waited ${Math.round(waitMs / 1000)} s); try again shortly`);
    this.name = 'OltBusyError';
  }
}

/** One session per OLT at a time, across every worker: a device never sees two of our logins at once. */
@Injectable()
export class OltLock {
  private readonly redis: Redis;

  constructor(connections: RedisConnections) {
    this.redis = connections.open({ maxRetriesPerRequest: 1 });
  }

  /** Runs `fn` holding the OLT's lock; answers `undefined` without running when another holder has it. */
  async withLock<T>(oltId: string, ttlMs: number, fn: () => Promise<T>): Promise<T | undefined> {
    const key = `pondesk:lock:olt:${oltId}`;
    const token = randomUUID();
    if ((await this.redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return undefined;
    try {
      return await fn();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }

  /**
   * Like `withLock`, but waits up to `waitMs` for the holder (usually a poll) to finish: an operator's
   * action queues behind the OLT's current session instead of opening a second one.
   */
  async withLockWaiting<T>(oltId: string, ttlMs: number, waitMs: number, fn: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const result = await this.withLock(oltId, ttlMs, async () => ({ value: await fn() }));
      if (result) return result.value;
      if (Date.now() >= deadline) throw new OltBusyError(waitMs);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
