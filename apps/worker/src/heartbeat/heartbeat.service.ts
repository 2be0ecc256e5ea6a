import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import {
  RedisConnections,
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_TTL_SECONDS,
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

  constructor(@Inject(APP_CONFIG) config: AppConfig, connections: RedisConnections) {
    this.prefix = workerHeartbeatPrefix(config);
    // A beat that cannot be written now is worthless later: no offline queue, no retries.
    this.redis = connections.open({ enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  }

  get key(): string {
    return `${this.prefix}${WORKER_ID}`;
  }

  private readonly beat = (): Promise<void> =>
    this.redis.status !== 'ready'
      ? Promise.resolve()
      : this.redis.set(this.key, new Date().toISOString(), 'EX', WORKER_HEARTBEAT_TTL_SECONDS).then(
          () => undefined,
          (error: unknown) => this.logger.warn(`heartbeat not written: ${String(error)}`),
        );

  private readonly beatNow = () => void this.beat();

  onApplicationBootstrap(): void {
    this.redis.on('ready', this.beatNow); // at once after Redis comes back
    if (this.redis.status === 'ready') this.beatNow();
    this.timer = setInterval(this.beatNow, WORKER_HEARTBEAT_INTERVAL_MS);
  }

  /** Leaves the health count at once; the connection itself closes at shutdown. */
  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.redis.off('ready', this.beatNow);
    await this.redis.del(this.key).catch(() => undefined);
  }
}
