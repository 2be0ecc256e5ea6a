import type { Queue } from 'bullmq';
import {
  HEALTH_INTERVAL_MS,
  HEALTH_JOB_OPTIONS,
  HealthJob,
  MIN_POLL_INTERVAL_SECONDS,
  POLL_JOB_OPTIONS,
  PollJob,
  healthSchedulerId,
  pollSchedulerId,
  type OltJobPayload,
} from './queues';

export interface SchedulableOlt {
  id: string;
  tenantId: string;
  pollIntervalSeconds: number;
}

/** The OLT's poll and health schedulers, created or brought in line (idempotent; `every` also runs at once). */
export async function scheduleOlt(
  pollQueue: Queue<OltJobPayload>,
  healthQueue: Queue<OltJobPayload>,
  olt: SchedulableOlt,
): Promise<void> {
  const data = { oltId: olt.id, tenantId: olt.tenantId };
  const every = Math.max(MIN_POLL_INTERVAL_SECONDS, olt.pollIntervalSeconds) * 1000;
  await pollQueue.upsertJobScheduler(
    pollSchedulerId(olt.id),
    { every },
    { name: PollJob.Poll, data, opts: POLL_JOB_OPTIONS },
  );
  await healthQueue.upsertJobScheduler(
    healthSchedulerId(olt.id),
    { every: HEALTH_INTERVAL_MS },
    { name: HealthJob.Check, data, opts: HEALTH_JOB_OPTIONS },
  );
}

export async function unscheduleOlt(
  pollQueue: Queue<OltJobPayload>,
  healthQueue: Queue<OltJobPayload>,
  oltId: string,
): Promise<void> {
  await pollQueue.removeJobScheduler(pollSchedulerId(oltId));
  await healthQueue.removeJobScheduler(healthSchedulerId(oltId));
}
