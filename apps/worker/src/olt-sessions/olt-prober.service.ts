import { Inject, Injectable } from '@nestjs/common';
import { openDevice } from '@pondesk/device-drivers';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { isOltBrand, isOltMode, type ProbeResponse } from '@pondesk/contracts';
import { JobName, type ProbePayload } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { DeviceTargetGuard } from './device-target-guard';

/**
 * 'Test Get Port': identify an OLT over SNMP and count its PON ports and ONUs, before it is saved. Only
 * what the request carries is used (its address, port and community): never a stored OLT's secrets.
 */
@Injectable()
export class OltProber {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly targets: DeviceTargetGuard,
  ) {}

  @OnJob(JobName.ProbeOlt)
  async probe(p: ProbePayload): Promise<ProbeResponse> {
    const empty = { brand: null, mode: null, model: null, sysDescr: null, ponPorts: null, onuCount: null };
    // The request's own community or nothing: never a default, never another OLT's stored one.
    if (typeof p.community !== 'string' || !p.community)
      return { ...empty, ok: false, error: 'An SNMP community is required' };
    try {
      // Checked right before the socket opens; the checked address is used, not the name again.
      const address = await this.targets.pin(p.host, [p.snmpPort]);
      const opened = await openDevice(
        {
          host: address,
          snmp: {
            port: p.snmpPort,
            version: 'v2c',
            community: p.community,
            timeoutMs: this.config.SNMP_TIMEOUT_MS,
            retries: this.config.SNMP_RETRIES,
          },
        },
        // The payload comes through Redis: a hint that is not one of ours is no hint.
        { brand: isOltBrand(p.brand) ? p.brand : undefined, mode: isOltMode(p.mode) ? p.mode : undefined },
      );
      if (opened.kind === 'switch') {
        const id = await opened.driver.identify().finally(() => opened.driver.close());
        return { ...empty, ok: false, sysDescr: id.sysDescr, error: 'This device is a switch, not an OLT' };
      }
      const driver = opened.driver;
      try {
        const id = await driver.identify();
        const ports = await driver.listPonPorts();
        const onus = await driver.listOnus();
        return {
          ok: true,
          brand: id.brand,
          mode: id.mode,
          model: id.model,
          sysDescr: id.sysDescr,
          ponPorts: ports.length,
          onuCount: onus.length,
        };
      } finally {
        await driver.close().catch(() => undefined);
      }
    } catch (error) {
      return { ...empty, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
