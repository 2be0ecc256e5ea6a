import type { MonitorServer, ServerState } from '@pondesk/contracts';

/**
 * A round-trip time: hundredths under 1 ms (a LAN or loopback reply), tenths under 10 ms, whole
 * milliseconds above; `lost` when no reply came.
 */
export function formatLatency(rttMs: number | null | undefined, lost = 'No answer'): string {
  if (rttMs === null) return lost;
  if (rttMs === undefined || !Number.isFinite(rttMs)) return '—';
  if (Math.round(rttMs * 100) / 100 < 1) return `${rttMs.toFixed(2)} ms`;
  const tenths = Math.round(rttMs * 10) / 10;
  return tenths < 10 ? `${tenths.toFixed(1)} ms` : `${Math.round(rttMs)} ms`;
}

/** A loss share: a tenth of a percent below 10 %, whole percents above. */
export function formatLoss(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return '—';
  const p = Math.min(100, Math.max(0, pct));
  return p < 10 && !Number.isInteger(Math.round(p * 10) / 10) ? `${p.toFixed(1)}%` : `${Math.round(p)}%`;
}

/** The card's badge: the spec's 'ok' and 'alert', and 'waiting' before the first result. */
export function stateBadge(state: ServerState): { label: string; color: 'success' | 'error' | 'default' } {
  if (state === 'ok') return { label: 'ok', color: 'success' };
  if (state === 'alert') return { label: 'alert', color: 'error' };
  return { label: 'waiting', color: 'default' };
}

/** Why a card is red, in words (null when it is not). */
export function alertText(
  server: Pick<MonitorServer, 'state' | 'alertReason' | 'lastRttMs' | 'latencyLimitMs'>,
): string | null {
  if (server.state !== 'alert') return null;
  if (server.alertReason === 'no-answer') return 'Not answering';
  if (server.alertReason === 'slow')
    return server.lastRttMs === null
      ? `Over its ${server.latencyLimitMs} ms limit`
      : `Slow: ${formatLatency(server.lastRttMs)}, over its ${server.latencyLimitMs} ms limit`;
  return 'In alert';
}

/** What a card says when there is no result yet (just added, or the prober is not running). */
export const WAITING_TEXT = 'Waiting for the first reply';
