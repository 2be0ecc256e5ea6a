import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import type { OnuHistoryEvent, OnuOptics, OnuRecord } from '@pondesk/device-drivers';
import {
  sessionRoom,
  WRITE_VERDICT_MESSAGES,
  type OltWritePaths,
  type OnuDownReasonCode,
  type OnuRealtime,
  type OnuSignalReading,
  type WritePathInfo,
  type WriteVerdict,
} from '@pondesk/contracts';
import { AuditLogEntity, refreshOltStats, type OltEntity } from '@pondesk/server-database';
import {
  JobName,
  JobQueue,
  RedisConnections,
  ONU_WATCH_INTERVAL_MS,
  ONU_WATCH_MAX_MS,
  type DeviceOutcome,
  type OnuActionPayload,
  type OnuRebootResult,
  type OnuWatchPayload,
  type OnuWritePayload,
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
/** A deleted ONU must leave its port's table within these reads, this far apart. */
const DELETE_CONFIRM_READS = 3;
const DELETE_CONFIRM_GAP_MS = 2000;

/** How a failed verdict is filed in the audit log (`NO_EFFECT` reads there as 'no effect seen'). */
const VERDICT_CODES: Record<Exclude<WriteVerdict, 'confirmed'>, string> = {
  offline: 'NOT_BACK',
  no_effect_seen: 'NO_EFFECT',
  gone: 'ONU_GONE',
};

/** What a reboot's watch concludes from one more look, or null to look again. */
export function watchVerdict(seen: {
  sawOffline: boolean;
  back: boolean;
  gone: boolean;
  timedOut: boolean;
  offlineOverdue: boolean;
}): WriteVerdict | null {
  if (seen.back) return 'confirmed';
  if (seen.gone) return 'gone';
  if (seen.offlineOverdue) return 'no_effect_seen';
  if (seen.timedOut) return seen.sawOffline ? 'offline' : 'no_effect_seen';
  return null;
}

/**
 * The path a write takes, checked before anything is sent: none → UNSUPPORTED with the reason; an inferred
 * one the operator did not accept → INFERRED_NOT_ACCEPTED. The driver checks the same again.
 */
function chosenPath(paths: OltWritePaths, kind: 'reboot' | 'delete', acceptInferred: boolean): WritePathInfo {
  const path = paths[kind];
  if (!path)
    throw new DeviceActionFailure('UNSUPPORTED', paths.missing[kind] ?? `This OLT has no ${kind} path`);
  if (path.evidence === 'inferred' && !acceptInferred)
    throw new DeviceActionFailure(
      'INFERRED_NOT_ACCEPTED',
      `This OLT's ${kind} command is inferred (never seen on a device): ${path.steps.join(' → ')}`,
    );
  return path;
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
 * back) and clear (delete on the OLT). One session per OLT, taken in turn with polls.
 */
@Injectable()
export class OnuActionsService {
  private readonly logger = new Logger(OnuActionsService.name);
  private readonly journal: ActionJournal;
  /** A rebooted ONU not seen offline this long after the reboot took no effect. */
  private readonly offlineWithinMs: number;

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
    this.offlineWithinMs = config.ONU_REBOOT_OFFLINE_WITHIN_SECONDS * 1000;
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
   * Reboots the ONU once per job, by the OLT's write path (an inferred one only when the operator accepted
   * it). A retry of a job whose worker died after recording the reboot does not send it again (a second
   * reboot would cut the subscriber off twice): it looks at the port instead; an ONU found down for a
   * reboot confirms it, otherwise the outcome is unknown and the operator decides. Either way the port is
   * watched until the ONU has gone and come back, and that watch gives the verdict.
   */
  @OnJob(JobName.OnuReboot)
  reboot(p: OnuWritePayload, job: Job): Promise<DeviceOutcome<OnuRebootResult>> {
    return this.run(p, async (session, olt) => {
      const path = chosenPath(await session.writePaths(), 'reboot', p.acceptInferred);
      if (!(await this.journal.start(job))) {
        const record = await this.readPort(session, olt, p);
        await this.watchAfterReboot(p, Date.now());
        if (record.status !== 'online' && record.lastDeregReason === 'reboot')
          return { watching: true, path };
        throw new DeviceActionFailure(
          'OUTCOME_UNKNOWN',
          "The worker that sent this reboot stopped before the OLT confirmed it, and it was not sent again; check the ONU's status before rebooting it again",
        );
      }
      this.logWrite(olt, p, path);
      const sentAt = Date.now();
      await session.reboot(p, { acceptInferred: p.acceptInferred });
      await this.watchAfterReboot(p, sentAt);
      return { watching: true, path };
    });
  }

  /** Watches the port until the ONU has gone and come back, so the lists show it without a reload. */
  private async watchAfterReboot(p: OnuWritePayload, sentAt: number): Promise<void> {
    const watch: OnuWatchPayload = {
      tenantId: p.tenantId,
      oltId: p.oltId,
      onuRef: p.onuRef,
      ponPort: p.ponPort,
      onuId: p.onuId,
      until: sentAt + ONU_WATCH_MAX_MS,
      offlineBy: sentAt + this.offlineWithinMs,
      sawOffline: false,
      verify: { requester: p.requester, ifName: p.ifName },
    };
    await this.jobs.enqueue(JobName.OnuWatch, watch, WATCH_JOB_OPTIONS);
  }

  /**
   * Deletes the ONU on the OLT once per job, by the OLT's write path, and answers success only once the OLT
   * no longer lists it; an ONU still listed is 'no effect seen' and its stored record stays. A retry after
   * a worker died mid-clear does not send the delete again: it reads the port, and finishes the clear only
   * when the OLT no longer lists the ONU.
   */
  @OnJob(JobName.OnuClear)
  clear(
    p: OnuWritePayload,
    job: Job,
  ): Promise<DeviceOutcome<{ deleted: boolean; path: WritePathInfo | null }>> {
    return this.run(p, async (session, olt) => {
      const path = chosenPath(await session.writePaths(), 'delete', p.acceptInferred);
      const sent = await this.journal.start(job);
      if (sent) {
        this.logWrite(olt, p, path);
        await session.deleteOnu(p, { acceptInferred: p.acceptInferred });
      }
      if (!(await this.leftTheTable(session, p, sent ? DELETE_CONFIRM_READS : 1)))
        throw sent
          ? new DeviceActionFailure(
              'NO_EFFECT',
              `No effect seen: the OLT still lists ${p.ifName} after the delete was sent (${path.via}); the stored record is kept`,
            )
          : new DeviceActionFailure(
              'OUTCOME_UNKNOWN',
              'The worker that sent this clear stopped before the OLT confirmed it, and it was not sent again; the OLT still lists the ONU, so clear it again',
            );
      await this.db.transaction(async (tx) => {
        await tx.query('DELETE FROM onu WHERE id = $1 AND olt_id = $2', [p.onuRef, olt.id]);
        await refreshOltStats(tx, [olt.id]);
      });
      return { deleted: true, path };
    });
  }

  /** Whether the ONU has left its port's table, looking up to `reads` times (an OLT may drop it a moment late). */
  private async leftTheTable(session: PollableOlt, p: OnuActionPayload, reads: number): Promise<boolean> {
    for (let i = 0; i < reads; i += 1) {
      if (i > 0) await new Promise((r) => setTimeout(r, DELETE_CONFIRM_GAP_MS));
      const listed = (await session.portOnus(p.ponPort)).some(
        (r) => r.ponPort === p.ponPort && r.onuId === p.onuId,
      );
      if (!listed) return true;
    }
    return false;
  }

  /** Every write is logged with its path and evidence (never a credential); an inferred one says so. */
  private logWrite(olt: OltEntity, p: OnuWritePayload, path: WritePathInfo): void {
    const line = {
      oltId: olt.id,
      onuRef: p.onuRef,
      kind: path.kind,
      via: path.via,
      evidence: path.evidence,
      steps: path.steps,
    };
    if (path.evidence === 'inferred')
      this.logger.warn(line, `ONU ${path.kind} sent by an inferred command (accepted by the operator)`);
    else this.logger.log(line, `ONU ${path.kind} sent`);
  }

  /**
   * One look at the port after a reboot; schedules the next look until the ONU is back or time is up. The
   * last look gives the verdict: confirmed only when the ONU was seen offline and then online again.
   */
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
    const now = Date.now();
    const verdict = watchVerdict({
      sawOffline,
      back: sawOffline && status === 'online',
      gone: !outcome.ok && (outcome.code === 'ONU_GONE' || outcome.code === 'OLT_GONE'),
      timedOut: now + ONU_WATCH_INTERVAL_MS > p.until,
      offlineOverdue: !sawOffline && p.offlineBy !== undefined && now > p.offlineBy,
    });
    if (verdict) {
      await this.tellVerdict(p, verdict);
      return { done: true, status, verdict };
    }
    await this.jobs.enqueue(JobName.OnuWatch, { ...p, sawOffline }, WATCH_JOB_OPTIONS);
    return { done: false, status };
  }

  /** The verdict goes to the session that sent the reboot and into the audit log under its sender. */
  private async tellVerdict(p: OnuWatchPayload, verdict: WriteVerdict): Promise<void> {
    if (!p.verify) return;
    const { requester, ifName } = p.verify;
    const message = WRITE_VERDICT_MESSAGES[verdict](ifName);
    this.events.toRoom(sessionRoom(requester.sessionId), 'onu.write.verified', {
      onuId: p.onuRef,
      oltId: p.oltId,
      kind: 'reboot',
      verdict,
      ifName,
      message,
      at: new Date().toISOString(),
    });
    const ok = verdict === 'confirmed';
    await this.db.getRepository(AuditLogEntity).insert({
      tenantId: p.tenantId,
      actorUserId: requester.userId,
      actorName: requester.actorName.slice(0, 60),
      action: 'onu.reboot.verified',
      entityType: 'onu',
      entityId: p.onuRef,
      before: { oltId: p.oltId, ifName },
      after: ok ? { ok, verdict } : { ok, verdict, code: VERDICT_CODES[verdict], error: message },
      ip: null,
    });
    if (!ok) this.logger.warn({ oltId: p.oltId, onuRef: p.onuRef, verdict }, message);
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
