import { Queue } from 'bullmq';
import { QueueName, pollSchedulerId, queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import { waitFor, type TestStack } from '@pondesk/server-testing';

/** Waits until the stack's Redis holds the OLT's poll scheduler again (the worker restores it from Postgres). */
export async function waitForPollScheduler(
  stack: TestStack,
  oltId: string,
  timeoutMs: number,
): Promise<void> {
  const queue = new Queue(QueueName.OltPoll, {
    connection: redisOptionsFromUrl(stack.env.REDIS_URL, { maxRetriesPerRequest: null }),
    prefix: queuePrefix({ DATABASE_URL: stack.database.url, REDIS_NAMESPACE: stack.env.REDIS_NAMESPACE }),
  });
  try {
    await waitFor(
      async () =>
        (await queue.getJobSchedulers(0, -1)).some((s) => (s.id ?? s.key) === pollSchedulerId(oltId)),
      { timeoutMs, what: 'the poll scheduler to be restored from Postgres' },
    );
  } finally {
    await queue.close();
  }
}
