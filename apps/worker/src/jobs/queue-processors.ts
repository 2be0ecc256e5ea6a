import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { AppConfig } from '@pondesk/server-config';
import { QueueName } from '@pondesk/server-queue';
import { JobRegistry } from './job-registry.service';

/** Jobs of one queue run at once per worker process. */
const CONCURRENCY: { readonly [Q in QueueName]: (config: AppConfig) => number } = {
  [QueueName.System]: () => 1,
  [QueueName.OltPoll]: (config) => config.WORKER_CONCURRENCY,
  [QueueName.OltHealth]: (config) => config.WORKER_CONCURRENCY,
  // Operators wait on these; most of the time is spent waiting for devices.
  [QueueName.DeviceAction]: () => 16,
  [QueueName.Maintenance]: () => 1,
};

const className = (queue: QueueName) =>
  `${queue.replace(/(^|-)(\w)/g, (_m, _dash: string, c: string) => c.toUpperCase())}Processor`;

function queueProcessor(queue: QueueName, concurrency: number): Type<WorkerHost> {
  @Processor(queue, { concurrency })
  class QueueProcessor extends WorkerHost {
    constructor(@Inject(JobRegistry) private readonly registry: JobRegistry) {
      super();
    }

    process(job: Job): Promise<unknown> {
      return this.registry.dispatch(queue, job);
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: className(queue) });
  return QueueProcessor;
}

/** One BullMQ worker per queue; each hands its jobs to the registry, which knows the handler by name. */
export function queueProcessors(config: AppConfig): Type<WorkerHost>[] {
  return Object.values(QueueName).map((queue) => queueProcessor(queue, CONCURRENCY[queue](config)));
}
