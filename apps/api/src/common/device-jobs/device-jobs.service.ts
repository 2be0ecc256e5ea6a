import { Injectable } from '@nestjs/common';
import {
  JobQueue,
  type JobPayloads,
  type JobResults,
  type JobsOf,
  type QueueName,
} from '@pondesk/server-queue';
import { workerTimeout } from './device-jobs.exception';

/** The jobs of the device-action queue: on-demand device work the API waits for. */
export type DeviceActionJobName = JobsOf<QueueName.DeviceAction>;

/** Enqueues on-demand device work for the worker and waits for its answer (the API never touches a device). */
@Injectable()
export class DeviceJobsService {
  constructor(private readonly jobs: JobQueue) {}

  async run<N extends DeviceActionJobName>(
    name: N,
    data: JobPayloads[N],
    timeoutMs: number,
    what: string,
  ): Promise<JobResults[N]> {
    try {
      return await this.jobs.enqueueAndWait(name, data, timeoutMs, {
        removeOnComplete: 200,
        removeOnFail: 200,
        attempts: 1,
      });
    } catch (error) {
      if (error instanceof Error && /timed out|timeout/i.test(error.message)) throw workerTimeout(what);
      throw error;
    }
  }
}
