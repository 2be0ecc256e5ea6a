import { BullModule } from '@nestjs/bullmq';
import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AppConfigModule, type AppConfig } from '@pondesk/server-config';
import { API_CONNECTIONS, dataSourceOptions } from '@pondesk/server-database';
import { httpLoggerOptions } from '@pondesk/server-logging';
import { queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import { AccessModule } from './common/auth/access.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { AccessGuard } from './common/guards/access.guard';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RedisModule } from './common/redis/redis.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { BranchesModule } from './modules/branches/branches.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { HealthModule } from './modules/health/health.module';
import { LogsModule } from './modules/logs/logs.module';
import { MenusModule } from './modules/menus/menus.module';
import { MonitorModule } from './modules/monitor/monitor.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { OltPermissionsModule } from './modules/olt-permissions/olt-permissions.module';
import { OltsModule } from './modules/olts/olts.module';
import { OnusModule } from './modules/onus/onus.module';
import { ScansModule } from './modules/scans/scans.module';
import { SessionsModule } from './modules/sessions/sessions.module';
import { SharesModule } from './modules/shares/shares.module';
import { ProfileModule } from './modules/profile/profile.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { RolesModule } from './modules/roles/roles.module';
import { RouterLiveModule } from './modules/router-live/router-live.module';
import { SwitchesModule } from './modules/switches/switches.module';
import { SystemModule } from './modules/system/system.module';
import { TenantsModule } from './modules/tenants/tenants.module';
import { UsersModule } from './modules/users/users.module';
import { VpnModule } from './modules/vpn/vpn.module';
import { AlertsModule } from './modules/alerts/alerts.module';
import { BillingModule } from './modules/billing/billing.module';
import { PlatformBillingModule } from './modules/platform-billing/platform-billing.module';
import { ContentModule } from './modules/content/content.module';
import { BillingExpiryModule } from './modules/billing-expiry/billing-expiry.module';

/** Feature modules of the API; infrastructure is wired in `AppModule.forRoot`. */
export const FEATURE_MODULES = [
  HealthModule,
  RealtimeModule,
  SystemModule,
  AuditModule,
  AuthModule,
  ProfileModule,
  UsersModule,
  RolesModule,
  BranchesModule,
  MenusModule,
  OltPermissionsModule,
  TenantsModule,
  OltsModule,
  SwitchesModule,
  OnusModule,
  ScansModule,
  SessionsModule,
  LogsModule,
  DashboardModule,
  SharesModule,
  MonitorModule,
  RouterLiveModule,
  VpnModule,
  AlertsModule,
  BillingModule,
  PlatformBillingModule,
  ContentModule,
  BillingExpiryModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: httpLoggerOptions(config.LOG_LEVEL, 'api'),
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.DATABASE_URL, API_CONNECTIONS),
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        BullModule.forRoot({
          connection: redisOptionsFromUrl(config.REDIS_URL, { maxRetriesPerRequest: null }),
          prefix: queuePrefix(config),
        }),
        RedisModule,
        AccessModule,
        RateLimitModule,
        // Needs the config: the development outbox route exists only outside production.
        NotificationsModule.forRoot(config),
        ...FEATURE_MODULES,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // Deny by default: every route must declare Public/Authenticated/RequirePermission/PlatformAdmin.
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
