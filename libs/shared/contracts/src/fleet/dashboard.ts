/**
 * Dashboard contracts. REST routes (under `/api/v1`, permission 2008):
 *   GET /dashboard                              → DashboardSummary
 *   GET /dashboard/band-members?band&page&pageSize → SignalBandMembers (the popup table of one dB group)
 */
import type { OltModeCode } from './vocabulary';
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
    min: -24,
    max: -20,
    description: '-24 to -20 dBm: healthy signal.',
  },
  {
    key: 'fair',
    name: 'Fair',
    color: '#f9a825',
    min: -27,
    max: -24,
    description: '-27 to -24 dBm: fine today, worth watching.',
  },
  {
    key: 'weak',
    name: 'Weak',
    color: '#ef6c00',
    min: -30,
    max: -27,
    description: '-30 to -27 dBm: check connectors and splices.',
  },
  {
    key: 'critical',
    name: 'Critical',
    color: '#c62828',
    min: null,
    max: -30,
    description: 'Weaker than -30 dBm: near the receiver limit, expect drops.',
  },
] as const;
export type SignalBandKey = (typeof SIGNAL_BANDS)[number]['key'];

/** The band of an rx reading (lower bound inclusive); `null` without a reading. */
export function signalBand(rxDbm: number | null): SignalBandKey | null {
  if (rxDbm === null) return null;
  for (const b of SIGNAL_BANDS)
    if ((b.min === null || rxDbm >= b.min) && (b.max === null || rxDbm < b.max)) return b.key;
  return null;
}

/** PON port capacity and colour thresholds (spec: GPON 128 with 100/120, EPON 64 with 50/60). */
export const PORT_CAPACITY = {
  gpon: { capacity: 128, warning: 100, danger: 120 },
  epon: { capacity: 64, warning: 50, danger: 60 },
} as const;

export interface DashboardSummary {
  oltCount: number;
  ponPortCount: number;
  /** ONUs whose rx is -24 dBm or weaker (the "24+ dB" card). */
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
