/** V-SOL EPON (V1600D, "EPON-OLT" firmware) SNMP view: auth table and its online-only copy, SN info, ONU optics. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { VirtualMib, gauge, int, str, type MibColumn, type MibValue } from '../../snmp/virtual-mib';
import { slashTime, vsolDuration } from '../device-text';
import { onuCells, type OnuRow } from '../olt-tables';
import { eponReasonCode } from './vsol.codes';
import { addVsolBase, addVsolPonTable, text, vsolOnuRows } from './vsol.snmp';
import { addVsolEponActions } from './vsol-actions.snmp';

const { codec, vsolEpon } = profiles;

function num(v: number | null | undefined, enc: (n: number) => string): MibValue | null {
  return v === null || v === undefined ? null : str(enc(v));
}

export function vsolEponMib(state: OltState, model: string): VirtualMib {
  const o = vsolEpon.oids;
  const s = vsolEpon.scale;
  const mib = new VirtualMib();
  addVsolBase(mib, state, 'epon', { model, sysObjectId: '1.3.6.1.4.1.37950.1.1.5.10.14.1' });
  mib.addScalar(o.modelName, () => str(model));
  // CPU and memory load in percent, as the recorded V1600D answers them.
  mib
    .addScalar(vsolEpon.healthOids.cpuLoad, () => int(state.system().cpuPercent))
    .addScalar(vsolEpon.healthOids.memoryLoad, () => int(state.system().memoryPercent));
  addVsolEponActions(mib, state);
  const { at, cell } = onuCells(state);
  const authColumns = (prefix: (oid: string) => string): MibColumn<OnuRow>[] => [
    { oid: prefix(o.authPon), value: (r) => int(r.p) },
    { oid: prefix(o.authOnu), value: (r) => int(r.o) },
    {
      oid: prefix(o.authStatus),
      value: cell((u) => int(codec.statusToCode(u.status, vsolEpon.statusCodes))),
    },
    { oid: prefix(o.authMac), value: (r) => text(at(r)?.mac) },
    { oid: prefix(o.authDescription), value: cell((u) => str(u.description ?? 'NULL')) },
    {
      oid: prefix(o.authRtt),
      value: cell((u) => int(u.status === 'online' ? Math.round(u.distanceM / 1.08) : 0)),
    },
    {
      oid: prefix(o.authOnuType),
      value: (r) => str(state.staticOf(r.p, r.o).clientMacCount > 1 ? '1GE' : '1FE'),
    },
    { oid: prefix(o.authDeregReason), value: cell((u) => int(eponReasonCode(u.lastDeregReason))) },
    { oid: prefix(o.authDistance), value: cell((u) => gauge(s.distanceM.encode(u.distanceM))) },
    { oid: prefix(o.authLastRegTime), value: cell((u) => str(slashTime(u.lastRegTime))) },
    { oid: prefix(o.authLastDeregTime), value: cell((u) => str(slashTime(u.lastDeregTime))) },
    {
      oid: prefix(o.authAliveTime),
      value: cell((u) => str(u.status === 'online' ? vsolDuration(state.now() - u.lastRegTime) : '00:00:00')),
    },
  ];
  mib.addTable({
    rows: () => vsolOnuRows(state),
    version: () => state.version,
    columns: authColumns((x) => x),
  });
  // The online-only copy has the same column numbers under 12.1.29.1.
  const authRoot = o.authPon.slice(0, o.authPon.lastIndexOf('.'));
  mib.addTable({
    rows: () => vsolOnuRows(state, true),
    version: () => state.version * 1e9 + state.now(),
    columns: authColumns((x) => `${o.onlineTable}${x.slice(authRoot.length)}`),
  });
  addVsolPonTable(
    mib,
    state,
    { ...o, total: o.ponOnuAll, online: o.ponOnuOnline },
    (p) => vsolEpon.ifName.pon(p),
    s.pon,
    (p) => ({
      temperatureC: 26 + ((p * 37) % 40) / 10,
      voltageV: 3.22 + ((p * 3) % 6) / 100,
      biasMa: 6.8 + ((p * 7) % 5) / 10,
      txDbm: 6.5 + ((p * 11) % 3) / 10,
    }),
  );
  mib.addTable({
    rows: () => vsolOnuRows(state),
    version: () => state.version,
    columns: [
      { oid: o.snVendor, value: (r: OnuRow) => text(at(r)?.vendor) },
      { oid: o.snModel, value: (r: OnuRow) => text(at(r)?.model) },
      // The V1600D4L walk writes the ONU id as `0x` + MAC hex.
      { oid: o.snOnuId, value: (r: OnuRow) => text(`0x${state.staticOf(r.p, r.o).mac.replace(/:/g, '')}`) },
      { oid: o.snHwVersion, value: () => str('V1.0') },
      { oid: o.snSwVersion, value: () => str('V2.1.07') },
      // Optical diagnostics exist only for online ONUs.
      { oid: o.opmPon, value: (r: OnuRow) => (at(r)?.status === 'online' ? int(r.p) : null) },
      { oid: o.opmOnu, value: (r: OnuRow) => (at(r)?.status === 'online' ? int(r.o) : null) },
      {
        oid: o.opmTemperature,
        value: (r: OnuRow) => num(at(r)?.temperatureC, (v) => s.temperatureC.encode(v)),
      },
      { oid: o.opmVoltage, value: (r: OnuRow) => num(at(r)?.voltageV, (v) => s.voltageV.encode(v)) },
      { oid: o.opmBias, value: (r: OnuRow) => num(at(r)?.biasMa, (v) => s.biasMa.encode(v)) },
      { oid: o.opmTxPower, value: (r: OnuRow) => num(at(r)?.txDbm, (v) => s.txDbm.encode(v)) },
      { oid: o.opmRxPower, value: (r: OnuRow) => num(at(r)?.rxDbm, (v) => s.rxDbm.encode(v)) },
    ],
  });
  return mib;
}
