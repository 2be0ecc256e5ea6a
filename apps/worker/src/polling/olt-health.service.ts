import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { OltStatus } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { OltEntity } from '@pondesk/server-database';
import {
  JobName,
  OFFLINE_AFTER_FAILURES,
  type OltHealthResult,
  type OltJobPayload,
} from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { OltConnector, type PollableOlt } from '../olt-sessions/olt-connector';
import { OltLock } from '../locks/olt-lock.service';
import { EventPublisher } from '../realtime/event-publisher.service';

type HealthReading = Awaited<ReturnType<PollableOlt['systemHealth']>>;

/** Health intervals to wait between checks of an OLT that has failed `failures` times: 1, 2, 4, 8, then 15. */
export function backoffIntervals(failures: number): number {
  if (failures < OFFLINE_AFTER_FAILURES) return 0;
  return Math.min(15, 2 ** (failures - OFFLINE_AFTER_FAILURES));
}

/**
 * Three failures in a row take an OLT that was online offline (one lost answer is no outage). An OLT never
 * reached yet ('unknown') has nothing to protect: its first failed attempt, itself a timeout after the
 * SNMP retries, is enough to call it offline instead of leaving the operator with "Unknown".
 */
export function nextStatus(current: OltStatus, failures: number, ok: boolean): OltStatus {
  if (ok) return 'online';
  if (failures >= OFFLINE_AFTER_FAILURES) return 'offline';
  return current === 'unknown' && failures > 0 ? 'offline' : current;
}

/**
 * Reachability and CPU/memory/uptime of one OLT, every health interval (a minute by default); offline
 * after failed attempts (see `nextStatus`), then backing off. A poll that cannot reach the OLT counts as a
 * failed attempt too (`recordUnreachable`): the poll holds the OLT's lock, and a health check that finds
 * it busy skips its turn, so without that an OLT whose polls keep timing out would never be counted.
 */
@Injectable()
export class OltHealthService {
  private readonly intervalMs: number;

  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    private readonly connector: OltConnector,
    private readonly lock: OltLock,
    private readonly events: EventPublisher,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.intervalMs = config.OLT_HEALTH_INTERVAL_SECONDS * 1000;
  }

  @OnJob(JobName.CheckOltHealth)
  async checkOltHealth(p: OltJobPayload): Promise<OltHealthResult> {
    const olt = await this.olts.findOne({ where: { id: p.oltId, tenantId: p.tenantId, show: true } });
    if (!olt) return { skipped: 'gone' };
    const wait = backoffIntervals(olt.consecutiveFailures) * this.intervalMs;
    // Half an interval of slack: a check due at the back-off's end may fire a little early.
    if (wait && olt.lastCheckedAt && Date.now() - olt.lastCheckedAt.getTime() < wait - this.intervalMs / 2)
      return { skipped: 'backoff' };
    const result = await this.lock.withLock(olt.id, 60_000, async () => {
      // Re-read under the lock: a poll that just finished may have changed the status since.
      const fresh = await this.olts.findOne({ where: { id: olt.id, show: true } });
      return fresh ? this.check(fresh) : { skipped: 'gone' as const };
    });
    return result ?? { skipped: 'busy' };
  }

  /** A poll (which held the OLT's lock) got no answer at all: one more failed attempt. */
  async recordUnreachable(oltId: string, error: string): Promise<OltStatus | undefined> {
    // Re-read under the caller's lock: the row loaded when the poll started may be minutes old.
    const olt = await this.olts.findOne({ where: { id: oltId } });
    if (!olt) return undefined;
    return this.record(olt, { ok: false, error });
  }

  async check(olt: OltEntity): Promise<{ status: OltStatus }> {
    const session = this.connector.connect(olt);
    let error: string | undefined;
    let reading: HealthReading | undefined;
    try {
      reading = await session.systemHealth();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    } finally {
      await session.close().catch(() => undefined);
    }
    return {
      status: await this.record(
        olt,
        reading ? { ok: true, reading } : { ok: false, error: error ?? 'no answer' },
      ),
    };
  }

  private async record(
    olt: OltEntity,
    outcome: { ok: true; reading: HealthReading } | { ok: false; error: string },
  ): Promise<OltStatus> {
    const failures = outcome.ok ? 0 : olt.consecutiveFailures + 1;
    const status = nextStatus(olt.status, failures, outcome.ok);
    const error = outcome.ok ? undefined : outcome.error;
    const reading = outcome.ok ? outcome.reading : undefined;
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
    return status;
  }
}
