import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BkashStoredToken, BkashTokenStore } from './bkash-types';

/** A stored token is kept at least this long, and at most this long (the refresh token's trust ends sooner). */
const MIN_TTL_MS = 60_000;
const MAX_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes the lock only while it still holds our value: an expired lock someone else took stays theirs. */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

function parseToken(raw: string | null): BkashStoredToken | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<BkashStoredToken>;
    if (
      typeof value.idToken !== 'string' ||
      typeof value.refreshToken !== 'string' ||
      typeof value.expiresAt !== 'number' ||
      typeof value.refreshExpiresAt !== 'number'
    )
      return null;
    return {
      idToken: value.idToken,
      refreshToken: value.refreshToken,
      expiresAt: value.expiresAt,
      refreshExpiresAt: value.refreshExpiresAt,
    };
  } catch {
    return null;
  }
}

/**
 * The token cache every API and worker process shares: `<namespace>:bkash:token:<merchantId>` holds the
 * token as JSON (expiring when neither token is of use any more), `<namespace>:bkash:token-lock:<merchantId>`
 * is the renew lock (`SET NX PX`, released by compare-and-delete).
 */
export class RedisBkashTokenStore implements BkashTokenStore {
  /** The value of each lock this instance holds. */
  private readonly locks = new Map<string, string>();

  /** @param namespace the installation's Redis namespace (`redisNamespace(config)`), without a trailing ':'. */
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  tokenKey(merchantId: string): string {
    return `${this.namespace}:bkash:token:${merchantId}`;
  }

  lockKey(merchantId: string): string {
    return `${this.namespace}:bkash:token-lock:${merchantId}`;
  }

  async get(merchantId: string): Promise<BkashStoredToken | null> {
    return parseToken(await this.redis.get(this.tokenKey(merchantId)));
  }

  async set(merchantId: string, token: BkashStoredToken): Promise<void> {
    const useful = Math.max(token.expiresAt, token.refreshExpiresAt) - Date.now();
    const ttl = Math.min(Math.max(useful, MIN_TTL_MS), MAX_TTL_MS);
    await this.redis.set(this.tokenKey(merchantId), JSON.stringify(token), 'PX', Math.round(ttl));
  }

  async acquireRenewLock(merchantId: string, ttlMs: number): Promise<boolean> {
    const value = randomBytes(12).toString('hex');
    const ok = await this.redis.set(
      this.lockKey(merchantId),
      value,
      'PX',
      Math.max(1, Math.round(ttlMs)),
      'NX',
    );
    if (ok !== 'OK') return false;
    this.locks.set(merchantId, value);
    return true;
  }

  async releaseRenewLock(merchantId: string): Promise<void> {
    const value = this.locks.get(merchantId);
    if (value === undefined) return;
    this.locks.delete(merchantId);
    await this.redis.eval(RELEASE_SCRIPT, 1, this.lockKey(merchantId), value);
  }
}
