import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SwitchEntity } from '@pondesk/server-database';
import { JobQueue, QueueName } from '@pondesk/server-queue';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { DeviceTargetsModule } from '../../common/device-targets/device-targets.module';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { SwitchChecksService } from './switch-checks.service';
import { SwitchPortsController } from './switch-ports.controller';
import { SwitchPortsService } from './switch-ports.service';
import { SwitchesController } from './switches.controller';
import { SwitchesService } from './switches.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([SwitchEntity]),
    BullModule.registerQueue({ name: QueueName.SwitchPoll }),
    OltAccessModule,
    DeviceJobsModule,
    DeviceTargetsModule,
  ],
  controllers: [SwitchesController, SwitchPortsController],
  providers: [JobQueue, SwitchesService, SwitchChecksService, SwitchPortsService],
})
export class SwitchesModule {}
