import type { SnmpValue } from '@pondesk/device-snmp';
import { codec } from '../profiles';
import * as profile from '../profiles/vsol-gpon';
import { cleanPonName, vsolModelFromText } from '../profiles/vsol-common';
import type {
  KnownOnus,
  MacLocation,
  OnuOptics,
  OnuRecord,
  OnuRef,
  PonPortInfo,
  WriteOptions,
} from '../types';
import { BaseOltDriver, type SystemGroup } from '../support/base-olt-driver';
import type { DeviceConnection } from '../support/connection';
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { emptyOnu, sortOnus } from '../support/onu-record';
import { num, raw, str, walkTable } from '../support/snmp-table';
import type { CliWrite } from '../writes/cli-write';
import type { SnmpIntegerSet } from '../writes/snmp-write';

/**
 * V-SOL GPON over SNMP (37950.1.1.6 tables, columns inferred from real V1600GS walks; no MIB) with telnet
 * for MAC lookup, reboot and delete. Tolerant of the documented format variations.
 */
export class VsolGponDriver extends BaseOltDriver {
  readonly brand = 'vsol' as const;
  readonly mode = 'gpon' as const;

  constructor(conn: DeviceConnection) {
    super(conn, profile.telnet);
  }

  protected override modelFrom(sys: SystemGroup): string | null {
    return sys.sysDescr ? vsolModelFromText(sys.sysDescr).model : null;
  }

  /** The per-PON table (counts and transceiver) by PON number; columns from third-party walks, so it may be empty. */
  private ponTable(): Promise<Map<string, Partial<Record<PonColumn, SnmpValue>>>> {
    const o = profile.oids;
    return walkTable(this.snmp, {
      name: o.ponName,
      total: o.ponOnuTotal,
      online: o.ponOnuOnline,
      temp: o.ponSfpTemperature,
      volt: o.ponSfpVoltage,
      bias: o.ponSfpBias,
      tx: o.ponSfpTxPower,
    });
  }

  async listPonPorts(known: KnownOnus = {}): Promise<PonPortInfo[]> {
    const [rows, onus] = await Promise.all([this.ponTable(), known.onus ?? this.listOnus()]);
    const s = profile.scale.pon;
    const out: PonPortInfo[] = [];
    for (const p of ponNumbers(rows, onus)) {
      const r = rows.get(String(p)) ?? {};
      const mine = onus.filter((u) => u.ponPort === p);
      // Counts from the table when present, otherwise from the ONU list itself.
      const total = num(r.total) ?? mine.length;
      const online = num(r.online) ?? mine.filter((u) => u.status === 'online').length;
      out.push({
        ponPort: p,
        name: r.name ? cleanPonName(str(r.name) ?? '') : profile.ifName.pon(p),
        ifIndex: null,
        status: 'unknown',
        onuOnline: online,
        onuOffline: total - online,
        onuTotal: total,
        optics:
          r.temp || r.tx
            ? {
                rxDbm: null,
                txDbm: s.txDbm.decode(raw(r.tx)),
                temperatureC: s.temperatureC.decode(raw(r.temp)),
                voltageV: s.voltageV.decode(raw(r.volt)),
                biasMa: s.biasMa.decode(raw(r.bias)),
              }
            : null,
      });
    }
    return out.sort((a, b) => a.ponPort - b.ponPort);
  }

  async listOnus(options: { ponPort?: number } = {}): Promise<OnuRecord[]> {
    const o = profile.oids;
    const [state, ifs] = await Promise.all([
      walkTable(this.snmp, {
        online: o.onlineFlag,
        phase: o.phaseState,
        name: o.name,
        lastUp: o.lastUpTime,
        lastDown: o.lastDownTime,
        reason: o.lastDownReason,
        serial: o.serial,
        model: o.model,
        tx: o.txPower,
        rx: o.rxPower,
        oltRx: o.oltRxPower,
      }),
      walkTable(this.snmp, { descr: o.ifDescr }),
    ]);
    // V1600GS appends the ONU's name to its ifDescr (`GPON01ONU1 robin819@net`): the interface is the port
    // part, the rest is the description (used when the name column has none).
    const ifByOnu = new Map<string, { ifName: string; label: string | null }>();
    for (const [, r] of ifs) {
      const name = (str(r.descr) ?? '').trim();
      const p = profile.ifName.parse(name);
      if (p && p.onuId !== null)
        ifByOnu.set(`${p.ponPort}.${p.onuId}`, {
          ifName: p.label === null ? name : name.slice(0, name.length - p.label.length).trim(),
          label: p.label,
        });
    }
    // Optics columns are decoded whole: on integer firmware the column tells tenths from hundredths.
    const keys = [...state.keys()];
    const powers = (kind: keyof typeof profile.powerLimit, col: 'rx' | 'tx' | 'oltRx') => {
      const values = profile.decodePowers(
        kind,
        keys.map((k) => raw(state.get(k)?.[col])),
      );
      return new Map(keys.map((k, i) => [k, values[i]]));
    };
    const rx = powers('rxDbm', 'rx');
    const tx = powers('txDbm', 'tx');
    const oltRx = powers('oltRxDbm', 'oltRx');
    const out: OnuRecord[] = [];
    for (const [key, r] of state) {
      const id = profile.onuIndex.decode(key);
      if (!id) continue;
      // Rows that only exist in the optics/serial tables still need a state or a name to count as ONUs.
      if (r.online === undefined && r.phase === undefined && r.name === undefined && r.serial === undefined)
        continue;
      if (options.ponPort !== undefined && id.ponPort !== options.ponPort) continue;
      const rec = emptyOnu(
        id.ponPort,
        id.onuId,
        ifByOnu.get(key)?.ifName ?? profile.ifName.onu(id.ponPort, id.onuId),
      );
      const phase = num(r.phase);
      const phaseInfo = phase !== null ? profile.phaseStateCodes[phase] : undefined;
      const flag = codec.statusFromCode(num(r.online), profile.onlineFlagCodes);
      rec.status = flag.status !== 'unknown' ? flag.status : (phaseInfo?.status ?? 'unknown');
      rec.statusRaw = phaseInfo?.raw ?? (phase !== null ? String(phase) : flag.raw);
      rec.description = profile.onuName(str(r.name)) ?? profile.onuName(ifByOnu.get(key)?.label);
      rec.serial = codec.textOrNull(str(r.serial));
      rec.model = codec.textOrNull(str(r.model), ['N/A', 'NULL', 'unknown', '']);
      rec.lastRegTime = profile.normalizeTime(str(r.lastUp));
      rec.lastDeregTime = profile.normalizeTime(str(r.lastDown));
      const reasonRaw = codec.textOrNull(str(r.reason));
      rec.lastDeregReasonRaw = reasonRaw;
      rec.lastDeregReason = reasonRaw ? profile.mapReason(reasonRaw) : (phaseInfo?.reason ?? null);
      rec.txDbm = tx.get(key) ?? null;
      rec.rxDbm = rx.get(key) ?? null;
      rec.oltRxDbm = oltRx.get(key) ?? null;
      if (rec.status !== 'online') {
        // An offline ONU has no live optics; some firmware leaves the last value in place.
        rec.rxDbm = null;
        rec.txDbm = null;
        rec.oltRxDbm = null;
      }
      out.push(rec);
    }
    return sortOnus(out);
  }

  override async readOnuOptics(onu: OnuRef): Promise<OnuOptics> {
    if (this.hasTelnet) {
      const v = await this.cli(async (s) => {
        await s.exec(profile.commands.enterConfig, { allowErrors: true });
        await s.exec(profile.commands.enterPon(onu.ponPort));
        let out = await s.exec(profile.commands.optical(onu.onuId), { allowErrors: true });
        if (!/Rx optical level/i.test(out))
          out = await s.exec(profile.commands.opticalAlt(onu.onuId), { allowErrors: true });
        await s.exec('exit', { allowErrors: true });
        return profile.parseOpticalInfo(out);
      });
      if (v.rxDbm === null && v.txDbm === null)
        throw new DriverError(
          DriverErrorCode.NOT_FOUND,
          `no optical reading for GPON0/${onu.ponPort}:${onu.onuId}`,
        );
      return { ...v, oltRxDbm: null };
    }
    return super.readOnuOptics(onu);
  }

  /**
   * `configure terminal` → `show mac address-table interface gpon 0/<p>` for every PON, over telnet; null without
   * telnet credentials. The PONs come from the per-PON SNMP table plus the ONUs of `known.onus`; only when that
   * table is empty and no ONU list was passed does it walk the ONU list to learn them.
   */
  override async findLearnedMac(mac: string, known: KnownOnus = {}): Promise<MacLocation[] | null> {
    if (!this.hasTelnet) return null;
    const needle = this.macNeedle(mac);
    const rows = await this.ponTable();
    let ports = ponNumbers(rows, known.onus ?? []);
    if (ports.length === 0 && !known.onus) ports = ponNumbers(rows, await this.listOnus());
    const learned: MacLocation[] = [];
    await this.cli(async (s) => {
      await s.exec(profile.commands.enterConfig, { allowErrors: true });
      for (const p of ports) {
        for (const r of profile.parseMacTable(
          await s.exec(profile.commands.macTablePon(p), { allowErrors: true }),
        )) {
          if (r.mac === needle)
            learned.push({
              mac: r.mac,
              kind: 'learned',
              ponPort: r.ponPort,
              onuId: r.onuId,
              ifName: profile.ifName.onu(r.ponPort, r.onuId),
              vlan: r.vlan,
            });
        }
      }
    });
    return learned;
  }

  /** SNMP `gOnuOpAction` reboot(1) after the PON and ONU scalars, else the inferred `onu <o> reboot`. */
  override async rebootOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('reboot', options);
    if (path.via === 'snmp') return this.snmpWrite(opAction(onu, profile.onuActions.reboot));
    if (path.via === 'cli') return this.cliWrite(inPon(onu.ponPort, profile.commands.reboot(onu.onuId)));
    throw this.unimplemented(path);
  }

  /** `no onu <o>` in the PON interface (confirmed live), else SNMP `gOnuOpAction` del(2). */
  override async deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('delete', options);
    if (path.via === 'cli') return this.cliWrite(inPon(onu.ponPort, profile.commands.delete(onu.onuId)));
    if (path.via === 'snmp') return this.snmpWrite(opAction(onu, profile.onuActions.delete));
    throw this.unimplemented(path);
  }

  /** `no onu all` in the PON interface. */
  override async clearPort(ponPort: number, options?: WriteOptions): Promise<void> {
    const path = this.writePath('clearPort', options);
    if (path.via !== 'cli') throw this.unimplemented(path);
    await this.cliWrite(inPon(ponPort, profile.commands.deleteAll));
  }
}

/** One command inside `interface gpon 0/<p>`, entered from `configure terminal` and left again; no save. */
function inPon(ponPort: number, command: string): CliWrite {
  return {
    steps: [profile.commands.enterConfig, profile.commands.enterPon(ponPort), command, 'exit'],
    save: null,
  };
}

/** The three `gOnuOpAction` SETs, one request each, in the MIB's order: PON, ONU, then the action. */
function opAction(onu: OnuRef, action: number): SnmpIntegerSet[][] {
  const a = profile.actionOids;
  return [
    [{ oid: a.pon, value: onu.ponPort }],
    [{ oid: a.onu, value: onu.onuId }],
    [{ oid: a.action, value: action }],
  ];
}

type PonColumn = 'name' | 'total' | 'online' | 'temp' | 'volt' | 'bias' | 'tx';

/** PON numbers in the per-PON table and under the given ONUs, ascending (the order `listPonPorts` reports). */
function ponNumbers(rows: ReadonlyMap<string, unknown>, onus: readonly OnuRecord[]): number[] {
  const ports = new Set<number>([...rows.keys()].filter((k) => /^\d+$/.test(k)).map(Number));
  for (const u of onus) ports.add(u.ponPort);
  return [...ports].sort((a, b) => a - b);
}
