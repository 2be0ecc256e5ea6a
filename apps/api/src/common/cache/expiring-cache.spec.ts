import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  afterEach(() => jest.useRealTimers());

  it('forgets an entry once its time is up', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T05:00:00Z') });
    const cache = new ExpiringCache<number>(10, 30_000);
    cache.set('a', 1);
    jest.setSystemTime(new Date('2026-11-27T05:00:29.999Z'));
    expect(cache.get('a')).toBe(1);
    jest.setSystemTime(new Date('2026-11-27T05:00:30Z'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest written entry when full, and a rewrite counts as new', () => {
    const cache = new ExpiringCache<string>(2, 60_000);
    cache.set('a', 'first');
    cache.set('b', 'second');
    cache.set('a', 'again');
    cache.set('c', 'third');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('again');
    expect(cache.get('c')).toBe('third');
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a falsy value as a hit', () => {
    const cache = new ExpiringCache<string | null>(2, 60_000);
    cache.set('k', null);
    expect(cache.get('k')).toBeNull();
  });
});
