import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  planWrites,
  type OltWritePaths,
  type OnuActionResult,
  type OnuRealtime,
  type OnuSignalReading,
  type OnuWriteKind,
  type OnuWriteRequest,
  type OnuWriteStarted,
  type TelnetCheckResult,
  type WritePathInfo,
} from '@pondesk/contracts';
import { OltEntity, oltTransports } from '@pondesk/server-database';
import {
  JobName,
  type DeviceOutcome,
  type JobPayloads,
  type JobResults,
  type OnuActionPayload,
} from '@pondesk/server-queue';
import { actorName, type TenantActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import { assertOltActionsAllowed } from '../billing-expiry/device-actions.policy';
import { oltNotFound } from '../olts/olts.exception';
import { DeviceJobsService } from '../../common/device-jobs/device-jobs.service';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { OnuDetailsService, type VisibleOnu } from './onu-details.service';
import { deviceFailure, writeInferredNotAccepted, writeUnsupported } from './onus.exception';

/** How long the API waits for the worker: a live read may queue behind a poll of the same OLT. */
const READ_TIMEOUT_MS = 45_000;
const WRITE_TIMEOUT_MS = 60_000;

type OnuActionJob = JobName.OnuReadSignal | JobName.OnuRealtime | JobName.OnuReboot | JobName.OnuClear;
/** What a successful action of this job gives back. */
type ActionValue<N extends OnuActionJob> = JobResults[N] extends DeviceOutcome<infer V> ? V : never;

/** Device work on one ONU, run by the worker; every action is audited with its outcome. */
@Injectable()
export class OnuActionsService {
  constructor(
    private readonly details: OnuDetailsService,
    private readonly jobs: DeviceJobsService,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
  ) {}

  async readSignal(actor: TenantActor, id: string): Promise<OnuSignalReading> {
    const onu = await this.details.visible(actor, id);
    return this.act(actor, onu, JobName.OnuReadSignal, 'onu.read-signal', READ_TIMEOUT_MS, 'The signal read');
  }

  async realtime(actor: TenantActor, id: string): Promise<OnuRealtime> {
    const onu = await this.details.visible(actor, id);
    return this.act(actor, onu, JobName.OnuRealtime, 'onu.realtime', READ_TIMEOUT_MS, 'The realtime read');
  }

  /** The path each write takes on one of the user's OLTs, from its brand, mode and stored credentials. */
  async writePaths(actor: TenantActor, oltId: string): Promise<OltWritePaths> {
    if (!(await this.access.canSee(actor, oltId))) throw oltNotFound();
    return this.pathsOf(oltId, actor.tenantId);
  }

  /**
   * Sends the reboot and answers once the OLT took it; whether the ONU really went down and came back is
   * told later (`onu.write.verified` to this session, and the audit log).
   */
  async reboot(actor: TenantActor, id: string, body: OnuWriteRequest): Promise<OnuWriteStarted> {
    const onu = await this.details.visible(actor, id);
    const path = await this.checkedPath(actor, onu, 'reboot', body);
    const done = await this.act(actor, onu, JobName.OnuReboot, 'onu.reboot', WRITE_TIMEOUT_MS, 'The reboot', {
      acceptInferred: body.acceptInferred === true,
      requester: { sessionId: actor.sessionId, userId: actor.userId, actorName: actorName(actor) },
      ifName: onu.ifName,
    });
    return {
      ok: true,
      message: `Reboot sent to ${onu.ifName}; watching it go offline and come back`,
      verification: 'watching',
      path: done.path ?? path,
    };
  }

  /** Deletes the ONU on its OLT; answers success only once the OLT no longer lists it. */
  async clear(actor: TenantActor, id: string, body: OnuWriteRequest): Promise<OnuActionResult> {
    const onu = await this.details.visible(actor, id);
    await this.checkedPath(actor, onu, 'delete', body);
    await this.act(actor, onu, JobName.OnuClear, 'onu.clear', WRITE_TIMEOUT_MS, 'The clear', {
      acceptInferred: body.acceptInferred === true,
      requester: { sessionId: actor.sessionId, userId: actor.userId, actorName: actorName(actor) },
      ifName: onu.ifName,
    });
    return { ok: true, message: 'Deleted Successfully!' };
  }

  private async pathsOf(oltId: string, tenantId: string): Promise<OltWritePaths> {
    const olt = await this.oltOf(oltId, tenantId);
    return planWrites(olt.brand, olt.mode, oltTransports(olt));
  }

  private async oltOf(oltId: string, tenantId: string): Promise<OltEntity> {
    const olt = await this.olts.findOne({ where: { id: oltId, tenantId, show: true } });
    if (!olt) throw oltNotFound();
    return olt;
  }

  /**
   * Refuses, before anything is queued, a write to an OLT whose package expired past its grace (402), with
   * no path, or with an inferred one the operator did not accept.
   */
  private async checkedPath(
    actor: TenantActor,
    onu: VisibleOnu,
    kind: OnuWriteKind,
    body: OnuWriteRequest,
  ): Promise<WritePathInfo> {
    const olt = await this.oltOf(onu.oltId, actor.tenantId);
    assertOltActionsAllowed(olt);
    const paths = planWrites(olt.brand, olt.mode, oltTransports(olt));
    const path = paths[kind];
    if (!path) throw writeUnsupported(paths.missing[kind] ?? `This OLT has no ${kind} path`);
    if (path.evidence === 'inferred' && body.acceptInferred !== true)
      throw writeInferredNotAccepted(
        `This OLT's ${kind === 'delete' ? 'delete' : 'reboot'} command is inferred: it has never been seen working on a real device (${path.steps.join(' → ')}). Send it again with acceptInferred to confirm.`,
      );
    return path;
  }

  async telnetCheck(actor: TenantActor, oltId: string): Promise<TelnetCheckResult> {
    if (!(await this.access.canSee(actor, oltId))) throw oltNotFound();
    const outcome = await this.jobs.run(
      JobName.TelnetCheck,
      { tenantId: actor.tenantId, oltId },
      READ_TIMEOUT_MS,
      'The telnet check',
    );
    if (!outcome.ok) throw deviceFailure(outcome.code, outcome.error);
    return outcome.value;
  }

  private async act<N extends OnuActionJob>(
    actor: TenantActor,
    onu: VisibleOnu,
    job: N,
    action: string,
    timeoutMs: number,
    what: string,
    extra?: Omit<JobPayloads[N], keyof OnuActionPayload>,
  ): Promise<ActionValue<N>> {
    const payload = {
      tenantId: actor.tenantId,
      oltId: onu.oltId,
      onuRef: onu.id,
      ponPort: onu.ponPort,
      onuId: onu.onuId,
      ...extra,
    } as JobPayloads[N];
    const outcome = (await this.jobs.run(job, payload, timeoutMs, what)) as DeviceOutcome<ActionValue<N>>;
    const path = outcome.ok ? pathOf(outcome.value) : null;
    await this.audit.record(actor, {
      action,
      entityType: 'onu',
      entityId: onu.id,
      before: { oltId: onu.oltId, ifName: onu.ifName, pppoeIds: onu.pppoeIds },
      after: outcome.ok
        ? { ok: true, ...(path ? { via: path.via, evidence: path.evidence } : {}) }
        : { ok: false, code: outcome.code, error: outcome.error },
    });
    if (!outcome.ok) throw deviceFailure(outcome.code, outcome.error);
    return outcome.value;
  }
}

/** The write path a write job's answer names, if it is one. */
function pathOf(value: unknown): WritePathInfo | null {
  if (!value || typeof value !== 'object' || !('path' in value)) return null;
  return (value as { path: WritePathInfo | null }).path;
}
