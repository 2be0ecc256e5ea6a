import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JobQueue, QueueName } from '@pondesk/server-queue';
import { SystemService } from './system.service';

@Module({
  imports: [BullModule.registerQueue({ name: QueueName.System })],
  providers: [JobQueue, SystemService],
  exports: [SystemService],
})
export class SystemModule {}
