import type { RedisConnections } from '@pondesk/server-queue';
import { OLT_LOCK_LEASE_MS, OltLock, oltLockKey } from './olt-lock.service';

/** Just enough of Redis for the lock: keys with a millisecond expiry on jest's clock, and its two scripts. */
class FakeRedis {
  readonly keys = new Map<string, { value: string; expiresAt: number }>();

  private live(key: string) {
    const e = this.keys.get(key);
    if (e && e.expiresAt <= Date.now()) this.keys.delete(key);
    return this.keys.get(key);
  }

  async set(key: string, value: string, _px: 'PX', ms: number, _nx: 'NX'): Promise<'OK' | null> {
    if (this.live(key)) return null;
    this.keys.set(key, { value, expiresAt: Date.now() + ms });
    return 'OK';
  }

  async eval(script: string, _n: number, key: string, token: string, ms?: string): Promise<number> {
    const e = this.live(key);
    if (!e || e.value !== token) return 0;
    if (script.includes('pexpire')) e.expiresAt = Date.now() + Number(ms);
    else this.keys.delete(key);
    return 1;
  }

  held(oltId: string): boolean {
    return this.live(oltLockKey(oltId)) !== undefined;
  }
}

describe('OltLock', () => {
  let redis: FakeRedis;
  let lock: OltLock;

  beforeEach(() => {
    jest.useFakeTimers();
    redis = new FakeRedis();
    lock = new OltLock({ open: () => redis } as unknown as RedisConnections);
  });
  afterEach(() => jest.useRealTimers());

  /** A job that holds the lock until `finish` is called. */
  const holder = (maxHoldMs: number) => {
    let finish!: () => void;
    const running = lock.withLock(
      'olt-1',
      maxHoldMs,
      () => new Promise<string>((r) => (finish = () => r('done'))),
    );
    return { running, finish: () => finish() };
  };

  it('keeps a short lease, renewed while the holder runs, and releases it at the end', async () => {
    const h = holder(10 * 60_000);
    await jest.advanceTimersByTimeAsync(0);
    const key = redis.keys.get(oltLockKey('olt-1'))!;
    expect(key.expiresAt - Date.now()).toBeLessThanOrEqual(OLT_LOCK_LEASE_MS);
    // Far past the lease: the renewals keep it.
    await jest.advanceTimersByTimeAsync(OLT_LOCK_LEASE_MS * 6);
    expect(redis.held('olt-1')).toBe(true);
    expect(await lock.withLock('olt-1', 60_000, async () => 'second')).toBeUndefined();
    h.finish();
    await expect(h.running).resolves.toBe('done');
    expect(redis.held('olt-1')).toBe(false);
  });

  it('lets the lease lapse once the holder has held it for its whole allowance', async () => {
    const h = holder(8000);
    await jest.advanceTimersByTimeAsync(7000);
    expect(redis.held('olt-1')).toBe(true);
    await jest.advanceTimersByTimeAsync(1500);
    expect(redis.held('olt-1')).toBe(false);
    h.finish();
    await h.running;
  });

  it('gives up every lock it holds on releaseAll (a shutdown that handed its jobs back)', async () => {
    const h = holder(60_000);
    await jest.advanceTimersByTimeAsync(0);
    await lock.releaseAll();
    expect(redis.held('olt-1')).toBe(false);
    // No renewal brings it back.
    await jest.advanceTimersByTimeAsync(OLT_LOCK_LEASE_MS * 2);
    expect(redis.held('olt-1')).toBe(false);
    h.finish();
    await h.running;
  });
});
