/**
 * A recorded device (`ponctl record`) served on loopback: SNMP from the recording's snmprec through the
 * simulator's own agent, telnet replaying the recorded command outputs in the brand's dialect, and the HSGQ web
 * API replaying the recorded answers. Nothing changes over time and writes are not modelled: it answers
 * exactly what the device answered to the reads.
 */
import { isOltBrand, type OltModeCode } from '@pondesk/contracts';
import { oltAdapter } from '../brands/brand-registry';
import { OltState } from '../model/olt-state';
import { SimClock } from '../model/sim-clock';
import { NO_FAULTS } from '../model/device-faults';
import { isLoopbackIpv4 } from '../net/loopback';
import { SnmpEndpoint } from '../snmp/snmp-agent';
import { TelnetEndpoint } from '../telnet/telnet-server';
import { HsgqWebEndpoint } from '../http/hsgq-web-server';
import { freeUdpPort } from '../fleet/sim-device';
import type { CliDialect } from '../telnet/cli-dialect';
import { readRecording, type DeviceRecording } from './recording-format';
import { parseSnmprec } from './snmprec';
import { recordedMib } from './recorded-mib';
import { replayDialect, replayPrompts } from './replay-cli';
import { replayWebRoute } from './replay-web';

export interface RecordedDeviceOptions {
  /** Shown in listings; default `recorded-<brand>-<mode>`. */
  name?: string;
  /** A loopback address (127.0.0.0/8); default 127.0.0.1. */
  host?: string;
  /** 0 or absent: a free port. */
  snmpPort?: number;
  telnetPort?: number;
  httpPort?: number;
  /** What the device accepts (the recording holds none of the real ones). Defaults public, admin/admin. */
  community?: string;
  username?: string;
  password?: string;
  /** Defaults to the password. */
  enablePassword?: string;
}

export interface RecordedDeviceInfo {
  name: string;
  kind: 'olt' | 'switch';
  brand: string | null;
  mode: OltModeCode | null;
  host: string;
  snmpPort: number;
  community: string;
  /** Null when the recording has no CLI (or no brand dialect to log in with). */
  telnetPort: number | null;
  /** Null when the recording has no web API exchanges. */
  httpPort: number | null;
  username: string;
  password: string;
  onus: number;
}

/** The brand's simulated dialect: login texts, pager and error line for the replay (it serves no state). */
function brandDialect(rec: DeviceRecording, hostname: string): CliDialect | null {
  const { brand, mode } = rec.meta;
  if (!brand || !isOltBrand(brand) || !mode) return null;
  const a = oltAdapter(brand, mode);
  const state = new OltState(
    {
      name: 'recorded',
      brand,
      mode,
      ponPorts: 1,
      onusPerPort: 0,
      seed: 1,
      hostname,
      vlan: 100,
      firstOnuId: a.firstOnuId,
    },
    new SimClock(0, 0),
    a.resolution,
  );
  return a.cliDialect(state);
}

export class RecordedDevice {
  private snmp: SnmpEndpoint | null = null;
  private telnet: TelnetEndpoint | null = null;
  private web: HsgqWebEndpoint | null = null;
  readonly host: string;
  readonly name: string;
  private readonly creds: { community: string; username: string; password: string; enablePassword: string };

  constructor(
    readonly recording: DeviceRecording,
    private readonly options: RecordedDeviceOptions = {},
  ) {
    this.host = options.host ?? '127.0.0.1';
    // Network safety: a recorded device is a test double and listens on this machine only.
    if (!isLoopbackIpv4(this.host))
      throw new Error(`a recorded device listens on loopback only, not ${this.host}`);
    const m = recording.meta;
    this.name = options.name ?? `recorded-${m.brand ?? m.kind}${m.mode ? `-${m.mode}` : ''}`;
    const password = options.password ?? 'admin';
    this.creds = {
      community: options.community ?? 'public',
      username: options.username ?? 'admin',
      password,
      enablePassword: options.enablePassword ?? password,
    };
  }

  info(): RecordedDeviceInfo {
    const m = this.recording.meta;
    return {
      name: this.name,
      kind: m.kind,
      brand: m.brand,
      mode: m.mode,
      host: this.host,
      snmpPort: this.snmp?.port ?? this.options.snmpPort ?? 0,
      community: this.creds.community,
      telnetPort: this.telnet?.port ?? null,
      httpPort: this.web?.port ?? null,
      username: this.creds.username,
      password: this.creds.password,
      onus: m.onus,
    };
  }

  async start(): Promise<void> {
    const always = (): boolean => true;
    this.snmp = new SnmpEndpoint({
      host: this.host,
      port: this.options.snmpPort || (await freeUdpPort(this.host)),
      community: this.creds.community,
      mib: recordedMib(parseSnmprec(this.recording.snmprec)),
      isReachable: always,
      slowMs: () => 0,
    });
    await this.snmp.start();
    const prompts = replayPrompts(this.recording.cli);
    // The host name the prompts carry (a pseudonym): `olt-1a2b3c` of `olt-1a2b3c(config)#`.
    const hostname = prompts?.user.replace(/[#>(].*$/, '').trim() ?? '';
    const dialect = prompts ? brandDialect(this.recording, hostname) : null;
    if (prompts && dialect) {
      this.telnet = new TelnetEndpoint({
        host: this.host,
        port: this.options.telnetPort ?? 0,
        hostname,
        username: this.creds.username,
        password: this.creds.password,
        enablePassword: this.creds.enablePassword,
        dialect: replayDialect(this.recording.cli, dialect),
        faults: () => NO_FAULTS,
        isReachable: always,
      });
      await this.telnet.start();
    }
    if (this.recording.http.length > 0) {
      this.web = new HsgqWebEndpoint({
        host: this.host,
        port: this.options.httpPort ?? 0,
        username: this.creds.username,
        password: this.creds.password,
        route: replayWebRoute(this.recording.http),
        faults: () => NO_FAULTS,
        isReachable: always,
      });
      await this.web.start();
    }
  }

  async stop(): Promise<void> {
    await Promise.all([this.snmp?.stop(), this.telnet?.stop(), this.web?.stop()]);
    this.snmp = null;
    this.telnet = null;
    this.web = null;
  }
}

/** Loads a recording (a path or one already read) and serves it until `stop()`. */
export async function startRecordedDevice(
  source: string | DeviceRecording,
  options: RecordedDeviceOptions = {},
): Promise<RecordedDevice> {
  const device = new RecordedDevice(typeof source === 'string' ? readRecording(source) : source, options);
  try {
    await device.start();
  } catch (e) {
    await device.stop();
    throw e;
  }
  return device;
}
