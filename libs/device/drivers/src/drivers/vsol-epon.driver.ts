import type { SnmpValue } from '@pondesk/device-snmp';
import { codec } from '../profiles';
import * as profile from '../profiles/vsol-epon';
import { cleanPonName, vsolModelFromText } from '../profiles/vsol-common';
import type {
  OltIdentity,
  OnuOptics,
  OnuRecord,
  OnuRef,
  PonPortInfo,
  SystemHealth,
  WriteOptions,
} from '../types';
import { BaseOltDriver, readSystemGroup } from '../support/base-olt-driver';
import type { DeviceConnection } from '../support/connection';
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { emptyOnu, sortOnus } from '../support/onu-record';
import { num, raw, str, walkTable } from '../support/snmp-table';
import type { CliWrite } from '../writes/cli-write';

/**
 * V-SOL EPON over SNMP: auth table (status, MAC, description, reason, distance, times) + opm-diag strings
 * (rx is the dBm in brackets) + IF-MIB names. Verified on the V1600D and V1600D4L recordings.
 * No learned-MAC lookup (`findLearnedMac` is null): the MAC table with evidence is per ONU
 * (`show onu <o> mac-address-table`), and the global `show mac address-table` names the PON but not the ONU.
 */
export class VsolEponDriver extends BaseOltDriver {
  readonly brand = 'vsol' as const;
  readonly mode = 'epon' as const;

  constructor(conn: DeviceConnection) {
    super(conn, profile.telnet);
  }

  override async identify(): Promise<OltIdentity> {
    const [sys, m] = await Promise.all([
      readSystemGroup(this.snmp),
      this.snmp.getMap([profile.oids.modelName]),
    ]);
    const modelScalar = codec.textOrNull(str(m.get(profile.oids.modelName)));
    return {
      brand: this.brand,
      mode: this.mode,
      model: modelScalar ?? (sys.sysDescr ? vsolModelFromText(sys.sysDescr).model : null),
      sysDescr: sys.sysDescr,
      sysObjectId: sys.sysObjectId,
      firmware: null,
      sysName: sys.sysName,
      uptimeSeconds: sys.uptimeSeconds,
    };
  }

  async listPonPorts(): Promise<PonPortInfo[]> {
    const o = profile.oids;
    const rows = await walkTable(this.snmp, {
      name: o.ponName,
      all: o.ponOnuAll,
      online: o.ponOnuOnline,
      temp: o.ponSfpTemperature,
      volt: o.ponSfpVoltage,
      bias: o.ponSfpBias,
      tx: o.ponSfpTxPower,
    });
    const s = profile.scale.pon;
    const out: PonPortInfo[] = [];
    for (const [index, r] of rows) {
      if (!/^\d+$/.test(index)) continue;
      const all = num(r.all);
      const on = num(r.online);
      out.push({
        ponPort: Number(index),
        name: r.name ? cleanPonName(str(r.name) ?? '') : profile.ifName.pon(Number(index)),
        ifIndex: null,
        status: 'unknown',
        onuOnline: on,
        onuOffline: all !== null && on !== null ? all - on : null,
        onuTotal: all,
        optics: {
          rxDbm: null,
          txDbm: s.txDbm.decode(raw(r.tx)),
          temperatureC: s.temperatureC.decode(raw(r.temp)),
          voltageV: s.voltageV.decode(raw(r.volt)),
          biasMa: s.biasMa.decode(raw(r.bias)),
        },
      });
    }
    return out.sort((a, b) => a.ponPort - b.ponPort);
  }

  async listOnus(options: { ponPort?: number } = {}): Promise<OnuRecord[]> {
    const o = profile.oids;
    const [auth, ifs] = await Promise.all([
      walkTable(this.snmp, {
        status: o.authStatus,
        mac: o.authMac,
        desc: o.authDescription,
        reason: o.authDeregReason,
        distance: o.authDistance,
        lastReg: o.authLastRegTime,
        lastDereg: o.authLastDeregTime,
        temp: o.opmTemperature,
        volt: o.opmVoltage,
        bias: o.opmBias,
        tx: o.opmTxPower,
        rx: o.opmRxPower,
        vendor: o.snVendor,
        model: o.snModel,
      }),
      walkTable(this.snmp, { descr: o.ifDescr, oper: o.ifOperStatus }),
    ]);
    // IF-MIB gives the OLT's own interface name and, on firmware without the auth table, the only state.
    const ifByOnu = new Map<string, { name: string; oper: number | null }>();
    for (const [, r] of ifs) {
      const name = str(r.descr) ?? '';
      const p = profile.ifName.parse(name);
      if (p && p.onuId !== null)
        ifByOnu.set(`${p.ponPort}.${p.onuId}`, { name: name.trim(), oper: num(r.oper) });
    }
    const keys = new Set<string>([...auth.keys()].filter((k) => profile.onuIndex.decode(k) !== null));
    for (const k of ifByOnu.keys()) keys.add(k);
    const out: OnuRecord[] = [];
    for (const key of keys) {
      const id = profile.onuIndex.decode(key);
      if (!id) continue;
      if (options.ponPort !== undefined && id.ponPort !== options.ponPort) continue;
      const r = auth.get(key) ?? {};
      const iface = ifByOnu.get(key);
      const rec = emptyOnu(id.ponPort, id.onuId, iface?.name ?? profile.ifName.onu(id.ponPort, id.onuId));
      const st =
        num(r.status) !== null
          ? codec.statusFromCode(num(r.status), profile.statusCodes)
          : codec.statusFromCode(iface?.oper ?? null, {
              1: { raw: 'up', status: 'online' },
              2: { raw: 'down', status: 'offline' },
            });
      rec.status = st.status;
      rec.statusRaw = st.raw;
      rec.mac = codec.normalizeMac(str(r.mac));
      rec.description = profile.description(str(r.desc));
      const reason = codec.mapReasonCode(num(r.reason), profile.deregReasonCodes);
      rec.lastDeregReason = reason.reason;
      rec.lastDeregReasonRaw = reason.raw;
      rec.distanceM = profile.scale.distanceM.decode(raw(r.distance));
      rec.lastRegTime = codec.meaningfulTime(codec.textOrNull(str(r.lastReg)));
      rec.lastDeregTime = codec.meaningfulTime(codec.textOrNull(str(r.lastDereg)));
      rec.vendor = codec.textOrNull(str(r.vendor));
      rec.model = codec.textOrNull(str(r.model));
      rec.temperatureC = profile.scale.temperatureC.decode(raw(r.temp));
      rec.voltageV = profile.scale.voltageV.decode(raw(r.volt));
      rec.biasMa = profile.scale.biasMa.decode(raw(r.bias));
      rec.txDbm = profile.scale.txDbm.decode(raw(r.tx));
      rec.rxDbm = profile.scale.rxDbm.decode(raw(r.rx));
      out.push(rec);
    }
    if (this.hasTelnet && out.some((o) => o.mac === null || o.distanceM === null))
      await this.fillFromCli(out);
    return sortOnus(out);
  }

  /**
   * Firmware whose SNMP has no auth table (the V1600D recording: names, states and optics only) still prints MAC,
   * distance, times and the dereg reason in `show onu status all`.
   */
  private async fillFromCli(rows: OnuRecord[]): Promise<void> {
    const status = await this.cli(async (s) => {
      await s.exec(profile.commands.enterConfig, { allowErrors: true });
      const out = await s.exec(profile.commands.statusAll);
      await s.exec('exit', { allowErrors: true });
      return profile.parseStatusRows(out);
    });
    const byId = new Map(status.map((r) => [`${r.ponPort}.${r.onuId}`, r]));
    for (const o of rows) {
      const r = byId.get(`${o.ponPort}.${o.onuId}`);
      if (!r) continue;
      o.mac ??= r.mac;
      o.distanceM ??= r.distanceM;
      o.lastRegTime ??= r.lastRegTime;
      o.lastDeregTime ??= r.lastDeregTime;
      if (o.lastDeregReasonRaw === null) {
        o.lastDeregReasonRaw = r.lastDeregReasonRaw;
        o.lastDeregReason = r.lastDeregReason;
      }
      o.description ??= r.description;
    }
  }

  override async readOnuOptics(onu: OnuRef): Promise<OnuOptics> {
    const o = profile.oids;
    const idx = profile.onuIndex.encode(onu.ponPort, onu.onuId);
    const cols = [o.opmTemperature, o.opmVoltage, o.opmBias, o.opmTxPower, o.opmRxPower].map(
      (c) => `${c}.${idx}`,
    );
    const m = await this.snmp.getMap(cols);
    if (m.size === 0) {
      if (this.hasTelnet) {
        const rows = await this.cli(async (s) => {
          await s.exec(profile.commands.enterConfig, { allowErrors: true });
          return profile.parseOpmDiag(await s.exec(profile.commands.opmDiagOne(onu.ponPort, onu.onuId)));
        });
        const r = rows.find((x) => x.ponPort === onu.ponPort && x.onuId === onu.onuId);
        if (r)
          return {
            rxDbm: r.rxDbm,
            txDbm: r.txDbm,
            temperatureC: r.temperatureC,
            voltageV: r.voltageV,
            biasMa: r.biasMa,
            oltRxDbm: null,
          };
      }
      throw new DriverError(
        DriverErrorCode.NOT_FOUND,
        `no optical reading for EPON0/${onu.ponPort}:${onu.onuId}`,
      );
    }
    return {
      temperatureC: profile.scale.temperatureC.decode(raw(m.get(cols[0]))),
      voltageV: profile.scale.voltageV.decode(raw(m.get(cols[1]))),
      biasMa: profile.scale.biasMa.decode(raw(m.get(cols[2]))),
      txDbm: profile.scale.txDbm.decode(raw(m.get(cols[3]))),
      rxDbm: profile.scale.rxDbm.decode(raw(m.get(cols[4]))),
      oltRxDbm: null,
    };
  }

  /** SNMP `resetOnu` (PON and ONU in one SET), else the inferred `onu <o> ctc reset` in the PON interface. */
  override async rebootOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('reboot', options);
    const a = profile.actionOids;
    if (path.via === 'snmp')
      return this.snmpWrite([
        [
          { oid: a.resetPon, value: onu.ponPort },
          { oid: a.resetOnu, value: onu.onuId },
        ],
      ]);
    if (path.via === 'cli') return this.cliWrite(inPon(onu.ponPort, profile.commands.reboot(onu.onuId)));
    throw this.unimplemented(path);
  }

  /** SNMP `noAuthOnu` (PON and ONU in one SET), else the inferred `no onu auth onuid <o>`. */
  override async deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('delete', options);
    const a = profile.actionOids;
    if (path.via === 'snmp')
      return this.snmpWrite([
        [
          { oid: a.deletePon, value: onu.ponPort },
          { oid: a.deleteOnu, value: onu.onuId },
        ],
      ]);
    if (path.via === 'cli') return this.cliWrite(inPon(onu.ponPort, profile.commands.delete(onu.onuId)));
    throw this.unimplemented(path);
  }

  /** Uptime from the system group; CPU and memory load from the V1600D's `v1600dSysCfg` scalars. */
  override async systemHealth(): Promise<SystemHealth> {
    const sys = await readSystemGroup(this.snmp);
    const h = profile.healthOids;
    // Reachability is proven above; firmware without the objects answers noSuchObject (no reading).
    const m = await this.snmp.getMap([h.cpuLoad, h.memoryLoad]).catch(() => new Map<string, SnmpValue>());
    return {
      cpuPercent: codec.percentOrNull(num(m.get(h.cpuLoad))),
      memoryPercent: codec.percentOrNull(num(m.get(h.memoryLoad))),
      uptimeSeconds: sys.uptimeSeconds,
      temperatureC: null,
    };
  }
}

/** One command inside `interface epon 0/<p>`, entered from `configure terminal` and left again; no save. */
function inPon(ponPort: number, command: string): CliWrite {
  return {
    steps: [profile.commands.enterConfig, profile.commands.enterPon(ponPort), command, 'exit'],
    save: null,
  };
}
