/** Rows and cells of an OLT's SNMP tables: a row per PON or per present ONU, cells read at request time. */
import type { OltState, SimOnu } from '../model/olt-state';
import type { MibValue } from '../snmp/virtual-mib';

/** A row of an ONU table: the ONU's PON port and id. */
export type OnuRow = { p: number; o: number };

/** One row per present ONU (or per online one), indexed as the brand encodes it. */
export function onuRows(
  state: OltState,
  index: (p: number, o: number) => number[],
  onlyOnline = false,
): { index: number[]; row: OnuRow }[] {
  return state
    .refs()
    .filter((r) => !onlyOnline || state.onu(r.ponPort, r.onuId)?.status === 'online')
    .map((r) => ({ index: index(r.ponPort, r.onuId), row: { p: r.ponPort, o: r.onuId } }));
}

/** One row per PON port (numbered from 1), indexed as the brand encodes it. */
export function ponRows(state: OltState, index: (p: number) => number[]): { index: number[]; row: number }[] {
  return Array.from({ length: state.spec.ponPorts }, (_, i) => ({ index: index(i + 1), row: i + 1 }));
}

/** `at` reads a row's ONU; `cell` turns a reading of it into a column value, with no cell where it is gone. */
export function onuCells(state: OltState): {
  at: (r: OnuRow) => SimOnu | null;
  cell: (f: (u: SimOnu) => MibValue | null) => (r: OnuRow) => MibValue | null;
} {
  const at = (r: OnuRow): SimOnu | null => state.onu(r.p, r.o);
  return {
    at,
    cell: (f) => (r) => {
      const u = at(r);
      return u ? f(u) : null;
    },
  };
}
