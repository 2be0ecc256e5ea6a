import {
  OLT_BRAND_LABELS,
  parseMac,
  type MacFindHit,
  type MacFindStarted,
  type ScanOlt,
  type ScanOptics,
} from '@pondesk/contracts';
import { formatDateTime } from '../../shared/format';
import { modeLabel } from '../../shared/scans/olt-groups';
import { ponInterface } from '../../shared/scans/pon-interface';
import { scanProgress, type OltScanEntry, type ScanState } from '../../shared/scans/scan-state';

/** What MAC find shows of a scan; pure, so the popup's words are tested here. */
export type MacScanState = ScanState<MacFindStarted>;

export const MAC_INVALID =
  'Not a MAC address. Use a form such as aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF or aabb.ccdd.eeff.';
export const CONNECTION_LOST =
  'The connection to the server dropped while this OLT was searched, so its answer may be lost.';
export const NO_OPTICS = 'No optical data available';
const EMPTY = '—';

/** The MAC to search for, or why not: `null` error means blank text (nothing happens, nothing is said). */
export function checkMac(text: string): { mac: string } | { error: string | null } {
  if (!text.trim()) return { error: null };
  const mac = parseMac(text);
  return mac ? { mac } : { error: MAC_INVALID };
}

/** How an OLT in the sidebar stands: `idle` before any search. */
export type MacOltState = 'idle' | 'pending' | 'done' | 'error' | 'hit';

export interface OltHits {
  hits: MacFindHit[];
  /** The last poll had the MAC here, but the OLT's live answer does not list it any more. */
  goneSinceLastPoll: boolean;
}

/**
 * What to show for one OLT: its live answer once it came; until then (or when it failed) what the last
 * poll stored.
 */
export function hitsFor(state: MacScanState, oltId: string): OltHits {
  const stored = state.scan?.stored.filter((h) => h.oltId === oltId) ?? [];
  const entry = state.entries[oltId];
  if (entry?.phase === 'done') {
    const live = entry.finished?.hits ?? [];
    return { hits: live, goneSinceLastPoll: live.length === 0 && stored.length > 0 };
  }
  return { hits: stored, goneSinceLastPoll: false };
}

export function macOltState(entry: OltScanEntry | undefined, liveHits: number): MacOltState {
  if (!entry) return 'idle';
  if (entry.phase === 'pending' || entry.phase === 'started') return 'pending';
  if (entry.phase === 'error') return 'error';
  return liveHits > 0 ? 'hit' : 'done';
}

/** OLTs with something to show (a live hit, or a stored one while the live answer is due or failed). */
export function activeOlts(state: MacScanState): ScanOlt[] {
  return (state.scan?.olts ?? []).filter((o) => hitsFor(state, o.id).hits.length > 0);
}

/**
 * The OLT to select by itself: the first to have data. Stored hits are there at once; then live answers
 * in the order they came.
 */
export function firstWithData(state: MacScanState): string | null {
  const olts = state.scan?.olts ?? [];
  const stored = olts.find((o) => state.scan?.stored.some((h) => h.oltId === o.id));
  if (stored) return stored.id;
  let first: { id: string; at: number } | null = null;
  for (const o of olts) {
    const e = state.entries[o.id];
    if (e?.phase !== 'done' || !e.finished?.hits?.length) continue;
    const at = Date.parse(e.finished.at) || 0;
    if (!first || at < first.at) first = { id: o.id, at };
  }
  return first?.id ?? null;
}

const olts = (n: number) => `${n} OLT${n === 1 ? '' : 's'}`;

export interface MacFindStatus {
  text: string;
  tone: 'info' | 'success' | 'warning';
  running: boolean;
  percent: number;
}

/** The progress line: "n of N OLTs answered", then what the search found. Null before any search. */
export function macFindStatus(state: MacScanState): MacFindStatus | null {
  if (!state.scan)
    return state.awaiting ? { text: 'Starting the search…', tone: 'info', running: true, percent: 0 } : null;
  const { mac } = state.scan;
  const p = scanProgress(state);
  if (p.total === 0)
    return {
      text: 'No OLT to search: no OLT is assigned to you.',
      tone: 'warning',
      running: false,
      percent: 0,
    };
  const failed = p.failed ? ` · ${p.failed} failed` : '';
  const answered = `${p.answered} of ${olts(p.total)} answered`;
  if (p.running)
    return {
      text: `Searching ${mac} · ${answered}${failed}`,
      tone: 'info',
      running: true,
      percent: p.percent,
    };
  const found = state.scan.olts.filter((o) => {
    const e = state.entries[o.id];
    return e?.phase === 'done' && !!e.finished?.hits?.length;
  }).length;
  if (found)
    return {
      text: `Found on ${olts(found)} · ${answered}${failed}`,
      tone: 'success',
      running: false,
      percent: 100,
    };
  const storedOnFailed = activeOlts(state).length;
  if (storedOnFailed)
    return {
      text: `No live result: ${mac} was not found on the OLTs that answered; the last poll saw it on ${olts(storedOnFailed)} that failed.`,
      tone: 'warning',
      running: false,
      percent: 100,
    };
  if (p.failed)
    return {
      text: `No result: ${mac} was not found on the ${olts(p.total - p.failed)} that answered; ${p.failed} failed (retry them from the list).`,
      tone: 'warning',
      running: false,
      percent: 100,
    };
  return {
    text:
      p.total === 1
        ? `No result: ${mac} was not found on the 1 OLT searched.`
        : `No result: ${mac} was not found on any of the ${p.total} OLTs.`,
    tone: 'info',
    running: false,
    percent: 100,
  };
}

export const hitTypeLabel = (kind: MacFindHit['kind']): string =>
  kind === 'onu' ? 'ONU MAC' : 'Learned behind ONU';

/** Basic Information of a hit, GPON Interface and ONU ID only when there is one. */
export function basicInfo(hit: MacFindHit, olt: ScanOlt): [string, string][] {
  const items: [string, string][] = [
    ['VLAN', hit.vlan === null ? EMPTY : String(hit.vlan)],
    ['MAC', hit.mac],
    ['Type', hitTypeLabel(hit.kind)],
    ['Port', hit.ifName ?? (hit.ponPort === null ? EMPTY : `PON ${hit.ponPort}`)],
    ['OLT ID', olt.code],
    ['OLT Brand', OLT_BRAND_LABELS[olt.brand] ?? olt.brand],
    ['OLT Mode', modeLabel(olt.mode)],
  ];
  if (olt.mode === 'gpon' && (hit.ifName || hit.ponPort !== null))
    items.push(['GPON Interface', ponInterface(hit.ifName, hit.ponPort)]);
  if (hit.onuId !== null) items.push(['ONU ID', String(hit.onuId)]);
  return items;
}

export function formatOptic(value: number | null, unit: string, digits = 2): string {
  return value === null || !Number.isFinite(value) ? EMPTY : `${value.toFixed(digits)} ${unit}`;
}

export interface OpticRow {
  label: string;
  value: string;
  /** The rx reading, coloured by the signal bands. */
  rxDbm?: number | null;
}

export function opticRows(optics: ScanOptics): OpticRow[] {
  return [
    { label: 'Temperature', value: formatOptic(optics.temperatureC, '°C', 1) },
    { label: 'Voltage', value: formatOptic(optics.voltageV, 'V') },
    { label: 'Current', value: formatOptic(optics.biasMa, 'mA') },
    { label: 'Rx Power', value: formatOptic(optics.rxDbm, 'dBm'), rxDbm: optics.rxDbm },
    { label: 'Tx Power', value: formatOptic(optics.txDbm, 'dBm') },
  ];
}

/** Where the optics come from: read now, or the last poll's reading (with its time). */
export function opticsCaption(hit: Pick<MacFindHit, 'opticsSource' | 'opticsAt'>): string | null {
  if (hit.opticsSource === 'live') return 'live';
  if (hit.opticsSource === 'stored')
    return hit.opticsAt ? `from last poll ${formatDateTime(hit.opticsAt)}` : 'from last poll';
  return null;
}
