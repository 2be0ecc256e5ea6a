import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BranchEntity, OltEntity } from '@pondesk/server-database';
import { JobQueue, QueueName } from '@pondesk/server-queue';
import { DeviceJobsModule } from '../../common/device-jobs/device-jobs.module';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { OltsController } from './olts.controller';
import { OltsService } from './olts.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([OltEntity, BranchEntity]),
    BullModule.registerQueue({ name: QueueName.OltPoll }, { name: QueueName.OltHealth }),
    OltAccessModule,
    DeviceJobsModule,
  ],
  controllers: [OltsController],
  providers: [JobQueue, OltsService],
})
export class OltsModule {}
