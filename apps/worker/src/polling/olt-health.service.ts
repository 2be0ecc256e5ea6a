import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { OltStatus } from '@pondesk/contracts';
import { OltEntity } from '@pondesk/server-database';
import {
  JobName,
  OFFLINE_AFTER_FAILURES,
  type OltHealthResult,
  type OltJobPayload,
} from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { OltConnector } from '../olt-sessions/olt-connector';
import { OltLock } from '../olt-sessions/olt-lock.service';
import { EventPublisher } from '../realtime/event-publisher.service';

/** Minutes to wait between checks of an OLT that has failed `failures` times: 1, 2, 4, 8, then 15. */
export function backoffMinutes(failures: number): number {
  if (failures < OFFLINE_AFTER_FAILURES) return 0;
  return Math.min(15, 2 ** (failures - OFFLINE_AFTER_FAILURES));
}

export function nextStatus(current: OltStatus, failures: number, ok: boolean): OltStatus {
  if (ok) return 'online';
  return failures >= OFFLINE_AFTER_FAILURES ? 'offline' : current;
}

/** Reachability and CPU/memory/uptime of one OLT, every minute; offline after 3 failures, then backing off. */
@Injectable()
export class OltHealthService {
  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    private readonly connector: OltConnector,
    private readonly lock: OltLock,
    private readonly events: EventPublisher,
  ) {}

  @OnJob(JobName.CheckOltHealth)
  async checkOltHealth(p: OltJobPayload): Promise<OltHealthResult> {
    const olt = await this.olts.findOne({ where: { id: p.oltId, tenantId: p.tenantId, show: true } });
    if (!olt) return { skipped: 'gone' };
    const wait = backoffMinutes(olt.consecutiveFailures) * 60_000;
    if (wait && olt.lastCheckedAt && Date.now() - olt.lastCheckedAt.getTime() < wait - 5000)
      return { skipped: 'backoff' };
    const result = await this.lock.withLock(olt.id, 60_000, () => this.check(olt));
    return result ?? { skipped: 'busy' };
  }

  async check(olt: OltEntity): Promise<{ status: OltStatus }> {
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
