import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@pondesk/server-queue';
import { SystemService } from './system.service';

@Module({
  imports: [BullModule.registerQueue({ name: QueueName.System })],
  providers: [SystemService],
  exports: [SystemService],
})
export class SystemModule {}
