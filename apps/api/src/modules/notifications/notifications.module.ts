import { Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { DevOutboxController } from './dev-outbox.controller';
import { DevOutboxService } from './dev-outbox.service';
import { MailService } from './mail.service';
import { HttpSmsGateway, LogSmsGateway, SMS_GATEWAY, type SmsGateway } from './sms-gateway';

/** Mail and SMS. The development outbox route exists only with DEV_OUTBOX (never in production). */
@Module({})
export class NotificationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: NotificationsModule,
      global: true,
      controllers: config.DEV_OUTBOX && config.NODE_ENV !== 'production' ? [DevOutboxController] : [],
      providers: [
        DevOutboxService,
        MailService,
        {
          provide: SMS_GATEWAY,
          inject: [APP_CONFIG, DevOutboxService],
          useFactory: (cfg: AppConfig, outbox: DevOutboxService): SmsGateway =>
            cfg.SMS_GATEWAY_URL
              ? new HttpSmsGateway(cfg.SMS_GATEWAY_URL, cfg.SMS_GATEWAY_TOKEN)
              : new LogSmsGateway(outbox, cfg.NODE_ENV === 'production'),
        },
      ],
      exports: [DevOutboxService, MailService, SMS_GATEWAY],
    };
  }
}
