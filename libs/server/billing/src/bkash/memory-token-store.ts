import type { BkashStoredToken, BkashTokenStore } from './bkash-types';

/** The same contract in this process's memory: unit tests, and a single process without Redis. */
export class MemoryBkashTokenStore implements BkashTokenStore {
  private readonly tokens = new Map<string, BkashStoredToken>();
  private readonly locks = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(merchantId: string): Promise<BkashStoredToken | null> {
    const token = this.tokens.get(merchantId);
    return token ? { ...token } : null;
  }

  async set(merchantId: string, token: BkashStoredToken): Promise<void> {
    this.tokens.set(merchantId, { ...token });
  }

  async acquireRenewLock(merchantId: string, ttlMs: number): Promise<boolean> {
    const until = this.locks.get(merchantId);
    if (until !== undefined && until > this.now()) return false;
    this.locks.set(merchantId, this.now() + ttlMs);
    return true;
  }

  async releaseRenewLock(merchantId: string): Promise<void> {
    this.locks.delete(merchantId);
  }

  /** Forgets every token and lock. */
  clear(): void {
    this.tokens.clear();
    this.locks.clear();
  }
}
