/** BDCOM GPON (GP3600 class) SNMP view: ONU and PON tables from the drivers' BDCOM GPON profile. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { SetStatus, VirtualMib, int, str } from '../../snmp/virtual-mib';
import { addSystemGroup } from '../common-mib';
import { onuCells, onuRows, ponRows } from '../olt-tables';
import { GPON_IF, addBdcomIfTables, gponStatusCode, macOctets, opt } from './bdcom.encoding';

const { codec, bdcomGpon } = profiles;

export function bdcomGponMib(state: OltState): VirtualMib {
  const o = bdcomGpon.oids;
  const s = bdcomGpon.scale;
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    {
      sysDescr: 'BDCOM(tm) GP3600-08B Software, Version 10.3.0D Build 74104',
      sysObjectId: '1.3.6.1.4.1.3320.1.390.0',
      sysName: state.spec.hostname,
    },
    () => state.system().uptimeSeconds,
  );
  addBdcomIfTables(mib, state, GPON_IF);
  const { at, cell } = onuCells(state);
  mib.addTable({
    rows: () => onuRows(state, (p, n) => [GPON_IF.onuIfIndex(p, n)]),
    version: () => state.version,
    columns: [
      { oid: o.onuSerial, value: (r) => str(at(r)?.serial ?? '') },
      { oid: o.onuAdminState, value: () => int(1) },
      { oid: o.onuOperState, value: (r) => int(at(r)?.status === 'online' ? 1 : 2) },
      { oid: o.onuMac, value: (r) => macOctets(at(r)?.mac) },
      { oid: o.onuDistance, value: cell((u) => int(u.distanceM)) },
      {
        oid: o.onuDeactiveReason,
        value: cell((u) => int(codec.reasonToCode(u.lastDeregReason, bdcomGpon.deregReasonCodes))),
      },
      { oid: o.onuStatusSerial, value: (r) => str(at(r)?.serial ?? '') },
      { oid: o.onuStatus, value: cell((u) => int(gponStatusCode(u))) },
      {
        // gponOnuConfigReboot: write-only, reboot(1).
        oid: o.onuReboot,
        value: () => null,
        set: (r, v) =>
          v === bdcomGpon.onuRebootValues.reboot
            ? (state.rebootOnu(r.p, r.o), SetStatus.ok)
            : SetStatus.wrongValue,
      },
      { oid: o.onuRxPower, value: (r) => opt(at(r)?.rxDbm ?? null, (v) => s.rxDbm.encode(v)) },
      { oid: o.onuTxPower, value: (r) => opt(at(r)?.txDbm ?? null, (v) => s.txDbm.encode(v)) },
      { oid: o.oltRxPower, value: (r) => opt(at(r)?.oltRxDbm ?? null, (v) => s.oltRxDbm.encode(v)) },
    ],
  });
  mib.addTable({
    rows: () => ponRows(state, (p) => [GPON_IF.ponIfIndex(p)]),
    columns: [
      { oid: o.ponIndex, value: (p) => int(GPON_IF.ponIfIndex(p)) },
      { oid: o.ponActiveOnus, value: (p) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponInactiveOnus, value: (p) => int(state.pons()[p - 1]?.offline ?? 0) },
      {
        oid: o.ponOnuIfIndexList,
        value: (p) =>
          str(
            bdcomGpon.ifIndexList.encode(
              state
                .refs()
                .filter((r) => r.ponPort === p)
                .map((r) => GPON_IF.onuIfIndex(r.ponPort, r.onuId)),
            ),
          ),
      },
    ],
  });
  return mib;
}
