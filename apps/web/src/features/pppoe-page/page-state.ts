import { Permission, type OnuDetail } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';

/** How the page came to show the ONU it shows, when the PPPoE id is on one ONU or on several. */
export type MatchChoice = 'only' | 'chosen' | 'first' | 'stale';

/**
 * The ONU to show: the one named by `?onu=` when it carries the id, else the first match. 'stale' means
 * the link named an ONU that no longer carries the id.
 */
export function selectMatch(
  matches: readonly OnuDetail[],
  onuParam: string | null,
): { onu: OnuDetail | null; choice: MatchChoice } {
  if (!matches.length) return { onu: null, choice: 'only' };
  if (onuParam) {
    const chosen = matches.find((m) => m.id === onuParam);
    if (chosen) return { onu: chosen, choice: matches.length > 1 ? 'chosen' : 'only' };
    return { onu: matches[0], choice: 'stale' };
  }
  return { onu: matches[0], choice: matches.length > 1 ? 'first' : 'only' };
}

/**
 * Where the page sends the user once its ONU is gone (or was never found): an ONU list they may open,
 * else the dashboard.
 */
export function listLink(permissions: readonly number[]): { to: string; label: string } {
  if (permissions.includes(Permission.OltDataPort)) return { to: '/olt-data-ports', label: 'Olt Data Port' };
  if (permissions.includes(Permission.OltPort)) return { to: '/olt-ports', label: 'Olt Port' };
  return { to: '/dashboard', label: 'Dashboard' };
}

/** Update Data, Reboot and Delete are allowed to holders of either ONU list's code (the server's rule). */
export const canChangeOnus = (permissions: readonly number[]): boolean =>
  permissions.includes(Permission.OltDataPort) || permissions.includes(Permission.OltPort);

/** Width of the port usage bar in percent of capacity; an over-full port shows a full bar. */
export function portUsagePercent(count: number, capacity: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(capacity) || capacity <= 0 || count <= 0) return 0;
  return Math.min(100, (count / capacity) * 100);
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export type RealtimeFailure = { kind: 'unsupported' | 'failed'; message: string };

/** ONU Realtime's failure: 501 means the OLT's brand cannot do it ('404 Not Found' per spec). */
export function realtimeFailure(error: unknown): RealtimeFailure {
  if (error instanceof ApiError) {
    if (error.status === 501) return { kind: 'unsupported', message: error.body.message };
    return { kind: 'failed', message: error.body.message || 'The OLT could not be read.' };
  }
  return { kind: 'failed', message: error instanceof Error ? error.message : 'The OLT could not be read.' };
}

/** Spec 2 §9: logs show 6 entries until 'See More'. */
export const LOG_PREVIEW = 6;

export function previewList<T>(
  items: readonly T[],
  expanded: boolean,
  limit = LOG_PREVIEW,
): { shown: readonly T[]; hidden: number } {
  if (expanded || items.length <= limit) return { shown: items, hidden: 0 };
  return { shown: items.slice(0, limit), hidden: items.length - limit };
}

/**
 * A device log time ("2024/09/24 10:11:12", "2024-09-24 10:11", "2024-09-24T10:11:12") as a number
 * that sorts like the time, or null when it is missing or not a date. The device's clock zone is
 * unknown, so it is only good for ordering entries of one log.
 */
export function logTimeKey(time: string | null): number | null {
  const m = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(
    time ?? '',
  );
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

/**
 * A device log newest first. Devices list it in their own order (often oldest first); entries whose
 * time cannot be read keep their place relative to each other, after the dated ones.
 */
export function newestFirst<T extends { time: string | null }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index, key: logTimeKey(entry.time) }))
    .sort((a, b) => {
      if (a.key !== null && b.key !== null && a.key !== b.key) return b.key - a.key;
      if (a.key === null && b.key !== null) return 1;
      if (a.key !== null && b.key === null) return -1;
      // Same time, or neither dated: the later line in the device's list is the newer one.
      return a.key === null ? a.index - b.index : b.index - a.index;
    })
    .map((x) => x.entry);
}
