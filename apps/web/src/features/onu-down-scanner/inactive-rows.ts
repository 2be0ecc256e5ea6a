import {
  ONU_DOWN_REASON_LABELS,
  parseMac,
  type InactiveOnuRow,
  type OltBrandCode,
  type OltModeCode,
  type ScanOlt,
} from '@pondesk/contracts';
import { ponInterface } from '../../shared/scans/pon-interface';

/**
 * The ONU down scanner's table: which columns each OLT type shows and how their values read (spec 2 §2.7),
 * the table search and sort. Pure, so the words are tested.
 */
export const NA = 'N/A';
export const LOS_TEXT = 'Fiber Down / Optical Power Issue';

/** One inactive ONU with the OLT that reported it (a type view lists the ONUs of several OLTs). */
export interface ScannerRow {
  key: string;
  olt: ScanOlt;
  onu: InactiveOnuRow;
}

export type CellKind = 'text' | 'mono' | 'status' | 'pppoe' | 'rx';

export interface InactiveColumn {
  key: string;
  header: string;
  kind: CellKind;
  /** What the cell shows, and what the table search looks in. */
  text: (r: ScannerRow) => string;
  /** What the column sorts by when not its text: numbers by value (empty first). */
  value?: (r: ScannerRow) => number | null;
}

export type BadgeColor = 'success' | 'warning' | 'error' | 'default';

/** 'wire-down' → 'Wire Down', 'LOSi' → 'Losi'. */
export function capitaliseWords(text: string): string {
  return text
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** MAC addresses as lower-case colon pairs; 'N/A' without one (text that is no MAC is shown as written). */
export function formatScanMac(mac: string | null | undefined): string {
  const t = (mac ?? '').trim();
  if (!t) return NA;
  return parseMac(t) ?? t;
}

/** How an OLT type writes its times in the table: as written, date | time (V-SOL/C-Data EPON), date only (AVIES). */
export type TimeStyle = 'plain' | 'bar' | 'date';

/** An OLT's own time text; 'N/A' when empty or at 2000-01-01 (the date of an OLT whose clock was never set). */
export function formatOltTime(text: string | null | undefined, style: TimeStyle = 'plain'): string {
  const t = (text ?? '').trim();
  if (!t || /2000[-/.]01[-/.]01/.test(t)) return NA;
  if (style === 'bar') return t.replace(/\s+/, ' | ');
  if (style === 'date') return t.split(/[\sT]/)[0];
  return t;
}

const isLosRaw = (raw: string | null) => !!raw && /^\s*losi?\s*$/i.test(raw);

/** A LOS is shown as 'Fiber Down / Optical Power Issue'; other reasons by their label, else the OLT's word. */
export function reasonText(onu: Pick<InactiveOnuRow, 'reason' | 'reasonRaw'>): string {
  if (onu.reason === 'los' || (!onu.reason && isLosRaw(onu.reasonRaw))) return LOS_TEXT;
  if (onu.reason && onu.reason !== 'unknown') return ONU_DOWN_REASON_LABELS[onu.reason];
  const raw = onu.reasonRaw?.trim();
  if (raw && raw.toUpperCase() !== NA) return capitaliseWords(raw);
  return onu.reason ? ONU_DOWN_REASON_LABELS[onu.reason] : NA;
}

export function formatDistanceM(metres: number | null): string {
  if (metres === null || !Number.isFinite(metres)) return NA;
  return metres >= 1000 ? `${(metres / 1000).toFixed(2)} km` : `${Math.round(metres)} m`;
}

export function formatRx(rxDbm: number | null): string {
  return rxDbm === null || !Number.isFinite(rxDbm) ? NA : `${rxDbm.toFixed(2)} dBm`;
}

export const pppoeText = (onu: Pick<InactiveOnuRow, 'pppoeIds'>): string =>
  onu.pppoeIds.length ? onu.pppoeIds.join(', ') : NA;

/**
 * The status badge. BDCOM GPON: offline 'Offline', anything else 'Disabled'. BDCOM EPON: its own word,
 * red when it says deregistered, green when registered, else amber. The others (V-SOL, C-Data, AVIES):
 * offline amber, disabled red, online green, 'Unknown' when the OLT gave nothing.
 */
export function statusBadge(
  brand: OltBrandCode,
  mode: OltModeCode,
  onu: Pick<InactiveOnuRow, 'status' | 'statusRaw'>,
): { label: string; color: BadgeColor } {
  const raw = onu.statusRaw?.trim() ?? '';
  if (brand === 'bdcom' && mode === 'gpon')
    return onu.status === 'offline'
      ? { label: 'Offline', color: 'warning' }
      : { label: 'Disabled', color: 'error' };
  if (brand === 'bdcom') {
    const word = raw || onu.status;
    const lower = word.toLowerCase();
    const label = word === 'unknown' ? 'Unknown' : word.charAt(0).toUpperCase() + word.slice(1);
    if (lower.includes('deregistered')) return { label, color: 'error' };
    if (lower.includes('registered')) return { label, color: 'success' };
    return { label, color: 'warning' };
  }
  if (onu.status === 'offline') return { label: 'Offline', color: 'warning' };
  if (onu.status === 'disabled') return { label: 'Disabled', color: 'error' };
  if (/^online$/i.test(raw)) return { label: 'Online', color: 'success' };
  return { label: raw ? capitaliseWords(raw) : 'Unknown', color: 'default' };
}

// The columns, each declared once; the types pick theirs below.
const col = {
  olt: { key: 'olt', header: 'OLT', kind: 'text', text: (r) => r.olt.name },
  interface: {
    key: 'interface',
    header: 'Interface',
    kind: 'mono',
    text: (r) => ponInterface(r.onu.ifName, r.onu.ponPort) || NA,
  },
  onuInterface: {
    key: 'onuInterface',
    header: 'ONU Interface',
    kind: 'mono',
    text: (r) => r.onu.ifName || NA,
  },
  port: {
    key: 'port',
    header: 'Port',
    kind: 'mono',
    text: (r) => String(r.onu.ponPort),
    value: (r) => r.onu.ponPort,
  },
  onuId: {
    key: 'onuId',
    header: 'ONU ID',
    kind: 'mono',
    text: (r) => String(r.onu.onuId),
    value: (r) => r.onu.onuId,
  },
  serial: { key: 'serial', header: 'Serial Number', kind: 'mono', text: (r) => r.onu.serial?.trim() || NA },
  serialShort: { key: 'serial', header: 'Serial', kind: 'mono', text: (r) => r.onu.serial?.trim() || NA },
  loid: { key: 'loid', header: 'LOID', kind: 'text', text: (r) => r.onu.description?.trim() || NA },
  name: { key: 'name', header: 'Name', kind: 'text', text: (r) => r.onu.description?.trim() || NA },
  macAddress: { key: 'mac', header: 'MAC Address', kind: 'mono', text: (r) => formatScanMac(r.onu.mac) },
  mac: { key: 'mac', header: 'MAC', kind: 'mono', text: (r) => formatScanMac(r.onu.mac) },
  onuType: { key: 'onuType', header: 'ONU Type', kind: 'text', text: (r) => r.onu.model?.trim() || NA },
  devType: { key: 'devType', header: 'Dev Type', kind: 'text', text: (r) => r.onu.vendor?.trim() || NA },
  distance: {
    key: 'distance',
    header: 'Distance',
    kind: 'text',
    text: (r) => formatDistanceM(r.onu.distanceM),
    value: (r) => r.onu.distanceM,
  },
  rx: {
    key: 'rx',
    header: 'Rx Power',
    kind: 'rx',
    text: (r) => formatRx(r.onu.rxDbm),
    value: (r) => r.onu.rxDbm,
  },
  pppoe: { key: 'pppoe', header: 'PPPOE ID', kind: 'pppoe', text: (r) => pppoeText(r.onu) },
} satisfies Record<string, InactiveColumn>;

const time = (
  key: string,
  header: string,
  field: 'lastDownTime' | 'lastUpTime',
  style: TimeStyle,
): InactiveColumn => ({
  key,
  header,
  kind: 'text',
  text: (r) => formatOltTime(r.onu[field], style),
});

const reason = (header: string): InactiveColumn => ({
  key: 'reason',
  header,
  kind: 'text',
  text: (r) => reasonText(r.onu),
});

const status = (brand: OltBrandCode, mode: OltModeCode): InactiveColumn => ({
  key: 'status',
  header: 'Status',
  kind: 'status',
  text: (r) => statusBadge(brand, mode, r.onu).label,
});

function typeColumns(brand: OltBrandCode, mode: OltModeCode): InactiveColumn[] | null {
  const s = status(brand, mode);
  if (brand === 'bdcom' && mode === 'gpon')
    return [
      col.interface,
      col.onuInterface,
      col.serial,
      col.loid,
      time('downTime', 'Deactive Time', 'lastDownTime', 'plain'),
      reason('Deactive Reason'),
      s,
    ];
  if (brand === 'bdcom' && mode === 'epon')
    return [
      col.interface,
      col.onuInterface,
      col.macAddress,
      time('upTime', 'Last Reg Time', 'lastUpTime', 'plain'),
      time('downTime', 'Last Dereg Time', 'lastDownTime', 'plain'),
      reason('Last Dereg Reason'),
      s,
    ];
  if ((brand === 'vsol' || brand === 'cdata') && mode === 'epon')
    return [
      col.interface,
      col.onuInterface,
      col.macAddress,
      col.distance,
      time('downTime', 'Last Dereg Time', 'lastDownTime', 'bar'),
      reason('Last Dereg Reason'),
      s,
    ];
  if ((brand === 'vsol' || brand === 'cdata') && mode === 'gpon')
    return [
      col.interface,
      col.onuInterface,
      col.serial,
      time('downTime', 'Down Time', 'lastDownTime', 'plain'),
      reason('Last Dereg Reason'),
      s,
    ];
  if (brand === 'avies')
    return [
      col.port,
      col.onuId,
      col.name,
      mode === 'epon' ? col.mac : col.serialShort,
      col.onuType,
      col.devType,
      col.distance,
      col.rx,
      time('downTime', 'Last Down Time', 'lastDownTime', 'date'),
      reason('Last Down Reason'),
      s,
    ];
  return null;
}

/**
 * The columns of an OLT type's table, with the PPPoE ids last and, when the table lists several OLTs, the
 * OLT first. Null for a type the scanner does not know.
 */
export function inactiveColumns(
  brand: OltBrandCode,
  mode: OltModeCode,
  withOlt = false,
): InactiveColumn[] | null {
  const columns = typeColumns(brand, mode);
  if (!columns) return null;
  return [...(withOlt ? [col.olt] : []), ...columns, col.pppoe];
}

/** Rows whose shown text contains the search (any column, any case); all rows for a blank search. */
export function filterRows(
  rows: readonly ScannerRow[],
  columns: readonly InactiveColumn[],
  search: string,
): ScannerRow[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...rows];
  return rows.filter((r) => columns.some((c) => c.text(r).toLowerCase().includes(q)));
}

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  key: string;
  order: SortOrder;
}

/** A first click sorts ascending; clicking the same column again flips the order. */
export function nextSort(current: SortState | null, key: string): SortState {
  return current?.key === key
    ? { key, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { key, order: 'asc' };
}

const collator = new Intl.Collator('en', { numeric: true });

/** What a column sorts by: its number, or its text lower-cased with 'N/A' as empty (''). */
function sortKey(column: InactiveColumn, row: ScannerRow): number | string {
  const v = column.value?.(row);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (column.value) return '';
  const text = column.text(row);
  return text === NA ? '' : text.toLowerCase();
}

export function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === '' || b === '') return a === b ? 0 : a === '' ? -1 : 1;
  return collator.compare(String(a), String(b));
}

/** Rows sorted by the column (a stable sort: equal rows keep their order); text compared lower-cased. */
export function sortRows(
  rows: readonly ScannerRow[],
  column: InactiveColumn,
  order: SortOrder,
): ScannerRow[] {
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, k: sortKey(column, row) }))
    .sort((x, y) => compareKeys(x.k, y.k) * sign || x.i - y.i)
    .map((x) => x.row);
}

/** Shared with the other screens that say how long ago something happened. */
export { formatAgo } from '../../shared/format';
