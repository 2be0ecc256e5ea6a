import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import {
  QueueName,
  queuePrefix,
  redisOptionsFromUrl,
  type JobPayloads,
  type JobResults,
  type JobsOf,
} from '@pondesk/server-queue';
import { workerTimeout } from './device-jobs.exception';

/** The jobs of the device-action queue: on-demand device work the API waits for. */
export type DeviceActionJobName = JobsOf<QueueName.DeviceAction>;

/** Enqueues on-demand device work for the worker and waits for its answer (the API never touches a device). */
@Injectable()
export class DeviceJobsService implements OnModuleDestroy {
  private events?: QueueEvents;

  constructor(
    @InjectQueue(QueueName.DeviceAction) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run<N extends DeviceActionJobName>(
    name: N,
    data: JobPayloads[N],
    timeoutMs: number,
    what: string,
  ): Promise<JobResults[N]> {
    this.events ??= new QueueEvents(QueueName.DeviceAction, {
      connection: redisOptionsFromUrl(this.config.REDIS_URL, { maxRetriesPerRequest: null }),
      prefix: queuePrefix(this.config.DATABASE_URL),
    });
    await this.events.waitUntilReady();
    const job = await this.queue.add(name, data, { removeOnComplete: 200, removeOnFail: 200, attempts: 1 });
    try {
      return (await job.waitUntilFinished(this.events, timeoutMs)) as JobResults[N];
    } catch (error) {
      if (error instanceof Error && /timed out|timeout/i.test(error.message)) throw workerTimeout(what);
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
