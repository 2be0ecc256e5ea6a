import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName, SystemJob, type SystemPingPayload, type SystemPingResult } from '@pondesk/server-queue';
import { WORKER_ID } from '../heartbeat/heartbeat.service';
import { EventPublisher } from '../realtime/event-publisher.service';

@Processor(QueueName.System)
export class SystemProcessor extends WorkerHost {
  constructor(private readonly events: EventPublisher) {
    super();
  }

  async process(job: Job<SystemPingPayload, SystemPingResult>): Promise<SystemPingResult> {
    switch (job.name) {
      case SystemJob.Ping: {
        const processedAt = new Date().toISOString();
        if (job.data.tenantId) {
          this.events.toTenant(job.data.tenantId, 'system.ping.received', {
            at: processedAt,
            from: WORKER_ID,
            message: job.data.message,
          });
        }
        return { message: job.data.message, workerId: WORKER_ID, processedAt };
      }
      default:
        throw new Error(`No handler for job ${job.name} on queue ${QueueName.System}`);
    }
  }
}
