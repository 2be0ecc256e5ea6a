import type { SnmpClient } from '@pondesk/device-snmp';
import { TelnetError, TelnetSession, type TelnetProfile } from '@pondesk/device-telnet';
import type {
  KnownOnus,
  Brand,
  MacLocation,
  OltDriver,
  OltIdentity,
  OnuHistoryEvent,
  OnuOptics,
  OnuRecord,
  OnuRef,
  PonMode,
  PonPortInfo,
  SystemHealth,
  TelnetLoginCheck,
} from '../types';
import type { DeviceConnection } from './connection';
import { DriverError, DriverErrorCode, unsupported } from './driver.exception';
import { snmpClientFor, str, num } from './snmp-table';
import { normalizeMacInput } from './onu-record';
import { switchOptics } from '../profiles';

export interface SystemGroup {
  sysDescr: string | null;
  sysObjectId: string | null;
  sysName: string | null;
  uptimeSeconds: number | null;
}

export async function readSystemGroup(client: SnmpClient): Promise<SystemGroup> {
  const s = switchOptics.system;
  const m = await client.getMap([s.sysDescr, s.sysObjectId, s.sysUpTime, s.sysName]);
  const ticks = num(m.get(s.sysUpTime));
  const oid = str(m.get(s.sysObjectId));
  return {
    sysDescr: str(m.get(s.sysDescr))?.trim() ?? null,
    sysObjectId: oid ? oid.replace(/^\./, '') : null,
    sysName: str(m.get(s.sysName)),
    uptimeSeconds: ticks === null ? null : Math.floor(ticks / 100),
  };
}

/**
 * Shared plumbing: lazy SNMP client, one cached telnet session per driver (commands queue inside it),
 * and "unsupported" defaults so each brand only implements what its device can do.
 */
export abstract class BaseOltDriver implements OltDriver {
  abstract readonly brand: Brand;
  abstract readonly mode: PonMode;
  private snmpClient: SnmpClient | null = null;
  private telnetSession: Promise<TelnetSession> | null = null;

  constructor(
    protected readonly conn: DeviceConnection,
    protected readonly telnetProfile: TelnetProfile | null,
  ) {}

  protected get snmp(): SnmpClient {
    if (!this.snmpClient) this.snmpClient = snmpClientFor(this.conn);
    return this.snmpClient;
  }

  protected get hasTelnet(): boolean {
    return this.conn.telnet !== undefined && this.telnetProfile !== null;
  }

  /** Run against the driver's telnet session, opening it on first use; a broken session is replaced next time. */
  protected async cli<T>(fn: (s: TelnetSession) => Promise<T>): Promise<T> {
    if (!this.conn.telnet || !this.telnetProfile) {
      throw new DriverError(
        DriverErrorCode.NEEDS_CREDENTIALS,
        `${this.brand} ${this.mode}: this needs telnet (--user/--password)`,
      );
    }
    if (!this.telnetSession) {
      const t = this.conn.telnet;
      const s = new TelnetSession({
        host: this.conn.host,
        port: t.port,
        username: t.username,
        password: t.password,
        enablePassword: t.enablePassword,
        profile: this.telnetProfile,
        connectTimeoutMs: t.connectTimeoutMs,
        loginTimeoutMs: t.loginTimeoutMs,
        commandTimeoutMs: t.commandTimeoutMs,
      });
      this.telnetSession = s.open().then(() => s);
      this.telnetSession.catch(() => (this.telnetSession = null));
    }
    const session = await this.telnetSession;
    try {
      return await fn(session);
    } catch (e) {
      if (e instanceof TelnetError && e.code !== 'TELNET_COMMAND_FAILED') this.telnetSession = null;
      throw e;
    }
  }

  async identify(): Promise<OltIdentity> {
    const sys = await readSystemGroup(this.snmp);
    return {
      brand: this.brand,
      mode: this.mode,
      model: this.modelFrom(sys),
      sysDescr: sys.sysDescr,
      sysObjectId: sys.sysObjectId,
      firmware: sys.sysDescr ? (/Version\s+([\w.()-]+)/i.exec(sys.sysDescr)?.[1] ?? null) : null,
      sysName: sys.sysName,
      uptimeSeconds: sys.uptimeSeconds,
    };
  }

  protected modelFrom(_sys: SystemGroup): string | null {
    return null;
  }

  abstract listPonPorts(known?: KnownOnus): Promise<PonPortInfo[]>;
  abstract listOnus(options?: { ponPort?: number }): Promise<OnuRecord[]>;

  async listInactiveOnus(): Promise<OnuRecord[]> {
    return (await this.listOnus()).filter((o) => o.status !== 'online');
  }

  async readOnuOptics(onu: OnuRef): Promise<OnuOptics> {
    const row = (await this.listOnus({ ponPort: onu.ponPort })).find((o) => o.onuId === onu.onuId);
    if (!row) throw new DriverError(DriverErrorCode.NOT_FOUND, `ONU ${onu.ponPort}:${onu.onuId} not found`);
    return {
      rxDbm: row.rxDbm,
      txDbm: row.txDbm,
      temperatureC: row.temperatureC,
      voltageV: row.voltageV,
      biasMa: row.biasMa,
      oltRxDbm: row.oltRxDbm,
    };
  }

  /**
   * The ONU's own MAC in the ONU list, then the client MACs learned behind ONUs (`findLearnedMac`, none when the
   * driver cannot read a MAC table). The ONU list just walked goes along as `known`.
   */
  async findMac(mac: string): Promise<MacLocation[]> {
    const needle = this.macNeedle(mac);
    const onus = await this.listOnus();
    const own = onus
      .filter((o) => o.mac === needle)
      .map((o) => ({
        mac: needle,
        kind: 'onu' as const,
        ponPort: o.ponPort,
        onuId: o.onuId,
        ifName: o.ifName,
        vlan: null,
      }));
    return [...own, ...((await this.findLearnedMac(mac, { onus })) ?? [])];
  }

  /**
   * Default: no MAC table this driver can read. Brands that have one override this. `known.onus`: the ONU list
   * `findMac` has just walked, for a driver that would otherwise need it (standalone calls do not pass it).
   */
  async findLearnedMac(_mac: string, _known?: KnownOnus): Promise<MacLocation[] | null> {
    return null;
  }

  /** Lower-case `aa:bb:cc:dd:ee:ff`, or NOT_FOUND for input that is not a MAC. */
  protected macNeedle(mac: string): string {
    const needle = normalizeMacInput(mac);
    if (!needle) throw new DriverError(DriverErrorCode.NOT_FOUND, `not a MAC address: ${mac}`);
    return needle;
  }

  /**
   * Brands without a history log still report the last registration and deregistration: that is the history
   * we can give, newest first, with the reason on the down event.
   */
  async onuHistory(onu: OnuRef): Promise<OnuHistoryEvent[]> {
    const row = (await this.listOnus({ ponPort: onu.ponPort })).find((o) => o.onuId === onu.onuId);
    if (!row) throw new DriverError(DriverErrorCode.NOT_FOUND, `ONU ${onu.ponPort}:${onu.onuId} not found`);
    const events: OnuHistoryEvent[] = [];
    if (row.lastRegTime)
      events.push({
        time: row.lastRegTime,
        event: 'up',
        reason: null,
        reasonRaw: null,
        raw: `last registration ${row.lastRegTime}`,
      });
    if (row.lastDeregTime || row.lastDeregReasonRaw)
      events.push({
        time: row.lastDeregTime,
        event: 'down',
        reason: row.lastDeregReason,
        reasonRaw: row.lastDeregReasonRaw,
        raw: `last deregistration ${row.lastDeregTime ?? '?'} ${row.lastDeregReasonRaw ?? ''}`.trim(),
      });
    // Same clock, same format: a plain string comparison orders them.
    return events.sort((a, b) => (b.time ?? '').localeCompare(a.time ?? ''));
  }

  async rebootOnu(_onu: OnuRef): Promise<void> {
    throw unsupported(this.brand, this.mode, 'ONU reboot');
  }

  async deleteOnu(_onu: OnuRef): Promise<void> {
    throw unsupported(this.brand, this.mode, 'ONU delete');
  }

  async checkTelnetLogin(): Promise<TelnetLoginCheck> {
    if (!this.conn.telnet || !this.telnetProfile) {
      return { ok: false, prompt: null, privileged: false, error: 'no telnet credentials' };
    }
    const t = this.conn.telnet;
    const s = new TelnetSession({
      host: this.conn.host,
      port: t.port,
      username: t.username,
      password: t.password,
      enablePassword: t.enablePassword,
      profile: this.telnetProfile,
      connectTimeoutMs: t.connectTimeoutMs,
      loginTimeoutMs: t.loginTimeoutMs,
      commandTimeoutMs: t.commandTimeoutMs,
    });
    try {
      await s.open();
      return { ok: true, prompt: s.prompt, privileged: s.privileged, error: null };
    } catch (e) {
      return {
        ok: false,
        prompt: null,
        privileged: false,
        error: e instanceof Error ? e.message : String(e),
      };
    } finally {
      await s.close();
    }
  }

  async systemHealth(): Promise<SystemHealth> {
    const sys = await readSystemGroup(this.snmp);
    return { cpuPercent: null, memoryPercent: null, uptimeSeconds: sys.uptimeSeconds, temperatureC: null };
  }

  async close(): Promise<void> {
    this.snmpClient?.close();
    this.snmpClient = null;
    const t = this.telnetSession;
    this.telnetSession = null;
    if (t) await t.then((s) => s.close()).catch(() => undefined);
  }
}
