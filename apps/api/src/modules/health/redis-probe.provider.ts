import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { redisOptionsFromUrl } from '@pondesk/server-queue';

/** A Redis connection that fails fast while Redis is away instead of queueing commands. */
@Injectable()
export class RedisProbe implements OnModuleInit, OnModuleDestroy {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Redis(
      redisOptionsFromUrl(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 1000,
        lazyConnect: false,
        retryStrategy: () => 500,
      }),
    );
    this.client.on('error', () => undefined); // state is read by the health check, not logged per retry
  }

  /** Gives the first connection a moment so the first health answer is not a false alarm. */
  async onModuleInit(): Promise<void> {
    if (this.client.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.client.once('ready', () => (clearTimeout(timer), resolve()));
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.client.disconnect();
  }
}
