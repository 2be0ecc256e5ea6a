/**
 * AVIES (HSGQ-family) SNMP view under enterprise 50224, one layout for both modes: system scalars, port names,
 * the ONU table and ONU optics with the historic rows offline ONUs keep.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import { VirtualMib, int, octets, str, type MibValue } from '../../snmp/virtual-mib';
import { addSystemGroup } from '../common-mib';
import { slashTime } from '../device-text';
import { onuCells, onuRows, type OnuRow } from '../olt-tables';
import { onuLabel, ontLabel } from './avies.events';

const { codec, hsgq } = profiles;

const MEMORY_TOTAL_KB = 465_896;

function nulPadded(text: string, size: number): Buffer {
  const b = Buffer.alloc(size);
  b.write(text, 'latin1');
  return b;
}

/** `2026/06/03 21:36:16+07:00` as on the G02ID (the box prints its UTC offset; ours runs on UTC). */
const snmpTime = (t: number): string => `${slashTime(t)}+00:00`;

function addScalars(mib: VirtualMib, state: OltState, model: string): void {
  const o = hsgq.snmpOids;
  const memoryUsed = (): number => Math.round((MEMORY_TOTAL_KB * state.system().memoryPercent) / 100);
  mib
    .addScalar(o.sysMac, () => octets(Uint8Array.from(codec.macToBytes('98:c7:a4:31:29:06'))))
    .addScalar(o.sysTime, () => str(`  ${slashTime(state.now()).replace(/\//g, '-')}+0000`))
    .addScalar(o.uptimeTicks, () => int((state.system().uptimeSeconds * 100) % 2147483647))
    .addScalar(o.firmware, () => octets(nulPadded('IGC_V1.2.14ID_Rel', 32)))
    .addScalar(o.model, () => str(model))
    // Memory in KB as on the G02ID (total = used + free); the percentage comes from the state.
    .addScalar(o.memoryTotal, () => int(MEMORY_TOTAL_KB))
    .addScalar(o.memoryUsed, () => int(memoryUsed()))
    .addScalar(o.memoryFree, () => int(MEMORY_TOTAL_KB - memoryUsed()));
}

/** Optics of an online ONU, or the fixed value of the historic row an offline ONU keeps. */
function optic(
  v: number | null | undefined,
  online: boolean,
  enc: (n: number) => number,
  historic: number,
): MibValue | null {
  if (!online) return int(historic);
  return v === null || v === undefined ? null : int(enc(v));
}

export function aviesMib(state: OltState, model: string): VirtualMib {
  const o = hsgq.snmpOids;
  const s = hsgq.snmpScale;
  const sp = state.spec;
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    { sysDescr: model, sysObjectId: '1.3.6.1.4.1.50224.1', sysName: sp.hostname },
    () => state.system().uptimeSeconds,
  );
  addScalars(mib, state, model);
  mib.addTable({
    rows: () => [
      ...Array.from({ length: sp.ponPorts }, (_, i) => ({
        index: [hsgq.snmpIndex.port(i + 1)],
        row: `${hsgq.portLabel(i + 1)}`,
      })),
      ...[1, 2, 3, 4].map((g) => ({
        index: [hsgq.snmpIndex.port(sp.ponPorts + g)],
        row: `GE${String(g).padStart(2, '0')}`,
      })),
    ],
    columns: [{ oid: o.portName, value: (label: string) => octets(nulPadded(label, label.length + 1)) }],
  });
  const { at, cell } = onuCells(state);
  const text = (f: (u: SimOnu) => string) => cell((u) => str(f(u)));
  mib.addTable({
    rows: () => onuRows(state, (p, n) => [hsgq.snmpIndex.onu(p, n)]),
    version: () => state.version,
    columns: [
      // The box's default name when nobody set one (`ONU01/05` EPON, `ONT01/011` GPON), as the real walk shows.
      {
        oid: o.onuName,
        value: text(
          (u) =>
            u.description ??
            (sp.mode === 'gpon' ? ontLabel(u.ponPort, u.onuId) : onuLabel(u.ponPort, u.onuId)),
        ),
      },
      { oid: o.onuStatus, value: cell((u) => int(codec.statusToCode(u.status, hsgq.snmpStatusCodes))) },
      { oid: o.onuVendor, value: text((u) => u.vendor) },
      { oid: o.onuModel, value: text((u) => u.model) },
      { oid: o.onuSoftware, value: text(() => 'V9.0.0P1T6') },
      { oid: o.onuSerial, value: text((u) => u.serial) },
      { oid: o.onuDistance, value: cell((u) => int(s.distanceM.encode(u.distanceM))) },
      { oid: o.onuLastUpTime, value: text((u) => snmpTime(u.lastRegTime)) },
      { oid: o.onuLastDownTime, value: text((u) => snmpTime(u.lastDeregTime)) },
      { oid: o.onuLastDownReason, value: text((u) => hsgq.snmpReasonWords[u.lastDeregReason]) },
      {
        oid: o.onuAliveTime,
        value: cell((u) =>
          int(u.status === 'online' ? ((state.now() - u.lastRegTime) * 100) % 2147483647 : 0),
        ),
      },
    ],
  });
  // Current optics (`.0.0`) for online ONUs; offline ONUs keep a historic row (`.65535.65535`) that drivers skip.
  type OpticRow = OnuRow & { online: boolean };
  mib.addTable({
    rows: () =>
      state.refs().map((r) => {
        const online = state.onu(r.ponPort, r.onuId)?.status === 'online';
        const suffix = (online ? hsgq.snmpIndex.currentOpticsSuffix : hsgq.snmpIndex.historicOpticsSuffix)
          .split('.')
          .map(Number);
        return {
          index: [hsgq.snmpIndex.onu(r.ponPort, r.onuId), ...suffix],
          row: { p: r.ponPort, o: r.onuId, online },
        };
      }),
    version: () => state.version * 1e9 + state.now(),
    columns: [
      {
        oid: o.onuRxPower,
        value: (r: OpticRow) => optic(at(r)?.rxDbm, r.online, (v) => s.rxDbm.encode(v), -3045),
      },
      {
        oid: o.onuTxPower,
        value: (r: OpticRow) => optic(at(r)?.txDbm, r.online, (v) => s.txDbm.encode(v), 210),
      },
      {
        oid: o.onuBias,
        value: (r: OpticRow) => optic(at(r)?.biasMa, r.online, (v) => s.biasMa.encode(v), 1400),
      },
      {
        oid: o.onuVoltage,
        value: (r: OpticRow) => optic(at(r)?.voltageV, r.online, (v) => s.voltageV.encode(v), 330),
      },
      {
        oid: o.onuTemperature,
        value: (r: OpticRow) => optic(at(r)?.temperatureC, r.online, (v) => s.temperatureC.encode(v), 4100),
      },
    ],
  });
  return mib;
}
