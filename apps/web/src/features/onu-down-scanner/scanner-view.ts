import {
  isOltBrand,
  isOltMode,
  type InactiveScanResult,
  type OltBrandCode,
  type OltModeCode,
  type ScanOlt,
} from '@pondesk/contracts';
import { newerResult, type ScanProgress } from '../../shared/scans/scan-state';
import { formatAgo, type ScannerRow } from './inactive-rows';

/**
 * What the scanner shows: one OLT, or every OLT of one type (brand and mode share a table), which is
 * what an auto run ends on (spec 2 §2.7: "shows the results of the first OLT's type").
 */
export type ScannerView =
  { kind: 'olt'; oltId: string } | { kind: 'type'; brand: OltBrandCode; mode: OltModeCode };

/** The view as the OLT selector's value: `olt:<id>` or `type:<brand>:<mode>`. */
export function viewValue(view: ScannerView | null): string {
  if (!view) return '';
  return view.kind === 'olt' ? `olt:${view.oltId}` : `type:${view.brand}:${view.mode}`;
}

export function parseView(value: string): ScannerView | null {
  if (value.startsWith('olt:') && value.length > 4) return { kind: 'olt', oltId: value.slice(4) };
  const m = /^type:([^:]+):([^:]+)$/.exec(value);
  if (m && isOltBrand(m[1]) && isOltMode(m[2])) return { kind: 'type', brand: m[1], mode: m[2] };
  return null;
}

/** The OLTs a view lists, in the order given. */
export function viewOlts(view: ScannerView | null, olts: readonly ScanOlt[]): ScanOlt[] {
  if (!view) return [];
  if (view.kind === 'olt') return olts.filter((o) => o.id === view.oltId);
  return olts.filter((o) => o.brand === view.brand && o.mode === view.mode);
}

/** The type of this OLT as a view; just the OLT when it is the only one of its type. */
export function typeViewOf(olt: ScanOlt, olts: readonly ScanOlt[]): ScannerView {
  const same = olts.filter((o) => o.brand === olt.brand && o.mode === olt.mode);
  return same.length > 1
    ? { kind: 'type', brand: olt.brand, mode: olt.mode }
    : { kind: 'olt', oltId: olt.id };
}

/** Per OLT, the newer of its stored result and the one this page saw arrive. */
export function mergeResults(
  stored: readonly InactiveScanResult[] | undefined,
  live: Readonly<Record<string, InactiveScanResult>>,
  oltIds: readonly string[],
): Record<string, InactiveScanResult> {
  const out: Record<string, InactiveScanResult> = {};
  for (const id of oltIds) {
    const kept = newerResult(
      stored?.find((r) => r.oltId === id),
      live[id],
    );
    if (kept) out[id] = kept;
  }
  return out;
}

/** The table rows of the view's OLTs, in OLT order, each OLT's rows as it reported them. */
export function buildRows(
  olts: readonly ScanOlt[],
  results: Readonly<Record<string, InactiveScanResult>>,
): ScannerRow[] {
  return olts.flatMap((olt) =>
    (results[olt.id]?.rows ?? []).map((onu, i) => ({
      key: `${olt.id}|${onu.ifName}|${onu.ponPort}|${onu.onuId}|${i}`,
      olt,
      onu,
    })),
  );
}

/** "Scanned 3 min ago"; over several OLTs, the oldest and newest ("Scanned 2 h ago – 3 min ago"). */
export function scannedAtText(results: readonly InactiveScanResult[], now = Date.now()): string | null {
  const times = results.map((r) => Date.parse(r.scannedAt)).filter((t) => !Number.isNaN(t));
  if (!times.length) return null;
  const oldest = formatAgo(new Date(Math.min(...times)).toISOString(), now);
  const newest = formatAgo(new Date(Math.max(...times)).toISOString(), now);
  return oldest === newest ? `Scanned ${oldest}` : `Scanned ${oldest} – ${newest}`;
}

/** "Scanning 3 of 12 OLTs — Mirpur-1" while an auto run goes on. */
export function progressText(p: ScanProgress, stopping = false): string {
  if (stopping)
    return p.current
      ? `Stopping — waiting for ${p.current.name} to answer`
      : `Stopped after ${p.answered} of ${p.total} OLTs`;
  if (!p.running) return `Scanned ${p.answered} of ${p.total} OLTs${p.failed ? ` · ${p.failed} failed` : ''}`;
  const n = Math.min(p.total, p.answered + 1);
  return `Scanning ${n} of ${p.total} OLTs${p.current ? ` — ${p.current.name}` : ''}`;
}
