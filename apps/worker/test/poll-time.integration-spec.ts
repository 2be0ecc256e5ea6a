import { randomBytes } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { redisOptionsFromUrl } from '@pondesk/server-queue';
import { testEnv } from '@pondesk/server-testing';
import { scheduledAt } from '../src/polling/poll-olt.service';

/**
 * A poll's time is when its job was due. BullMQ makes a scheduler's next job when the current one starts
 * and keeps it delayed for an interval, so the job's `timestamp` is an interval early; the job id BullMQ
 * gives a scheduler's job carries the instant it was due (`repeat:<scheduler>:<ms>`), which is what the
 * poll must be stamped with, on every attempt.
 */
describe('poll time of a scheduled job (real BullMQ on Redis)', () => {
  const connection = redisOptionsFromUrl(testEnv().REDIS_URL, { maxRetriesPerRequest: null });
  const name = `poll-time-${randomBytes(4).toString('hex')}`;
  let queue: Queue;
  let worker: Worker | undefined;

  beforeAll(() => {
    queue = new Queue(name, { connection });
  });

  afterAll(async () => {
    await worker?.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('is the instant the job was due, not when BullMQ made it, and the same when an attempt is retried', async () => {
    const seen: { id: string; at: number; timestamp: number; ranAt: number; attempt: number }[] = [];
    const done = new Promise<void>((resolve) => {
      worker = new Worker(
        name,
        async (job: Job) => {
          seen.push({
            id: job.id ?? '',
            at: scheduledAt(job).getTime(),
            timestamp: job.timestamp,
            ranAt: Date.now(),
            attempt: job.attemptsMade,
          });
          if (seen.length === 3) resolve();
          // The second job fails once: its retry must carry the same poll time.
          if (seen.length === 2) throw new Error('walk failed');
        },
        { connection },
      );
    });
    await queue.upsertJobScheduler(
      'poll-x',
      { every: 1500 },
      { name: 'poll', data: {}, opts: { attempts: 2, backoff: { type: 'fixed', delay: 200 } } },
    );
    await done;
    const [first, second, retry] = seen;
    const dueOf = (id: string) => Number(id.split(':').at(-1));
    for (const s of seen) expect(s.at).toBe(dueOf(s.id));
    // The second job was made when the first started, about an interval before it was due.
    expect(second.timestamp).toBeLessThan(second.at - 1000);
    expect(second.at - first.at).toBe(1500);
    expect(Math.abs(second.ranAt - second.at)).toBeLessThan(1000);
    expect(retry).toMatchObject({ id: second.id, at: second.at, attempt: 1 });
  });
});
