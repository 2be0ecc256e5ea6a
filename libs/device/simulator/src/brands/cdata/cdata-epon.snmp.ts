/** C-Data EPON (FD15xx, NSCRTV-FTTX-EPON-MIB) SNMP view: ONU, ONU optics and PON tables. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { int, octets, str, ticks, type VirtualMib } from '../../snmp/virtual-mib';
import { onuCells, ponRows, type OnuRow } from '../olt-tables';
import { cdataBaseMib, cdataOnuRows, cdataOpticColumns, cdataOpticRows, centi, since } from './cdata.snmp';

const { codec, cdata, cdataEpon } = profiles;
const idx = cdata.deviceIndex;

export function cdataEponMib(state: OltState, model: string): VirtualMib {
  const mib = cdataBaseMib(state, model);
  const o = cdataEpon.oids;
  const s = cdataEpon.scale;
  const { at, cell } = onuCells(state);
  mib.addTable({
    rows: () => cdataOnuRows(state),
    version: () => state.version,
    columns: [
      { oid: o.onuName, value: (r: OnuRow) => str(at(r)?.description ?? '') },
      {
        oid: o.onuMac,
        value: (r: OnuRow) => octets(Uint8Array.from(codec.macToBytes(state.staticOf(r.p, r.o).mac))),
      },
      {
        oid: o.onuOperStatus,
        value: cell((u) => int(codec.statusToCode(u.status, cdataEpon.statusCodes))),
      },
      { oid: o.onuAdminStatus, value: () => int(1) },
      { oid: o.onuDistance, value: cell((u) => int(s.distanceM.encode(u.distanceM))) },
      { oid: o.onuTimeSinceRegister, value: (r: OnuRow) => since(state, at(r)) },
      { oid: o.onuVendor, value: (r: OnuRow) => str(state.staticOf(r.p, r.o).vendor) },
      { oid: o.onuModel, value: (r: OnuRow) => str(state.staticOf(r.p, r.o).model) },
      { oid: o.onuSerial, value: (r: OnuRow) => str(state.staticOf(r.p, r.o).serial) },
      {
        oid: o.onuLastRegisterTime,
        value: cell((u) => ticks(Math.max(0, u.lastRegTime - state.bootTime) * 100)),
      },
      {
        oid: o.oltRxPower,
        value: cell((u) => int(u.oltRxDbm === null ? -1 : s.oltRxDbm.encode(u.oltRxDbm))),
      },
    ],
  });
  mib.addTable({
    rows: () => cdataOpticRows(state),
    version: () => state.version * 1e9 + state.now(),
    columns: [
      { oid: o.onuRxPower, value: (r: OnuRow) => centi(at(r)?.rxDbm, (v) => s.rxDbm.encode(v)) },
      ...cdataOpticColumns(at, o, s),
    ],
  });
  mib.addTable({
    rows: () => ponRows(state, (p) => [idx.ponIfIndex(p)]),
    columns: [
      { oid: o.ponUpOnuCount, value: (p: number) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponName, value: (p: number) => str(idx.ponName(p)) },
    ],
  });
  return mib;
}
