import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AppConfigModule, type AppConfig } from '@pondesk/server-config';
import { OltEntity, dataSourceOptions } from '@pondesk/server-database';
import { basePinoOptions } from '@pondesk/server-logging';
import { QueueName, queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import { HeartbeatService } from './heartbeat/heartbeat.service';
import { DriverOltConnector } from './polling/driver-olt-connector';
import { OltConnector } from './polling/olt-connector';
import { OltHealthProcessor } from './polling/olt-health.processor';
import { OltLock } from './polling/olt-lock.service';
import { OltProber } from './polling/olt-prober';
import { OnuStore } from './polling/onu-store';
import { PollOltProcessor } from './polling/poll-olt.processor';
import { DeviceActionProcessor } from './processors/device-action.processor';
import { OnuActionsService } from './processors/onu-actions.service';
import { SystemProcessor } from './processors/system.processor';
import { EventPublisher } from './realtime/event-publisher.service';
import { MaintenanceProcessor } from './schedulers/maintenance.processor';
import { SchedulerSyncService } from './schedulers/scheduler-sync.service';

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: basePinoOptions(config.LOG_LEVEL, 'worker') }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.DATABASE_URL),
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        BullModule.forRoot({
          connection: redisOptionsFromUrl(config.REDIS_URL, { maxRetriesPerRequest: null }),
          prefix: queuePrefix(config.DATABASE_URL),
        }),
        TypeOrmModule.forFeature([OltEntity]),
        BullModule.registerQueue(
          { name: QueueName.System },
          { name: QueueName.OltPoll },
          { name: QueueName.OltHealth },
          { name: QueueName.DeviceAction },
          { name: QueueName.Maintenance },
        ),
      ],
      providers: [
        HeartbeatService,
        EventPublisher,
        OltLock,
        OnuStore,
        OltProber,
        OnuActionsService,
        { provide: OltConnector, useClass: DriverOltConnector },
        SchedulerSyncService,
        SystemProcessor,
        PollOltProcessor,
        OltHealthProcessor,
        DeviceActionProcessor,
        MaintenanceProcessor,
      ],
      exports: [EventPublisher],
    };
  }
}
