import { Injectable } from '@nestjs/common';
import type { OnuActionResult, OnuRealtime, OnuSignalReading, TelnetCheckResult } from '@pondesk/contracts';
import {
  DeviceActionJob,
  type DeviceOutcome,
  type OnuActionPayload,
  type TelnetCheckPayload,
} from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import { oltNotFound } from '../olts/olts.exception';
import { DeviceJobsService } from '../olts/device-jobs.service';
import { OltAccessService } from '../olts/olt-access.service';
import { OnuDetailsService, type VisibleOnu } from './onu-details.service';
import { deviceFailure } from './onus.exception';

/** How long the API waits for the worker: a live read may queue behind a poll of the same OLT. */
const READ_TIMEOUT_MS = 45_000;
const WRITE_TIMEOUT_MS = 60_000;

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
    return this.act(
      actor,
      onu,
      DeviceActionJob.OnuReadSignal,
      'onu.read-signal',
      READ_TIMEOUT_MS,
      'The signal read',
    );
  }

  async realtime(actor: TenantActor, id: string): Promise<OnuRealtime> {
    const onu = await this.details.visible(actor, id);
    return this.act(
      actor,
      onu,
      DeviceActionJob.OnuRealtime,
      'onu.realtime',
      READ_TIMEOUT_MS,
      'The realtime read',
    );
  }

  async reboot(actor: TenantActor, id: string): Promise<OnuActionResult> {
    const onu = await this.details.visible(actor, id);
    await this.act(actor, onu, DeviceActionJob.OnuReboot, 'onu.reboot', WRITE_TIMEOUT_MS, 'The reboot');
    return { ok: true, message: 'Reboot Successfully' };
  }

  async clear(actor: TenantActor, id: string): Promise<OnuActionResult> {
    const onu = await this.details.visible(actor, id);
    await this.act(actor, onu, DeviceActionJob.OnuClear, 'onu.clear', WRITE_TIMEOUT_MS, 'The clear');
    return { ok: true, message: 'Deleted Successfully!' };
  }

  async telnetCheck(actor: TenantActor, oltId: string): Promise<TelnetCheckResult> {
    if (!(await this.access.canSee(actor, oltId))) throw oltNotFound();
    const payload: TelnetCheckPayload = { tenantId: actor.tenantId, oltId };
    const outcome = await this.jobs.run<DeviceOutcome<TelnetCheckResult>>(
      DeviceActionJob.TelnetCheck,
      payload,
      READ_TIMEOUT_MS,
      'The telnet check',
    );
    if (!outcome.ok) throw deviceFailure(outcome.code, outcome.error);
    return outcome.value;
  }

  private async act<T>(
    actor: TenantActor,
    onu: VisibleOnu,
    job: DeviceActionJob,
    action: string,
    timeoutMs: number,
    what: string,
  ): Promise<T> {
    const payload: OnuActionPayload = {
      tenantId: actor.tenantId,
      oltId: onu.oltId,
      onuRef: onu.id,
      ponPort: onu.ponPort,
      onuId: onu.onuId,
    };
    const outcome = await this.jobs.run<DeviceOutcome<T>>(job, payload, timeoutMs, what);
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
