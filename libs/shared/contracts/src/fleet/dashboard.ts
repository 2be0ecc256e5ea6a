/**
 * Dashboard contracts. REST routes (under `/api/v1`, permission 2008):
 *   GET /dashboard                              → DashboardSummary
 *   GET /dashboard/band-members?band&page&pageSize → SignalBandMembers (the popup table of one dB group)
 */
import type { OltModeCode } from './vocabulary';
/**
 * The one rule for every rx threshold on every screen (bands, the "24+ dB" card, the -28/-30 columns,
 * the ONU list's signal filter, rx colours): a reading exactly on a bound belongs to the WEAKER side.
 * So -24.00 dBm is "24+ dB" and Fair, -23.99 is Good; a band holds readings above `min` up to and
 * including `max`.
 */
export const RX_THRESHOLDS_DBM = { weak24: -24, below28: -28, below30: -30 } as const;
export type RxThreshold = keyof typeof RX_THRESHOLDS_DBM;
export const RX_THRESHOLDS = Object.keys(RX_THRESHOLDS_DBM) as RxThreshold[];

/** True when the reading is at or weaker than `dbm` (on the bound counts as weaker). */
export function rxAtOrBelow(rxDbm: number | null, dbm: number): boolean {
  return rxDbm !== null && rxDbm <= dbm;
}

/** The same test in SQL, for counting and filtering in the database. */
export function rxAtOrBelowSql(column: string, dbm: number): string {
  return `(${column} IS NOT NULL AND ${column} <= ${Number(dbm)})`;
}

export const SIGNAL_BANDS = [
  {
    key: 'excellent',
    name: 'Excellent',
    color: '#2e7d32',
    min: -20,
    max: null,
    description: 'Stronger than -20 dBm: short or lightly split drop.',
  },
  {
    key: 'good',
    name: 'Good',
    color: '#66bb6a',
    min: RX_THRESHOLDS_DBM.weak24,
    max: -20,
    description: 'Stronger than -24 dBm, up to -20 dBm: healthy signal.',
  },
  {
    key: 'fair',
    name: 'Fair',
    color: '#f9a825',
    min: -27,
    max: RX_THRESHOLDS_DBM.weak24,
    description: '-24 dBm down to just above -27 dBm: fine today, worth watching.',
  },
  {
    key: 'weak',
    name: 'Weak',
    color: '#ef6c00',
    min: RX_THRESHOLDS_DBM.below30,
    max: -27,
    description: '-27 dBm down to just above -30 dBm: check connectors and splices.',
  },
  {
    key: 'critical',
    name: 'Critical',
    color: '#c62828',
    min: null,
    max: RX_THRESHOLDS_DBM.below30,
    description: '-30 dBm or weaker: near the receiver limit, expect drops.',
  },
] as const;
export type SignalBandKey = (typeof SIGNAL_BANDS)[number]['key'];

type Band = (typeof SIGNAL_BANDS)[number];

/** The band of an rx reading (above `min`, up to and including `max`); `null` without a reading. */
export function signalBand(rxDbm: number | null): SignalBandKey | null {
  if (rxDbm === null) return null;
  for (const b of SIGNAL_BANDS as readonly Band[])
    if ((b.min === null || rxDbm > b.min) && (b.max === null || rxDbm <= b.max)) return b.key;
  return null;
}

/** SQL condition for one band, from the same bounds and rule as `signalBand()`. */
export function signalBandSql(key: SignalBandKey, column: string): string {
  const band = (SIGNAL_BANDS as readonly Band[]).find((b) => b.key === key);
  if (!band) throw new Error(`unknown band ${key}`);
  const parts = [`${column} IS NOT NULL`];
  if (band.min !== null) parts.push(`${column} > ${band.min}`);
  if (band.max !== null) parts.push(`${column} <= ${band.max}`);
  return `(${parts.join(' AND ')})`;
}

/** PON port capacity and colour thresholds (spec: GPON 128 with 100/120, EPON 64 with 50/60). */
export const PORT_CAPACITY = {
  gpon: { capacity: 128, warning: 100, danger: 120 },
  epon: { capacity: 64, warning: 50, danger: 60 },
} as const;

export interface DashboardSummary {
  oltCount: number;
  ponPortCount: number;
  /** ONUs whose rx is -24 dBm or weaker (the "24+ dB" card; `rxAtOrBelow(rx, RX_THRESHOLDS_DBM.weak24)`). */
  weakOnuCount: number;
  offlineOnuCount: number;
  onuCount: number;
  bands: { key: SignalBandKey; name: string; color: string; description: string; count: number }[];
  portUsage: Record<
    OltModeCode,
    { oltId: string; oltName: string; ports: { ponPort: number; count: number }[] }[]
  >;
  olts: {
    oltId: string;
    code: string;
    name: string;
    dataPortCount: number;
    below28: number;
    below30: number;
  }[];
}

export interface SignalBandMembers {
  band: SignalBandKey;
  items: {
    onuRef: string;
    oltId: string;
    oltName: string;
    ponPort: number;
    onuId: number;
    ifName: string;
    pppoeIds: string[];
    rxDbm: number;
  }[];
  total: number;
  page: number;
  pageSize: number;
}
