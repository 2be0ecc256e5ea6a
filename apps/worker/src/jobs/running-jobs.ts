import { WorkerHost, getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import { Job, type Queue, type Worker } from 'bullmq';
import { WORKER_DRAIN_MS } from '@pondesk/server-queue';
import { OltLock } from '../locks/olt-lock.service';

interface RunningJob {
  job: Job;
  token: string | undefined;
  done: Promise<unknown>;
}

/**
 * The jobs this process is running, and the drain at SIGTERM: the queues' workers stop taking jobs, the
 * running ones get `WORKER_DRAIN_MS` to finish, and whatever is still running then is handed back — moved
 * to wait for another worker, its OLT locks released — so the process exits well within the 10 s a
 * container runtime allows. This runs before any connection closes (`beforeApplicationShutdown`), so no job
 * finishes against a closed Redis or database.
 */
@Injectable()
export class RunningJobs implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RunningJobs.name);
  private readonly running = new Map<string, RunningJob>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
    private readonly lock: OltLock,
  ) {}

  /** Runs the job's handler, known as running until it settles. */
  track<T>(job: Job, token: string | undefined, run: () => Promise<T>): Promise<T> {
    const key = `${job.queueName}/${job.id ?? ''}`;
    const done = run();
    const entry: RunningJob = { job, token, done };
    this.running.set(key, entry);
    const forget = () => {
      if (this.running.get(key) === entry) this.running.delete(key);
    };
    done.then(forget, forget);
    return done;
  }

  get count(): number {
    return this.running.size;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.drain(WORKER_DRAIN_MS);
  }

  async drain(graceMs: number): Promise<void> {
    const workers = this.workers();
    // No new jobs; the running ones carry on.
    await Promise.all(workers.map((w) => w.pause(true).catch(() => undefined)));
    // Until nothing runs (a fetch already under way when the workers paused may still start a job).
    const deadline = Date.now() + graceMs;
    while (this.running.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running.values()].map((r) => r.done)),
        new Promise((r) => (timer = setTimeout(r, deadline - Date.now()))),
      ]);
      clearTimeout(timer);
    }
    if (this.running.size === 0) return;
    const left = [...this.running.values()];
    this.running.clear();
    // First the workers close without waiting for their jobs: no fetch of theirs can take a job back
    // (a paused worker may still be blocked in a fetch) and their job locks are no longer renewed.
    await Promise.all(
      workers.map(async (w) => {
        w.cancelAllJobs('worker shutting down');
        await w.close(true).catch(() => undefined);
      }),
    );
    // Then each job goes back to wait (through its queue's own connection), for another worker.
    for (const { job, token } of left) {
      try {
        const queued = await Job.fromId(this.queueOf(job.queueName), job.id ?? '');
        if (!queued) continue;
        await queued.moveToWait(token);
        this.logger.warn(
          { queue: job.queueName, jobId: job.id, job: job.name },
          'job still running at shutdown; handed back to the queue',
        );
      } catch (e) {
        this.logger.warn(
          { queue: job.queueName, jobId: job.id, reason: e instanceof Error ? e.message : String(e) },
          'job could not be handed back; it runs again once found stalled',
        );
      }
    }
    // The abandoned handlers no longer own their OLTs.
    await this.lock.releaseAll();
  }

  private queueOf(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  private workers(): Worker[] {
    return this.discovery
      .getProviders()
      .map((w): unknown => w.instance)
      .filter((i): i is WorkerHost => i instanceof WorkerHost)
      .map((host) => host.worker)
      .filter((w): w is Worker => Boolean(w));
  }
}
