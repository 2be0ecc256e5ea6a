import { codec } from '../profiles';
import * as profile from '../profiles/bdcom-gpon';
import {
  learnedAt,
  parseBdcomCpu,
  parseBdcomMacTable,
  bdcomModelFromSysDescr,
} from '../profiles/bdcom-common';
import type {
  MacLocation,
  OnuHistoryEvent,
  OnuOptics,
  OnuRecord,
  OnuRef,
  PonPortInfo,
  SystemHealth,
  WriteOptions,
} from '../types';
import { BaseOltDriver, readSystemGroup, type SystemGroup } from '../support/base-olt-driver';
import type { DeviceConnection } from '../support/connection';
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { emptyOnu, sortOnus } from '../support/onu-record';
import { bytes, num, raw, str, walkTable } from '../support/snmp-table';

/**
 * BDCOM GPON over SNMP (IF-MIB names and states + NMS-GPON-MIB tables) with telnet for optics details,
 * MAC lookup, history, reboot and delete. Verified on the real GP3600-16B recording for names, states and counts;
 * ONU optics/serial/reason columns follow the MIB (no public recording has them).
 */
export class BdcomGponDriver extends BaseOltDriver {
  readonly brand = 'bdcom' as const;
  readonly mode = 'gpon' as const;
  private ifIndexByOnu: Map<string, number> | null = null;

  constructor(conn: DeviceConnection) {
    super(conn, profile.telnet);
  }

  protected override modelFrom(sys: SystemGroup): string | null {
    return sys.sysDescr ? bdcomModelFromSysDescr(sys.sysDescr).model : null;
  }

  async listPonPorts(): Promise<PonPortInfo[]> {
    const o = profile.oids;
    const rows = await walkTable(this.snmp, {
      descr: o.ifDescr,
      oper: o.ifOperStatus,
      active: o.ponActiveOnus,
      inactive: o.ponInactiveOnus,
    });
    const out: PonPortInfo[] = [];
    for (const [index, r] of rows) {
      const name = str(r.descr) ?? '';
      const parsed = profile.ifName.parse(name);
      if (!parsed || parsed.onuId !== null) continue;
      const on = num(r.active);
      const off = num(r.inactive);
      out.push({
        ponPort: parsed.ponPort,
        name,
        ifIndex: Number(index),
        status: num(r.oper) === 1 ? 'up' : num(r.oper) === 2 ? 'down' : 'unknown',
        onuOnline: on,
        onuOffline: off,
        onuTotal: on !== null && off !== null ? on + off : null,
        optics: null,
      });
    }
    return out.sort((a, b) => a.ponPort - b.ponPort);
  }

  async listOnus(options: { ponPort?: number } = {}): Promise<OnuRecord[]> {
    const o = profile.oids;
    const rows = await walkTable(this.snmp, {
      descr: o.ifDescr,
      oper: o.ifOperStatus,
      alias: o.ifAlias,
      serial: o.onuSerial,
      mac: o.onuMac,
      distance: o.onuDistance,
      reason: o.onuDeactiveReason,
      status: o.onuStatus,
      statusSerial: o.onuStatusSerial,
      rx: o.onuRxPower,
      tx: o.onuTxPower,
      oltRx: o.oltRxPower,
    });
    const out: OnuRecord[] = [];
    const map = new Map<string, number>();
    for (const [index, r] of rows) {
      const name = str(r.descr) ?? '';
      const parsed = profile.ifName.parse(name);
      if (!parsed || parsed.onuId === null) continue;
      map.set(`${parsed.ponPort}:${parsed.onuId}`, Number(index));
      if (options.ponPort !== undefined && parsed.ponPort !== options.ponPort) continue;
      const rec = emptyOnu(parsed.ponPort, parsed.onuId, name);
      // Prefer the GPON status table; the recorded firmware only has ifOperStatus.
      const st =
        num(r.status) !== null
          ? codec.statusFromCode(num(r.status), profile.onuStatusCodes)
          : codec.statusFromCode(num(r.oper), profile.ifOperStatusCodes);
      rec.status = st.status;
      rec.statusRaw = st.raw;
      rec.serial = str(r.serial) ?? str(r.statusSerial) ?? null;
      rec.mac = codec.normalizeMac(bytes(r.mac));
      rec.description = codec.textOrNull(str(r.alias));
      rec.distanceM = profile.scale.distanceM.decode(raw(r.distance));
      const reason = codec.mapReasonCode(num(r.reason), profile.deregReasonCodes);
      rec.lastDeregReason = reason.reason;
      rec.lastDeregReasonRaw = reason.raw;
      rec.rxDbm = profile.scale.rxDbm.decode(raw(r.rx));
      rec.txDbm = profile.scale.txDbm.decode(raw(r.tx));
      rec.oltRxDbm = profile.scale.oltRxDbm.decode(raw(r.oltRx));
      out.push(rec);
    }
    this.ifIndexByOnu = map;
    return sortOnus(out);
  }

  override async readOnuOptics(onu: OnuRef): Promise<OnuOptics> {
    if (this.hasTelnet) {
      const rows = await this.cli(async (s) =>
        profile.parseOnuOptics(await s.exec(profile.commands.onuOptics(onu.ponPort, onu.onuId))),
      );
      const r = rows.find((x) => x.ponPort === onu.ponPort && x.onuId === onu.onuId);
      if (!r)
        throw new DriverError(
          DriverErrorCode.NOT_FOUND,
          `no optical reading for GPON0/${onu.ponPort}:${onu.onuId}`,
        );
      return {
        rxDbm: r.rxDbm,
        txDbm: r.txDbm,
        temperatureC: r.temperatureC,
        voltageV: r.voltageV,
        biasMa: r.biasMa,
        oltRxDbm: null,
      };
    }
    const ifIndex = await this.onuIfIndex(onu);
    const o = profile.oids;
    const m = await this.snmp.getMap([
      `${o.onuRxPower}.${ifIndex}`,
      `${o.onuTxPower}.${ifIndex}`,
      `${o.oltRxPower}.${ifIndex}`,
    ]);
    return {
      rxDbm: profile.scale.rxDbm.decode(raw(m.get(`${o.onuRxPower}.${ifIndex}`))),
      txDbm: profile.scale.txDbm.decode(raw(m.get(`${o.onuTxPower}.${ifIndex}`))),
      oltRxDbm: profile.scale.oltRxDbm.decode(raw(m.get(`${o.oltRxPower}.${ifIndex}`))),
      temperatureC: null,
      voltageV: null,
      biasMa: null,
    };
  }

  /** `show mac address-table <xxxx.xxxx.xxxx>` over telnet; null without telnet credentials. */
  override async findLearnedMac(mac: string): Promise<MacLocation[] | null> {
    if (!this.hasTelnet) return null;
    const needle = this.macNeedle(mac);
    const rows = await this.cli(async (s) =>
      parseBdcomMacTable(
        await s.exec(profile.commands.macLookup(codec.macToDotted(mac)), { allowErrors: true }),
      ),
    );
    return learnedAt(rows, needle);
  }

  override async onuHistory(onu: OnuRef): Promise<OnuHistoryEvent[]> {
    const rows = await this.cli(async (s) =>
      profile.parseBasicInfoHistory(await s.exec(profile.commands.basicInfo(onu.ponPort, onu.onuId))),
    );
    const out: OnuHistoryEvent[] = [];
    for (const r of rows) {
      out.push({ time: r.upTime, event: 'up', reason: null, reasonRaw: null, raw: `${r.index} ${r.upTime}` });
      if (r.downTime)
        out.push({
          time: r.downTime,
          event: 'down',
          reason: r.reason,
          reasonRaw: r.reasonRaw,
          raw: `${r.index} ${r.downTime} ${r.reasonRaw ?? ''}`.trim(),
        });
    }
    return out;
  }

  /** SNMP `gponOnuConfigReboot` = 1 by the ONU's ifIndex, else `gpon reboot onu interface …` (answered `y`). */
  override async rebootOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('reboot', options);
    if (path.via === 'snmp') {
      const ifIndex = await this.onuIfIndex(onu);
      return this.snmpWrite([
        [{ oid: `${profile.oids.onuReboot}.${ifIndex}`, value: profile.onuRebootValues.reboot }],
      ]);
    }
    if (path.via === 'cli')
      return this.cliWrite({ steps: [profile.commands.reboot(onu.ponPort, onu.onuId)], save: null });
    throw this.unimplemented(path);
  }

  /** Unbind in `interface GPON 0/<p>`, then `write all`. */
  override async deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('delete', options);
    if (path.via !== 'cli') throw this.unimplemented(path);
    await this.cliWrite({
      steps: profile.commands.unbindSequence(onu.ponPort, onu.onuId),
      save: profile.commands.save,
    });
  }

  override async systemHealth(): Promise<SystemHealth> {
    const sys = await readSystemGroup(this.snmp);
    let cpu: number | null = null;
    if (this.hasTelnet)
      cpu =
        (await this.cli(async (s) => parseBdcomCpu(await s.exec(profile.commands.cpu))))?.oneMinute ?? null;
    return { cpuPercent: cpu, memoryPercent: null, uptimeSeconds: sys.uptimeSeconds, temperatureC: null };
  }

  private async onuIfIndex(onu: OnuRef): Promise<number> {
    if (!this.ifIndexByOnu) await this.listOnus();
    const ifIndex = this.ifIndexByOnu?.get(`${onu.ponPort}:${onu.onuId}`);
    if (ifIndex === undefined)
      throw new DriverError(DriverErrorCode.NOT_FOUND, `ONU GPON0/${onu.ponPort}:${onu.onuId} not found`);
    return ifIndex;
  }
}
