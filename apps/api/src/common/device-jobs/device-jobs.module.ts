import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JobQueue, QueueName } from '@pondesk/server-queue';
import { DeviceJobsService } from './device-jobs.service';

/** On-demand device work (probes, port checks, ONU actions) handed to the worker. */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.DeviceAction })],
  providers: [JobQueue, DeviceJobsService],
  exports: [DeviceJobsService],
})
export class DeviceJobsModule {}
