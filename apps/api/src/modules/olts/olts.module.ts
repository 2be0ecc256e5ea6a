import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchEntity, OltEntity } from '@pondesk/server-database';
import { JobQueue, QueueName } from '@pondesk/server-queue';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { DeviceTargetsModule } from '../../common/device-targets/device-targets.module';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { OltsController } from './olts.controller';
import { DeviceChecksService } from './device-checks.service';
import { OltsService } from './olts.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([OltEntity, BranchEntity]),
    BullModule.registerQueue({ name: QueueName.OltPoll }, { name: QueueName.OltHealth }),
    OltAccessModule,
    DeviceJobsModule,
    DeviceTargetsModule,
  ],
  controllers: [OltsController],
  providers: [JobQueue, OltsService, DeviceChecksService],
})
export class OltsModule {}
