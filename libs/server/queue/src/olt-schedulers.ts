import type { Queue } from 'bullmq';
import { MIN_POLL_INTERVAL_SECONDS, SWITCH_POLL_MINUTES } from '@pondesk/contracts';
import { JobName } from './job-catalogue';
import type { OltJobPayload, SwitchJobPayload } from './job-payloads';
import {
  HEALTH_INTERVAL_MS,
  HEALTH_JOB_OPTIONS,
  POLL_JOB_OPTIONS,
  SWITCH_POLL_JOB_OPTIONS,
  healthSchedulerId,
  pollSchedulerId,
  switchPollSchedulerId,
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

export interface SchedulableSwitch {
  id: string;
  tenantId: string;
  /** Minutes between polls (the form's Data Collection Ratio). */
  dataCollectionRatio: number;
}

/** Milliseconds between a switch's polls: its Data Collection Ratio in minutes, within the allowed range. */
export const switchPollEveryMs = (sw: Pick<SchedulableSwitch, 'dataCollectionRatio'>): number =>
  Math.min(SWITCH_POLL_MINUTES.max, Math.max(SWITCH_POLL_MINUTES.min, sw.dataCollectionRatio)) * 60_000;

/** The switch's poll scheduler, created or brought in line (idempotent; `every` also runs at once). */
export async function scheduleSwitch(queue: Queue<SwitchJobPayload>, sw: SchedulableSwitch): Promise<void> {
  await queue.upsertJobScheduler(
    switchPollSchedulerId(sw.id),
    { every: switchPollEveryMs(sw) },
    {
      name: JobName.PollSwitch,
      data: { switchId: sw.id, tenantId: sw.tenantId },
      opts: SWITCH_POLL_JOB_OPTIONS,
    },
  );
}

export async function unscheduleSwitch(queue: Queue<SwitchJobPayload>, switchId: string): Promise<void> {
  await queue.removeJobScheduler(switchPollSchedulerId(switchId));
}
