import { Injectable } from '@nestjs/common';
import { JobName, JobQueue, type SystemPingResult } from '@pondesk/server-queue';

/** Enqueues system jobs; the worker answers. Proves the API → queue → worker → API round trip. */
@Injectable()
export class SystemService {
  constructor(private readonly jobs: JobQueue) {}

  async pingWorker(
    message: string,
    timeoutMs = 5000,
    tenantId?: string,
  ): Promise<SystemPingResult & { roundTripMs: number }> {
    const t0 = performance.now();
    const result = await this.jobs.enqueueAndWait(JobName.SystemPing, { message, tenantId }, timeoutMs, {
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    return { ...result, roundTripMs: Math.round(performance.now() - t0) };
  }
}
