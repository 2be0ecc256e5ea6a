import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JobQueue, QueueName } from '@pondesk/server-queue';
import { OltAccessModule } from '../../common/olt-access/olt-access.module';
import { ScansController } from './scans.controller';
import { ScansService } from './scans.service';

/** MAC find and the inactive-ONU scan: fanned out to the worker, one job per OLT. */
@Module({
  imports: [OltAccessModule, BullModule.registerQueue({ name: QueueName.Scan })],
  controllers: [ScansController],
  providers: [JobQueue, ScansService],
})
export class ScansModule {}
