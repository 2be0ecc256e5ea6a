import type { RedisOptions } from 'ioredis';

/** ioredis options from a `redis://` URL; BullMQ workers need `maxRetriesPerRequest: null`. */
export function redisOptionsFromUrl(url: string, overrides: RedisOptions = {}): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : undefined,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    // Reconnect forever with a short cap so recovery is quick after Redis returns.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...overrides,
  };
}
