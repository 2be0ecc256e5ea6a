/** C-Data GPON (FD16xx, NSCRTV-FTTX-GPON-MIB) SNMP view: ONU table with reboot, and ONU optics for every ONU. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { int, octets, str, SetStatus, type VirtualMib } from '../../snmp/virtual-mib';
import { dashTime } from '../device-text';
import { onuCells, type OnuRow } from '../olt-tables';
import { cdataBaseMib, cdataOnuRows, cdataOpticColumns, cdataOpticRows, since } from './cdata.snmp';

const { codec, cdata, cdataGpon } = profiles;

export function cdataGponMib(state: OltState, model: string): VirtualMib {
  const mib = cdataBaseMib(state, model);
  const o = cdataGpon.oids;
  const s = cdataGpon.scale;
  const { at, cell } = onuCells(state);
  mib.addTable({
    rows: () => cdataOnuRows(state),
    version: () => state.version,
    columns: [
      { oid: o.onuName, value: (r: OnuRow) => str(at(r)?.description ?? '') },
      {
        oid: o.onuSerial,
        value: (r: OnuRow) => octets(cdataGpon.serial.encode(state.staticOf(r.p, r.o).serial)),
      },
      { oid: o.onuVendor, value: (r: OnuRow) => str(state.staticOf(r.p, r.o).vendor) },
      { oid: o.onuEquipmentId, value: (r: OnuRow) => str(state.staticOf(r.p, r.o).model) },
      {
        oid: o.onuOperStatus,
        value: cell((u) => int(codec.statusToCode(u.status, cdataGpon.statusCodes))),
      },
      { oid: o.onuDistance, value: cell((u) => int(s.distanceM.encode(u.distanceM))) },
      {
        oid: o.onuReboot,
        value: () => int(0),
        set: (r: OnuRow, v: unknown) =>
          v === 1 ? (state.rebootOnu(r.p, r.o), SetStatus.ok) : SetStatus.wrongValue,
      },
      { oid: o.onuTimeSinceRegister, value: (r: OnuRow) => since(state, at(r)) },
      { oid: o.onuLastDownTime, value: cell((u) => str(dashTime(u.lastDeregTime))) },
      { oid: o.onuLastDownCause, value: cell((u) => str(cdata.downCauseWords[u.lastDeregReason])) },
    ],
  });
  mib.addTable({
    rows: () => cdataOpticRows(state, true),
    version: () => state.version,
    columns: [
      // Offline ONUs keep their row with rx = -1 (third-party pollers treat it as "no reading").
      {
        oid: o.onuRxPower,
        value: cell((u) => int(u.rxDbm === null ? -1 : s.rxDbm.encode(u.rxDbm))),
      },
      ...cdataOpticColumns(at, o, s),
    ],
  });
  return mib;
}
