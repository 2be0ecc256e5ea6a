import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { JOB_QUEUE, type JobName, type JobPayloads, type JobResults } from './job-catalogue';

export type TypedJob<N extends JobName> = Job<JobPayloads[N], JobResults[N], N>;

/**
 * Sends any job to its own queue, typed by its name: the API and the worker enqueue through this, so a
 * payload that does not fit its job, or a job on the wrong queue, does not compile.
 */
@Injectable()
export class JobQueue {
  constructor(private readonly moduleRef: ModuleRef) {}

  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts?: JobsOptions): Promise<TypedJob<N>> {
    return this.queueOf(name).add(name, payload, opts) as Promise<TypedJob<N>>;
  }

  /** The BullMQ queue of a job (registered with `BullModule.registerQueue` somewhere in the app). */
  queueOf(name: JobName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(JOB_QUEUE[name]), { strict: false });
  }
}
