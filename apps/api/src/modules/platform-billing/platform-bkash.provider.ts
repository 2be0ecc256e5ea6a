import type { Provider } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, bkashSettings, type AppConfig } from '@pondesk/server-config';
import { createBkashClient, type BkashApi } from '@pondesk/server-billing';
import { redisNamespace } from '@pondesk/server-queue';
import { REDIS_COMMANDS } from '../../common/redis/redis.module';

/** The platform's bKash merchant (`BkashApi`), or null when online payment is not configured. */
export const PLATFORM_BKASH = Symbol('PLATFORM_BKASH');

export const platformBkashProvider: Provider = {
  provide: PLATFORM_BKASH,
  inject: [APP_CONFIG, REDIS_COMMANDS],
  useFactory: (config: AppConfig, redis: Redis): BkashApi | null => {
    const settings = bkashSettings(config);
    if (!settings) return null;
    return createBkashClient(settings, redis, redisNamespace(config));
  },
};
