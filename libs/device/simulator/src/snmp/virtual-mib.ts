/**
 * A MIB computed on demand. Rows are generated from the device state when asked for and values are read at
 * request time, so a 500-ONU table costs no memory between walks and GETNEXT is two binary searches.
 */

/** SNMP tags (RFC 2578 / 3416), the same numbers net-snmp uses for ObjectType. */
export const Asn = {
  Integer: 2,
  OctetString: 4,
  Null: 5,
  Oid: 6,
  IpAddress: 64,
  Counter: 65,
  Gauge: 66,
  TimeTicks: 67,
  NoSuchObject: 128,
  NoSuchInstance: 129,
  EndOfMibView: 130,
} as const;

export type MibValue =
  | { type: typeof Asn.Integer | typeof Asn.Counter | typeof Asn.Gauge | typeof Asn.TimeTicks; value: number }
  | { type: typeof Asn.OctetString; value: string | Buffer }
  | { type: typeof Asn.Oid | typeof Asn.IpAddress; value: string };

/** INTEGER is Integer32 on the wire; out-of-range values wrap the way a C agent's int32 would. */
export const int = (value: number): MibValue => ({ type: Asn.Integer, value: Math.trunc(value) | 0 });
export const gauge = (value: number): MibValue => ({
  type: Asn.Gauge,
  value: Math.max(0, Math.trunc(value)),
});
export const counter = (value: number): MibValue => ({ type: Asn.Counter, value: Math.trunc(value) >>> 0 });
export const ticks = (value: number): MibValue => ({ type: Asn.TimeTicks, value: Math.trunc(value) >>> 0 });
export const str = (value: string): MibValue => ({
  type: Asn.OctetString,
  value: Buffer.from(value, 'latin1'),
});
export const octets = (value: Uint8Array): MibValue => ({ type: Asn.OctetString, value: Buffer.from(value) });
export const oidValue = (value: string): MibValue => ({ type: Asn.Oid, value });

/** Result of a SET on one cell: an SNMP error status (0 = noError; 5 = genErr, as some OLTs refuse writes). */
export type SetResult = 0 | 3 | 5 | 10 | 17;
export const SetStatus = { ok: 0, badValue: 3, genErr: 5, wrongValue: 10, notWritable: 17 } as const;

export interface MibColumn<R> {
  oid: string;
  /** null: this row has no cell in this column (sparse columns are common on real devices). */
  value(row: R): MibValue | null;
  set?(row: R, value: unknown): SetResult;
}

export interface MibTableDef<R> {
  /** Rows in any order; sorted by index here. Called again when `version()` changes. */
  rows(): { index: readonly number[]; row: R }[];
  version?(): number;
  columns: MibColumn<R>[];
}

export interface Varbind {
  oid: string;
  type: number;
  value: unknown;
}

export function parseOid(oid: string): number[] {
  return oid
    .replace(/^\./, '')
    .split('.')
    .filter((p) => p !== '')
    .map(Number);
}

export function compareArrays(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

function isPrefix(prefix: readonly number[], of: readonly number[]): boolean {
  if (prefix.length > of.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== of[i]) return false;
  return true;
}

/** A position in the MIB that moves forward one instance per `next()`. */
export interface MibCursor {
  next(): Varbind | null;
}

interface TableState {
  def: MibTableDef<unknown>;
  rows: { index: readonly number[]; row: unknown }[] | null;
  version: number;
}

interface ColumnEntry {
  oid: number[];
  oidText: string;
  column: MibColumn<unknown>;
  table: TableState;
}

export class VirtualMib {
  private columns: ColumnEntry[] = [];
  private sorted = true;

  addTable<R>(def: MibTableDef<R>): this {
    const table: TableState = { def: def as MibTableDef<unknown>, rows: null, version: -1 };
    for (const c of def.columns) {
      const oid = parseOid(c.oid);
      this.columns.push({ oid, oidText: oid.join('.'), column: c as MibColumn<unknown>, table });
    }
    this.sorted = false;
    return this;
  }

  /** A scalar is a one-row column indexed `.0`. */
  addScalar(oid: string, value: () => MibValue | null, set?: (value: unknown) => SetResult): this {
    const p = parseOid(oid);
    if (p[p.length - 1] !== 0) throw new Error(`scalar OID must end in .0: ${oid}`);
    return this.addTable<null>({
      rows: () => [{ index: [0], row: null }],
      columns: [
        { oid: p.slice(0, -1).join('.'), value: () => value(), set: set ? (_r, v) => set(v) : undefined },
      ],
    });
  }

  /** Every column OID, for inspection in tests. */
  columnOids(): string[] {
    this.ensureSorted();
    return this.columns.map((c) => c.oidText);
  }

  get(oid: string): Varbind {
    const q = parseOid(oid);
    const col = this.findContaining(q);
    if (!col) return { oid, type: Asn.NoSuchObject, value: null };
    const rows = this.rowsOf(col.table);
    const suffix = q.slice(col.oid.length);
    const i = lowerBound(rows, suffix);
    const r = rows[i];
    if (r && compareArrays(r.index, suffix) === 0) {
      const v = col.column.value(r.row);
      if (v) return { oid: q.join('.'), type: v.type, value: v.value };
    }
    return { oid, type: Asn.NoSuchInstance, value: null };
  }

  /** The first instance strictly after `oid`, or null at the end of the MIB. */
  getNext(oid: string): Varbind | null {
    return this.walkFrom(oid).next();
  }

  /**
   * The instances after `oid` in order, one per `next()` (null at the end of the MIB): what a GETBULK
   * repeater reads. The OID is parsed and searched for once, not again for each repetition.
   */
  walkFrom(oid: string): MibCursor {
    this.ensureSorted();
    const q = parseOid(oid);
    const columns = this.columns;
    let ci = upperBoundColumn(columns, q);
    const before = columns[ci - 1];
    if (before && isPrefix(before.oid, q)) ci--;
    let rows: { index: readonly number[]; row: unknown }[] | null = null;
    let ri = 0;
    if (ci < columns.length) {
      const col = columns[ci] as ColumnEntry;
      rows = this.rowsOf(col.table);
      if (isPrefix(col.oid, q)) {
        const suffix = q.slice(col.oid.length);
        ri = lowerBound(rows, suffix);
        const hit = rows[ri];
        if (hit && compareArrays(hit.index, suffix) === 0) ri++;
      }
    }
    return {
      next: (): Varbind | null => {
        while (ci < columns.length) {
          const col = columns[ci] as ColumnEntry;
          rows ??= this.rowsOf(col.table);
          while (ri < rows.length) {
            const r = rows[ri++] as { index: readonly number[]; row: unknown };
            const v = col.column.value(r.row);
            if (v) return { oid: `${col.oidText}.${r.index.join('.')}`, type: v.type, value: v.value };
          }
          ci++;
          ri = 0;
          rows = null;
        }
        return null;
      },
    };
  }

  set(oid: string, value: unknown): SetResult {
    const q = parseOid(oid);
    const col = this.findContaining(q);
    if (!col || !col.column.set) return SetStatus.notWritable;
    const rows = this.rowsOf(col.table);
    const suffix = q.slice(col.oid.length);
    const r = rows[lowerBound(rows, suffix)];
    if (!r || compareArrays(r.index, suffix) !== 0) return SetStatus.notWritable;
    return col.column.set(r.row, value);
  }

  private findContaining(q: number[]): ColumnEntry | null {
    this.ensureSorted();
    const ci = upperBoundColumn(this.columns, q);
    const before = this.columns[ci - 1];
    return before && isPrefix(before.oid, q) && q.length > before.oid.length ? before : null;
  }

  private rowsOf(t: TableState): { index: readonly number[]; row: unknown }[] {
    const v = t.def.version ? t.def.version() : 0;
    if (!t.rows || v !== t.version) {
      t.rows = t.def.rows().sort((a, b) => compareArrays(a.index, b.index));
      t.version = v;
    }
    return t.rows;
  }

  private ensureSorted(): void {
    if (this.sorted) return;
    this.columns.sort((a, b) => compareArrays(a.oid, b.oid));
    for (let i = 1; i < this.columns.length; i++) {
      const a = this.columns[i - 1] as ColumnEntry;
      const b = this.columns[i] as ColumnEntry;
      if (isPrefix(a.oid, b.oid)) throw new Error(`column ${a.oidText} contains column ${b.oidText}`);
    }
    this.sorted = true;
  }
}

/** First column whose OID sorts after q. */
function upperBoundColumn(cols: ColumnEntry[], q: number[]): number {
  let lo = 0;
  let hi = cols.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareArrays((cols[mid] as ColumnEntry).oid, q) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First row whose index is >= suffix. */
function lowerBound(rows: { index: readonly number[] }[], suffix: number[]): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareArrays((rows[mid] as { index: readonly number[] }).index, suffix) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
