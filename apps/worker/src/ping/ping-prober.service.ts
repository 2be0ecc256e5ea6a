import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { RedisConnections, pingProberLockKey } from '@pondesk/server-queue';
import { MaintenanceService } from '../maintenance/maintenance.service';
import { EventPublisher } from '../realtime/event-publisher.service';
import { PingLeader } from './ping-leader';
import { PingRun } from './ping-run';

/**
 * The IP monitor's and POP power's prober. Every worker with PING_ENABLED runs this; the one holding the
 * Redis lock pings (see `PingRun`), the others stand by and take over when it stops or dies.
 */
@Injectable()
export class PingProberService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PingProber');
  private leader?: PingLeader;
  private run?: PingRun;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly connections: RedisConnections,
    private readonly events: EventPublisher,
    private readonly maintenance: MaintenanceService,
  ) {}

  /** Whether this worker pings now. */
  get probing(): boolean {
    return this.run !== undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.config.PING_ENABLED) {
      this.logger.log('prober off (PING_ENABLED=false)');
      return;
    }
    const redis = this.connections.open({ maxRetriesPerRequest: 1 });
    this.leader = new PingLeader(redis, pingProberLockKey(this.config), {
      acquired: async () => {
        this.logger.log('this worker runs the prober');
        const run = new PingRun({
          config: this.config,
          db: this.db,
          redis,
          events: this.events,
          maintenance: this.maintenance,
          logger: this.logger,
        });
        this.run = run;
        await run.start();
      },
      lost: async (reason) => {
        const run = this.run;
        this.run = undefined;
        if (reason !== 'stopping') this.logger.warn(`prober stopped on this worker: ${reason}`);
        await run?.stop();
      },
    });
    this.leader.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.leader?.stop();
  }
}
