import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@pondesk/server-queue';
import { DeviceJobsService } from './device-jobs.service';

/** On-demand device work (probes, port checks, ONU actions) handed to the worker. */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.DeviceAction })],
  providers: [DeviceJobsService],
  exports: [DeviceJobsService],
})
export class DeviceJobsModule {}
