import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import { MoreThan, Not, type Repository } from 'typeorm';
import { isUnreachableError } from '@pondesk/device-drivers';
import { OltEntity } from '@pondesk/server-database';
import { JobName, type OltJobPayload, type PollOltResult } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { OltConnector } from '../olt-sessions/olt-connector';
import { OltBusyError, OltLock } from '../locks/olt-lock.service';
import { EventPublisher } from '../realtime/event-publisher.service';
import { OltHealthService } from './olt-health.service';
import { OnuStore } from './onu-store.service';
import { toOnuReading } from './onu-record-mapper';

/** How long a poll waits for the OLT's current session (usually a health check of a second or less) to end. */
export const POLL_LOCK_WAIT_MS = 30_000;

/** A full ONU poll of one OLT: bulk read through the driver, diff, upsert, samples, events. */
@Injectable()
export class PollOltService {
  private readonly logger = new Logger(PollOltService.name);

  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    private readonly connector: OltConnector,
    private readonly store: OnuStore,
    private readonly lock: OltLock,
    private readonly events: EventPublisher,
    private readonly health: OltHealthService,
  ) {}

  @OnJob(JobName.PollOlt)
  async pollOlt(p: OltJobPayload, job: Job): Promise<PollOltResult> {
    const load = () => this.olts.findOne({ where: { id: p.oltId, tenantId: p.tenantId, show: true } });
    const olt = await load();
    if (!olt) return { skipped: 'gone' };
    // Circuit breaker: an OLT the health check holds offline is not walked until it answers again.
    if (olt.status === 'offline' && !p.force) return { skipped: 'offline' };
    try {
      // A health check or a live read holds the OLT for a moment: the poll queues behind it. Failing at once
      // instead would retry only after the job's back-off, and a poll that lost every attempt to health
      // checks (due at the same instants) would wait a whole interval for its next turn.
      return await this.lock.withLockWaiting(olt.id, 10 * 60_000, POLL_LOCK_WAIT_MS, async () => {
        // Read again under the lock: the wait may have seen the OLT edited, deleted or taken offline.
        const fresh = await load();
        if (!fresh) return { skipped: 'gone' as const };
        if (fresh.status === 'offline' && !p.force) return { skipped: 'offline' as const };
        return this.poll(fresh, scheduledAt(job));
      });
    } catch (error) {
      // Held longer (another poll, a long device action): fail this attempt so BullMQ retries it.
      if (error instanceof OltBusyError) throw new Error(`OLT ${olt.id} is busy; poll retried`);
      throw error;
    }
  }

  async poll(olt: OltEntity, pollTime: Date): Promise<PollOltResult> {
    const t0 = performance.now();
    const session = this.connector.connect(olt);
    let listed: Awaited<ReturnType<typeof session.listOnus>>;
    try {
      listed = await session.listOnus();
    } catch (error) {
      return await this.walkFailed(olt, pollTime, t0, error);
    } finally {
      await session.close().catch(() => undefined);
    }
    // Only the walk's failures are the OLT's: a database that fails here (restarting, unreachable) fails
    // the job, and BullMQ runs it again with the same poll time, so no sample is lost or stored twice.
    const applied = await this.store.applyPoll(
      olt,
      listed.onus.map(toOnuReading),
      pollTime,
      Math.round(performance.now() - t0),
      listed.ponPorts,
    );
    const durationMs = Math.round(performance.now() - t0);
    const at = pollTime.toISOString();
    // A full walk that answered proves the OLT reachable; the health check need not wait its turn to say so.
    // Conditional on the stored status (not the row read before the walk): the event goes out exactly once.
    const cameOnline = await this.olts.update(
      { id: olt.id, status: Not('online') },
      { status: 'online', consecutiveFailures: 0, lastCheckedAt: new Date() },
    );
    if (cameOnline.affected) {
      this.events.toOlt(olt, 'olt.reachability.changed', {
        oltId: olt.id,
        status: 'online',
        previous: olt.status,
        at: new Date().toISOString(),
      });
    } else {
      // Online all along: earlier failed attempts no longer count towards taking it offline.
      await this.olts.update({ id: olt.id, consecutiveFailures: MoreThan(0) }, { consecutiveFailures: 0 });
    }
    this.events.onuChanges(olt, applied.changes, at);
    this.events.toOlt(olt, 'olt.poll.finished', {
      oltId: olt.id,
      ok: true,
      durationMs,
      total: applied.total,
      online: applied.online,
      offline: applied.offline,
      changed: applied.changes.length,
      at: new Date().toISOString(),
    });
    return { ok: true, durationMs, total: applied.total, changed: applied.changes.length };
  }

  /** The OLT did not give its ONUs: recorded on the OLT and told to its viewers; the job itself succeeds. */
  private async walkFailed(
    olt: OltEntity,
    pollTime: Date,
    t0: number,
    error: unknown,
  ): Promise<PollOltResult> {
    const message = error instanceof Error ? error.message : String(error);
    const durationMs = Math.round(performance.now() - t0);
    this.logger.warn({ oltId: olt.id, err: message }, `poll of ${olt.name} failed`);
    await this.olts.update(
      { id: olt.id },
      { lastError: message.slice(0, 500), lastPolledAt: pollTime, lastPollDurationMs: durationMs },
    );
    // No answer at all is a failed reachability attempt (the health check may be skipping its turns
    // while this poll holds the lock); an answer the driver could not use says nothing about reachability.
    if (isUnreachableError(error)) await this.health.recordUnreachable(olt.id, message);
    this.events.toOlt(olt, 'olt.poll.finished', {
      oltId: olt.id,
      ok: false,
      durationMs,
      total: 0,
      online: 0,
      offline: 0,
      changed: 0,
      error: message,
      at: new Date().toISOString(),
    });
    return { ok: false, durationMs, error: message };
  }
}

/**
 * The instant a poll job was due: the poll's time, the same on every attempt (BullMQ runs a failed attempt
 * again with it, so no sample is lost or stored twice). A scheduler's job is made when the previous one
 * starts, a whole interval early, and waits out its delay: its `timestamp` is that creation, not the poll.
 */
export function scheduledAt(job: Pick<Job, 'timestamp' | 'opts'>): Date {
  return new Date(job.timestamp + Math.max(0, job.opts.delay ?? 0));
}
