import { Injectable } from '@nestjs/common';
import type { OnuActionResult, OnuRealtime, OnuSignalReading, TelnetCheckResult } from '@pondesk/contracts';
import { JobName, type DeviceOutcome, type JobResults, type OnuActionPayload } from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import { oltNotFound } from '../olts/olts.exception';
import { DeviceJobsService } from '../../common/device-jobs/device-jobs.service';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { OnuDetailsService, type VisibleOnu } from './onu-details.service';
import { deviceFailure } from './onus.exception';

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
  ) {}

  async readSignal(actor: TenantActor, id: string): Promise<OnuSignalReading> {
    const onu = await this.details.visible(actor, id);
    return this.act(actor, onu, JobName.OnuReadSignal, 'onu.read-signal', READ_TIMEOUT_MS, 'The signal read');
  }

  async realtime(actor: TenantActor, id: string): Promise<OnuRealtime> {
    const onu = await this.details.visible(actor, id);
    return this.act(actor, onu, JobName.OnuRealtime, 'onu.realtime', READ_TIMEOUT_MS, 'The realtime read');
  }

  async reboot(actor: TenantActor, id: string): Promise<OnuActionResult> {
    const onu = await this.details.visible(actor, id);
    await this.act(actor, onu, JobName.OnuReboot, 'onu.reboot', WRITE_TIMEOUT_MS, 'The reboot');
    return { ok: true, message: 'Reboot Successfully' };
  }

  async clear(actor: TenantActor, id: string): Promise<OnuActionResult> {
    const onu = await this.details.visible(actor, id);
    await this.act(actor, onu, JobName.OnuClear, 'onu.clear', WRITE_TIMEOUT_MS, 'The clear');
    return { ok: true, message: 'Deleted Successfully!' };
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
  ): Promise<ActionValue<N>> {
    const payload: OnuActionPayload = {
      tenantId: actor.tenantId,
      oltId: onu.oltId,
      onuRef: onu.id,
      ponPort: onu.ponPort,
      onuId: onu.onuId,
    };
    const outcome = (await this.jobs.run(job, payload, timeoutMs, what)) as DeviceOutcome<ActionValue<N>>;
    await this.audit.record(actor, {
      action,
      entityType: 'onu',
      entityId: onu.id,
      before: { oltId: onu.oltId, ifName: onu.ifName, pppoeIds: onu.pppoeIds },
      after: outcome.ok ? { ok: true } : { ok: false, code: outcome.code, error: outcome.error },
    });
    if (!outcome.ok) throw deviceFailure(outcome.code, outcome.error);
    return outcome.value;
  }
}
