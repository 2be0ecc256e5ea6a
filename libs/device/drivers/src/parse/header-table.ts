/**
 * Tables read by their header labels, not by positions. Firmware versions of one OLT print the same listing with
 * other column orders, extra columns and one- or two-line headers (`ONT_ID` vs `ONT` over `ID`); a parser that
 * keys on labels reads them all, and one that meets a label it does not know says so instead of shifting numbers
 * into the wrong fields. The same column definitions render the simulator's tables, so drift shows in round trips.
 */
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { col, lines } from '../profiles/cli-common';

/** One column as a device prints it: its header text (one line, or a top and a bottom line) and its width. */
export interface HeaderColumn<F extends string> {
  field: F;
  top: string;
  bottom?: string;
  /** Character width when rendering (the parser never relies on it). */
  width: number;
}

export type TableLayout<F extends string> = readonly HeaderColumn<F>[];

export interface TableSpec<F extends string> {
  /** The command (or what) the table answers, for error messages. */
  what: string;
  /** Every layout seen on some firmware; their labels form the vocabulary. */
  layouts: readonly TableLayout<F>[];
  /** Fields the caller cannot do without. */
  required: readonly F[];
  /** Cell checks that tell a data row from separators, footers and elisions. */
  rowTest: Partial<Record<F, RegExp>>;
  /** The field that takes the rest of the line (free text with spaces), when it is the last column. */
  rest?: F;
}

export interface ParsedTable<F extends string> {
  columns: readonly F[];
  rows: Partial<Record<F, string>>[];
}

/** `ONT_ID`, `ONT ID`, `Ont-Id` and `ont id` are one label; `F/S` → `fs`, `Rx(dBm)` → `rxdbm`. */
export function normalizeLabel(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]/g, '');
}

interface Word {
  text: string;
  at: number;
}

function words(line: string): Word[] {
  return [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], at: m.index }));
}

const SEPARATOR = /^\s*-{3,}[\s-]*$/;
const MAX_LABEL_WORDS = 4;

function vocabulary<F extends string>(spec: TableSpec<F>): Map<string, F> {
  const out = new Map<string, F>();
  for (const layout of spec.layouts)
    for (const c of layout) out.set(normalizeLabel(`${c.top}${c.bottom ?? ''}`), c.field);
  return out;
}

/**
 * Groups the top line's words into known labels, longest first; a bottom line's word belongs to the top word it
 * starts under (or after). Returns the fields in order and the words no label explains.
 */
function matchHeader<F extends string>(
  top: Word[],
  bottom: Word[],
  vocab: Map<string, F>,
): { fields: F[]; unknown: string[] } {
  const under = top.map(() => [] as string[]);
  for (const w of bottom) {
    let owner = -1;
    top.forEach((t, i) => {
      if (t.at <= w.at) owner = i;
    });
    if (owner < 0) return { fields: [], unknown: [w.text] };
    under[owner].push(w.text);
  }
  const fields: F[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < top.length;) {
    let matched = 0;
    for (let n = Math.min(MAX_LABEL_WORDS, top.length - i); n >= 1 && matched === 0; n--) {
      const label = [...top.slice(i, i + n).map((w) => w.text), ...under.slice(i, i + n).flat()].join('');
      const field = vocab.get(normalizeLabel(label));
      if (field !== undefined) {
        fields.push(field);
        matched = n;
      }
    }
    if (matched === 0) {
      unknown.push([top[i].text, ...under[i]].join(' '));
      matched = 1;
    }
    i += matched;
  }
  return { fields, unknown };
}

/** At least two known labels and no more unknown words than known ones: a header, maybe of another firmware. */
const looksLikeHeader = (known: number, unknown: number): boolean => known >= 2 && unknown <= known;

function unsupported(what: string, detail: string): DriverError {
  return new DriverError(DriverErrorCode.UNSUPPORTED_OUTPUT, `${what}: ${detail}`);
}

interface FoundHeader<F extends string> {
  fields: F[];
  /** Index of the first line after the header. */
  next: number;
}

function findHeader<F extends string>(
  all: string[],
  spec: TableSpec<F>,
  vocab: Map<string, F>,
): FoundHeader<F> {
  for (let i = 0; i < all.length; i++) {
    const top = words(all[i]);
    if (top.length < 2) continue;
    const below = all[i + 1] ?? '';
    const two = below.trim() !== '' && !SEPARATOR.test(below) ? matchHeader(top, words(below), vocab) : null;
    if (two && two.unknown.length === 0 && two.fields.length >= 2) return { fields: two.fields, next: i + 2 };
    const one = matchHeader(top, [], vocab);
    if (one.unknown.length === 0 && one.fields.length >= 2) return { fields: one.fields, next: i + 1 };
    const best = two && two.fields.length > one.fields.length ? two : one;
    if (looksLikeHeader(best.fields.length, best.unknown.length))
      throw unsupported(spec.what, `unknown column(s) ${best.unknown.map((u) => `"${u}"`).join(', ')}`);
  }
  const expected = spec.layouts[0].map((c) => [c.top, c.bottom].filter(Boolean).join(' ')).join(' | ');
  throw unsupported(spec.what, `no table header found (expected columns like ${expected})`);
}

function readRow<F extends string>(line: string, fields: readonly F[], spec: TableSpec<F>) {
  const cells = [...line.matchAll(/\S+/g)];
  const last = fields.length - 1;
  const restAtEnd = spec.rest !== undefined && fields[last] === spec.rest;
  // More cells than columns: a layout this parser does not know after all.
  if (!restAtEnd && cells.length > fields.length) return null;
  const values = cells.slice(0, restAtEnd ? last : fields.length).map((m) => m[0]);
  const tail = cells[last];
  if (restAtEnd && tail !== undefined) values.push(line.slice(tail.index).trim());
  const row: Partial<Record<F, string>> = {};
  values.forEach((c, i) => (row[fields[i]] = c));
  for (const [field, test] of Object.entries(spec.rowTest) as [F, RegExp][]) {
    const v = row[field];
    if (fields.includes(field) && (v === undefined || !test.test(v))) return null;
  }
  return row;
}

/**
 * Reads the first table of `text` whose header labels are all known to `spec`. Rows are the lines after the
 * header whose key cells pass `rowTest`; the table ends at the first other line once rows have started
 * (separators and `...` elisions excepted). A header with no rows is zero rows.
 */
export function readHeaderTable<F extends string>(text: string, spec: TableSpec<F>): ParsedTable<F> {
  const vocab = vocabulary(spec);
  const all = lines(text);
  const { fields, next } = findHeader(all, spec, vocab);
  const missing = spec.required.filter((f) => !fields.includes(f));
  if (missing.length > 0) throw unsupported(spec.what, `the table has no ${missing.join(', ')} column`);
  const rows: Partial<Record<F, string>>[] = [];
  for (const line of all.slice(next)) {
    if (line.trim() === '' && rows.length === 0) continue;
    if (SEPARATOR.test(line) || /^\s*\.\.\.\s*$/.test(line)) continue;
    const row = readRow(line, fields, spec);
    if (row) rows.push(row);
    else if (rows.length > 0) break;
  }
  return { columns: fields, rows };
}

/** The header line(s) of a layout, padded to its widths (the bottom line only when some column has one). */
export function renderHeader<F extends string>(layout: TableLayout<F>, indent = '  '): string[] {
  const top = indent + layout.map((c) => col(c.top, c.width)).join('');
  if (!layout.some((c) => c.bottom)) return [top.trimEnd()];
  const bottom = indent + layout.map((c) => col(c.bottom ?? '', c.width)).join('');
  return [top.trimEnd(), bottom.trimEnd()];
}

/** One data row under `renderHeader`: each cell at its column's start (absent cells end the row early). */
export function renderRow<F extends string>(
  layout: TableLayout<F>,
  cells: Partial<Record<F, string | number | null>>,
  indent = '  ',
): string {
  let out = '';
  for (const c of layout) {
    const v = cells[c.field];
    if (v === null || v === undefined) break;
    const text = String(v);
    // A cell as wide as its column still needs a space before the next one.
    out += text.length >= c.width ? `${text} ` : col(text, c.width);
  }
  return (indent + out).trimEnd();
}
