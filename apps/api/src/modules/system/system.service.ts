import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import {
  QueueName,
  JobName,
  queuePrefix,
  redisOptionsFromUrl,
  type SystemPingPayload,
  type SystemPingResult,
} from '@pondesk/server-queue';

/** Enqueues system jobs; the worker answers. Proves the API → queue → worker → API round trip. */
@Injectable()
export class SystemService implements OnModuleDestroy {
  private events?: QueueEvents;

  constructor(
    @InjectQueue(QueueName.System) private readonly queue: Queue<SystemPingPayload, SystemPingResult>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async pingWorker(
    message: string,
    timeoutMs = 5000,
    tenantId?: string,
  ): Promise<SystemPingResult & { roundTripMs: number }> {
    this.events ??= new QueueEvents(QueueName.System, {
      connection: redisOptionsFromUrl(this.config.REDIS_URL, { maxRetriesPerRequest: null }),
      prefix: queuePrefix(this.config.DATABASE_URL),
    });
    await this.events.waitUntilReady();
    const t0 = performance.now();
    const job = await this.queue.add(
      JobName.SystemPing,
      { message, tenantId },
      { removeOnComplete: 100, removeOnFail: 100 },
    );
    const result = await job.waitUntilFinished(this.events, timeoutMs);
    return { ...result, roundTripMs: Math.round(performance.now() - t0) };
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
