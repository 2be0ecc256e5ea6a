import { BullRegistrar } from '@nestjs/bullmq';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import { JOB_NAMES, JOB_QUEUE, isJobName, type JobName, type QueueName } from '@pondesk/server-queue';
import { jobHandlersOf } from './on-job.decorator';

interface FoundHandler {
  job: JobName;
  /** `Class.method`, for the start-up error. */
  owner: string;
  run: (payload: unknown, job: Job) => Promise<unknown>;
}

/** The `@OnJob` methods of some provider instances, bound to them. */
export function findJobHandlers(instances: Iterable<object>): FoundHandler[] {
  const found: FoundHandler[] = [];
  for (const instance of new Set(instances)) {
    const record = instance as Record<string, (payload: unknown, job: Job) => Promise<unknown>>;
    for (const { job, method } of jobHandlersOf(Object.getPrototypeOf(instance) as object)) {
      found.push({
        job,
        owner: `${instance.constructor.name}.${method}`,
        run: (payload, j) => record[method].call(instance, payload, j),
      });
    }
  }
  return found;
}

/** Each job name to its one handler; throws naming every job with none or with several. */
export function oneHandlerPerJob<H extends { job: JobName; owner: string }>(
  found: readonly H[],
  names: readonly JobName[] = JOB_NAMES,
): Map<JobName, H> {
  const problems: string[] = [];
  const handlers = new Map<JobName, H>();
  for (const name of names) {
    const mine = found.filter((h) => h.job === name);
    if (mine.length === 0) problems.push(`Job "${name}" has no handler`);
    else if (mine.length > 1)
      problems.push(`Job "${name}" has ${mine.length} handlers: ${mine.map((h) => h.owner).join(', ')}`);
    else handlers.set(name, mine[0]);
  }
  if (problems.length) throw new Error(problems.join('; '));
  return handlers;
}

/**
 * Finds the `@OnJob` methods of every provider at start and refuses to start unless each job name has
 * exactly one; only then are the queues' workers started, so no job is taken before its handler is known.
 */
@Injectable()
export class JobRegistry implements OnModuleInit {
  private handlers = new Map<JobName, FoundHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly bull: BullRegistrar,
  ) {}

  onModuleInit(): void {
    const instances = this.discovery
      .getProviders()
      .filter((w) => w.isDependencyTreeStatic() && !w.isTransient)
      .map((w): unknown => w.instance)
      .filter((i): i is object => typeof i === 'object' && i !== null);
    this.handlers = oneHandlerPerJob(findJobHandlers(instances));
    this.bull.register();
  }

  /** Runs the job's handler; a name this queue does not carry is a failed job, as before the registry. */
  async dispatch(queue: QueueName, job: Job): Promise<unknown> {
    const handler = isJobName(job.name) ? this.handlers.get(job.name) : undefined;
    if (!handler || JOB_QUEUE[handler.job] !== queue)
      throw new Error(`No handler for ${job.name} on ${queue}`);
    return handler.run(job.data, job);
  }
}
