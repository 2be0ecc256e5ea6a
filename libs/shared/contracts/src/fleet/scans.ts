import type { OltBrandCode, OltModeCode, OltStatus, OnuDownReasonCode } from './vocabulary';

/**
 * Scans: work that fans out to every OLT a user may see, one worker job (one device session) per OLT,
 * whose results stream back over the socket OLT by OLT. Two kinds: MAC find (the search popup) and the
 * inactive-ONU scan (ONU Down Scanner).
 */
export const SCAN_KINDS = ['mac-find', 'inactive'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/**
 * A MAC address in the one spelling the product stores (`aa:bb:cc:dd:ee:ff`), from any common one:
 * `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff`, `aabbccddeeff` (spaces around ignored).
 * Null when the text is not a MAC address.
 */
export function parseMac(text: string): string | null {
  const t = text.trim().toLowerCase();
  const groups =
    /^([0-9a-f]{2})([:-]?)([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})$/.exec(
      t,
    ) ?? /^([0-9a-f]{2})([0-9a-f]{2})\.([0-9a-f]{2})([0-9a-f]{2})\.([0-9a-f]{2})([0-9a-f]{2})$/.exec(t);
  if (!groups) return null;
  const octets = groups.length === 8 ? [1, 3, 4, 5, 6, 7].map((i) => groups[i]) : groups.slice(1, 7);
  return octets.join(':');
}

/** An OLT a scan may cover, as the OLT pickers group them (by brand, then mode). */
export interface ScanOlt {
  id: string;
  code: string;
  name: string;
  brand: OltBrandCode;
  mode: OltModeCode;
  status: OltStatus;
}

/** Optics of an ONU, live or from the last poll (see `MacFindHit.opticsSource`). */
export interface ScanOptics {
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
}

/**
 * Where a MAC was found. `kind` `onu`: the ONU's own MAC; `learned`: a client device (the subscriber's
 * router) seen behind an ONU in the OLT's MAC table. `source` `stored`: from the last poll, shown at once;
 * `live`: read from the OLT now. The ONU's stored record (`onuRef`, PPPoE ids) is joined where the OLT
 * still lists it.
 */
export interface MacFindHit {
  oltId: string;
  source: 'stored' | 'live';
  kind: 'onu' | 'learned';
  mac: string;
  vlan: number | null;
  ponPort: number | null;
  onuId: number | null;
  /** The ONU's interface as the OLT names it (`EPON0/1:9`, `GPON0/3:12`). */
  ifName: string | null;
  onuRef: string | null;
  pppoeIds: string[];
  optics: ScanOptics | null;
  /** `live`: read from the OLT with this answer; `stored`: the last poll's reading (`opticsAt`). */
  opticsSource: 'live' | 'stored' | null;
  opticsAt: string | null;
}

/** One inactive ONU as its OLT reports it, with the PPPoE ids of the stored ONU at that place. */
export interface InactiveOnuRow {
  ponPort: number;
  onuId: number;
  ifName: string;
  mac: string | null;
  serial: string | null;
  /** The LOID or name the OLT holds for the ONU, where it reports one. */
  description: string | null;
  vendor: string | null;
  model: string | null;
  distanceM: number | null;
  rxDbm: number | null;
  status: 'offline' | 'disabled' | 'unknown';
  /** The OLT's own status word (`deregistered`, `Off-line`, `los`). */
  statusRaw: string | null;
  reason: OnuDownReasonCode | null;
  reasonRaw: string | null;
  /** Device-local time text as the OLT wrote it (OLT clocks are often unset). */
  lastDownTime: string | null;
  lastUpTime: string | null;
  onuRef: string | null;
  pppoeIds: string[];
}

/** Why an OLT's part of a scan has no answer. */
export type ScanFailureCode =
  | 'OLT_GONE'
  | 'OLT_BUSY'
  | 'UNSUPPORTED'
  | 'DEVICE'
  | 'CANCELLED'
  | 'TIMEOUT'
  | 'OUTCOME_UNKNOWN'
  | 'ONU_GONE';

export interface StartMacFind {
  mac: string;
  /** Limit the search to these OLTs (each must be one the user may see); all of them when absent. */
  oltIds?: string[];
}

export interface StartInactiveScan {
  /** The OLTs to scan, in this order; every OLT the user may see when absent (auto mode). */
  oltIds?: string[];
}

/** A scan just started: its id (the socket events carry it) and the OLTs it covers, in order. */
export interface ScanStarted {
  scanId: string;
  kind: ScanKind;
  olts: ScanOlt[];
  startedAt: string;
}

export interface MacFindStarted extends ScanStarted {
  kind: 'mac-find';
  /** The MAC as searched (`aa:bb:cc:dd:ee:ff`). */
  mac: string;
  /** ONUs whose own MAC this is, from the last poll; the live answers follow on the socket. */
  stored: MacFindHit[];
}

/** The last inactive scan of one OLT, kept for every user who may see the OLT. */
export interface InactiveScanResult {
  oltId: string;
  scannedAt: string;
  ok: boolean;
  code: ScanFailureCode | null;
  error: string | null;
  rows: InactiveOnuRow[];
  durationMs: number;
}

export interface InactiveScanResults {
  results: InactiveScanResult[];
}

export interface ScanOlts {
  olts: ScanOlt[];
}

/** The worker began the OLT's part of a scan (progress: the OLT being scanned). */
export interface ScanOltStartedEvent {
  scanId: string;
  kind: ScanKind;
  oltId: string;
  at: string;
}

/** One OLT's answer to a scan. `hits` for a MAC find, `result` for an inactive scan. */
export interface ScanOltFinishedEvent {
  scanId: string;
  kind: ScanKind;
  oltId: string;
  ok: boolean;
  code: ScanFailureCode | null;
  error: string | null;
  at: string;
  durationMs: number;
  hits?: MacFindHit[];
  result?: InactiveScanResult;
}

/** How many scans one user may start a minute (MAC finds and inactive scans each). */
export const SCANS_PER_USER_PER_MINUTE = 20;
