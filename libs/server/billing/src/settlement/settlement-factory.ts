import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { BkashSettings } from '@pondesk/server-config';
import { BkashClient } from '../bkash/bkash-client';
import { RedisBkashTokenStore } from '../bkash/redis-token-store';
import { PaymentSettlement, type SettlementOptions } from './payment-settlement';

/**
 * The platform merchant's bKash client as every process builds it: its token lives in Redis under the
 * installation's namespace, shared by all of them (one grant an hour in all, renewed by one at a time).
 */
export function createBkashClient(
  settings: BkashSettings,
  redis: Redis,
  redisNamespace: string,
): BkashClient {
  return new BkashClient(
    {
      merchantId: settings.merchantId,
      baseUrl: settings.baseUrl,
      appKey: settings.appKey,
      appSecret: settings.appSecret,
      username: settings.username,
      password: settings.password,
    },
    new RedisBkashTokenStore(redis, redisNamespace),
    { timeoutMs: settings.timeoutMs, executeTimeoutMs: settings.executeTimeoutMs },
  );
}

/** The platform merchant's settlement as the API and the worker run it, over the given database. */
export function createPaymentSettlement(
  db: DataSource,
  settings: BkashSettings,
  redis: Redis,
  redisNamespace: string,
  options: Pick<SettlementOptions, 'reconcileAfterMs' | 'log' | 'now'>,
): PaymentSettlement {
  return new PaymentSettlement(db, createBkashClient(settings, redis, redisNamespace), {
    timeoutMs: settings.timeoutMs,
    executeTimeoutMs: settings.executeTimeoutMs,
    ...options,
  });
}
