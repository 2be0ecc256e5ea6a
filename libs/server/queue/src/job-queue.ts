import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QueueEvents, type Job, type JobsOptions, type Queue } from 'bullmq';
import { JOB_QUEUE, type JobName, type JobPayloads, type JobResults } from './job-catalogue';
import type { QueueName } from './queues';

export type TypedJob<N extends JobName> = Job<JobPayloads[N], JobResults[N], N>;

/**
 * Sends any job to its own queue, typed by its name: the API and the worker enqueue through this, so a
 * payload that does not fit its job, or a job on the wrong queue, does not compile.
 */
@Injectable()
export class JobQueue implements OnModuleDestroy {
  /** Completion events per queue, opened on the first wait. */
  private readonly events = new Map<QueueName, QueueEvents>();

  constructor(private readonly moduleRef: ModuleRef) {}

  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts?: JobsOptions): Promise<TypedJob<N>> {
    return this.queueOf(name).add(name, payload, opts) as Promise<TypedJob<N>>;
  }

  /** Enqueues and waits for the worker's answer; rejects with BullMQ's timeout error after `timeoutMs`. */
  async enqueueAndWait<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    timeoutMs: number,
    opts?: JobsOptions,
  ): Promise<JobResults[N]> {
    const events = this.eventsOf(name);
    // Listening before the job exists, so a fast answer is not missed.
    await events.waitUntilReady();
    const job = await this.enqueue(name, payload, opts);
    return (await job.waitUntilFinished(events, timeoutMs)) as JobResults[N];
  }

  /** The BullMQ queue of a job (registered with `BullModule.registerQueue` somewhere in the app). */
  queueOf(name: JobName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(JOB_QUEUE[name]), { strict: false });
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.close()));
    this.events.clear();
  }

  /** Events share the queue's connection options and key prefix (their blocking reads get a connection of their own). */
  private eventsOf(name: JobName): QueueEvents {
    const queueName = JOB_QUEUE[name];
    let events = this.events.get(queueName);
    if (!events) {
      const queue = this.queueOf(name);
      events = new QueueEvents(queueName, { connection: queue.opts.connection, prefix: queue.opts.prefix });
      this.events.set(queueName, events);
    }
    return events;
  }
}
