import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import type { OnuHistoryEvent, OnuOptics, OnuRecord } from '@pondesk/device-drivers';
import type { OnuDownReasonCode, OnuRealtime, OnuSignalReading } from '@pondesk/contracts';
import { refreshOltStats, type OltEntity } from '@pondesk/server-database';
import {
  JobName,
  JobQueue,
  RedisConnections,
  ONU_WATCH_INTERVAL_MS,
  ONU_WATCH_MAX_MS,
  type DeviceOutcome,
  type OnuActionPayload,
  type OnuWatchPayload,
  type OnuWatchResult,
  type PortReadPayload,
  type PortReadResult,
} from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import type { PollableOlt } from '../olt-sessions/olt-connector';
import { DeviceActionFailure, OltSessionService } from '../olt-sessions/olt-session.service';
import { toOnuReading } from '../polling/onu-record-mapper';
import { OnuStore } from '../polling/onu-store.service';
import { EventPublisher } from '../realtime/event-publisher.service';
import { ActionJournal } from './action-journal';

/** A watch's follow-up look at the port, kept a while for inspection. */
const WATCH_JOB_OPTIONS = { delay: ONU_WATCH_INTERVAL_MS, removeOnComplete: 100, removeOnFail: 100 };

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
 * back) and clear (delete on the OLT). One session per OLT, taken in turn with polls.
 */
@Injectable()
export class OnuActionsService {
  private readonly journal: ActionJournal;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly sessions: OltSessionService,
    private readonly store: OnuStore,
    private readonly events: EventPublisher,
    connections: RedisConnections,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.journal = ActionJournal.open(connections, config);
  }

  @OnJob(JobName.OnuReadSignal)
  readSignal(p: OnuActionPayload): Promise<DeviceOutcome<OnuSignalReading>> {
    return this.run(p, async (session) => reading(await session.readOptics(p), new Date()));
  }

  @OnJob(JobName.OnuRealtime)
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

  /**
   * Reboots the ONU once per job: a retry of a job whose worker died after recording the reboot does not
   * send it again (a second reboot would cut the subscriber off twice). It looks at the port instead: an
   * ONU found down for a reboot confirms it; otherwise the outcome is unknown and the operator decides.
   * Either way the port is watched, so the lists follow the ONU.
   */
  @OnJob(JobName.OnuReboot)
  reboot(p: OnuActionPayload, job: Job): Promise<DeviceOutcome<{ watching: boolean }>> {
    return this.run(p, async (session, olt) => {
      if (!(await this.journal.start(job))) {
        const record = await this.readPort(session, olt, p);
        await this.watchAfterReboot(p);
        if (record.status !== 'online' && record.lastDeregReason === 'reboot') return { watching: true };
        throw new DeviceActionFailure(
          'OUTCOME_UNKNOWN',
          "The worker that sent this reboot stopped before the OLT confirmed it, and it was not sent again; check the ONU's status before rebooting it again",
        );
      }
      await session.reboot(p);
      await this.watchAfterReboot(p);
      return { watching: true };
    });
  }

  /** Watches the port until the ONU has gone and come back, so the lists show it without a reload. */
  private async watchAfterReboot(p: OnuActionPayload): Promise<void> {
    await this.jobs.enqueue(
      JobName.OnuWatch,
      { ...p, until: Date.now() + ONU_WATCH_MAX_MS, sawOffline: false },
      WATCH_JOB_OPTIONS,
    );
  }

  /**
   * Deletes the ONU on the OLT once per job. A retry after a worker died mid-clear does not send the delete
   * again: it reads the port, and finishes the clear only when the OLT no longer lists the ONU.
   */
  @OnJob(JobName.OnuClear)
  clear(p: OnuActionPayload, job: Job): Promise<DeviceOutcome<{ deleted: boolean }>> {
    return this.run(p, async (session, olt) => {
      if (await this.journal.start(job)) await session.deleteOnu(p);
      else if (
        (await session.portOnus(p.ponPort)).some((r) => r.ponPort === p.ponPort && r.onuId === p.onuId)
      )
        throw new DeviceActionFailure(
          'OUTCOME_UNKNOWN',
          'The worker that sent this clear stopped before the OLT confirmed it, and it was not sent again; the OLT still lists the ONU, so clear it again',
        );
      await this.db.transaction(async (tx) => {
        await tx.query('DELETE FROM onu WHERE id = $1 AND olt_id = $2', [p.onuRef, olt.id]);
        await refreshOltStats(tx, [olt.id]);
      });
      return { deleted: true };
    });
  }

  /** One look at the port after a reboot; schedules the next look until the ONU is back or time is up. */
  @OnJob(JobName.OnuWatch)
  async watch(p: OnuWatchPayload): Promise<OnuWatchResult> {
    // Back after the reboot: read its optics at once (port tables lag behind a fresh registration), so the
    // PPPoE page shows a fresh rx instead of "No reading" until the next poll.
    const outcome = await this.run(
      p,
      async (session, olt) =>
        (await this.readPort(session, olt, p, (r) => p.sawOffline && r.status === 'online')).status,
    );
    const status = outcome.ok ? outcome.value : null;
    const sawOffline = p.sawOffline || (status !== null && status !== 'online');
    const back = sawOffline && status === 'online';
    const gone = !outcome.ok && (outcome.code === 'ONU_GONE' || outcome.code === 'OLT_GONE');
    if (back || gone || Date.now() + ONU_WATCH_INTERVAL_MS > p.until) return { done: true, status };
    await this.jobs.enqueue(JobName.OnuWatch, { ...p, sawOffline }, WATCH_JOB_OPTIONS);
    return { done: false, status };
  }

  /**
   * Reads the ONU's port, stores what it found (events included) and answers the ONU's record; with
   * `freshOptics` saying so for the record, its optics are read from the OLT first and stored with it.
   */
  private async readPort(
    session: PollableOlt,
    olt: OltEntity,
    p: OnuActionPayload,
    freshOptics: (record: OnuRecord) => boolean = () => false,
  ): Promise<OnuRecord> {
    let records = await session.portOnus(p.ponPort);
    const found = records.find((r) => r.ponPort === p.ponPort && r.onuId === p.onuId);
    if (found && freshOptics(found)) {
      const optics = await session.readOptics(p).catch(() => null);
      if (optics)
        records = records.map((r) =>
          r === found
            ? {
                ...r,
                rxDbm: optics.rxDbm ?? r.rxDbm,
                txDbm: optics.txDbm ?? r.txDbm,
                temperatureC: optics.temperatureC ?? r.temperatureC,
                voltageV: optics.voltageV ?? r.voltageV,
                biasMa: optics.biasMa ?? r.biasMa,
              }
            : r,
        );
    }
    await this.storePort(olt, p.ponPort, records);
    const record = records.find((r) => r.ponPort === p.ponPort && r.onuId === p.onuId);
    if (!record) throw new DeviceActionFailure('ONU_GONE', 'The OLT no longer lists this ONU');
    return record;
  }

  /**
   * Reads one PON port now and stores what it finds, as a poll of that port would: its OLT's syslog said
   * an ONU on it went down or came up, so the lists change in seconds rather than at the next poll.
   */
  @OnJob(JobName.PortRead)
  readPortNow(p: PortReadPayload): Promise<PortReadResult> {
    return this.sessions.run(p, async (session, olt) => {
      const records = await session.portOnus(p.ponPort);
      const changed = await this.storePort(olt, p.ponPort, records);
      return { onus: records.length, changed };
    });
  }

  /** Stores one port's records (status events included) and tells the browsers what changed. */
  private async storePort(olt: OltEntity, ponPort: number, records: OnuRecord[]): Promise<number> {
    const applied = await this.store.applyPoll(olt, records.map(toOnuReading), new Date(), 0, null, ponPort);
    this.events.onuChanges(olt, applied.changes, new Date().toISOString());
    return applied.changes.length;
  }

  private run<T>(
    p: OnuActionPayload,
    fn: (session: PollableOlt, olt: OltEntity) => Promise<T>,
  ): Promise<DeviceOutcome<T>> {
    return this.sessions.run(p, fn, p.onuRef);
  }
}
