import { Injectable } from '@nestjs/common';
import { switchBrandOfKind, type SwitchCheckResponse } from '@pondesk/contracts';
import { openDevice, profiles, type DeviceConnection } from '@pondesk/device-drivers';
import { SnmpClient, octetsText } from '@pondesk/device-snmp';
import { JobName, type SwitchCheckPayload } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { DeviceTargetGuard } from '../olt-sessions/device-target-guard';

/** The form's check answers while the operator types: a short wait, one retry. */
export const SWITCH_CHECK_TIMEOUT_MS = 2000;
export const SWITCH_CHECK_RETRIES = 1;

type SwitchCheckResult = Omit<SwitchCheckResponse, 'ip' | 'snmpPort'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The switch form's live check: does the address answer SNMP with this community (one GET of sysDescr),
 * and, for 'Detect', which optics driver reads it. Only what the payload carries is used; the API has
 * already resolved a stored switch's community into it.
 */
@Injectable()
export class SwitchCheckService {
  constructor(private readonly targets: DeviceTargetGuard) {}

  @OnJob(JobName.CheckSwitch)
  async check(p: SwitchCheckPayload): Promise<SwitchCheckResult> {
    const closed = (error: string): SwitchCheckResult => ({
      status: 'closed',
      latencyMs: null,
      sysDescr: null,
      brand: null,
      error,
    });
    // The payload comes through Redis: anything but a community is no community.
    if (typeof p.community !== 'string' || !p.community) return closed('An SNMP community is required');
    let address: string;
    try {
      // Checked right before the socket opens; the checked address is used, not the name again.
      address = await this.targets.pin(p.ip, [p.snmpPort]);
    } catch (error) {
      return closed(messageOf(error));
    }
    const conn: DeviceConnection = {
      host: address,
      snmp: {
        port: p.snmpPort,
        version: 'v2c',
        community: p.community,
        timeoutMs: SWITCH_CHECK_TIMEOUT_MS,
        retries: SWITCH_CHECK_RETRIES,
      },
    };
    const client = new SnmpClient({ host: address, ...conn.snmp });
    const sysDescrOid = profiles.switchOptics.system.sysDescr;
    const t0 = performance.now();
    let sysDescr: string | null;
    try {
      const map = await client.getMap([sysDescrOid]);
      const v = map.get(sysDescrOid);
      sysDescr = v && v.type === 'octets' ? (octetsText(v.value)?.trim() ?? null) : null;
    } catch (error) {
      return closed(messageOf(error));
    } finally {
      client.close();
    }
    const answered: SwitchCheckResult = {
      status: 'open',
      latencyMs: Math.round(performance.now() - t0),
      sysDescr,
      brand: null,
    };
    if (!p.detect) return answered;
    return { ...answered, ...(await this.detect(conn)) };
  }

  /** The optics kind autodetection finds there, as the brand the form offers for it. */
  private async detect(conn: DeviceConnection): Promise<Pick<SwitchCheckResult, 'brand' | 'error'>> {
    try {
      const opened = await openDevice(conn);
      await opened.driver.close().catch(() => undefined);
      if (opened.kind === 'switch') return { brand: switchBrandOfKind(opened.driver.kind) };
      const olt = opened.driver;
      return {
        brand: null,
        error: `This device is an OLT (${olt.brand.toUpperCase()} ${olt.mode.toUpperCase()}), not a switch`,
      };
    } catch (error) {
      return { brand: null, error: `Not a switch PonDesk can read: ${messageOf(error)}` };
    }
  }
}
