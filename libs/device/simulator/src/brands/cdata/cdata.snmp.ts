/** SNMP pieces both C-Data modes share: the front-port ifTable, the packed device index, ONU rows and cells. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import { counter, int, type MibColumn, type MibValue, VirtualMib } from '../../snmp/virtual-mib';
import { addIfTables, addSystemGroup, type IfRow } from '../common-mib';
import { onuRows, type OnuRow } from '../olt-tables';

const idx = profiles.cdata.deviceIndex;

/** The NSCRTV device index of an ONU: PON ifIndex and ONU id packed into one number. */
export const devIndex = (p: number, o: number): number => idx.encode(idx.ponIfIndex(p), o);

function ifRows(state: OltState): IfRow[] {
  const rows: IfRow[] = [];
  // Front ports in order: 8 GE, 4 XGE, then the PONs (ifIndex = 1<<24 | seq<<8, all ifType 117, as on the recorded FD box).
  for (let n = 1; n <= 8; n++)
    rows.push({
      ifIndex: (1 << 24) | (n << 8),
      descr: `ge0/0/${n}`,
      type: 117,
      speedBps: 1e9,
      up: () => n === 1,
    });
  for (let n = 1; n <= 4; n++)
    rows.push({
      ifIndex: (1 << 24) | ((8 + n) << 8),
      descr: `xge0/0/${n}`,
      type: 117,
      speedBps: 4294967295,
      up: () => n === 1,
    });
  for (let p = 1; p <= state.spec.ponPorts; p++)
    rows.push({
      ifIndex: idx.ponIfIndex(p),
      descr: idx.ponName(p),
      type: 117,
      speedBps: 1e9,
      up: () => state.ponUp(p),
    });
  return rows;
}

/** A MIB with the system group (sysDescr is the model) and the front-port interfaces. */
export function cdataBaseMib(state: OltState, model: string): VirtualMib {
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    { sysDescr: model, sysObjectId: '1.3.6.1.4.1.17409', sysName: state.spec.hostname },
    () => state.system().uptimeSeconds,
  );
  addIfTables(
    mib,
    () => ifRows(state),
    () => 0,
  );
  // CPU and memory as the recorded box answers them: percent, and total/free MB (242 MB as recorded).
  const h = profiles.cdata.healthOids;
  const freeMb = (): number => Math.round((CDATA_MEMORY_MB * (100 - state.system().memoryPercent)) / 100);
  mib
    .addScalar(h.cpuUsage, () => int(state.system().cpuPercent))
    .addScalar(h.memTotalMb, () => int(CDATA_MEMORY_MB))
    .addScalar(h.memFreeMb, () => int(freeMb()));
  return mib;
}

const CDATA_MEMORY_MB = 242;

/** One row per ONU by device index; optics rows add `<card>.<port>` (`.0.0`), online ONUs only unless `all`. */
export const cdataOnuRows = (state: OltState): { index: number[]; row: OnuRow }[] =>
  onuRows(state, (p, o) => [devIndex(p, o)]);
export const cdataOpticRows = (state: OltState, all = false): { index: number[]; row: OnuRow }[] =>
  onuRows(state, (p, o) => [devIndex(p, o), 0, 0], !all);

/** Seconds since registration as a Counter32 (0 while offline). */
export const since = (state: OltState, u: SimOnu | null): MibValue | null =>
  u ? counter(u.status === 'online' ? state.now() - u.lastRegTime : 0) : null;

/** A reading in the profile's integer scale, no cell without a reading. */
export function centi(v: number | null | undefined, enc: (n: number) => number): MibValue | null {
  return v === null || v === undefined ? null : int(enc(v));
}

type Encoder = { encode(v: number): number };

/** Tx, bias, voltage and temperature columns, laid out alike by both MIBs. */
export function cdataOpticColumns(
  at: (r: OnuRow) => SimOnu | null,
  o: { onuTxPower: string; onuBias: string; onuVoltage: string; onuTemperature: string },
  s: { txDbm: Encoder; biasMa: Encoder; voltageV: Encoder; temperatureC: Encoder },
): MibColumn<OnuRow>[] {
  return [
    { oid: o.onuTxPower, value: (r) => centi(at(r)?.txDbm, (v) => s.txDbm.encode(v)) },
    { oid: o.onuBias, value: (r) => centi(at(r)?.biasMa, (v) => s.biasMa.encode(v)) },
    { oid: o.onuVoltage, value: (r) => centi(at(r)?.voltageV, (v) => s.voltageV.encode(v)) },
    { oid: o.onuTemperature, value: (r) => centi(at(r)?.temperatureC, (v) => s.temperatureC.encode(v)) },
  ];
}
