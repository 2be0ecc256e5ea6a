import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { AppConfig } from '@pondesk/server-config';
import { QueueName, WORKER_JOB_LOCK_MS, WORKER_STALLED_CHECK_MS } from '@pondesk/server-queue';
import { JobRegistry } from './job-registry.service';
import { RunningJobs } from './running-jobs';

/** Jobs of one queue run at once per worker process. */
const CONCURRENCY: { readonly [Q in QueueName]: (config: AppConfig) => number } = {
  [QueueName.System]: () => 1,
  // I/O-bound: many slow OLTs are waited for at once, one session per OLT (the OLT lock).
  [QueueName.OltPoll]: (config) => config.POLL_CONCURRENCY,
  [QueueName.OltHealth]: (config) => config.WORKER_CONCURRENCY,
  // Operators wait on these; most of the time is spent waiting for devices.
  [QueueName.DeviceAction]: () => 16,
  [QueueName.Maintenance]: () => 1,
  // A scan fans out to every OLT at once: as I/O-bound as polling, one session per OLT (the OLT lock).
  [QueueName.Scan]: (config) => config.POLL_CONCURRENCY,
  // As I/O-bound as OLT polls: a slow or dead switch waits out its timeout without holding up the others.
  [QueueName.SwitchPoll]: (config) => config.POLL_CONCURRENCY,
};

const className = (queue: QueueName) =>
  `${queue.replace(/(^|-)(\w)/g, (_m, _dash: string, c: string) => c.toUpperCase())}Processor`;

function queueProcessor(queue: QueueName, concurrency: number): Type<WorkerHost> {
  // A killed worker's job is found stalled and run again by another worker within seconds.
  @Processor(queue, {
    concurrency,
    lockDuration: WORKER_JOB_LOCK_MS,
    stalledInterval: WORKER_STALLED_CHECK_MS,
  })
  class QueueProcessor extends WorkerHost {
    constructor(
      @Inject(JobRegistry) private readonly registry: JobRegistry,
      @Inject(RunningJobs) private readonly running: RunningJobs,
    ) {
      super();
    }

    process(job: Job, token?: string): Promise<unknown> {
      return this.running.track(job, token, () => this.registry.dispatch(queue, job));
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: className(queue) });
  return QueueProcessor;
}

/**
 * One BullMQ worker per queue; each hands its jobs to the registry, which knows the handler by name. With
 * them, the drain that lets their running jobs finish (or hands them back) at shutdown.
 */
export function queueProcessors(config: AppConfig): Type<unknown>[] {
  return [
    RunningJobs,
    ...Object.values(QueueName).map((queue) => queueProcessor(queue, CONCURRENCY[queue](config))),
  ];
}
