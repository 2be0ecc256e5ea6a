import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchEntity, OltEntity } from '@pondesk/server-database';
import { QueueName } from '@pondesk/server-queue';
import { DeviceJobsService } from './device-jobs.service';
import { OltAccessService } from './olt-access.service';
import { OltsController } from './olts.controller';
import { OltsService } from './olts.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([OltEntity, BranchEntity]),
    BullModule.registerQueue(
      { name: QueueName.OltPoll },
      { name: QueueName.OltHealth },
      { name: QueueName.DeviceAction },
    ),
  ],
  controllers: [OltsController],
  providers: [OltsService, OltAccessService, DeviceJobsService],
  exports: [OltAccessService, DeviceJobsService],
})
export class OltsModule {}
