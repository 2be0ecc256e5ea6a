import type { DashboardSummary } from '@pondesk/contracts';

export type SignalBandSummary = DashboardSummary['bands'][number];

/** ONUs in no band: offline ONUs and those not read yet have no rx reading. */
export function unreadCount(summary: Pick<DashboardSummary, 'onuCount' | 'bands'>): number {
  const banded = summary.bands.reduce((sum, b) => sum + b.count, 0);
  return Math.max(0, summary.onuCount - banded);
}

/** Each band's share of the ONUs that have a reading, in percent (0 for all when none has). */
export function bandShares(bands: readonly SignalBandSummary[]): number[] {
  const total = bands.reduce((sum, b) => sum + b.count, 0);
  return bands.map((b) => (total ? (b.count / total) * 100 : 0));
}

/** One page of rows kept in the browser (1-based page, clamped to the last one). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const last = Math.max(1, Math.ceil(rows.length / pageSize));
  const p = Math.min(Math.max(1, Math.floor(page)), last);
  return rows.slice((p - 1) * pageSize, p * pageSize);
}

/** "3,008" for captions; the stat cards keep the plain number. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
