import type { SnmpClient, SnmpValue } from '@pondesk/device-snmp';
import { switchOptics as sw } from '../profiles';
import type { LinkStatus, SwitchDriver, SwitchOpticsKind, SwitchPortOptics } from '../types';
import { readSystemGroup } from '../support/base-olt-driver';
import type { DeviceConnection } from '../support/connection';
import { num, raw, snmpClientFor, str, walkTable } from '../support/snmp-table';

interface IfRow {
  name: string;
  link: LinkStatus;
  /** ifAlias, trimmed; an empty one (most ports) is no description. */
  description: string | null;
}

async function interfaces(client: SnmpClient): Promise<Map<number, IfRow>> {
  const rows = await walkTable(client, {
    descr: sw.ifMib.ifDescr,
    name: sw.ifMib.ifName,
    oper: sw.ifMib.ifOperStatus,
    alias: sw.ifMib.ifAlias,
  });
  const out = new Map<number, IfRow>();
  for (const [index, r] of rows) {
    const oper = num(r.oper);
    out.set(Number(index), {
      name: str(r.name) || str(r.descr) || `ifIndex ${index}`,
      link: oper === 1 ? 'up' : oper === 2 || oper === 7 ? 'down' : 'unknown',
      description: str(r.alias)?.trim() || null,
    });
  }
  return out;
}

function blank(ifIndex: number | null, name: string, i: IfRow | undefined): SwitchPortOptics {
  return {
    ifIndex,
    name,
    link: i?.link ?? 'unknown',
    description: i?.description ?? null,
    rxDbm: null,
    txDbm: null,
    temperatureC: null,
    voltageV: null,
    biasMa: null,
  };
}

/** Per-port SFP readings for switches; only ports with a transceiver reading are listed. */
export class SwitchOpticsDriver implements SwitchDriver {
  private readonly client: SnmpClient;

  constructor(
    conn: DeviceConnection,
    readonly kind: SwitchOpticsKind,
  ) {
    this.client = snmpClientFor(conn);
  }

  async identify(): Promise<{ sysDescr: string | null; sysObjectId: string | null; sysName: string | null }> {
    const s = await readSystemGroup(this.client);
    return { sysDescr: s.sysDescr, sysObjectId: s.sysObjectId, sysName: s.sysName };
  }

  async listPorts(): Promise<SwitchPortOptics[]> {
    switch (this.kind) {
      case 'snr':
        return this.byIfIndex(sw.snr.oids, sw.snr.scale);
      case 'mikrotik':
        return this.byIfIndex(sw.mikrotik.oids, sw.mikrotik.scale);
      case 'nms-if':
        return this.byIfIndex(sw.nmsIf.oids, sw.nmsIf.scale);
      case 'cisco':
        return this.entitySensors(sw.cisco.oids);
      case 'entity-sensor':
        return this.entitySensors(sw.entitySensor.oids);
    }
  }

  async close(): Promise<void> {
    this.client.close();
  }

  private async byIfIndex(
    oids: { temperature: string; voltage: string; bias: string; rxPower: string; txPower: string },
    scale: Record<
      'temperatureC' | 'voltageV' | 'biasMa' | 'rxDbm' | 'txDbm',
      { decode(r: number | string | null): number | null }
    >,
  ): Promise<SwitchPortOptics[]> {
    const [ifs, rows] = await Promise.all([
      interfaces(this.client),
      walkTable(this.client, {
        temp: oids.temperature,
        volt: oids.voltage,
        bias: oids.bias,
        rx: oids.rxPower,
        tx: oids.txPower,
      }),
    ]);
    const out: SwitchPortOptics[] = [];
    for (const [index, r] of rows) {
      const ifIndex = Number(index);
      const i = ifs.get(ifIndex);
      const p = blank(ifIndex, i?.name ?? `ifIndex ${index}`, i);
      p.temperatureC = scale.temperatureC.decode(raw(r.temp));
      p.voltageV = scale.voltageV.decode(raw(r.volt));
      p.biasMa = scale.biasMa.decode(raw(r.bias));
      p.rxDbm = scale.rxDbm.decode(raw(r.rx));
      p.txDbm = scale.txDbm.decode(raw(r.tx));
      if (p.rxDbm === null && p.txDbm === null && p.temperatureC === null) continue;
      out.push(p);
    }
    return out.sort((a, b) => (a.ifIndex ?? 0) - (b.ifIndex ?? 0));
  }

  /** ENTITY sensors: one row per sensor; group by port via the sensor name, then map to ifIndex via alias or name. */
  private async entitySensors(oids: {
    type: string;
    scale: string;
    precision: string;
    value: string;
    name: string;
    descr: string;
    containedIn: string;
    aliasMapping: string;
  }): Promise<SwitchPortOptics[]> {
    const [ifs, sensors, ent] = await Promise.all([
      interfaces(this.client),
      walkTable(this.client, {
        type: oids.type,
        scale: oids.scale,
        precision: oids.precision,
        value: oids.value,
      }),
      walkTable(this.client, { name: oids.name, descr: oids.descr, parent: oids.containedIn }),
    ]);
    const alias = await this.client.walk(oids.aliasMapping).catch(() => []);
    const aliasIf = new Map<number, number>();
    for (const vb of alias) {
      const entIndex = Number(vb.oid.slice(oids.aliasMapping.length + 1).split('.')[0]);
      const target = vb.value.type === 'oid' ? vb.value.value : null;
      const m = target ? /^1\.3\.6\.1\.2\.1\.2\.2\.1\.1\.(\d+)$/.exec(target) : null;
      if (m) aliasIf.set(entIndex, Number(m[1]));
    }
    const ifByName = new Map<string, number>();
    for (const [idx, i] of ifs) ifByName.set(i.name.toLowerCase(), idx);
    const ports = new Map<string, SwitchPortOptics>();
    for (const [index, r] of sensors) {
      const e = ent.get(index) ?? {};
      const sensorName = str(e.name) || str(e.descr) || '';
      const role = sw.sensorRole(sensorName);
      if (!role) continue;
      const value = num(r.value);
      const type = num(r.type);
      if (value === null || type === null) continue;
      const v = sw.entitySensorValue(value, num(r.scale) ?? 9, num(r.precision) ?? 0);
      const portName = sw.sensorPortName(str(e.name) ?? sensorName) ?? sensorName;
      const parent = num(e.parent as SnmpValue | undefined);
      const ifIndex =
        (parent !== null ? aliasIf.get(parent) : undefined) ?? ifByName.get(portName.toLowerCase()) ?? null;
      const key = ifIndex !== null ? `if${ifIndex}` : portName;
      let p = ports.get(key);
      if (!p) {
        const i = ifIndex !== null ? ifs.get(ifIndex) : undefined;
        p = blank(ifIndex, portName, i);
        ports.set(key, p);
      }
      if (role === 'rx' && type === sw.entitySensorTypes.dBm) p.rxDbm = v;
      else if (role === 'tx' && type === sw.entitySensorTypes.dBm) p.txDbm = v;
      else if (role === 'temperature' && type === sw.entitySensorTypes.celsius) p.temperatureC = v;
      else if (role === 'voltage' && type === sw.entitySensorTypes.voltsDC) p.voltageV = v;
      else if (role === 'bias' && type === sw.entitySensorTypes.amperes) p.biasMa = Math.round(v * 1e6) / 1e3;
    }
    return [...ports.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  }
}
