import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { OltEntity, type ReachabilityStatus } from '@pondesk/server-database';
import { HealthJob, OFFLINE_AFTER_FAILURES, QueueName, type OltJobPayload } from '@pondesk/server-queue';
import { EventPublisher } from '../realtime/event-publisher.service';
import { OltConnector } from './olt-connector';
import { OltLock } from './olt-lock.service';

/** Minutes to wait between checks of an OLT that has failed `failures` times: 1, 2, 4, 8, then 15. */
export function backoffMinutes(failures: number): number {
  if (failures < OFFLINE_AFTER_FAILURES) return 0;
  return Math.min(15, 2 ** (failures - OFFLINE_AFTER_FAILURES));
}

export function nextStatus(current: ReachabilityStatus, failures: number, ok: boolean): ReachabilityStatus {
  if (ok) return 'online';
  return failures >= OFFLINE_AFTER_FAILURES ? 'offline' : current;
}

/** Reachability and CPU/memory/uptime of one OLT, every minute; offline after 3 failures, then backing off. */
@Processor(QueueName.OltHealth)
export class OltHealthProcessor extends WorkerHost implements OnModuleInit {
  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    private readonly connector: OltConnector,
    private readonly lock: OltLock,
    private readonly events: EventPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.WORKER_CONCURRENCY;
  }

  async process(job: Job<OltJobPayload>): Promise<{ status: ReachabilityStatus } | { skipped: string }> {
    if (job.name !== HealthJob.Check) throw new Error(`No handler for ${job.name} on ${QueueName.OltHealth}`);
    const olt = await this.olts.findOne({
      where: { id: job.data.oltId, tenantId: job.data.tenantId, show: true },
    });
    if (!olt) return { skipped: 'gone' };
    const wait = backoffMinutes(olt.consecutiveFailures) * 60_000;
    if (wait && olt.lastCheckedAt && Date.now() - olt.lastCheckedAt.getTime() < wait - 5000)
      return { skipped: 'backoff' };
    const result = await this.lock.withLock(olt.id, 60_000, () => this.check(olt));
    return result ?? { skipped: 'busy' };
  }

  async check(olt: OltEntity): Promise<{ status: ReachabilityStatus }> {
    const session = this.connector.connect(olt);
    let error: string | undefined;
    let reading: Awaited<ReturnType<typeof session.systemHealth>> | undefined;
    try {
      reading = await session.systemHealth();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    } finally {
      await session.close().catch(() => undefined);
    }
    const failures = reading ? 0 : olt.consecutiveFailures + 1;
    const status = nextStatus(olt.status, failures, !!reading);
    await this.olts.update(
      { id: olt.id },
      {
        status,
        consecutiveFailures: failures,
        lastCheckedAt: new Date(),
        ...(reading
          ? {
              cpuPercent: reading.cpuPercent,
              memoryPercent: reading.memoryPercent,
              uptimeSeconds:
                reading.uptimeSeconds === null ? null : String(Math.round(reading.uptimeSeconds)),
            }
          : { lastError: error?.slice(0, 500) ?? null }),
      },
    );
    if (status !== olt.status) {
      this.events.toOlt(olt, 'olt.reachability.changed', {
        oltId: olt.id,
        status,
        previous: olt.status,
        error,
        at: new Date().toISOString(),
      });
    }
    return { status };
  }
}
