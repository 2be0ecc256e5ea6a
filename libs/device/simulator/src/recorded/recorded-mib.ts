/**
 * A recording's SNMP instances as a VirtualMib, so the simulator's own agent answers GET, GETNEXT and GETBULK
 * from it exactly as from a simulated device. Each top-level arc (`1` in practice) is one column whose rows are
 * the rest of the OID; GETNEXT order is then plain OID order.
 *
 * A recording answers GETNEXT as the device did: a recorded answer y to GETNEXT(x) means the device had
 * nothing between x and y, so nothing recorded lies between them either.
 */
import { parseOid, VirtualMib, type MibValue } from '../snmp/virtual-mib';
import type { SnmprecEntry } from './snmprec';

interface Row {
  index: readonly number[];
  row: SnmprecEntry;
}

/**
 * The entry as the agent sends it. Counter64 is outside MibValue's union (no simulated MIB has one), but the
 * agent passes type and value through to net-snmp, which encodes Counter64 from its bytes.
 */
const asMibValue = (e: SnmprecEntry): MibValue => ({ type: e.type, value: e.value }) as MibValue;

export function recordedMib(entries: readonly SnmprecEntry[]): VirtualMib {
  const byArc = new Map<number, Row[]>();
  for (const e of entries) {
    const [first, ...rest] = parseOid(e.oid);
    if (first === undefined || rest.length === 0) continue;
    const rows = byArc.get(first) ?? [];
    rows.push({ index: rest, row: e });
    byArc.set(first, rows);
  }
  const mib = new VirtualMib();
  for (const [arc, rows] of byArc)
    mib.addTable<SnmprecEntry>({
      rows: () => rows.slice(),
      columns: [{ oid: String(arc), value: asMibValue }],
    });
  return mib;
}
