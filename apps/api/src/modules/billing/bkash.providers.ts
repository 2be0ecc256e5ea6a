import { Logger, type Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { createPaymentSettlement, type PaymentSettlement } from '@pondesk/server-billing';
import { APP_CONFIG, bkashSettings, type AppConfig } from '@pondesk/server-config';
import { redisNamespace } from '@pondesk/server-queue';
import { REDIS_COMMANDS } from '../../common/redis/redis.module';

/** The platform merchant's settlement, or null when online payment is not configured. */
export const PAYMENT_SETTLEMENT = Symbol('PAYMENT_SETTLEMENT');

export const paymentSettlementProvider: Provider = {
  provide: PAYMENT_SETTLEMENT,
  inject: [getDataSourceToken(), APP_CONFIG, REDIS_COMMANDS],
  useFactory: (db: DataSource, config: AppConfig, redis: Redis): PaymentSettlement | null => {
    const settings = bkashSettings(config);
    if (!settings) return null;
    const logger = new Logger('BkashSettlement');
    return createPaymentSettlement(db, settings, redis, redisNamespace(config), {
      reconcileAfterMs: config.BKASH_RECONCILE_AFTER_MS,
      log: (message) => logger.warn(message),
    });
  },
};
