import { Injectable } from '@nestjs/common';
import type { PortCheckResponse, ProbeResponse } from '@pondesk/contracts';
import { JobName } from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { DeviceJobsService } from '../../common/device-jobs/device-jobs.service';
import { DeviceTargetsService } from '../../common/device-targets/device-targets.service';
import { RateLimiterService, type RateRule } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import type { PortCheckDto, ProbeDto } from './dto/device-check.dto';

/** A form checks its ports as addresses are typed (debounced); more than this is a scan. */
export const PORT_CHECK_RULE: RateRule = { name: 'olt-port-check:user', max: 60, windowSeconds: 60 };
/** A probe walks the device's tables: a few per minute is plenty for adding OLTs. */
export const PROBE_RULE: RateRule = { name: 'olt-probe:user', max: 10, windowSeconds: 60 };

/**
 * The OLT form's reachability checks of an address the operator typed (not a stored OLT): each counted
 * per user, checked against the device-target policy, then run by the worker with only what the request
 * carries. A probe is audited (address and outcome; never the community); so is a refused port check.
 */
@Injectable()
export class DeviceChecksService {
  constructor(
    private readonly jobs: DeviceJobsService,
    private readonly targets: DeviceTargetsService,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
  ) {}

  async portCheck(actor: TenantActor, body: PortCheckDto): Promise<PortCheckResponse> {
    await this.limiter.hit([{ rule: PORT_CHECK_RULE, subject: actor.userId }]);
    try {
      await this.targets.assertAllowed([
        { host: body.host, hostField: 'host', ports: [{ port: body.port, field: 'port' }] },
      ]);
    } catch (error) {
      await this.audit.record(actor, {
        action: 'olt.port-check.refused',
        entityType: 'olt',
        entityId: null,
        after: { host: body.host, port: body.port, error: messageOf(error) },
      });
      throw error;
    }
    const result = await this.jobs.run(
      JobName.PortCheck,
      { host: body.host, port: body.port },
      8000,
      'The port check',
    );
    return { host: body.host, port: body.port, ...result };
  }

  async probe(actor: TenantActor, body: ProbeDto): Promise<ProbeResponse> {
    await this.limiter.hit([{ rule: PROBE_RULE, subject: actor.userId }]);
    const asked = {
      host: body.host,
      snmpPort: body.snmpPort,
      brand: body.brand ?? null,
      mode: body.mode ?? null,
    };
    try {
      await this.targets.assertAllowed([
        { host: body.host, hostField: 'host', ports: [{ port: body.snmpPort, field: 'snmpPort' }] },
      ]);
    } catch (error) {
      await this.audit.record(actor, {
        action: 'olt.probe',
        entityType: 'olt',
        entityId: null,
        after: { ...asked, ok: false, refused: true, error: messageOf(error) },
      });
      throw error;
    }
    // Only the request's own community is sent: a probe never falls back to a stored OLT's.
    const result = await this.jobs.run(
      JobName.ProbeOlt,
      {
        host: body.host,
        snmpPort: body.snmpPort,
        community: body.community,
        brand: body.brand,
        mode: body.mode,
      },
      60000,
      'The probe',
    );
    await this.audit.record(actor, {
      action: 'olt.probe',
      entityType: 'olt',
      entityId: null,
      after: { ...asked, ok: result.ok, model: result.model, error: result.error ?? null },
    });
    return result;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
