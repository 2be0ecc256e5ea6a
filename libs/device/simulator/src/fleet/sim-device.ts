/** One running simulated device: its state plus the SNMP, telnet and (AVIES) web endpoints serving it. */
import { createSocket } from 'node:dgram';
import { OltState } from '../model/olt-state';
import { SwitchState } from '../model/switch-state';
import type { SimClock } from '../model/sim-clock';
import { NO_FAULTS, type DeviceFaults } from '../model/device-faults';
import { NO_LINK_LIMITS, type DeviceLink } from '../model/device-link';
import type { DeviceBrand, DeviceSpec } from '../config/fleet-config';
import { SnmpEndpoint } from '../snmp/snmp-agent';
import { TelnetEndpoint } from '../telnet/telnet-server';
import { HsgqWebEndpoint } from '../http/hsgq-web-server';
import type { OltModeCode } from '@pondesk/contracts';
import { oltAdapter, switchAdapter } from '../brands/brand-registry';

/** What `--list --json` prints for each device. */
export interface SimDeviceInfo {
  name: string;
  brand: DeviceBrand;
  mode: OltModeCode | null;
  /** The address every endpoint of the device listens on (its own with per-device addresses). */
  host: string;
  snmpPort: number;
  community: string;
  telnetPort: number | null;
  httpPort: number | null;
  username: string;
  password: string;
  onus: number;
  /**
   * OLTs: the address of the simulated MikroTik router in front of it (`BRAS-<name>`), which it sends its
   * syslog from (its own with per-device addresses, else the shared host). Null for switches.
   */
  routerHost: string | null;
}

export class SimDevice {
  readonly state: OltState | SwitchState;
  private snmp: SnmpEndpoint | null = null;
  private telnet: TelnetEndpoint | null = null;
  private web: HsgqWebEndpoint | null = null;
  private linkLimits: DeviceLink;
  /** Where every endpoint listens: the spec's own address (per-device addresses), else the shared host. */
  readonly host: string;
  /** OLTs: the address of the simulated MikroTik router in front of it; null for switches. */
  readonly routerHost: string | null;

  constructor(
    readonly spec: DeviceSpec,
    sharedHost: string,
    clock: SimClock,
  ) {
    this.host = spec.address ?? sharedHost;
    this.routerHost = spec.kind === 'olt' ? (spec.routerAddress ?? sharedHost) : null;
    if (spec.kind === 'olt') {
      const a = oltAdapter(spec.brand, spec.mode ?? 'epon');
      this.state = new OltState(
        {
          name: spec.name,
          brand: a.brand,
          mode: a.mode,
          ponPorts: spec.ponPorts,
          onusPerPort: Math.min(spec.onusPerPort, a.maxOnusPerPort),
          seed: spec.seed,
          hostname: spec.hostname ?? a.defaultHostname,
          vlan: spec.vlan,
          firstOnuId: a.firstOnuId,
          firmware: spec.firmware,
        },
        clock,
        a.resolution,
      );
    } else {
      const a = switchAdapter(spec.brand);
      this.state = new SwitchState(
        {
          name: spec.name,
          brand: a.brand,
          ports: spec.ports,
          sfpPorts: spec.sfpPorts,
          seed: spec.seed,
          hostname: spec.hostname ?? spec.name,
          portAliases: spec.portAliases,
        },
        clock,
        a.resolution,
      );
    }
    this.state.faults = { ...NO_FAULTS, ...(spec.faults ?? {}) };
    this.linkLimits = { ...NO_LINK_LIMITS, ...(spec.link ?? {}) };
  }

  get name(): string {
    return this.spec.name;
  }

  get faults(): DeviceFaults {
    return this.state.faults;
  }

  get link(): DeviceLink {
    return this.linkLimits;
  }

  get offAir(): boolean {
    return this.state.offAir;
  }

  info(): SimDeviceInfo {
    return {
      name: this.spec.name,
      brand: this.spec.brand,
      mode: this.spec.mode,
      host: this.host,
      snmpPort: this.snmp?.port ?? this.spec.snmpPort,
      community: this.spec.community,
      telnetPort: this.telnet?.port ?? this.spec.telnetPort,
      httpPort: this.web?.port ?? this.spec.httpPort,
      username: this.spec.username,
      password: this.spec.password,
      onus: this.state instanceof OltState ? this.state.onuCount : 0,
      routerHost: this.routerHost,
    };
  }

  async start(): Promise<void> {
    const reachable = (): boolean => !this.state.offAir && !this.state.faults.unreachable;
    // Telnet and the web API answer one command or request per exchange: the round trip is one more delay.
    const faults = (): DeviceFaults =>
      this.linkLimits.rttMs > 0
        ? { ...this.state.faults, slowMs: this.state.faults.slowMs + this.linkLimits.rttMs }
        : this.state.faults;
    const state = this.state;
    const mib =
      state instanceof OltState
        ? oltAdapter(state.spec.brand, state.spec.mode).buildMib(state)
        : switchAdapter(state.spec.brand).buildMib(state);
    this.snmp = new SnmpEndpoint({
      host: this.host,
      port: this.spec.snmpPort || (await freeUdpPort(this.host)),
      community: this.spec.community,
      mib,
      isReachable: reachable,
      slowMs: () => this.state.faults.slowMs,
      link: () => this.linkLimits,
    });
    await this.snmp.start();
    this.snmp.setWrongCommunity(this.state.faults.wrongCommunity);
    if (state instanceof OltState && this.spec.telnetPort !== null) {
      const a = oltAdapter(state.spec.brand, state.spec.mode);
      this.telnet = new TelnetEndpoint({
        host: this.host,
        port: this.spec.telnetPort,
        hostname: state.spec.hostname,
        username: this.spec.username,
        password: this.spec.password,
        enablePassword: this.spec.enablePassword,
        dialect: a.cliDialect(state),
        faults,
        isReachable: reachable,
      });
      await this.telnet.start();
      if (this.spec.httpPort !== null && a.webApi) {
        this.web = new HsgqWebEndpoint({
          host: this.host,
          port: this.spec.httpPort,
          username: this.spec.username,
          password: this.spec.password,
          route: a.webApi(state),
          faults,
          isReachable: reachable,
        });
        await this.web.start();
      }
    }
  }

  setFaults(patch: Partial<DeviceFaults>): DeviceFaults {
    this.state.faults = { ...this.state.faults, ...patch };
    this.snmp?.setWrongCommunity(this.state.faults.wrongCommunity);
    if (this.state.faults.unreachable) this.dropSessions();
    return this.state.faults;
  }

  setLink(patch: Partial<DeviceLink>): DeviceLink {
    this.linkLimits = { ...this.linkLimits, ...patch };
    return this.linkLimits;
  }

  setOffAir(off: boolean): void {
    this.state.offAir = off;
    if (off) this.dropSessions();
  }

  /** Web sessions currently held (AVIES cap tests). */
  get webSessions(): number {
    return this.web?.activeSessions ?? 0;
  }

  get telnetLogins(): number {
    return this.telnet?.logins ?? 0;
  }

  private dropSessions(): void {
    this.telnet?.dropAll();
    this.web?.dropAll();
  }

  async stop(): Promise<void> {
    await Promise.all([this.snmp?.stop(), this.telnet?.stop(), this.web?.stop()]);
    this.snmp = null;
    this.telnet = null;
    this.web = null;
  }
}

/** Ask the OS for a free UDP port (net-snmp's agent treats port 0 as 161, so it cannot do this itself). */
export function freeUdpPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, host, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
