import {
  ROUTER_READ_MESSAGES,
  type RouterInfo,
  type SubscriberSession,
  type UpDownFigures,
} from '@pondesk/contracts';

/** Display helpers of the live session (read from the OLT's MikroTik). */

const RATE_UNITS = ['bps', 'kbps', 'Mbps', 'Gbps', 'Tbps'];
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** Three significant figures at most, so a changing figure keeps its width: 4.20, 42.0, 420. */
function scaled(value: number, base: number, units: readonly string[]): string {
  let v = value;
  let i = 0;
  while (Math.abs(v) >= base && i < units.length - 1) {
    v /= base;
    i++;
  }
  const digits = i === 0 ? 0 : Math.abs(v) < 10 ? 2 : Math.abs(v) < 100 ? 1 : 0;
  return `${v.toFixed(digits)} ${units[i]}`;
}

/** Bits per second as network rates are written (k = 1,000, as RouterOS counts rate limits). */
export function formatBps(bps: number | null | undefined): string {
  return bps === null || bps === undefined || !Number.isFinite(bps) || bps < 0
    ? '—'
    : scaled(bps, 1000, RATE_UNITS);
}

/** A byte count in binary units, as Winbox shows queue totals. */
export function formatBytes(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0
    ? '—'
    : scaled(bytes, 1024, BYTE_UNITS);
}

/** `upload / download`, each humanised; '—' when the router gave neither. */
export function formatUpDown(
  figures: UpDownFigures | null | undefined,
  format: (n: number | null) => string,
): string {
  return figures ? `${format(figures.upload)} / ${format(figures.download)}` : '—';
}

/** Why the router could not be read, in one line: the product's words, then the router's own. */
export function routerProblem(router: RouterInfo): string | null {
  if (router.state === 'ok') return null;
  const text = ROUTER_READ_MESSAGES[router.state];
  const detail = router.message?.trim().replace(/\.$/, '');
  return detail ? `${text} (${detail})` : text;
}

/** The unit is online when the router answered and its first active session has an uptime. */
export function sessionStatus(live: SubscriberSession | undefined): 'online' | 'offline' | null {
  if (!live || live.router.state !== 'ok') return null;
  return live.state === 'online' &&
    live.session?.uptimeSeconds !== null &&
    live.session?.uptimeSeconds !== undefined
    ? 'online'
    : 'offline';
}

/**
 * The session's uptime now: the router's figure plus the time since the browser received it (not since
 * the worker's `readAt`: the browser's clock need not agree with the worker's).
 */
export function liveUptimeSeconds(
  live: SubscriberSession | undefined,
  receivedAt: number,
  now: number,
): number | null {
  const up = live?.session?.uptimeSeconds;
  if (up === null || up === undefined) return null;
  return up + Math.max(0, Math.floor((now - receivedAt) / 1000));
}

/** One reading of the live chart; null rates leave a gap (no session at that read). */
export interface RatePoint {
  at: number;
  upload: number | null;
  download: number | null;
}

/**
 * The chart's readings with this answer added (once per read; a router that could not be read adds
 * nothing), the oldest dropped beyond `max`.
 */
export function appendRatePoint(
  points: readonly RatePoint[],
  live: SubscriberSession,
  max: number,
): RatePoint[] {
  if (live.router.state !== 'ok') return points as RatePoint[];
  const at = Date.parse(live.readAt);
  if (!Number.isFinite(at) || (points.length && points[points.length - 1].at >= at))
    return points as RatePoint[];
  const rate = live.session?.rateBps ?? null;
  const next = [...points, { at, upload: rate?.upload ?? null, download: rate?.download ?? null }];
  return next.length > max ? next.slice(next.length - max) : next;
}
