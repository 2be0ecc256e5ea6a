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
  WriteOptions,
} from '../types';
import {
  planWrites,
  type OltWritePaths,
  type OnuWriteKind,
  type WritePathInfo,
  type WriteMeans,
} from '@pondesk/contracts';
import { runCliWrite, type CliWrite } from '../writes/cli-write';
import { runSnmpWrite, type SnmpIntegerSet } from '../writes/snmp-write';
import type { DeviceConnection } from './connection';
import { DriverError, DriverErrorCode } from './driver.exception';
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

  /** A new, unopened session to this OLT with its stored login. */
  private newTelnetSession(
    t: NonNullable<DeviceConnection['telnet']>,
    profile: TelnetProfile,
  ): TelnetSession {
    return new TelnetSession({
      host: this.conn.host,
      port: t.port,
      username: t.username,
      password: t.password,
      enablePassword: t.enablePassword,
      profile,
      connectTimeoutMs: t.connectTimeoutMs,
      loginTimeoutMs: t.loginTimeoutMs,
      commandTimeoutMs: t.commandTimeoutMs,
    });
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
      const s = this.newTelnetSession(this.conn.telnet, this.telnetProfile);
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

  /** What this driver's connection allows for writes (an SNMP write community, a telnet or web login). */
  protected get writeMeans(): WriteMeans {
    return {
      snmpWrite: !!this.conn.snmp?.writeCommunity,
      telnet: this.hasTelnet,
      http: this.conn.http !== undefined,
    };
  }

  writePaths(): OltWritePaths {
    return planWrites(this.brand, this.mode, this.writeMeans);
  }

  /**
   * The path a write takes here, or the reason it cannot: UNSUPPORTED (no path with evidence, or not with
   * these credentials) or INFERRED_NOT_ACCEPTED (only an inferred path, and the caller did not accept it).
   */
  protected writePath(kind: OnuWriteKind, options: WriteOptions = {}): WritePathInfo {
    const paths = this.writePaths();
    const chosen = paths[kind];
    if (!chosen)
      throw new DriverError(DriverErrorCode.UNSUPPORTED, paths.missing[kind] ?? `${kind} is not supported`);
    if (chosen.evidence === 'inferred' && !options.acceptInferred)
      throw new DriverError(
        DriverErrorCode.INFERRED_NOT_ACCEPTED,
        `${this.brand} ${this.mode}: the ${kind} command here (${chosen.steps.join(' → ')}) is inferred, never seen on a device; it is sent only when accepted`,
      );
    return chosen;
  }

  /**
   * Runs a write path's CLI steps (`runCliWrite`) in a session of its own, closed afterwards: it starts at the
   * prompt a fresh login gives, where the evidence's scripts start, whatever mode a read left the shared one in.
   */
  protected async cliWrite(write: CliWrite): Promise<void> {
    if (!this.conn.telnet || !this.telnetProfile)
      throw new DriverError(
        DriverErrorCode.NEEDS_CREDENTIALS,
        `${this.brand} ${this.mode}: this write needs telnet (--user/--password)`,
      );
    const s = this.newTelnetSession(this.conn.telnet, this.telnetProfile);
    try {
      await s.open();
      await runCliWrite(s, this.telnetProfile, write);
    } finally {
      await s.close();
    }
  }

  /** A path of the table this driver has no code for: a defect, reported rather than guessed around. */
  protected unimplemented(path: WritePathInfo): DriverError {
    return new DriverError(
      DriverErrorCode.UNSUPPORTED,
      `${this.brand} ${this.mode}: the ${path.via} ${path.kind} path is not implemented`,
    );
  }

  /** SET requests in order with the write community (`runSnmpWrite`). */
  protected snmpWrite(requests: readonly (readonly SnmpIntegerSet[])[]): Promise<void> {
    return runSnmpWrite(this.conn, requests);
  }

  /** Defaults for a write a brand does not implement: the table's reason when it has no path here. */
  async rebootOnu(_onu: OnuRef, options?: WriteOptions): Promise<void> {
    throw this.unimplemented(this.writePath('reboot', options));
  }

  async deleteOnu(_onu: OnuRef, options?: WriteOptions): Promise<void> {
    throw this.unimplemented(this.writePath('delete', options));
  }

  async clearPort(_ponPort: number, options?: WriteOptions): Promise<void> {
    throw this.unimplemented(this.writePath('clearPort', options));
  }

  async checkTelnetLogin(): Promise<TelnetLoginCheck> {
    if (!this.conn.telnet || !this.telnetProfile) {
      return { ok: false, prompt: null, privileged: false, error: 'no telnet credentials' };
    }
    const s = this.newTelnetSession(this.conn.telnet, this.telnetProfile);
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
