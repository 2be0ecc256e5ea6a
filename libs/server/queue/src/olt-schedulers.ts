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

/**
 * When an OLT's health checks fall: halfway between its polls' instants, the first such moment from `now`.
 * A poll already proves the OLT reachable; a health check due at the same instant would only compete with
 * it for the OLT (one session at a time) and for the worker, on every OLT at once. With the poll interval a
 * multiple of the health interval (the defaults: 300 s and 60 s), the two never meet.
 */
export function healthStartAt(pollNextMs: number, healthEveryMs: number, now: number): number {
  const phase = (((pollNextMs + healthEveryMs / 2 - now) % healthEveryMs) + healthEveryMs) % healthEveryMs;
  return now + phase;
}

/**
 * The OLT's poll and health schedulers, created or brought in line (idempotent; `every` also runs the poll
 * at once). The health scheduler is made again each time, so its checks keep their place between the polls.
 */
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
  const healthEvery = options.healthIntervalMs ?? HEALTH_INTERVAL_MS;
  const pollNext = (await pollQueue.getJobScheduler(pollSchedulerId(olt.id)))?.next ?? Date.now();
  await healthQueue.removeJobScheduler(healthSchedulerId(olt.id));
  await healthQueue.upsertJobScheduler(
    healthSchedulerId(olt.id),
    { every: healthEvery, startDate: healthStartAt(pollNext, healthEvery, Date.now()) },
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
