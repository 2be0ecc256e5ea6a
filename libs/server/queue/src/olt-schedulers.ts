import type { Queue } from 'bullmq';
import { MIN_POLL_INTERVAL_SECONDS } from '@pondesk/contracts';
import { JobName } from './job-catalogue';
import type { OltJobPayload } from './job-payloads';
import {
  HEALTH_INTERVAL_MS,
  HEALTH_JOB_OPTIONS,
  POLL_JOB_OPTIONS,
  healthSchedulerId,
  pollSchedulerId,
} from './queues';

export interface SchedulableOlt {
  id: string;
  tenantId: string;
  pollIntervalSeconds: number;
}

export interface ScheduleOptions {
  /** Time between health checks; the API and the worker must pass the same value (both read the config). */
  healthIntervalMs?: number;
}

/** Milliseconds between an OLT's polls: its interval, never below the minimum. */
export const pollEveryMs = (olt: Pick<SchedulableOlt, 'pollIntervalSeconds'>): number =>
  Math.max(MIN_POLL_INTERVAL_SECONDS, olt.pollIntervalSeconds) * 1000;

/** The OLT's poll and health schedulers, created or brought in line (idempotent; `every` also runs at once). */
export async function scheduleOlt(
  pollQueue: Queue<OltJobPayload>,
  healthQueue: Queue<OltJobPayload>,
  olt: SchedulableOlt,
  options: ScheduleOptions = {},
): Promise<void> {
  const data: OltJobPayload = { oltId: olt.id, tenantId: olt.tenantId };
  const every = pollEveryMs(olt);
  await pollQueue.upsertJobScheduler(
    pollSchedulerId(olt.id),
    { every },
    { name: JobName.PollOlt, data, opts: POLL_JOB_OPTIONS },
  );
  await healthQueue.upsertJobScheduler(
    healthSchedulerId(olt.id),
    { every: options.healthIntervalMs ?? HEALTH_INTERVAL_MS },
    { name: JobName.CheckOltHealth, data, opts: HEALTH_JOB_OPTIONS },
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
