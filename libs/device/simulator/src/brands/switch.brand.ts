/**
 * Access switches with SFP DDM: SNR (NAG-MIB ddmTranscDiagnosisTable, text values) and Cisco IOS
 * (CISCO-ENTITY-SENSOR-MIB + ENTITY-MIB). OIDs and encodings come from the drivers' switch-optics profile.
 */
import { profiles } from '@pondesk/device-drivers';
import type { SimSwitchPort, SwitchBrand, SwitchState } from '../model/switch-state';
import type { Resolution } from '../model/olt-state';
import { VirtualMib, int, oidValue, str } from '../snmp/virtual-mib';
import { addIfTables, addSystemGroup, type IfRow } from './common-mib';

const sw = profiles.switchOptics;

export interface SwitchBrandAdapter {
  brand: SwitchBrand;
  resolution: Resolution;
  buildMib(state: SwitchState): VirtualMib;
}

function snrMib(state: SwitchState): VirtualMib {
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    {
      sysDescr: 'SNR-S2990X-24FQ Device, Compiled Jan 10 13:47:05 2019',
      sysObjectId: '1.3.6.1.4.1.40418.7.53',
      sysName: state.spec.hostname,
    },
    () => state.system().uptimeSeconds,
  );
  const ifRows = (): IfRow[] =>
    Array.from({ length: state.spec.ports }, (_, i) => ({
      ifIndex: i + 1,
      descr: `Ethernet1/0/${i + 1}`,
      alias: state.alias(i + 1),
      type: 6,
      speedBps: 1e9,
      up: () => state.port(i + 1).link === 'up',
    }));
  addIfTables(mib, ifRows, () => 0);
  const o = sw.snr.oids;
  const s = sw.snr.scale;
  const cell = (f: (p: SimSwitchPort) => number | null, enc: (v: number) => string) => (port: number) => {
    const v = f(state.port(port));
    return str(v === null ? 'NULL' : enc(v));
  };
  // Every port has a DDM row; copper ports and empty cages answer "NULL".
  mib.addTable({
    rows: () => Array.from({ length: state.spec.ports }, (_, i) => ({ index: [i + 1], row: i + 1 })),
    columns: [
      { oid: o.ifIndex, value: (p: number) => int(p) },
      {
        oid: o.temperature,
        value: cell(
          (p) => p.temperatureC,
          (v) => String(Math.round(v)),
        ),
      },
      {
        oid: o.voltage,
        value: cell(
          (p) => p.voltageV,
          (v) => s.voltageV.encode(v),
        ),
      },
      {
        oid: o.bias,
        value: cell(
          (p) => p.biasMa,
          (v) => s.biasMa.encode(v),
        ),
      },
      {
        oid: o.rxPower,
        value: cell(
          (p) => p.rxDbm,
          (v) => s.rxDbm.encode(v),
        ),
      },
      {
        oid: o.txPower,
        value: cell(
          (p) => p.txDbm,
          (v) => s.txDbm.encode(v),
        ),
      },
    ],
  });
  return mib;
}

interface Sensor {
  entIndex: number;
  port: number;
  role: 'temperature' | 'voltage' | 'bias' | 'tx' | 'rx';
}

/** Cisco sensor kinds in the order of the recording (`… Module Temperature Sensor` … `Receive Power Sensor`). */
const SENSORS: { role: Sensor['role']; label: string; type: number; scale: number; precision: number }[] = [
  {
    role: 'temperature',
    label: 'Module Temperature Sensor',
    type: sw.entitySensorTypes.celsius,
    scale: 9,
    precision: 1,
  },
  {
    role: 'voltage',
    label: 'Supply Voltage Sensor',
    type: sw.entitySensorTypes.voltsDC,
    scale: 9,
    precision: 2,
  },
  { role: 'bias', label: 'Bias Current Sensor', type: sw.entitySensorTypes.amperes, scale: 8, precision: 1 },
  { role: 'tx', label: 'Transmit Power Sensor', type: sw.entitySensorTypes.dBm, scale: 9, precision: 1 },
  { role: 'rx', label: 'Receive Power Sensor', type: sw.entitySensorTypes.dBm, scale: 9, precision: 1 },
];

const ciscoIfIndex = (port: number): number => 10100 + port;
/** Module entity per SFP port; its five sensors follow it (as 1062 → 1063…1067 on the recording). */
const ciscoModule = (port: number): number => 1000 + port * 10;

function ciscoMib(state: SwitchState): VirtualMib {
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    {
      sysDescr:
        'Cisco IOS Software, C2960X Software (C2960X-UNIVERSALK9-M), Version 15.0(2a)EX5, RELEASE SOFTWARE (fc3)\r\nTechnical Support: http://www.cisco.com/techsupport',
      sysObjectId: '1.3.6.1.4.1.9.1.1208',
      sysName: state.spec.hostname,
    },
    () => state.system().uptimeSeconds,
  );
  const ports = Array.from({ length: state.spec.ports }, (_, i) => i + 1);
  addIfTables(
    mib,
    () =>
      ports.map((p) => ({
        ifIndex: ciscoIfIndex(p),
        descr: `GigabitEthernet1/0/${p}`,
        name: `Gi1/0/${p}`,
        alias: state.alias(p),
        type: 6,
        speedBps: 1e9,
        up: () => state.port(p).link === 'up',
      })),
    () => 0,
  );
  const sfps = ports.filter((p) => state.isSfp(p));
  const sensors: Sensor[] = sfps.flatMap((p) =>
    SENSORS.map((k, i) => ({ entIndex: ciscoModule(p) + i + 1, port: p, role: k.role })),
  );
  const kind = (s: Sensor) =>
    SENSORS.find((k) => k.role === s.role) ?? (SENSORS[0] as (typeof SENSORS)[number]);
  const reading = (s: Sensor): number | null => {
    const p = state.port(s.port);
    return s.role === 'temperature'
      ? p.temperatureC
      : s.role === 'voltage'
        ? p.voltageV
        : s.role === 'bias'
          ? p.biasMa
          : s.role === 'tx'
            ? p.txDbm
            : p.rxDbm;
  };
  const c = sw.cisco.oids;
  mib.addTable({
    rows: () => sensors.map((s) => ({ index: [s.entIndex], row: s })),
    columns: [
      { oid: c.type, value: (s: Sensor) => int(kind(s).type) },
      { oid: c.scale, value: (s: Sensor) => int(kind(s).scale) },
      { oid: c.precision, value: (s: Sensor) => int(kind(s).precision) },
      {
        oid: c.value,
        value: (s: Sensor) => {
          const v = reading(s);
          if (v === null) return null;
          // Bias is in mA with scale 8 (milli), so the reading goes in as is, like the other sensors.
          return int(sw.entitySensorEncode(v, kind(s).precision).value);
        },
      },
      { oid: c.status, value: (s: Sensor) => int(reading(s) === null ? 3 : 1) },
    ],
  });
  type Ent = { index: number; descr: string; name: string; parent: number; cls: number; alias?: number };
  const ents: Ent[] = [];
  for (const p of sfps) {
    ents.push({
      index: ciscoModule(p),
      descr: '1000BaseSX SFP',
      name: `GigabitEthernet1/0/${p}`,
      parent: 1001,
      cls: 10,
      alias: ciscoIfIndex(p),
    });
    SENSORS.forEach((k, i) =>
      ents.push({
        index: ciscoModule(p) + i + 1,
        descr: `GigabitEthernet1/0/${p} ${k.label}`,
        name: `Gi1/0/${p} ${k.label}`,
        parent: ciscoModule(p),
        cls: 8,
      }),
    );
  }
  mib.addTable({
    rows: () => ents.map((e) => ({ index: [e.index], row: e })),
    columns: [
      { oid: c.descr, value: (e: Ent) => str(e.descr) },
      { oid: c.containedIn, value: (e: Ent) => int(e.parent) },
      { oid: c.cls, value: (e: Ent) => int(e.cls) },
      { oid: c.name, value: (e: Ent) => str(e.name) },
    ],
  });
  mib.addTable({
    rows: () => ents.filter((e) => e.alias !== undefined).map((e) => ({ index: [e.index, 0], row: e })),
    columns: [{ oid: c.aliasMapping, value: (e: Ent) => oidValue(`1.3.6.1.2.1.2.2.1.1.${e.alias ?? 0}`) }],
  });
  return mib;
}

export const snrAdapter: SwitchBrandAdapter = {
  brand: 'snr',
  resolution: { rx: 0.01, tx: 0.01, temperature: 1, voltage: 0.01, bias: 0.01 },
  buildMib: snrMib,
};

export const ciscoAdapter: SwitchBrandAdapter = {
  brand: 'cisco',
  resolution: { rx: 0.1, tx: 0.1, temperature: 0.1, voltage: 0.01, bias: 0.1 },
  buildMib: ciscoMib,
};
