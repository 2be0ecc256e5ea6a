/** Plain-text tables for people: fixed columns, `-` for absent values. */
export type Cell = string | number | boolean | null | undefined;

export function formatCell(v: Cell): string {
  if (v === null || v === undefined || v === '') return '-';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
  // One row per line: multi-line sysDescr and the like are folded.
  return String(v).replace(/\s*[\r\n]+\s*/g, ' / ');
}

export function renderTable(
  allColumns: readonly { key: string; title: string }[],
  rows: readonly Record<string, Cell>[],
): string {
  // Columns the device never filled only add noise to a terminal.
  const columns =
    rows.length === 0
      ? allColumns
      : allColumns.filter((c) =>
          rows.some((r) => r[c.key] !== null && r[c.key] !== undefined && r[c.key] !== ''),
        );
  const cells = rows.map((r) => columns.map((c) => formatCell(r[c.key])));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((row) => row[i].length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join(
    '\n',
  );
}

export function renderKeyValues(obj: Record<string, Cell>): string {
  const w = Math.max(...Object.keys(obj).map((k) => k.length));
  return Object.entries(obj)
    .map(([k, v]) => `${k.padEnd(w)}  ${formatCell(v)}`)
    .join('\n');
}
