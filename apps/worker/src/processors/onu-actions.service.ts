import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, Repository } from 'typeorm';
import {
  DriverError,
  DriverErrorCode,
  type OnuHistoryEvent,
  type OnuOptics,
  type OnuRecord,
} from '@pondesk/device-drivers';
import type { OnuDownReasonCode, OnuRealtime, OnuSignalReading, TelnetCheckResult } from '@pondesk/contracts';
import { OltEntity, refreshOltStats } from '@pondesk/server-database';
import {
  DeviceActionJob,
  ONU_WATCH_INTERVAL_MS,
  ONU_WATCH_MAX_MS,
  QueueName,
  type DeviceFailureCode,
  type DeviceOutcome,
  type OnuActionPayload,
  type OnuWatchPayload,
  type TelnetCheckPayload,
} from '@pondesk/server-queue';
import { EventPublisher } from '../realtime/event-publisher.service';
import { OltConnector, type PollableOlt } from '../polling/olt-connector';
import { OltBusyError, OltLock } from '../polling/olt-lock.service';
import { toPolledOnu } from '../polling/onu-record-mapper';
import { OnuStore } from '../polling/onu-store';

/** An operator waits for these: queue behind a running poll for a while, then say the OLT is busy. */
const LOCK_WAIT_MS = 20_000;
const LOCK_TTL_MS = 60_000;

class ActionFailure extends Error {
  constructor(
    readonly code: DeviceFailureCode,
    message: string,
  ) {
    super(message);
  }
}

const reading = (o: OnuOptics, at: Date): OnuSignalReading => ({
  rxDbm: o.rxDbm,
  txDbm: o.txDbm,
  temperatureC: o.temperatureC,
  voltageV: o.voltageV,
  biasMa: o.biasMa,
  oltRxDbm: o.oltRxDbm,
  readAt: at.toISOString(),
});

/** Counts and the reason summary of an ONU's device-side history (the ONU Realtime tab). */
export function summariseHistory(
  history: OnuHistoryEvent[] | null,
): Pick<OnuRealtime, 'historyCounts' | 'reasonSummary'> {
  const historyCounts = { up: 0, down: 0, other: 0 };
  const reasons = new Map<OnuDownReasonCode, number>();
  for (const e of history ?? []) {
    historyCounts[e.event] += 1;
    if (e.event === 'down') {
      const r = e.reason ?? 'unknown';
      reasons.set(r, (reasons.get(r) ?? 0) + 1);
    }
  }
  const reasonSummary = [...reasons.entries()]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return { historyCounts, reasonSummary };
}

/**
 * The operators' on-demand work on one ONU: live signal, realtime record, reboot (then watch it come
 * back), clear (delete on the OLT), and the telnet check. One session per OLT, taken in turn with polls.
 */
@Injectable()
export class OnuActionsService {
  private readonly logger = new Logger(OnuActionsService.name);

  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QueueName.DeviceAction) private readonly queue: Queue,
    private readonly connector: OltConnector,
    private readonly lock: OltLock,
    private readonly store: OnuStore,
    private readonly events: EventPublisher,
  ) {}

  readSignal(p: OnuActionPayload): Promise<DeviceOutcome<OnuSignalReading>> {
    return this.run(p, async (session) => reading(await session.readOptics(p), new Date()));
  }

  realtime(p: OnuActionPayload): Promise<DeviceOutcome<OnuRealtime>> {
    return this.run(p, async (session, olt) => {
      const at = new Date();
      const record = await this.readPort(session, olt, p);
      const history = await session.history(p);
      const [row]: { status_changed_at: Date | null; status: string }[] = await this.db.query(
        'SELECT status, status_changed_at FROM onu WHERE id = $1',
        [p.onuRef],
      );
      const online = record.status === 'online';
      return {
        readAt: at.toISOString(),
        mode: olt.mode,
        status: record.status,
        statusRaw: record.statusRaw,
        ifName: record.ifName,
        description: record.description,
        distanceM: record.distanceM,
        mac: record.mac,
        serial: record.serial,
        vendor: record.vendor,
        model: record.model,
        lastRegTime: record.lastRegTime,
        lastDeregTime: record.lastDeregTime,
        lastDeregReason: record.lastDeregReason,
        lastDeregReasonRaw: record.lastDeregReasonRaw,
        onlineSeconds:
          online && row?.status === 'online' && row.status_changed_at
            ? Math.max(0, Math.round((at.getTime() - new Date(row.status_changed_at).getTime()) / 1000))
            : null,
        optics: reading(record, at),
        history:
          history?.map((e) => ({ time: e.time, event: e.event, reason: e.reason, reasonRaw: e.reasonRaw })) ??
          null,
        ...summariseHistory(history),
      };
    });
  }

  reboot(p: OnuActionPayload): Promise<DeviceOutcome<{ watching: boolean }>> {
    return this.run(p, async (session) => {
      await session.reboot(p);
      // Watch the port until the ONU has gone and come back, so the lists show it without a reload.
      await this.queue.add(
        DeviceActionJob.OnuWatch,
        { ...p, until: Date.now() + ONU_WATCH_MAX_MS, sawOffline: false } satisfies OnuWatchPayload,
        { delay: ONU_WATCH_INTERVAL_MS, removeOnComplete: 100, removeOnFail: 100 },
      );
      return { watching: true };
    });
  }

  clear(p: OnuActionPayload): Promise<DeviceOutcome<{ deleted: boolean }>> {
    return this.run(p, async (session, olt) => {
      await session.deleteOnu(p);
      await this.db.transaction(async (tx) => {
        await tx.query('DELETE FROM onu WHERE id = $1 AND olt_id = $2', [p.onuRef, olt.id]);
        await refreshOltStats(tx, [olt.id]);
      });
      return { deleted: true };
    });
  }

  /** One look at the port after a reboot; schedules the next look until the ONU is back or time is up. */
  async watch(p: OnuWatchPayload): Promise<{ done: boolean; status: string | null }> {
    const outcome = await this.run(p, async (session, olt) => (await this.readPort(session, olt, p)).status);
    const status = outcome.ok ? outcome.value : null;
    const sawOffline = p.sawOffline || (status !== null && status !== 'online');
    const back = sawOffline && status === 'online';
    const gone = !outcome.ok && (outcome.code === 'ONU_GONE' || outcome.code === 'OLT_GONE');
    if (back || gone || Date.now() + ONU_WATCH_INTERVAL_MS > p.until) return { done: true, status };
    await this.queue.add(DeviceActionJob.OnuWatch, { ...p, sawOffline } satisfies OnuWatchPayload, {
      delay: ONU_WATCH_INTERVAL_MS,
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    return { done: false, status };
  }

  telnetCheck(p: TelnetCheckPayload): Promise<DeviceOutcome<TelnetCheckResult>> {
    return this.withSession(p, async (session) => {
      try {
        const check = await session.checkTelnet();
        return { ok: check.ok, prompt: check.prompt, error: check.error };
      } catch (error) {
        // A failed login is the answer to this question, not a failure of the job.
        return { ok: false, prompt: null, error: messageOf(error) };
      }
    });
  }

  /** Reads the ONU's port, stores what it found (events included) and answers the ONU's record. */
  private async readPort(session: PollableOlt, olt: OltEntity, p: OnuActionPayload): Promise<OnuRecord> {
    const records = await session.portOnus(p.ponPort);
    const applied = await this.store.applyPoll(olt, records.map(toPolledOnu), new Date(), 0, null, p.ponPort);
    this.events.onuChanges(olt, applied.changes, new Date().toISOString());
    const record = records.find((r) => r.ponPort === p.ponPort && r.onuId === p.onuId);
    if (!record) throw new ActionFailure('ONU_GONE', 'The OLT no longer lists this ONU');
    return record;
  }

  private run<T>(
    p: OnuActionPayload,
    fn: (session: PollableOlt, olt: OltEntity) => Promise<T>,
  ): Promise<DeviceOutcome<T>> {
    return this.withSession(p, fn, p.onuRef);
  }

  /** Runs `fn` on a session to the tenant's OLT, holding the OLT's lock (waiting behind a poll). */
  private async withSession<T>(
    p: { tenantId: string; oltId: string },
    fn: (session: PollableOlt, olt: OltEntity) => Promise<T>,
    onuRef?: string,
  ): Promise<DeviceOutcome<T>> {
    const olt = await this.olts.findOne({ where: { id: p.oltId, tenantId: p.tenantId, show: true } });
    if (!olt) return { ok: false, code: 'OLT_GONE', error: 'Olt Id Not Found' };
    try {
      const value = await this.lock.withLockWaiting(olt.id, LOCK_TTL_MS, LOCK_WAIT_MS, async () => {
        const session = this.connector.connect(olt);
        try {
          return await fn(session, olt);
        } finally {
          await session.close().catch(() => undefined);
        }
      });
      return { ok: true, value };
    } catch (error) {
      this.logger.warn({ oltId: olt.id, onuRef, err: messageOf(error) }, 'OLT action failed');
      return failure(error);
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function failure(error: unknown): { ok: false; code: DeviceFailureCode; error: string } {
  if (error instanceof ActionFailure) return { ok: false, code: error.code, error: error.message };
  if (error instanceof OltBusyError) return { ok: false, code: 'OLT_BUSY', error: error.message };
  if (error instanceof DriverError && error.code === DriverErrorCode.UNSUPPORTED)
    return { ok: false, code: 'UNSUPPORTED', error: error.message };
  return { ok: false, code: 'DEVICE', error: messageOf(error) };
}
