import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_TTL_SECONDS,
  redisOptionsFromUrl,
  workerHeartbeatPrefix,
} from '@pondesk/server-queue';

export const WORKER_ID = `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;

/** Keeps `pondesk:worker:heartbeat:<id>` alive with a TTL; the API's health check counts them. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(HeartbeatService.name);
  private readonly redis: Redis;
  private timer?: NodeJS.Timeout;
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = workerHeartbeatPrefix(config.DATABASE_URL);
    this.redis = new Redis(
      redisOptionsFromUrl(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0 }),
    );
    this.redis.on('error', () => undefined);
  }

  get key(): string {
    return `${this.prefix}${WORKER_ID}`;
  }

  onApplicationBootstrap(): void {
    const beat = () =>
      this.redis.status !== 'ready'
        ? Promise.resolve()
        : this.redis
            .set(this.key, new Date().toISOString(), 'EX', WORKER_HEARTBEAT_TTL_SECONDS)
            .catch((error: unknown) => this.logger.warn(`heartbeat not written: ${String(error)}`));
    this.redis.on('ready', () => void beat()); // at once after Redis comes back
    if (this.redis.status === 'ready') void beat();
    this.timer = setInterval(() => void beat(), WORKER_HEARTBEAT_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.redis.del(this.key).catch(() => undefined);
    this.redis.disconnect();
  }
}
