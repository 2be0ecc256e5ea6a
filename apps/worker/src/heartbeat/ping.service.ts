import { Injectable } from '@nestjs/common';
import { JobName, type SystemPingPayload, type SystemPingResult } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { EventPublisher } from '../realtime/event-publisher.service';
import { WORKER_ID } from './heartbeat.service';

/** Answers the API's round-trip check with this worker's id. */
@Injectable()
export class PingService {
  constructor(private readonly events: EventPublisher) {}

  @OnJob(JobName.SystemPing)
  async ping(p: SystemPingPayload): Promise<SystemPingResult> {
    const processedAt = new Date().toISOString();
    if (p.tenantId) {
      this.events.toTenant(p.tenantId, 'system.ping.received', {
        at: processedAt,
        from: WORKER_ID,
        message: p.message,
      });
    }
    return { message: p.message, workerId: WORKER_ID, processedAt };
  }
}
