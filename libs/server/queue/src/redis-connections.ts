import type { OnApplicationShutdown } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import { redisOptionsFromUrl } from './redis-connection';

/**
 * Opens every plain ioredis connection of a process from one URL and closes them together at shutdown
 * (after every `onModuleDestroy`, so a service may still clean up its keys there).
 */
export class RedisConnections implements OnApplicationShutdown {
  private readonly opened = new Set<Redis>();

  constructor(private readonly url: string) {}

  open(overrides: RedisOptions = {}): Redis {
    const redis = new Redis(redisOptionsFromUrl(this.url, overrides));
    // ioredis reconnects by itself; callers see a failure on the command that needed Redis.
    redis.on('error', () => undefined);
    this.opened.add(redis);
    return redis;
  }

  onApplicationShutdown(): void {
    for (const redis of this.opened) redis.disconnect();
    this.opened.clear();
  }
}
