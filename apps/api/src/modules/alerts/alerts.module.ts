import { Module } from '@nestjs/common';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { DeviceTargetsModule } from '../../common/device-targets/device-targets.module';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { AlertChannelsService } from './alert-channels.service';
import { AlertHistoryService } from './alert-history.service';
import { AlertRulesService } from './alert-rules.service';
import { AlertSilencesService } from './alert-silences.service';
import { AlertsController } from './alerts.controller';

/** /alerts: rules, channels (with 'Send test'), the history with delivery status, silences. */
@Module({
  imports: [OltAccessModule, DeviceJobsModule, DeviceTargetsModule],
  controllers: [AlertsController],
  providers: [AlertRulesService, AlertChannelsService, AlertHistoryService, AlertSilencesService],
})
export class AlertsModule {}
