/**
 * Monitoring contracts: one ONU, its PPPoE page and the device actions on it. REST routes (under `/api/v1`;
 * "ONU codes" = 2007 Olt Data Port, 2003 Olt Port or 2008 Dashboard, any one of them):
 *   GET    /pppoe?q&limit                          [ONU codes] → PppoeSuggestions (substring, top 20)
 *   GET    /pppoe/:pppoeId                         [ONU codes] → PppoeLookup (several matches = duplicate id)
 *   GET    /onus/:id                               [ONU codes] → OnuDetail
 *   PATCH  /onus/:id        UpdateOnuDataRequest   [2007|2003] → OnuDetail ('Updated Successfully!')
 *   DELETE /onus/:id                              [2007|2003] → 204 (the stored record only; 'Deleted Successfully!')
 *   GET    /onus/:id/signal?day&tz                 [ONU codes] → SignalHistory (a day, or the last 90 days)
 *   GET    /onus/:id/signal-days?tz                [ONU codes] → SignalDay[] (days with samples, newest first)
 *   GET    /onus/:id/events?page&pageSize          [ONU codes] → OnuEventList (went offline / came back)
 *   POST   /onus/:id/read-signal                   [ONU codes] → OnuSignalReading (live, through the worker)
 *   POST   /onus/:id/realtime                      [ONU codes] → OnuRealtime (live, through the worker)
 *   POST   /onus/:id/reboot                       [2007|2003] → OnuWriteStarted (see device-writes.ts)
 *   POST   /onus/:id/clear                              [2010] → OnuActionResult (deletes the ONU on the OLT)
 *   GET    /olts/:id/write-paths              [2003|2007|2010] → OltWritePaths
 *   POST   /olts/:id/telnet-check                       [2010] → TelnetCheckResult
 * Every device action and every change is audited.
 */
import { PORT_CAPACITY, RX_THRESHOLDS_DBM, rxAtOrBelow } from './dashboard';
import type { OnuRow } from './onu';
import type { OltBrandCode, OltModeCode, OltStatus, OnuDownReasonCode, OnuStatusCode } from './vocabulary';

export const PPPOE_SUGGESTION_LIMIT = 20;
/** The PPPoE page's "All" range; longer than a week is drawn from hourly rollups. */
export const SIGNAL_HISTORY_DAYS = 90;
export const SIGNAL_RAW_MAX_DAYS = 7;
/** Down count on the PPPoE page covers this many days (spec: last 30 days). */
export const DOWN_COUNT_DAYS = 30;

export interface PppoeSuggestions {
  items: string[];
}

export interface PortUsage {
  /** ONUs stored on this PON port. */
  count: number;
  capacity: number;
  warning: number;
  danger: number;
}

export interface OnuDetail extends OnuRow {
  oltBrand: OltBrandCode;
  oltMode: OltModeCode;
  oltStatus: OltStatus;
  /** The PPPoE ids were set by an operator (Update Data) rather than read from the description. */
  pppoeManual: boolean;
  portUsage: PortUsage;
  lastDownAt: string | null;
  /**
   * Drops in the last DOWN_COUNT_DAYS days: the PPPoE session drops of its ids once the tenant's routers
   * have reported any drop at all (`downCountSource` `sessions`), else the times the ONU went offline (`onu`).
   */
  downCount: number;
  downCountSource: 'sessions' | 'onu';
  /** The latest session event of the ONU's PPPoE ids, from the routers. */
  lastSession: { at: string; action: 'up' | 'down'; ip: string | null; mac: string | null } | null;
  /** The sample before the latest one: the 'Previous dBm' row. */
  previous: { rxDbm: number; at: string } | null;
  latestSampleAt: string | null;
}

export interface PppoeLookup {
  pppoeId: string;
  /** Every ONU that carries the id; more than one means 'Duplicate PPPOE ID Detect'. */
  matches: OnuDetail[];
}

export interface UpdateOnuDataRequest {
  /** The PPPoE ids of this subscriber line; an empty list goes back to the ids in the OLT's description. */
  pppoeIds: string[];
  /** Interface name of the ONU that carries them (as the OLT writes it); another one moves the ids there. */
  ifName: string;
}

export interface SignalPoint {
  at: string;
  rxDbm: number;
  /** Present on hourly rollups. */
  rxMin?: number;
  rxMax?: number;
}

export interface SignalHistory {
  resolution: 'raw' | 'hourly';
  from: string;
  to: string;
  points: SignalPoint[];
}

export interface SignalDay {
  /** YYYY-MM-DD in the requested time zone. */
  day: string;
  count: number;
}

export interface OnuStatusEventRow {
  id: string;
  at: string;
  from: OnuStatusCode | null;
  to: OnuStatusCode;
  reason: OnuDownReasonCode | null;
  reasonRaw: string | null;
}

export interface OnuEventList {
  items: OnuStatusEventRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OnuSignalReading {
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  /** What the OLT receives from the ONU, where the device reports it. */
  oltRxDbm: number | null;
  readAt: string;
}

export interface OnuHistoryEntry {
  /** As the OLT writes it (device clocks are often unset). */
  time: string | null;
  event: 'up' | 'down' | 'other';
  reason: OnuDownReasonCode | null;
  reasonRaw: string | null;
}

export interface OnuRealtime {
  readAt: string;
  mode: OltModeCode;
  status: OltStatus;
  statusRaw: string | null;
  ifName: string;
  description: string | null;
  distanceM: number | null;
  mac: string | null;
  serial: string | null;
  vendor: string | null;
  model: string | null;
  lastRegTime: string | null;
  lastDeregTime: string | null;
  lastDeregReason: OnuDownReasonCode | null;
  lastDeregReasonRaw: string | null;
  /** Seconds since it came online, from our own records (device clocks are often wrong). */
  onlineSeconds: number | null;
  optics: OnuSignalReading;
  /** Deactivation (GPON) or up/down (EPON) log; null when the device keeps none we can read. */
  history: OnuHistoryEntry[] | null;
  historyCounts: { up: number; down: number; other: number };
  reasonSummary: { reason: OnuDownReasonCode; count: number }[];
}

export interface OnuActionResult {
  ok: true;
  message: string;
}

export interface TelnetCheckResult {
  ok: boolean;
  prompt: string | null;
  error: string | null;
}

/** Colour of a port-usage bar for a count of ONUs on one port. */
export function portUsageLevel(mode: OltModeCode, count: number): 'success' | 'warning' | 'error' {
  const t = PORT_CAPACITY[mode];
  if (count >= t.danger) return 'error';
  if (count >= t.warning) return 'warning';
  return 'success';
}

/**
 * Rx colouring of the search popup and lists (spec 2 §2.5): above -24 good, down to -30 warning, weaker
 * danger; a reading on a bound is the weaker side, as everywhere (`RX_THRESHOLDS_DBM`).
 */
export function rxLevel(rxDbm: number | null): 'success' | 'warning' | 'error' | 'default' {
  if (rxDbm === null) return 'default';
  if (!rxAtOrBelow(rxDbm, RX_THRESHOLDS_DBM.weak24)) return 'success';
  if (!rxAtOrBelow(rxDbm, RX_THRESHOLDS_DBM.below30)) return 'warning';
  return 'error';
}
