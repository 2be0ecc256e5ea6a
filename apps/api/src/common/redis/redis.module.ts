import { Global, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { RedisConnections } from '@pondesk/server-queue';

/** The API's one connection for plain commands (rate-limit counters, health checks). */
export const REDIS_COMMANDS = Symbol('REDIS_COMMANDS');

/**
 * Fails fast while Redis is away instead of queueing commands: callers fall back (rate limits) or
 * report it (health), and reconnecting every 500 ms notices Redis's return quickly.
 */
const COMMAND_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1000,
  retryStrategy: () => 500,
};

/** Gives the first connection a moment, so the first health answer is not a false alarm. */
function firstConnection(redis: Redis, waitMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    redis.once('ready', () => (clearTimeout(timer), resolve()));
  });
}

/**
 * Every plain Redis connection of the API comes from `RedisConnections` and is closed with the app
 * (the Socket.IO adapter takes its pair from it too). BullMQ opens and closes its own, as its
 * blocking reads need dedicated connections.
 */
@Global()
@Module({
  providers: [
    {
      provide: RedisConnections,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new RedisConnections(config.REDIS_URL),
    },
    {
      provide: REDIS_COMMANDS,
      inject: [RedisConnections],
      useFactory: async (connections: RedisConnections): Promise<Redis> => {
        const redis = connections.open(COMMAND_OPTIONS);
        await firstConnection(redis, 2000);
        return redis;
      },
    },
  ],
  exports: [RedisConnections, REDIS_COMMANDS],
})
export class RedisModule {}
