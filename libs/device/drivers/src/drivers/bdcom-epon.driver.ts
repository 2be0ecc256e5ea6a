import { codec } from '../profiles';
import * as profile from '../profiles/bdcom-epon';
import {
  learnedAt,
  parseBdcomCpu,
  parseBdcomMacTable,
  bdcomModelFromSysDescr,
} from '../profiles/bdcom-common';
import type {
  MacLocation,
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
 * BDCOM EPON over SNMP (NMS-EPON-ONU by ONU ifIndex + LLID bind table by `<ponIfIndex>.<mac>`) and telnet.
 * No public recording of these tables exists: verified only against the simulator and CLI samples.
 */
export class BdcomEponDriver extends BaseOltDriver {
  readonly brand = 'bdcom' as const;
  readonly mode = 'epon' as const;

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
    const [rows, bind] = await Promise.all([
      walkTable(this.snmp, {
        descr: o.ifDescr,
        oper: o.ifOperStatus,
        vendor: o.onuVendor,
        model: o.onuModel,
        mac: o.onuMac,
        status: o.onuStatus,
        distance: o.onuDistance,
        temp: o.onuTemperature,
        volt: o.onuVoltage,
        bias: o.onuBias,
        rx: o.onuRxPower,
        tx: o.onuTxPower,
        oltRx: o.oltRxPower,
      }),
      walkTable(this.snmp, {
        desc: o.bindDescription,
        status: o.bindStatus,
        lastReg: o.bindLastRegTime,
        lastDereg: o.bindLastDeregTime,
        reason: o.bindLastDeregReason,
      }),
    ]);
    // The bind table is keyed by MAC; join it to ONU rows through the ONU's MAC.
    const byMac = new Map<string, NonNullable<ReturnType<typeof bind.get>>>();
    for (const [index, r] of bind) {
      const k = profile.bindIndex.decode(index);
      if (k) byMac.set(k.mac, r);
    }
    const out: OnuRecord[] = [];
    for (const [, r] of rows) {
      const name = str(r.descr) ?? '';
      const parsed = profile.ifName.parse(name);
      if (!parsed || parsed.onuId === null) continue;
      if (options.ponPort !== undefined && parsed.ponPort !== options.ponPort) continue;
      const rec = emptyOnu(parsed.ponPort, parsed.onuId, name);
      const st =
        num(r.status) !== null
          ? codec.statusFromCode(num(r.status), profile.onuStatusCodes)
          : codec.statusFromCode(num(r.oper), {
              1: { raw: 'up', status: 'online' },
              2: { raw: 'down', status: 'offline' },
            });
      rec.status = st.status;
      rec.statusRaw = st.raw;
      rec.mac = codec.normalizeMac(bytes(r.mac));
      rec.vendor = codec.textOrNull(str(r.vendor));
      rec.model = codec.textOrNull(str(r.model));
      rec.distanceM = profile.scale.distanceM.decode(raw(r.distance));
      rec.temperatureC = profile.scale.temperatureC.decode(raw(r.temp));
      rec.voltageV = profile.scale.voltageV.decode(raw(r.volt));
      rec.biasMa = profile.scale.biasMa.decode(raw(r.bias));
      rec.rxDbm = profile.scale.rxDbm.decode(raw(r.rx));
      rec.txDbm = profile.scale.txDbm.decode(raw(r.tx));
      rec.oltRxDbm = profile.scale.oltRxDbm.decode(raw(r.oltRx));
      const b = rec.mac ? byMac.get(rec.mac) : undefined;
      if (b) {
        rec.description = codec.textOrNull(str(b.desc));
        const reason = codec.mapReasonCode(num(b.reason), profile.deregReasonCodes);
        rec.lastDeregReason = reason.reason;
        rec.lastDeregReasonRaw = reason.raw;
        rec.lastRegTime = codec.meaningfulTime(str(b.lastReg));
        rec.lastDeregTime = codec.meaningfulTime(str(b.lastDereg));
      }
      out.push(rec);
    }
    return sortOnus(out);
  }

  /** The CLI inactive list carries reasons and times even where SNMP lacks the bind table. */
  override async listInactiveOnus(): Promise<OnuRecord[]> {
    if (!this.hasTelnet) return super.listInactiveOnus();
    const rows = await this.cli(async (s) =>
      profile.parseInactiveOnus(await s.exec(profile.commands.inactiveOnus())),
    );
    return rows.map((r) => {
      const rec = emptyOnu(r.ponPort, r.onuId, r.ifName, 'offline');
      rec.mac = r.mac;
      rec.statusRaw = r.status;
      rec.lastRegTime = r.lastRegTime;
      rec.lastDeregTime = r.lastDeregTime;
      rec.lastDeregReason = r.lastDeregReason;
      rec.lastDeregReasonRaw = r.lastDeregReasonRaw;
      return rec;
    });
  }

  override async readOnuOptics(onu: OnuRef): Promise<OnuOptics> {
    if (this.hasTelnet) {
      const v = await this.cli(async (s) =>
        profile.parseOnuOptics(await s.exec(profile.commands.onuOptics(onu.ponPort, onu.onuId))),
      );
      if (v.rxDbm === null && v.txDbm === null)
        throw new DriverError(
          DriverErrorCode.NOT_FOUND,
          `no optical reading for EPON0/${onu.ponPort}:${onu.onuId}`,
        );
      return { ...v, oltRxDbm: null };
    }
    return super.readOnuOptics(onu);
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

  /** SNMP `onuReset` = reset(0) by the ONU's ifIndex, else `epon reboot onu interface …` (answered `y`). */
  override async rebootOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('reboot', options);
    if (path.via === 'snmp') {
      const ifIndex = await this.onuIfIndex(onu);
      return this.snmpWrite([
        [{ oid: `${profile.oids.onuReset}.${ifIndex}`, value: profile.onuResetValues.reset }],
      ]);
    }
    if (path.via === 'cli')
      return this.cliWrite({ steps: [profile.commands.reboot(onu.ponPort, onu.onuId)], save: null });
    throw this.unimplemented(path);
  }

  /** Unbind in the PON interface, then `write all`. */
  override async deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('delete', options);
    if (path.via !== 'cli') throw this.unimplemented(path);
    await this.cliWrite({
      steps: profile.commands.unbindSequence(onu.ponPort, [onu.onuId]),
      save: profile.commands.save,
    });
  }

  /** No port-wide command exists: the same unbind for every ONU the port lists, in one session, one save. */
  override async clearPort(ponPort: number, options?: WriteOptions): Promise<void> {
    const path = this.writePath('clearPort', options);
    if (path.via !== 'cli') throw this.unimplemented(path);
    const ids = (await this.listOnus({ ponPort })).map((o) => o.onuId);
    if (ids.length === 0) return;
    await this.cliWrite({
      steps: profile.commands.unbindSequence(ponPort, ids),
      save: profile.commands.save,
    });
  }

  /** The ONU's ifIndex from the interface names (`EPON0/3:7`), for the per-ONU SNMP columns. */
  private async onuIfIndex(onu: OnuRef): Promise<number> {
    const rows = await walkTable(this.snmp, { descr: profile.oids.ifDescr });
    for (const [index, r] of rows) {
      const name = profile.ifName.parse(str(r.descr) ?? '');
      if (name?.ponPort === onu.ponPort && name.onuId === onu.onuId) return Number(index);
    }
    throw new DriverError(DriverErrorCode.NOT_FOUND, `ONU EPON0/${onu.ponPort}:${onu.onuId} not found`);
  }

  override async systemHealth(): Promise<SystemHealth> {
    const sys = await readSystemGroup(this.snmp);
    let cpu: number | null = null;
    if (this.hasTelnet)
      cpu =
        (await this.cli(async (s) => parseBdcomCpu(await s.exec(profile.commands.cpu))))?.oneMinute ?? null;
    return { cpuPercent: cpu, memoryPercent: null, uptimeSeconds: sys.uptimeSeconds, temperatureC: null };
  }
}
