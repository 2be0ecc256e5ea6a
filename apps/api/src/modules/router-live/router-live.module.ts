import { Module } from '@nestjs/common';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { OnusModule } from '../onus/onus.module';
import { RouterLiveController } from './router-live.controller';
import { RouterLiveService } from './router-live.service';

/** The PPPoE page's live session and Hosts tab, read from the OLT's MikroTik by the worker. */
@Module({
  imports: [OnusModule, DeviceJobsModule],
  controllers: [RouterLiveController],
  providers: [RouterLiveService],
})
export class RouterLiveModule {}
