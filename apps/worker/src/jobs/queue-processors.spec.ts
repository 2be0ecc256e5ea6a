import 'reflect-metadata';
import type { AppConfig } from '@pondesk/server-config';
import { QueueName } from '@pondesk/server-queue';
import { queueProcessors } from './queue-processors';

const WORKER_METADATA = 'bullmq:worker_metadata';
const PROCESSOR_METADATA = 'bullmq:processor_metadata';

describe('queue processors', () => {
  it('runs OLT polls at POLL_CONCURRENCY, health checks at WORKER_CONCURRENCY', () => {
    const config = { POLL_CONCURRENCY: 64, WORKER_CONCURRENCY: 8 } as AppConfig;
    const concurrency = new Map(
      queueProcessors(config)
        .filter((p) => Reflect.hasMetadata(PROCESSOR_METADATA, p))
        .map((p) => [
          (Reflect.getMetadata(PROCESSOR_METADATA, p) as { name: string }).name,
          (Reflect.getMetadata(WORKER_METADATA, p) as { concurrency: number }).concurrency,
        ]),
    );
    expect(concurrency.get(QueueName.OltPoll)).toBe(64);
    expect(concurrency.get(QueueName.OltHealth)).toBe(8);
  });
});
