import type { OnuRecord, OnuStatus } from '../types';

/** A record with every reading absent: drivers fill what the device reports, the rest stays null. */
export function emptyOnu(
  ponPort: number,
  onuId: number,
  ifName: string,
  status: OnuStatus = 'unknown',
): OnuRecord {
  return {
    ponPort,
    onuId,
    ifName,
    mac: null,
    serial: null,
    status,
    statusRaw: null,
    description: null,
    distanceM: null,
    lastDeregReason: null,
    lastDeregReasonRaw: null,
    lastDeregTime: null,
    lastRegTime: null,
    vendor: null,
    model: null,
    rxDbm: null,
    txDbm: null,
    temperatureC: null,
    voltageV: null,
    biasMa: null,
    oltRxDbm: null,
  };
}

export function sortOnus<T extends { ponPort: number; onuId: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.ponPort - b.ponPort || a.onuId - b.onuId);
}

export function normalizeMacInput(mac: string): string | null {
  const hex = mac
    .trim()
    .toLowerCase()
    .replace(/[.:\-\s]/g, '');
  return /^[0-9a-f]{12}$/.test(hex) ? hex.replace(/(..)(?!$)/g, '$1:') : null;
}
