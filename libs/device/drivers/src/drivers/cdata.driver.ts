import type { SnmpValue } from '@pondesk/device-snmp';
import { codec } from '../profiles';
import * as eponProfile from '../profiles/cdata-epon';
import * as gponProfile from '../profiles/cdata-gpon';
import {
  cdataDetect,
  cdataTelnet,
  deviceIndex,
  healthOids,
  parseOntDetail,
  parseOntInfoTable,
  parseOntMacTable,
  parseOntOptical,
} from '../profiles/cdata-common';
import type {
  KnownOnus,
  MacLocation,
  OnuHistoryEvent,
  OnuOptics,
  OnuRecord,
  OnuRef,
  PonMode,
  PonPortInfo,
  SystemHealth,
  WriteOptions,
} from '../types';
import { BaseOltDriver, readSystemGroup, type SystemGroup } from '../support/base-olt-driver';
import type { DeviceConnection } from '../support/connection';
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { emptyOnu, sortOnus } from '../support/onu-record';
import { bytes, num, raw, str, walkTable } from '../support/snmp-table';
import type { CliWrite } from '../writes/cli-write';

/**
 * C-Data EPON/GPON over the NSCRTV MIBs (ONU rows keyed by device index, PON resolved through ifDescr `pon0/0/N`)
 * and the Huawei-like CLI. Only the interface layout is verified on a real recording; ONU tables follow the MIBs.
 */
export class CdataDriver extends BaseOltDriver {
  readonly brand = 'cdata' as const;

  constructor(
    conn: DeviceConnection,
    readonly mode: PonMode,
  ) {
    super(conn, eponProfile.telnet);
  }

  protected override modelFrom(sys: SystemGroup): string | null {
    if (!sys.sysDescr) return null;
    return (
      (this.mode === 'gpon' ? cdataDetect.gponModel : cdataDetect.eponModel).exec(sys.sysDescr)?.[0] ?? null
    );
  }

  private async ponIfIndexMap(): Promise<
    Map<number, { ponPort: number; name: string; oper: number | null }>
  > {
    const rows = await walkTable(this.snmp, {
      descr: eponProfile.oids.ifDescr,
      oper: eponProfile.oids.ifOperStatus,
    });
    const out = new Map<number, { ponPort: number; name: string; oper: number | null }>();
    for (const [index, r] of rows) {
      const name = str(r.descr) ?? '';
      const p = deviceIndex.ponPortFromName(name);
      if (p !== null) out.set(Number(index), { ponPort: p, name, oper: num(r.oper) });
    }
    return out;
  }

  async listPonPorts(known: KnownOnus = {}): Promise<PonPortInfo[]> {
    const [pons, onus] = await Promise.all([this.ponIfIndexMap(), known.onus ?? this.listOnus()]);
    return [...pons.entries()]
      .map(([ifIndex, p]) => {
        const mine = onus.filter((u) => u.ponPort === p.ponPort);
        const on = mine.filter((u) => u.status === 'online').length;
        return {
          ponPort: p.ponPort,
          name: p.name,
          ifIndex,
          status: p.oper === 1 ? ('up' as const) : p.oper === 2 ? ('down' as const) : ('unknown' as const),
          onuOnline: on,
          onuOffline: mine.length - on,
          onuTotal: mine.length,
          optics: null,
        };
      })
      .sort((a, b) => a.ponPort - b.ponPort);
  }

  async listOnus(options: { ponPort?: number } = {}): Promise<OnuRecord[]> {
    const pons = await this.ponIfIndexMap();
    const rows =
      this.mode === 'epon'
        ? await walkTable(this.snmp, {
            name: eponProfile.oids.onuName,
            mac: eponProfile.oids.onuMac,
            status: eponProfile.oids.onuOperStatus,
            distance: eponProfile.oids.onuDistance,
            vendor: eponProfile.oids.onuVendor,
            model: eponProfile.oids.onuModel,
            serial: eponProfile.oids.onuSerial,
            rx: eponProfile.oids.onuRxPower,
            tx: eponProfile.oids.onuTxPower,
            bias: eponProfile.oids.onuBias,
            volt: eponProfile.oids.onuVoltage,
            temp: eponProfile.oids.onuTemperature,
            oltRx: eponProfile.oids.oltRxPower,
          })
        : await walkTable(this.snmp, {
            name: gponProfile.oids.onuName,
            serial: gponProfile.oids.onuSerial,
            vendor: gponProfile.oids.onuVendor,
            model: gponProfile.oids.onuEquipmentId,
            status: gponProfile.oids.onuOperStatus,
            distance: gponProfile.oids.onuDistance,
            lastDown: gponProfile.oids.onuLastDownTime,
            cause: gponProfile.oids.onuLastDownCause,
            rx: gponProfile.oids.onuRxPower,
            tx: gponProfile.oids.onuTxPower,
            bias: gponProfile.oids.onuBias,
            volt: gponProfile.oids.onuVoltage,
            temp: gponProfile.oids.onuTemperature,
          });
    // Optics rows are `<dev>.<card>.<port>`: fold them onto their device index.
    const byDev = new Map<number, Record<string, unknown>>();
    for (const [index, r] of rows) {
      const dev = Number(index.split('.')[0]);
      if (!Number.isInteger(dev)) continue;
      const cur = byDev.get(dev) ?? {};
      for (const [k, v] of Object.entries(r)) if (cur[k] === undefined) cur[k] = v;
      byDev.set(dev, cur);
    }
    const scale = this.mode === 'epon' ? eponProfile.scale : gponProfile.scale;
    const statusCodes = this.mode === 'epon' ? eponProfile.statusCodes : gponProfile.statusCodes;
    const out: OnuRecord[] = [];
    for (const [dev, r0] of byDev) {
      const r = r0 as Partial<Record<string, SnmpValue>>;
      if (
        r['status'] === undefined &&
        r['name'] === undefined &&
        r['mac'] === undefined &&
        r['serial'] === undefined
      )
        continue;
      const { pon, ponPort, onuId } = locateOnu(dev, pons);
      if (options.ponPort !== undefined && ponPort !== options.ponPort) continue;
      const rec = emptyOnu(
        ponPort,
        onuId,
        pon ? `${pon.name}:${onuId}` : deviceIndex.onuName(ponPort, onuId),
      );
      const st = codec.statusFromCode(num(r['status']), statusCodes);
      rec.status = st.status;
      rec.statusRaw = st.raw;
      rec.description = codec.textOrNull(str(r['name']));
      if (this.mode === 'epon') rec.mac = codec.normalizeMac(bytes(r['mac']) ?? str(r['mac']));
      else {
        const b = bytes(r['serial']);
        rec.serial = b ? gponProfile.serial.decode(b) : null;
      }
      if (this.mode === 'epon') rec.serial = codec.textOrNull(str(r['serial']));
      rec.vendor = codec.textOrNull(str(r['vendor']));
      rec.model = codec.textOrNull(str(r['model']));
      rec.distanceM = scale.distanceM.decode(raw(r['distance']));
      rec.rxDbm = scale.rxDbm.decode(raw(r['rx']));
      rec.txDbm = scale.txDbm.decode(raw(r['tx']));
      rec.biasMa = scale.biasMa.decode(raw(r['bias']));
      rec.voltageV = scale.voltageV.decode(raw(r['volt']));
      rec.temperatureC = scale.temperatureC.decode(raw(r['temp']));
      if (this.mode === 'epon') rec.oltRxDbm = eponProfile.scale.oltRxDbm.decode(raw(r['oltRx']));
      const cause = codec.textOrNull(str(r['cause']));
      rec.lastDeregReasonRaw = cause;
      rec.lastDeregReason = gponProfile.mapReason(cause);
      rec.lastDeregTime = codec.meaningfulTime(codec.textOrNull(str(r['lastDown'])));
      out.push(rec);
    }
    return sortOnus(out);
  }

  override async readOnuOptics(onu: OnuRef): Promise<OnuOptics> {
    if (!this.hasTelnet) return super.readOnuOptics(onu);
    const v = await this.cli(async (s) => {
      await s.exec(eponProfile.commands.enterConfig, { allowErrors: true });
      await s.exec(eponProfile.commands.enterInterface(this.mode));
      const out = await s.exec(eponProfile.commands.optical(onu.ponPort, onu.onuId));
      await s.exec('exit', { allowErrors: true });
      return parseOntOptical(out);
    });
    if (v.rxDbm === null && v.txDbm === null)
      throw new DriverError(DriverErrorCode.NOT_FOUND, `no optical reading for ${onu.ponPort}/${onu.onuId}`);
    return { ...v, oltRxDbm: null };
  }

  override async listInactiveOnus(): Promise<OnuRecord[]> {
    const rows = await super.listInactiveOnus();
    if (!this.hasTelnet || rows.length === 0 || rows.every((r) => r.lastDeregReasonRaw !== null)) return rows;
    // The per-ONU CLI page has the last down cause and times the MIB lacks.
    await this.cli(async (s) => {
      await s.exec(eponProfile.commands.enterConfig, { allowErrors: true });
      await s.exec(eponProfile.commands.enterInterface(this.mode));
      for (const r of rows) {
        const d = parseOntDetail(
          await s.exec(eponProfile.commands.ontInfoOne(r.ponPort, r.onuId), { allowErrors: true }),
        );
        r.lastDeregReasonRaw = d.lastDownCause ?? r.lastDeregReasonRaw;
        r.lastDeregReason = d.lastDownCause ? eponProfile.mapReason(d.lastDownCause) : r.lastDeregReason;
        r.lastDeregTime = d.lastDownTime ?? r.lastDeregTime;
        r.lastRegTime = d.lastUpTime ?? r.lastRegTime;
        r.distanceM = r.distanceM ?? d.distanceM;
      }
      await s.exec('exit', { allowErrors: true });
    });
    return rows;
  }

  override async onuHistory(onu: OnuRef): Promise<OnuHistoryEvent[]> {
    const d = await this.cli(async (s) => {
      await s.exec(eponProfile.commands.enterConfig, { allowErrors: true });
      await s.exec(eponProfile.commands.enterInterface(this.mode));
      const out = await s.exec(eponProfile.commands.ontInfoOne(onu.ponPort, onu.onuId));
      await s.exec('exit', { allowErrors: true });
      return parseOntDetail(out);
    });
    const out: OnuHistoryEvent[] = [];
    if (d.lastUpTime)
      out.push({
        time: d.lastUpTime,
        event: 'up',
        reason: null,
        reasonRaw: null,
        raw: `Last up time : ${d.lastUpTime}`,
      });
    if (d.lastDownTime)
      out.push({
        time: d.lastDownTime,
        event: 'down',
        reason: eponProfile.mapReason(d.lastDownCause),
        reasonRaw: d.lastDownCause,
        raw: `Last down time : ${d.lastDownTime}`,
      });
    return out;
  }

  /**
   * Own MAC from the ONU list, else over telnet `show ont info by-mac`. No `findLearnedMac` (null): the only
   * MAC-table command with evidence here is per ONU (`show mac-address ont`, `macsBehindOnu`), which needs the
   * ONU list; the whole-table forms (`show mac-address all`, `… port … with-ont-location`) are not modelled.
   */
  override async findMac(mac: string): Promise<MacLocation[]> {
    const own = await super.findMac(mac);
    if (!this.hasTelnet || own.length > 0) return own;
    const rows = await this.cli(async (s) => {
      await s.exec(eponProfile.commands.enterConfig, { allowErrors: true });
      const out = await s.exec(eponProfile.commands.ontByMac(codec.macToUpperColon(mac)), {
        allowErrors: true,
      });
      // The OLT's own "not found" error line (`The ONT is not exist`) is an answer: no such ONU. Any other
      // output without the table's header is a layout we do not know, and raises.
      if (isErrorOnly(out)) return [];
      return parseOntInfoTable(out);
    });
    return rows.map((r) => ({
      mac: codec.normalizeMac(mac) ?? mac,
      kind: 'onu' as const,
      ponPort: r.ponPort,
      onuId: r.onuId,
      ifName: deviceIndex.onuName(r.ponPort, r.onuId),
      vlan: null,
    }));
  }

  /** `ont reboot <p> <o>` in the PON interface; GPON without telnet: NSCRTV `resetONU` = reset(1). */
  override async rebootOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('reboot', options);
    if (path.via === 'cli')
      return this.cliWrite(this.inInterface(eponProfile.commands.reboot(onu.ponPort, onu.onuId), null));
    if (path.via === 'snmp' && this.mode === 'gpon') {
      const idx = await this.onuDeviceIndex(onu);
      return this.snmpWrite([
        [{ oid: `${gponProfile.oids.onuReboot}.${idx}`, value: gponProfile.onuRebootValues.reset }],
      ]);
    }
    throw this.unimplemented(path);
  }

  /** `ont delete <p> <o>` (the y/n answered by the session) in the PON interface, then `save`. */
  override async deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('delete', options);
    if (path.via !== 'cli') throw this.unimplemented(path);
    await this.cliWrite(
      this.inInterface(eponProfile.commands.delete(onu.ponPort, onu.onuId), eponProfile.commands.save),
    );
  }

  /** `ont delete <p> all` in the PON interface, then `save`. */
  override async clearPort(ponPort: number, options?: WriteOptions): Promise<void> {
    const path = this.writePath('clearPort', options);
    if (path.via !== 'cli') throw this.unimplemented(path);
    await this.cliWrite(this.inInterface(eponProfile.commands.deleteAll(ponPort), eponProfile.commands.save));
  }

  /** Client MACs behind one ONU (CLI only). */
  async macsBehindOnu(onu: OnuRef): Promise<{ mac: string; vlan: number }[]> {
    return this.cli(async (s) => {
      await s.exec(eponProfile.commands.enterConfig, { allowErrors: true });
      return parseOntMacTable(await s.exec(eponProfile.commands.macOfOnt(onu.ponPort, onu.onuId))).map(
        (r) => ({ mac: r.mac, vlan: r.vlan }),
      );
    });
  }

  /** One command inside `interface epon|gpon 0/0`, entered from `config` and left again, then `save` if given. */
  private inInterface(command: string, save: string | null): CliWrite {
    const c = eponProfile.commands;
    return { steps: [c.enterConfig, c.enterInterface(this.mode), command, 'exit'], save };
  }

  /**
   * The ONU's device index as this OLT numbers its ONU table (the NSCRTV layout or V3's flat one), found by
   * walking the table's status column rather than assumed, so a write never goes to another row.
   */
  private async onuDeviceIndex(onu: OnuRef): Promise<number> {
    const pons = await this.ponIfIndexMap();
    const status = this.mode === 'epon' ? eponProfile.oids.onuOperStatus : gponProfile.oids.onuOperStatus;
    for (const [index] of await walkTable(this.snmp, { status })) {
      const dev = Number(index.split('.')[0]);
      const at = locateOnu(dev, pons);
      if (at.ponPort === onu.ponPort && at.onuId === onu.onuId) return dev;
    }
    throw new DriverError(DriverErrorCode.NOT_FOUND, `ONU ${onu.ponPort}/${onu.onuId} not found`);
  }

  /** Uptime from the system group; CPU and memory from `systemGlobalExtObjects` when the firmware has them. */
  override async systemHealth(): Promise<SystemHealth> {
    const sys = await readSystemGroup(this.snmp);
    // Reachability is proven above; a firmware without the objects answers noSuchObject (no reading).
    const m = await this.snmp.getMap(Object.values(healthOids)).catch(() => new Map<string, SnmpValue>());
    return {
      cpuPercent: codec.percentOrNull(num(m.get(healthOids.cpuUsage))),
      memoryPercent: codec.usedPercent(num(m.get(healthOids.memTotalMb)), num(m.get(healthOids.memFreeMb))),
      uptimeSeconds: sys.uptimeSeconds,
      temperatureC: null,
    };
  }
}

type PonByIfIndex = Map<number, { ponPort: number; name: string; oper: number | null }>;

/** Where an ONU device index points: its PON (by ifIndex, or by number in V3's flat layout) and ONU id. */
function locateOnu(
  dev: number,
  pons: PonByIfIndex,
): { pon: { ponPort: number; name: string } | undefined; ponPort: number; onuId: number } {
  const flat = deviceIndex.decodeFlat(dev);
  if (flat) {
    const pon = [...pons.values()].find((p) => p.ponPort === flat.ponPort);
    return { pon, ...flat };
  }
  const { ponIfIndex, onuId } = deviceIndex.decode(dev);
  const pon = pons.get(ponIfIndex);
  return { pon, ponPort: pon?.ponPort ?? (ponIfIndex >> 8) & 0xff, onuId };
}

/** Output that holds nothing but the CLI's error lines (and blank lines). */
function isErrorOnly(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => cdataTelnet.errorLines.some((re) => re.test(l)));
}
