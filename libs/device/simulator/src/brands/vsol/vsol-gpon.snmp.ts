/** V-SOL GPON (V1600G class) SNMP view: the ONU state/info/optics table and the PON table. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { VirtualMib, int, str } from '../../snmp/virtual-mib';
import { dashTime, vsolDuration } from '../device-text';
import { onuCells, type OnuRow } from '../olt-tables';
import { GPON_REASON_TEXT, gponPhase } from './vsol.codes';
import { addVsolBase, addVsolPonTable, text, vsolOnuRows } from './vsol.snmp';
import { addVsolGponActions } from './vsol-actions.snmp';

const { codec, vsolGpon } = profiles;

export function vsolGponMib(state: OltState, model: string): VirtualMib {
  const o = vsolGpon.oids;
  const s = vsolGpon.scale;
  const mib = new VirtualMib();
  addVsolBase(mib, state, 'gpon', { model, sysObjectId: '1.3.6.1.4.1.37950.1.1.6.1' });
  addVsolGponActions(mib, state);
  const { at, cell } = onuCells(state);
  /** Optics as the box prints them; `N/A` while there is no reading. */
  const power = (v: number | null, enc: (n: number) => string) => str(v === null ? 'N/A' : enc(v));
  mib.addTable({
    rows: () => vsolOnuRows(state),
    version: () => state.version,
    columns: [
      { oid: o.statePon, value: (r: OnuRow) => int(r.p) },
      { oid: o.stateOnu, value: (r: OnuRow) => int(r.o) },
      {
        oid: o.onlineFlag,
        value: cell((u) => int(codec.statusToCode(u.status, vsolGpon.onlineFlagCodes))),
      },
      { oid: o.phaseState, value: cell((u) => int(gponPhase(u).code)) },
      { oid: o.name, value: cell((u) => str(u.description ?? 'N/A')) },
      { oid: o.lastUpTime, value: cell((u) => str(vsolGpon.renderTime(dashTime(u.lastRegTime)))) },
      { oid: o.lastDownTime, value: cell((u) => str(vsolGpon.renderTime(dashTime(u.lastDeregTime)))) },
      { oid: o.lastDownReason, value: cell((u) => str(GPON_REASON_TEXT[u.lastDeregReason])) },
      {
        oid: o.onlineDuration,
        value: cell((u) =>
          str(u.status === 'online' ? vsolDuration(state.now() - u.lastRegTime) : '0 00:00:00'),
        ),
      },
      { oid: o.profile, value: () => str('default') },
      { oid: o.serial, value: (r: OnuRow) => text(at(r)?.serial) },
      { oid: o.model, value: cell((u) => str(u.status === 'online' ? u.model : 'unknown')) },
      { oid: o.opticsIndex, value: (r: OnuRow) => int(r.o) },
      { oid: o.txPower, value: cell((u) => power(u.txDbm, (v) => s.txDbm.encode(v))) },
      { oid: o.rxPower, value: cell((u) => power(u.rxDbm, (v) => s.rxDbm.encode(v))) },
      { oid: o.oltRxPower, value: cell((u) => power(u.oltRxDbm, (v) => s.oltRxDbm.encode(v))) },
    ],
  });
  addVsolPonTable(
    mib,
    state,
    { ...o, total: o.ponOnuTotal, online: o.ponOnuOnline },
    (p) => vsolGpon.ifName.pon(p),
    s.pon,
    (p) => ({
      temperatureC: 45 + ((p * 37) % 80) / 10,
      voltageV: 3.3 + ((p * 3) % 6) / 200,
      biasMa: 13 + ((p * 7) % 15) / 10,
      txDbm: 7.5 + ((p * 11) % 7) / 10,
    }),
  );
  return mib;
}
