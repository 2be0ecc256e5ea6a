import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { pingTargetsVersionKey } from '@pondesk/server-queue';
import { REDIS_COMMANDS } from '../../common/redis/redis.module';

/**
 * Tells the worker's prober that the ping targets (servers, POP power sources) changed: it reads the
 * counter every second and reloads its targets when it moved. Called after the change committed.
 */
@Injectable()
export class PingTargetsService {
  private readonly logger = new Logger(PingTargetsService.name);
  private readonly key: string;

  constructor(
    @Inject(REDIS_COMMANDS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = pingTargetsVersionKey(config);
  }

  async changed(): Promise<void> {
    try {
      await this.redis.incr(this.key);
    } catch (error) {
      // The change is saved; the prober picks it up at its next reload.
      this.logger.warn(
        `ping targets version not bumped: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
