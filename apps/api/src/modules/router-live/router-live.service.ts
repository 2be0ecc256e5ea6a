import { Injectable } from '@nestjs/common';
import type { SubscriberHosts, SubscriberSession } from '@pondesk/contracts';
import { JobName, type RouterReadPayload } from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { DeviceJobsService } from '../../common/device-jobs/device-jobs.service';
import { OnuDetailsService } from '../onus/onu-details.service';
import { pppoeNotOnOnu } from './router-live.exception';

/**
 * How long the API waits for the worker's answer. The worker ends a read within 12 s whatever the router
 * does (and answers why); more than that means no worker took the job.
 */
const LIVE_READ_TIMEOUT_MS = 20_000;

/**
 * Live reads of a subscriber's session from the MikroTik of the ONU's OLT, done by the worker. The ONU
 * is checked as every ONU read is (tenant, the user's OLT permissions, soft-deleted OLTs), then the PPPoE
 * id against the ONU's own: the router is only ever asked about a line the user may see.
 */
@Injectable()
export class RouterLiveService {
  constructor(
    private readonly details: OnuDetailsService,
    private readonly jobs: DeviceJobsService,
  ) {}

  async session(actor: TenantActor, onuId: string, pppoe: string | undefined): Promise<SubscriberSession> {
    const payload = await this.payload(actor, onuId, pppoe);
    return this.jobs.run(JobName.RouterSession, payload, LIVE_READ_TIMEOUT_MS, 'The live session read');
  }

  async hosts(actor: TenantActor, onuId: string, pppoe: string | undefined): Promise<SubscriberHosts> {
    const payload = await this.payload(actor, onuId, pppoe);
    return this.jobs.run(JobName.RouterHosts, payload, LIVE_READ_TIMEOUT_MS, 'The hosts read');
  }

  private async payload(
    actor: TenantActor,
    onuId: string,
    pppoe: string | undefined,
  ): Promise<RouterReadPayload> {
    const onu = await this.details.visible(actor, onuId);
    if (pppoe === undefined) throw pppoeNotOnOnu('pppoe is required');
    // The id as the ONU stores it (the page may have been opened with another case).
    const stored =
      onu.pppoeIds.find((id) => id === pppoe) ??
      onu.pppoeIds.find((id) => id.toLowerCase() === pppoe.toLowerCase());
    if (!stored)
      throw pppoeNotOnOnu(
        onu.pppoeIds.length
          ? `pppoe must be one of this ONU's PPPoE ids (${onu.pppoeIds.join(', ')})`
          : 'pppoe must be one of this ONU’s PPPoE ids, and it has none',
      );
    return { tenantId: actor.tenantId, oltId: onu.oltId, pppoeId: stored };
  }
}
