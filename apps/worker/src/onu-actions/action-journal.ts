import type { Job } from 'bullmq';
import type Redis from 'ioredis';
import { redisNamespace, type RedisNamespaceSettings, type RedisConnections } from '@pondesk/server-queue';
import { WORKER_ID } from '../heartbeat/heartbeat.service';

/** Long after any retry of the job (the API waits a minute; BullMQ keeps the job a few hundred jobs long). */
const JOURNAL_TTL_SECONDS = 24 * 3600;

/**
 * "This job's device command was about to be sent", recorded before a reboot or clear goes to the OLT.
 * A run of the same job that finds the record is a retry after a worker died mid-action (BullMQ ran the
 * stalled job again): the command may have reached the device, so it is not sent a second time. The
 * record lives in the Redis that holds the job itself, written with `SET NX` (one run wins) and on the
 * command connection (no write is acknowledged before Redis has it): whenever the job can be retried, its
 * record is there too.
 */
export class ActionJournal {
  constructor(
    private readonly redis: Redis,
    private readonly settings: RedisNamespaceSettings,
  ) {}

  static open(connections: RedisConnections, settings: RedisNamespaceSettings): ActionJournal {
    return new ActionJournal(connections.open({ maxRetriesPerRequest: 2 }), settings);
  }

  key(job: Pick<Job, 'queueName' | 'id'>): string {
    return `${redisNamespace(this.settings)}:action-started:${job.queueName}:${job.id ?? ''}`;
  }

  /**
   * Records that this job is about to send its command; false when a previous run already had. Throws
   * when the record cannot be written: no command is sent unrecorded.
   */
  async start(job: Pick<Job, 'queueName' | 'id' | 'name'>): Promise<boolean> {
    const entry = JSON.stringify({ job: job.name, worker: WORKER_ID, at: new Date().toISOString() });
    return (await this.redis.set(this.key(job), entry, 'EX', JOURNAL_TTL_SECONDS, 'NX')) === 'OK';
  }
}
