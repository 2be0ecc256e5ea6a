import { Module } from '@nestjs/common';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { RouterLiveController } from './router-live.controller';
import { RouterLiveService } from './router-live.service';

/** The PPPoE page's live session and Hosts tab, read from the OLT's MikroTik by the worker. */
@Module({
  imports: [OltAccessModule, DeviceJobsModule],
  controllers: [RouterLiveController],
  providers: [RouterLiveService],
})
export class RouterLiveModule {}
