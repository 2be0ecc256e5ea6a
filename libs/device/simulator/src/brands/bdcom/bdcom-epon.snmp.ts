/** BDCOM EPON (P3310/P3608 class) SNMP view: ONU, LLID bind and PON tables from the drivers' BDCOM EPON profile. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { VirtualMib, int, str, SetStatus } from '../../snmp/virtual-mib';
import { addSystemGroup } from '../common-mib';
import { dashTime } from '../device-text';
import { onuCells, onuRows, ponRows } from '../olt-tables';
import {
  EPON_IF,
  addBdcomIfTables,
  bindStatusCode,
  eponReasonCode,
  eponStatusCode,
  macOctets,
  opt,
} from './bdcom.encoding';

const { bdcomEpon } = profiles;

export function bdcomEponMib(state: OltState): VirtualMib {
  const o = bdcomEpon.oids;
  const s = bdcomEpon.scale;
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    {
      sysDescr: 'BDCOM(tm) P3310C Software, Version 10.1.0E Build 55735',
      sysObjectId: '1.3.6.1.4.1.3320.1.300',
      sysName: state.spec.hostname,
    },
    () => state.system().uptimeSeconds,
  );
  addBdcomIfTables(mib, state, EPON_IF);
  const { at, cell } = onuCells(state);
  mib.addTable({
    rows: () => onuRows(state, (p, n) => [EPON_IF.onuIfIndex(p, n)]),
    version: () => state.version,
    columns: [
      { oid: o.onuVendor, value: (r) => str(at(r)?.vendor ?? '') },
      { oid: o.onuModel, value: (r) => str(at(r)?.model ?? '') },
      { oid: o.onuMac, value: (r) => macOctets(at(r)?.mac) },
      { oid: o.onuMacAlt, value: (r) => macOctets(at(r)?.mac) },
      { oid: o.onuStatus, value: cell((u) => int(eponStatusCode(u))) },
      {
        oid: o.onuDistance,
        value: cell((u) => int(u.status === 'online' ? s.distanceM.encode(u.distanceM) : 0)),
      },
      {
        oid: o.onuReset,
        value: () => int(0),
        // NMS-EPON-ONU: reset(0) reboots the ONU, no-reset(1) is accepted and does nothing.
        set: (r, v) => {
          if (v === bdcomEpon.onuResetValues.reset) state.rebootOnu(r.p, r.o);
          else if (v !== bdcomEpon.onuResetValues.noReset) return SetStatus.wrongValue;
          return SetStatus.ok;
        },
      },
      {
        oid: o.onuLastAlive,
        value: cell((u) => int(u.status === 'online' ? state.now() - u.lastRegTime : 0)),
      },
      {
        oid: o.onuTemperature,
        value: (r) => opt(at(r)?.temperatureC ?? null, (v) => s.temperatureC.encode(v)),
      },
      { oid: o.onuVoltage, value: (r) => opt(at(r)?.voltageV ?? null, (v) => s.voltageV.encode(v), 0) },
      { oid: o.onuBias, value: (r) => opt(at(r)?.biasMa ?? null, (v) => s.biasMa.encode(v)) },
      { oid: o.onuRxPower, value: (r) => opt(at(r)?.rxDbm ?? null, (v) => s.rxDbm.encode(v)) },
      { oid: o.onuTxPower, value: (r) => opt(at(r)?.txDbm ?? null, (v) => s.txDbm.encode(v)) },
      { oid: o.oltRxPower, value: (r) => opt(at(r)?.oltRxDbm ?? null, (v) => s.oltRxDbm.encode(v)) },
    ],
  });
  // LLID bind table, keyed by the PON ifIndex and the ONU MAC.
  mib.addTable({
    rows: () =>
      onuRows(state, (p, n) =>
        bdcomEpon.bindIndex.encode(EPON_IF.ponIfIndex(p), state.staticOf(p, n).mac).split('.').map(Number),
      ),
    version: () => state.version,
    columns: [
      { oid: o.bindMac, value: (r) => macOctets(at(r)?.mac) },
      { oid: o.bindDescription, value: (r) => str(at(r)?.description ?? 'N/A') },
      { oid: o.bindStatus, value: cell((u) => int(bindStatusCode(u))) },
      { oid: o.bindDistance, value: cell((u) => int(u.distanceM)) },
      { oid: o.bindRtt, value: cell((u) => int(Math.round(u.distanceM / 1.62))) },
      { oid: o.bindLastRegTime, value: cell((u) => str(dashTime(u.lastRegTime))) },
      { oid: o.bindLastDeregTime, value: cell((u) => str(dashTime(u.lastDeregTime))) },
      { oid: o.bindLastDeregReason, value: cell((u) => int(eponReasonCode(u.lastDeregReason))) },
    ],
  });
  mib.addTable({
    rows: () => ponRows(state, (p) => [EPON_IF.ponIfIndex(p)]),
    columns: [
      { oid: o.ponActiveOnus, value: (p) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponInactiveOnus, value: (p) => int(state.pons()[p - 1]?.offline ?? 0) },
      {
        oid: o.ponLlidIfIndexList,
        value: (p) =>
          str(
            state
              .refs()
              .filter((r) => r.ponPort === p)
              .map((r) => EPON_IF.onuIfIndex(r.ponPort, r.onuId))
              .join(','),
          ),
      },
    ],
  });
  return mib;
}
