import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfigModule, type AppConfig } from '@pondesk/server-config';
import { OltEntity, SwitchEntity, dataSourceOptions } from '@pondesk/server-database';
import { basePinoOptions } from '@pondesk/server-logging';
import {
  JobQueue,
  QueueName,
  RedisConnections,
  queuePrefix,
  redisOptionsFromUrl,
} from '@pondesk/server-queue';
import { AlertDispatcher } from './alerts/alert-dispatcher.service';
import { AlertEngine } from './alerts/alert-engine.service';
import { AlertTestService } from './alerts/alert-test.service';
import { BkashReconciler } from './billing/bkash-reconciler.service';
import { ChannelClients } from './alerts/channels/channel-clients';
import { SignalTrendsService } from './alerts/signal-trends.service';
import { HeartbeatService } from './heartbeat/heartbeat.service';
import { PingService } from './heartbeat/ping.service';
import { JobRegistry } from './jobs/job-registry.service';
import { queueProcessors } from './jobs/queue-processors';
import { MaintenanceService } from './maintenance/maintenance.service';
import { DriverOltConnector } from './olt-sessions/driver-olt-connector';
import { OltChecksService } from './olt-sessions/olt-checks.service';
import { OltConnector } from './olt-sessions/olt-connector';
import { OltLock } from './locks/olt-lock.service';
import { DeviceTargetGuard } from './olt-sessions/device-target-guard';
import { OltProber } from './olt-sessions/olt-prober.service';
import { OltSessionService } from './olt-sessions/olt-session.service';
import { OnuActionsService } from './onu-actions/onu-actions.service';
import { PingProberService } from './ping/ping-prober.service';
import { RouterLiveService } from './routers/router-live.service';
import { OltHealthService } from './polling/olt-health.service';
import { OnuStore } from './polling/onu-store.service';
import { PollOltService } from './polling/poll-olt.service';
import { SchedulerSyncService } from './polling/scheduler-sync.service';
import { EventPublisher } from './realtime/event-publisher.service';
import { ScanService } from './scans/scan.service';
import { DeviceLogWriter } from './syslog/device-log-writer.service';
import { LogEventsService } from './log-events/log-events.service';
import { SyslogSources } from './syslog/syslog-sources.service';
import { SyslogService } from './syslog/syslog.service';
import { PollSwitchService } from './switches/poll-switch.service';
import { SwitchCheckService } from './switches/switch-check.service';
import { SwitchStore } from './switches/switch-store.service';
import { VPN_JOB_HANDLERS } from './vpn/vpn-job-handlers';

/** The services whose `@OnJob` methods run the jobs; the registry checks each job has exactly one. */
export const JOB_HANDLER_SERVICES = [
  PingService,
  PollOltService,
  OltHealthService,
  OltProber,
  OltChecksService,
  OnuActionsService,
  MaintenanceService,
  ScanService,
  PollSwitchService,
  SwitchCheckService,
  ...VPN_JOB_HANDLERS,
  RouterLiveService,
  AlertTestService,
  SignalTrendsService,
];

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
          prefix: queuePrefix(config),
          // The job registry starts the workers once every job has its handler.
          extraOptions: { manualRegistration: true },
        }),
        TypeOrmModule.forFeature([OltEntity, SwitchEntity]),
        BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name }))),
        DiscoveryModule,
      ],
      providers: [
        {
          provide: RedisConnections,
          useFactory: (c: AppConfig) => new RedisConnections(c.REDIS_URL),
          inject: [APP_CONFIG],
        },
        JobQueue,
        JobRegistry,
        ...queueProcessors(config),
        HeartbeatService,
        EventPublisher,
        OltLock,
        DeviceTargetGuard,
        { provide: OltConnector, useClass: DriverOltConnector },
        OltSessionService,
        OnuStore,
        SwitchStore,
        SchedulerSyncService,
        SyslogSources,
        DeviceLogWriter,
        LogEventsService,
        SyslogService,
        PingProberService,
        ChannelClients,
        AlertDispatcher,
        AlertEngine,
        BkashReconciler,
        ...JOB_HANDLER_SERVICES,
      ],
      exports: [EventPublisher],
    };
  }
}
