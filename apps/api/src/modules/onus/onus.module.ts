import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OltEntity } from '@pondesk/server-database';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { OnuActionsService } from './onu-actions.service';
import { OnuDetailsService } from './onu-details.service';
import { OnusController } from './onus.controller';
import { OnusService } from './onus.service';
import { PppoeController } from './pppoe.controller';

@Module({
  imports: [TypeOrmModule.forFeature([OltEntity]), OltAccessModule, DeviceJobsModule],
  controllers: [OnusController, PppoeController],
  providers: [OnusService, OnuDetailsService, OnuActionsService],
  // The shared OLT page reads the same list, limited to a share link's OLTs; the live router reads check an
  // ONU as every ONU read does.
  exports: [OnusService, OnuDetailsService],
})
export class OnusModule {}
