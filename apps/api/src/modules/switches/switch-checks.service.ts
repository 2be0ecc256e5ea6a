import { Injectable } from '@nestjs/common';
import type { SwitchCheckResponse } from '@pondesk/contracts';
import { JobName } from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { DeviceJobsService } from '../../common/device-jobs/device-jobs.service';
import { DeviceTargetsService } from '../../common/device-targets/device-targets.service';
import { RateLimiterService, type RateRule } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import type { SwitchCheckDto } from './dto/switch-check.dto';
import { checkCommunityRequired } from './switches.exception';
import { SwitchesService } from './switches.service';

/** The form checks its port field as it is typed (debounced), as the OLT form's port check. */
export const SWITCH_CHECK_RULE: RateRule = { name: 'switch-check:user', max: 60, windowSeconds: 60 };
/** An SNMP get (and, for Detect, a few walks) answers within seconds or not at all. */
const CHECK_TIMEOUT_MS = 8000;

/**
 * The switch form's live SNMP check of an address: counted per user, checked against the device-target
 * policy (a refusal is audited), then run by the worker. The community is the request's own or, left
 * out, the stored switch's, and then only at that switch's own address and port.
 */
@Injectable()
export class SwitchChecksService {
  constructor(
    private readonly jobs: DeviceJobsService,
    private readonly targets: DeviceTargetsService,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
    private readonly switches: SwitchesService,
  ) {}

  async check(actor: TenantActor, body: SwitchCheckDto): Promise<SwitchCheckResponse> {
    await this.limiter.hit([{ rule: SWITCH_CHECK_RULE, subject: actor.userId }]);
    const community = await this.communityFor(actor, body);
    try {
      await this.targets.assertAllowed([
        { host: body.ip, hostField: 'ip', ports: [{ port: body.snmpPort, field: 'snmpPort' }] },
      ]);
    } catch (error) {
      await this.audit.record(actor, {
        action: 'switch.check.refused',
        entityType: 'switch',
        entityId: body.switchId ?? null,
        after: { ip: body.ip, snmpPort: body.snmpPort, error: messageOf(error) },
      });
      throw error;
    }
    const result = await this.jobs.run(
      JobName.CheckSwitch,
      { ip: body.ip, snmpPort: body.snmpPort, community, detect: body.detect === true },
      CHECK_TIMEOUT_MS,
      'The switch check',
    );
    return { ip: body.ip, snmpPort: body.snmpPort, ...result };
  }

  private async communityFor(actor: TenantActor, body: SwitchCheckDto): Promise<string> {
    if (body.community) return body.community;
    if (!body.switchId) throw checkCommunityRequired('SNMP Community is required');
    const sw = await this.switches.findOwn(actor, body.switchId);
    // A stored community is only ever sent where it is stored for.
    if (sw.ip !== body.ip || sw.snmpPort !== body.snmpPort)
      throw checkCommunityRequired("Re-enter the SNMP community to check another address than the switch's");
    return this.switches.openCommunity(sw);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
