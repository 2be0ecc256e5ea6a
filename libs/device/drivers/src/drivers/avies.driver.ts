import { HsgqError, HsgqErrorCode, HsgqSessionPool, type HsgqWebClient } from '@pondesk/device-http';
import { codec } from '../profiles';
import * as hsgq from '../profiles/avies-hsgq';
import type {
  KnownOnus,
  MacLocation,
  OltIdentity,
  OnuHistoryEvent,
  OnuOptics,
  OnuRecord,
  OnuRef,
  PonMode,
  PonPortInfo,
  SystemHealth,
  WriteOptions,
} from '../types';
import { BaseOltDriver, readSystemGroup } from '../support/base-olt-driver';
import type { DeviceConnection } from '../support/connection';
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { emptyOnu, sortOnus } from '../support/onu-record';
import { num, raw, str, walkTable } from '../support/snmp-table';

/** One web session per OLT across every driver instance in the process (the box caps logins). */
const sharedPool = new HsgqSessionPool();

/** Release every cached HSGQ web session (logout); call on shutdown. */
export function closeHsgqSessions(): Promise<void> {
  return sharedPool.closeAll();
}

type Row = Record<string, unknown>;

function fromFields(f: hsgq.HsgqOnuFields): OnuRecord {
  const rec = emptyOnu(f.ponPort, f.onuId, hsgq.onuIfName(f.ponPort, f.onuId), f.status);
  rec.statusRaw = f.statusRaw;
  rec.mac = f.mac;
  rec.serial = f.serial;
  rec.description = hsgq.onuDescription(f.description, f.name);
  rec.distanceM = f.distanceM;
  rec.lastRegTime = f.lastRegTime;
  rec.lastDeregTime = f.lastDeregTime;
  rec.lastDeregReason = f.lastDeregReason;
  rec.lastDeregReasonRaw = f.lastDeregReasonRaw;
  rec.vendor = f.vendor;
  rec.model = f.model;
  rec.rxDbm = f.rxDbm;
  return rec;
}

const s = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
const n = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())
      ? Number(v)
      : null;

/**
 * AVIES (HSGQ-family firmware): the web JSON API when credentials are given (EPON and GPON path families),
 * otherwise SNMP enterprise 50224 (verified on the HSGQ G02ID GPON recording), telnet for the EPON CLI.
 */
export class AviesDriver extends BaseOltDriver {
  readonly brand = 'avies' as const;
  private web: HsgqWebClient | null = null;

  constructor(
    conn: DeviceConnection,
    readonly mode: PonMode,
    private readonly pool: HsgqSessionPool = sharedPool,
  ) {
    super(conn, hsgq.telnet);
  }

  private get useHttp(): boolean {
    return this.conn.http !== undefined;
  }

  private get http(): HsgqWebClient {
    if (!this.conn.http)
      throw new DriverError(DriverErrorCode.NEEDS_CREDENTIALS, 'AVIES web API needs --user/--password');
    if (!this.web) this.web = this.pool.acquire({ host: this.conn.host, ...this.conn.http });
    return this.web;
  }

  override async identify(): Promise<OltIdentity> {
    if (this.useHttp) {
      const sys = await this.http.get<Row>(hsgq.http.system);
      let uptime: number | null = null;
      try {
        uptime = hsgq.uptimeSeconds(await this.http.get<Row>(hsgq.http.time));
      } catch {
        // older firmware has no time page
      }
      return {
        brand: 'avies',
        mode:
          typeof sys['device_type'] === 'number'
            ? hsgq.http.modeFromDeviceType(sys['device_type'])
            : this.mode,
        model: s(sys['product_name']),
        sysDescr: null,
        sysObjectId: null,
        firmware: s(sys['fw_ver']) ?? s(sys['sys_ver']),
        sysName: null,
        uptimeSeconds: uptime,
      };
    }
    const [sys, m] = await Promise.all([
      readSystemGroup(this.snmp),
      this.snmp.getMap([hsgq.snmpOids.model, hsgq.snmpOids.uptimeTicks, hsgq.snmpOids.firmware]),
    ]);
    const model = codec.textOrNull(str(m.get(hsgq.snmpOids.model)));
    const ticks = num(m.get(hsgq.snmpOids.uptimeTicks));
    const fw = str(m.get(hsgq.snmpOids.firmware));
    return {
      brand: 'avies',
      mode: model ? (hsgq.detect.modeFromModel(model) ?? this.mode) : this.mode,
      model,
      sysDescr: sys.sysDescr,
      sysObjectId: sys.sysObjectId,
      firmware: fw ? hsgq.cleanName(fw) : null,
      sysName: sys.sysName,
      uptimeSeconds: sys.uptimeSeconds ?? (ticks !== null ? Math.floor(ticks / 100) : null),
    };
  }

  async listPonPorts(known: KnownOnus = {}): Promise<PonPortInfo[]> {
    if (this.useHttp) {
      const rows = await this.http.get<Row[]>(hsgq.http.pon);
      return rows.map((r) => {
        const on = n(r['online']);
        const off = n(r['offline']);
        const p = n(r['port_id']) ?? 0;
        return {
          ponPort: p,
          name: hsgq.portLabel(p),
          ifIndex: null,
          status:
            r['status'] === 1
              ? ('up' as const)
              : r['status'] === 0
                ? ('down' as const)
                : ('unknown' as const),
          onuOnline: on,
          onuOffline: off,
          onuTotal: on !== null && off !== null ? on + off : null,
          optics: null,
        };
      });
    }
    const [names, onus] = await Promise.all([
      walkTable(this.snmp, { name: hsgq.snmpOids.portName }),
      known.onus ?? this.listOnus(),
    ]);
    const out: PonPortInfo[] = [];
    for (const [index, r] of names) {
      const label = hsgq.cleanName(str(r.name) ?? '');
      const m = /^PON(\d+)$/i.exec(label);
      if (!m) continue;
      const p = Number(m[1]);
      const mine = onus.filter((u) => u.ponPort === p);
      const on = mine.filter((u) => u.status === 'online').length;
      out.push({
        ponPort: p,
        name: label,
        ifIndex: Number(index),
        status: 'unknown',
        onuOnline: on,
        onuOffline: mine.length - on,
        onuTotal: mine.length,
        optics: null,
      });
    }
    return out.sort((a, b) => a.ponPort - b.ponPort);
  }

  async listOnus(options: { ponPort?: number } = {}): Promise<OnuRecord[]> {
    const rows = this.useHttp
      ? await (this.mode === 'epon' ? this.httpEponOnus() : this.httpGponOnus())
      : this.mode === 'epon' && this.hasTelnet
        ? await this.cliEponOnus()
        : await this.snmpGponOnus();
    return sortOnus(options.ponPort === undefined ? rows : rows.filter((r) => r.ponPort === options.ponPort));
  }

  private async ponIds(): Promise<number[]> {
    const pons = await this.http.get<Row[]>(hsgq.http.pon);
    return pons.map((p) => n(p['port_id'])).filter((p): p is number => p !== null);
  }

  private async httpEponOnus(): Promise<OnuRecord[]> {
    let list: Row[];
    try {
      list = await this.http.get<Row[]>(hsgq.http.epon.onuTable);
    } catch {
      // Firmware before 2021 has no /onutable: one call per PON, one at a time (the web server is slow).
      list = [];
      for (const p of await this.ponIds())
        list.push(...(await this.http.get<Row[]>(hsgq.http.epon.onuList(p))));
    }
    const optics = new Map<string, Row>();
    const ports = [...new Set(list.map((r) => n(r['port_id'])).filter((p): p is number => p !== null))];
    for (const p of ports) {
      try {
        for (const o of await this.http.get<Row[]>(hsgq.http.epon.opticalPon(p)))
          optics.set(`${n(o['port_id'])}:${n(o['onu_id'])}`, o);
      } catch {
        // optics page missing on this firmware: list rows still carry receive_power
      }
    }
    return list.map((r) => {
      const f = hsgq.eponListRow(r);
      const rec = fromFields(f);
      const o = optics.get(`${f.ponPort}:${f.onuId}`);
      if (o && f.status === 'online') {
        const v = hsgq.opticalObject(o);
        rec.rxDbm = v.rxDbm ?? f.rxDbm;
        rec.txDbm = v.txDbm;
        rec.temperatureC = v.temperatureC;
        rec.voltageV = v.voltageV;
        rec.biasMa = v.biasMa;
      }
      return rec;
    });
  }

  private async httpGponOnus(): Promise<OnuRecord[]> {
    const out: OnuRecord[] = [];
    for (const p of await this.ponIds()) {
      for (const r of await this.http.get<Row[]>(hsgq.http.gpon.onuList(p))) {
        const f = hsgq.gponListRow(r, p);
        out.push(fromFields(f));
      }
    }
    // The GPON web list carries no optics (they are one call per ONT there); the SNMP table has them
    // all in one walk. Without SNMP the list still stands, with no readings rather than wrong ones.
    const snmp = await this.snmpGponOnus().catch(() => [] as OnuRecord[]);
    const optics = new Map(snmp.map((o) => [`${o.ponPort}:${o.onuId}`, o]));
    for (const rec of out) {
      const o = optics.get(`${rec.ponPort}:${rec.onuId}`);
      if (!o || rec.status !== 'online') continue;
      rec.rxDbm ??= o.rxDbm;
      rec.txDbm ??= o.txDbm;
      rec.temperatureC ??= o.temperatureC;
      rec.voltageV ??= o.voltageV;
      rec.biasMa ??= o.biasMa;
      rec.oltRxDbm ??= o.oltRxDbm;
    }
    return out;
  }

  /** HSGQ EPON CLI: `show onu-info all` for every PON, then `show optical-info` inside each PON with online ONUs. */
  private async cliEponOnus(): Promise<OnuRecord[]> {
    return this.cli(async (sess) => {
      await sess.exec(hsgq.commands.enterConfig, { allowErrors: true });
      const rows = hsgq.parseOnuInfoAll(await sess.exec(hsgq.commands.onuInfoAll));
      const out = rows.map((r) => {
        const rec = emptyOnu(r.ponPort, r.onuId, hsgq.onuIfName(r.ponPort, r.onuId), r.status);
        rec.statusRaw = r.statusRaw;
        rec.mac = r.mac;
        rec.description = hsgq.onuDescription(r.description, r.name);
        rec.lastRegTime = r.regTime;
        return rec;
      });
      const ports = [...new Set(out.filter((o) => o.status === 'online').map((o) => o.ponPort))];
      for (const p of ports) {
        await sess.exec(hsgq.commands.enterPon(p));
        for (const o of hsgq.parseOpticalInfo(await sess.exec(hsgq.commands.opticalInfo))) {
          const rec = out.find((r) => r.ponPort === o.ponPort && r.onuId === o.onuId);
          if (!rec) continue;
          rec.rxDbm = o.rxDbm;
          rec.txDbm = o.txDbm;
          rec.temperatureC = o.temperatureC;
          rec.voltageV = o.voltageV;
          rec.biasMa = o.biasMa;
        }
        await sess.exec('exit', { allowErrors: true });
      }
      await sess.exec('exit', { allowErrors: true });
      return out;
    });
  }

  private async snmpGponOnus(): Promise<OnuRecord[]> {
    const o = hsgq.snmpOids;
    const rows = await walkTable(this.snmp, {
      name: o.onuName,
      status: o.onuStatus,
      vendor: o.onuVendor,
      model: o.onuModel,
      serial: o.onuSerial,
      distance: o.onuDistance,
      lastUp: o.onuLastUpTime,
      lastDown: o.onuLastDownTime,
      reason: o.onuLastDownReason,
      rx: o.onuRxPower,
      tx: o.onuTxPower,
      bias: o.onuBias,
      volt: o.onuVoltage,
      temp: o.onuTemperature,
    });
    const onus = new Map<number, OnuRecord>();
    for (const [index, r] of rows) {
      const parts = index.split('.');
      if (parts.length !== 1 || r.status === undefined) continue;
      const idx = Number(parts[0]);
      const { ponPort, onuId } = hsgq.snmpIndex.decodeOnu(idx);
      const rec = emptyOnu(ponPort, onuId, hsgq.onuIfName(ponPort, onuId));
      const st = codec.statusFromCode(num(r.status), hsgq.snmpStatusCodes);
      rec.status = st.status;
      rec.statusRaw = st.raw;
      rec.description = hsgq.onuDescription(null, codec.textOrNull(str(r.name)));
      rec.vendor = codec.textOrNull(str(r.vendor));
      rec.model = codec.textOrNull(str(r.model));
      rec.serial = codec.textOrNull(str(r.serial));
      rec.distanceM = hsgq.snmpScale.distanceM.decode(raw(r.distance));
      rec.lastRegTime = hsgq.normalizeTime(str(r.lastUp));
      rec.lastDeregTime = hsgq.normalizeTime(str(r.lastDown));
      rec.lastDeregReasonRaw = codec.textOrNull(str(r.reason));
      rec.lastDeregReason = hsgq.mapReason(rec.lastDeregReasonRaw);
      onus.set(idx, rec);
    }
    // Optics rows: `<onuIndex>.0.0` is current; `.65535.65535` is historic and skipped.
    for (const [index, r] of rows) {
      const parts = index.split('.');
      if (parts.length !== 3 || `${parts[1]}.${parts[2]}` !== hsgq.snmpIndex.currentOpticsSuffix) continue;
      const rec = onus.get(Number(parts[0]));
      if (!rec) continue;
      rec.rxDbm = hsgq.snmpScale.rxDbm.decode(raw(r.rx));
      rec.txDbm = hsgq.snmpScale.txDbm.decode(raw(r.tx));
      rec.biasMa = hsgq.snmpScale.biasMa.decode(raw(r.bias));
      rec.voltageV = hsgq.snmpScale.voltageV.decode(raw(r.volt));
      rec.temperatureC = hsgq.snmpScale.temperatureC.decode(raw(r.temp));
    }
    return [...onus.values()];
  }

  override async readOnuOptics(onu: OnuRef): Promise<OnuOptics> {
    if (this.useHttp) {
      const d =
        this.mode === 'epon'
          ? await this.http.get<Row>(hsgq.http.epon.optical(onu.ponPort, onu.onuId))
          : await this.http.get<Row>(hsgq.http.gpon.optical(onu.ponPort, onu.onuId));
      return hsgq.opticalObject(d);
    }
    return super.readOnuOptics(onu);
  }

  /** The web PON MAC table (`/pon_mac?form=table`, then `/pon_mac_table`); null without web credentials. */
  override async findLearnedMac(mac: string): Promise<MacLocation[] | null> {
    if (!this.useHttp) return null;
    const needle = this.macNeedle(mac);
    await this.http.getEnvelope(hsgq.http.epon.macTableTrigger);
    const table = await this.http.get<Row[]>(hsgq.http.epon.macTable);
    return table
      .filter((r) => codec.normalizeMac(s(r['macaddr'])) === needle)
      .map((r) => {
        const p = n(r['port_id']);
        const o = n(r['onu_id']);
        return {
          mac: needle,
          kind: 'learned' as const,
          ponPort: p,
          onuId: o,
          ifName: p !== null && o !== null ? hsgq.onuIfName(p, o) : null,
          vlan: n(r['vlan_id']),
        };
      });
  }

  override async onuHistory(onu: OnuRef): Promise<OnuHistoryEvent[]> {
    let lines: string[];
    if (this.useHttp) {
      const data =
        this.mode === 'epon'
          ? await this.http.get<unknown>(hsgq.http.epon.alarmInfo(onu.ponPort, onu.onuId))
          : await this.http.get<unknown>(hsgq.http.gpon.alarm(onu.ponPort, onu.onuId));
      lines = Array.isArray(data) ? data.filter((x): x is string => typeof x === 'string') : [];
    } else {
      lines = await this.cli(async (sess) => {
        await sess.exec(hsgq.commands.enterConfig, { allowErrors: true });
        await sess.exec(hsgq.commands.enterPon(onu.ponPort));
        const out = await sess.exec(hsgq.commands.alarmLog(onu.onuId), { keepEventLines: true });
        await sess.exec('exit', { allowErrors: true });
        return out.split('\n');
      });
    }
    return lines
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const e = hsgq.parseEventLine(l);
        if (!e) return { time: null, event: 'other' as const, reason: null, reasonRaw: null, raw: l };
        const kind = hsgq.eventKind(e.text);
        const reasonRaw = e.reasonRaw ?? (kind === 'down' ? e.text : null);
        return {
          time: e.time,
          event: kind,
          reason: kind === 'down' ? hsgq.mapReason(reasonRaw) : null,
          reasonRaw,
          raw: l,
        };
      });
  }

  /** The web API (EPON flags 1, GPON identifier flags 4); EPON without a web login: the inferred `onu-reboot`. */
  override async rebootOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('reboot', options);
    if (path.via === 'http')
      return this.mode === 'epon'
        ? this.httpWrite(hsgq.http.epon.configPath, hsgq.http.epon.rebootBody(onu.ponPort, onu.onuId))
        : this.httpWrite(
            hsgq.http.gpon.rebootPath,
            hsgq.http.gpon.rebootBody(hsgq.http.identifier.encode(onu.ponPort, onu.onuId)),
          );
    if (path.via === 'cli')
      return this.cliWrite({
        steps: [
          hsgq.commands.enterConfig,
          hsgq.commands.enterPon(onu.ponPort),
          hsgq.commands.reboot(onu.onuId),
          'exit',
        ],
        save: null,
      });
    throw this.unimplemented(path);
  }

  /** The web API: GPON by identifier; EPON from the allow list by port, id and MAC. */
  override async deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void> {
    const path = this.writePath('delete', options);
    if (path.via !== 'http') throw this.unimplemented(path);
    if (this.mode === 'gpon')
      return this.httpWrite(
        hsgq.http.gpon.deletePath,
        hsgq.http.gpon.deleteBody(hsgq.http.identifier.encode(onu.ponPort, onu.onuId)),
      );
    const row = (await this.listOnus({ ponPort: onu.ponPort })).find((r) => r.onuId === onu.onuId);
    if (!row) throw new DriverError(DriverErrorCode.NOT_FOUND, `ONU ${onu.ponPort}/${onu.onuId} not found`);
    const body = hsgq.http.epon.deleteBody(onu.ponPort, onu.onuId, row.mac ?? '');
    try {
      await this.httpWrite(hsgq.http.epon.deletePath, body);
    } catch (e) {
      if (!(e instanceof DriverError && e.code === DriverErrorCode.UNEXPECTED_REPLY)) throw e;
      // Firmware before mid-2020 posts to the bare path.
      await this.httpWrite(hsgq.http.epon.deletePathOld, body);
    }
  }

  /** A web write; an answer that is not the API's success envelope (`code` 1) is UNEXPECTED_REPLY. */
  private async httpWrite(path: string, body: unknown): Promise<void> {
    try {
      await this.http.post(path, body);
    } catch (e) {
      if (
        e instanceof HsgqError &&
        (e.code === HsgqErrorCode.API_ERROR || e.code === HsgqErrorCode.INVALID_RESPONSE)
      )
        throw new DriverError(
          DriverErrorCode.UNEXPECTED_REPLY,
          `POST ${path} was not answered with success: ${e.message.slice(0, 200)}`,
        );
      throw e;
    }
  }

  override async systemHealth(): Promise<SystemHealth> {
    if (this.useHttp) {
      const cpu = await this.http.get<Row>(hsgq.http.cpu);
      const id = await this.identify();
      return {
        cpuPercent: n(cpu['cpu_usage']),
        memoryPercent: n(cpu['memory_usage']),
        uptimeSeconds: id.uptimeSeconds,
        temperatureC: null,
      };
    }
    const [id, m] = await Promise.all([
      this.identify(),
      this.snmp.getMap([hsgq.snmpOids.memoryTotal, hsgq.snmpOids.memoryUsed]),
    ]);
    const total = num(m.get(hsgq.snmpOids.memoryTotal));
    const used = num(m.get(hsgq.snmpOids.memoryUsed));
    return {
      cpuPercent: null,
      memoryPercent: total && used !== null ? Math.round((used / total) * 1000) / 10 : null,
      uptimeSeconds: id.uptimeSeconds,
      temperatureC: null,
    };
  }

  override async close(): Promise<void> {
    // The web session stays cached in the pool for other drivers; closeHsgqSessions() logs out at shutdown.
    this.web = null;
    await super.close();
  }
}
