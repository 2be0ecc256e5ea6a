import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  VPN_CONNECT_FIRST,
  VPN_NOT_ENABLED_MESSAGE,
  VPN_TEST_SUCCESS,
  type OltVpnTestResult,
  type PortState,
} from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { TenantVpnEntity } from '@pondesk/server-database';
import { JobName, type VpnTestPayload } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { DeviceTargetGuard } from '../olt-sessions/device-target-guard';
import { checkPort } from '../olt-sessions/port-check';
import { SwitchCheckService } from '../switches/switch-check.service';
import { isDialledIn } from './vpn-account.service';
import { VpnConcentrator } from './vpn-concentrator';

type Checked = OltVpnTestResult['ports'][number];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The OLT form's VPN Test: is the tenant's router dialled in to the concentrator, and does the OLT behind
 * it answer? The telnet, http and https ports are TCP connects (the form's port check); snmp is one SNMP
 * GET with the form's community (the switch form's check), as a UDP port says nothing until an agent
 * answers. Every address goes through the device-target policy first. The OLT counts as reached when
 * telnet or SNMP answers: those are what the poller uses.
 */
@Injectable()
export class VpnTestService {
  private readonly concentrator: VpnConcentrator;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly targets: DeviceTargetGuard,
    private readonly snmp: SwitchCheckService,
  ) {
    this.concentrator = new VpnConcentrator(config);
  }

  @OnJob(JobName.VpnTest)
  async test(p: VpnTestPayload): Promise<OltVpnTestResult> {
    const unknown: Checked[] = p.ports.map(({ service, port }) => ({
      service,
      port,
      state: 'unknown' as const,
    }));
    const failed = (message: string): OltVpnTestResult => ({ ok: false, message, ports: unknown });
    if (!this.concentrator.config) return failed(VPN_NOT_ENABLED_MESSAGE);

    const account = await this.db.getRepository(TenantVpnEntity).findOne({ where: { tenantId: p.tenantId } });
    if (!account) return failed(VPN_CONNECT_FIRST);
    try {
      if (!(await this.concentrator.use((c) => isDialledIn(c, account.username))))
        return failed(VPN_CONNECT_FIRST);
    } catch (error) {
      return failed(messageOf(error));
    }

    let address: string;
    try {
      // Checked right before the sockets open; the checked address is used, not the name again.
      address = await this.targets.pin(
        p.host,
        p.ports.map((x) => x.port),
      );
    } catch (error) {
      return failed(messageOf(error));
    }
    const ports = await Promise.all(
      p.ports.map(async ({ service, port }): Promise<Checked> => ({
        service,
        port,
        state:
          service === 'snmp'
            ? await this.snmpState(address, port, p.community)
            : await tcpState(address, port),
      })),
    );
    const answered = (service: Checked['service']) =>
      ports.some((x) => x.service === service && x.state === 'open');
    if (answered('telnet') || answered('snmp')) return { ok: true, message: VPN_TEST_SUCCESS, ports };
    const seen = ports.map((x) => `${x.service} ${x.port} ${x.state}`).join(', ');
    return { ok: false, message: `The OLT did not answer through the VPN (${seen})`, ports };
  }

  private async snmpState(address: string, port: number, community: string | undefined): Promise<PortState> {
    if (typeof community !== 'string' || !community) return 'unknown';
    const answer = await this.snmp.check({ ip: address, snmpPort: port, community, detect: false });
    return answer.status === 'open' ? 'open' : 'closed';
  }
}

async function tcpState(address: string, port: number): Promise<PortState> {
  return (await checkPort(address, port)).status === 'open' ? 'open' : 'closed';
}
