/** SNMP pieces both V-SOL modes share: the recordings' IF-MIB layout, `<pon>.<onu>` rows and the PON table. */
import { profiles } from '@pondesk/device-drivers';
import type { OltModeCode } from '@pondesk/contracts';
import type { OltState } from '../../model/olt-state';
import { int, str, type MibValue, type VirtualMib } from '../../snmp/virtual-mib';
import { addIfTables, addSystemGroup, type IfRow } from '../common-mib';
import { onuRows, ponRows, type OnuRow } from '../olt-tables';

const { vsolEpon, vsolGpon } = profiles;

/**
 * IF-MIB layout of the recordings: V1600D has GE ports 1-6 with a blank ifDescr (ifName `GE0/n`) and ONUs from
 * ifIndex 8; V1600GS has GE 1-3, `GPON0/1` at 4 and ONUs from 7.
 */
const geCount = (mode: OltModeCode): number => (mode === 'epon' ? 6 : 3);
const firstOnuIfIndex = (state: OltState, mode: OltModeCode): number =>
  mode === 'epon' ? 8 : geCount(mode) + state.spec.ponPorts + 3;
const onuIfIndex = (state: OltState, mode: OltModeCode, p: number, o: number): number =>
  firstOnuIfIndex(state, mode) + (p - 1) * state.spec.onusPerPort + (o - state.spec.firstOnuId);

function ifRows(state: OltState, mode: OltModeCode): IfRow[] {
  const sp = state.spec;
  const rows: IfRow[] = Array.from({ length: geCount(mode) }, (_, i) => ({
    ifIndex: i + 1,
    descr: mode === 'epon' ? ' ' : `GE0/${i + 1}`,
    name: `GE0/${i + 1}`,
    type: 6,
    speedBps: 1_000_000_000,
    up: () => i === 0,
  }));
  if (mode === 'gpon')
    for (let p = 1; p <= sp.ponPorts; p++)
      rows.push({
        ifIndex: geCount(mode) + p,
        descr: vsolGpon.ifName.pon(p),
        type: 1,
        speedBps: 1_000_000_000,
        up: () => state.ponUp(p),
      });
  for (const r of state.refs()) {
    const name =
      mode === 'epon'
        ? vsolEpon.ifName.onu(r.ponPort, r.onuId)
        : vsolGpon.ifName.onuV1600gs(r.ponPort, r.onuId, state.staticOf(r.ponPort, r.onuId).description);
    rows.push({
      ifIndex: onuIfIndex(state, mode, r.ponPort, r.onuId),
      descr: name,
      alias: name,
      type: 1,
      speedBps: 1_000_000_000,
      up: () => state.onu(r.ponPort, r.onuId)?.status === 'online',
    });
  }
  return rows;
}

/** The system group (sysDescr is the model, as on the boxes) and the IF-MIB tables. */
export function addVsolBase(
  mib: VirtualMib,
  state: OltState,
  mode: OltModeCode,
  id: { model: string; sysObjectId: string },
): void {
  addSystemGroup(
    mib,
    { sysDescr: id.model, sysObjectId: id.sysObjectId, sysName: state.spec.hostname },
    () => state.system().uptimeSeconds,
  );
  addIfTables(
    mib,
    () => ifRows(state, mode),
    () => state.version,
  );
}

/** ONU tables are indexed `<pon>.<onu>`. */
export const vsolOnuRows = (state: OltState, onlyOnline = false): { index: number[]; row: OnuRow }[] =>
  onuRows(state, (p, o) => [p, o], onlyOnline);

export function text(v: string | null | undefined): MibValue | null {
  return v === null || v === undefined ? null : str(v);
}

type Encoder = { encode(v: number): string };

export interface PonTableOids {
  total: string;
  online: string;
  ponName: string;
  ponSfpIndex: string;
  ponSfpTemperature: string;
  ponSfpVoltage: string;
  ponSfpBias: string;
  ponSfpTxPower: string;
}

/** PON counts, names and PON transceiver DDM (fixed per port, as text with units). */
export function addVsolPonTable(
  mib: VirtualMib,
  state: OltState,
  o: PonTableOids,
  ponName: (p: number) => string,
  scale: { temperatureC: Encoder; voltageV: Encoder; biasMa: Encoder; txDbm: Encoder },
  sfp: (p: number) => { temperatureC: number; voltageV: number; biasMa: number; txDbm: number },
): void {
  mib.addTable({
    rows: () => ponRows(state, (p) => [p]),
    columns: [
      { oid: o.total, value: (p: number) => int(state.pons()[p - 1]?.total ?? 0) },
      { oid: o.online, value: (p: number) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponName, value: (p: number) => str(ponName(p)) },
      { oid: o.ponSfpIndex, value: (p: number) => int(p) },
      { oid: o.ponSfpTemperature, value: (p: number) => str(scale.temperatureC.encode(sfp(p).temperatureC)) },
      { oid: o.ponSfpVoltage, value: (p: number) => str(scale.voltageV.encode(sfp(p).voltageV)) },
      { oid: o.ponSfpBias, value: (p: number) => str(scale.biasMa.encode(sfp(p).biasMa)) },
      { oid: o.ponSfpTxPower, value: (p: number) => str(scale.txDbm.encode(sfp(p).txDbm)) },
    ],
  });
}
