import {
  SERVER_CHART_POINTS,
  type LatencyPoint,
  type MonitorServer,
  type ServerSamplesEvent,
} from '@pondesk/contracts';

/** The window the loss share is taken over (the server's `lossPct` covers the same minute). */
export const LOSS_WINDOW_MS = 60_000;

/** One result pushed since the list was read: when, and whether the reply was lost. */
export interface PushedResult {
  at: number;
  lost: boolean;
}

/**
 * A card's server as the page shows it: the listed server, moved on by each second's pushed result
 * (`recent` keeps the last `SERVER_CHART_POINTS`), with the results pushed within the last minute.
 */
export interface LiveServer extends MonitorServer {
  pushed: PushedResult[];
}

export type LiveServersAction =
  { type: 'loaded'; servers: readonly MonitorServer[] } | { type: 'samples'; event: ServerSamplesEvent };

const time = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

const lastAt = (points: readonly LatencyPoint[]): number =>
  points.length ? time(points[points.length - 1].at) : -Infinity;

/** Both lists' points, each instant once (the later list's point wins), oldest first, cut to the chart's. */
export function mergePoints(
  current: readonly LatencyPoint[],
  incoming: readonly LatencyPoint[],
  max = SERVER_CHART_POINTS,
): LatencyPoint[] {
  const byTime = new Map<number, LatencyPoint>();
  for (const p of [...current, ...incoming]) byTime.set(time(p.at), p);
  return [...byTime.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, p]) => p)
    .slice(-max);
}

/**
 * The servers of a (re)read list. A server already on screen keeps the points and the state pushed
 * after the ones the list carries (the read may have left before them), and the pushed results the
 * list's loss share cannot include yet.
 */
export function loadServers(current: readonly LiveServer[], servers: readonly MonitorServer[]): LiveServer[] {
  const byId = new Map(current.map((s) => [s.id, s]));
  return servers.map((s) => {
    const prev = byId.get(s.id);
    if (!prev) return { ...s, pushed: [] };
    const listed = lastAt(s.recent);
    const newer = lastAt(prev.recent) > listed;
    const state = newer
      ? {
          state: prev.state,
          alertReason: prev.alertReason,
          stateSince: prev.stateSince,
          lastRttMs: prev.lastRttMs,
        }
      : {};
    return {
      ...s,
      ...state,
      recent: mergePoints(s.recent, newer ? prev.recent.filter((p) => time(p.at) > listed) : []),
      pushed: prev.pushed.filter((r) => r.at > listed),
    };
  });
}

/** One second's results: each listed server gets its point, state and latest rtt; others are left alone. */
export function applySamples(current: readonly LiveServer[], event: ServerSamplesEvent): LiveServer[] {
  const at = time(event.at);
  const byId = new Map(event.samples.map((s) => [s.id, s]));
  let changed = false;
  const next = current.map((server) => {
    const sample = byId.get(server.id);
    // A result the list already holds (or an older one arriving late) changes nothing.
    if (!sample || at <= lastAt(server.recent)) return server;
    changed = true;
    return {
      ...server,
      state: sample.state,
      alertReason: sample.alertReason,
      stateSince: sample.stateSince,
      lastRttMs: sample.rttMs,
      recent: [...server.recent, { at: event.at, rttMs: sample.rttMs }].slice(-SERVER_CHART_POINTS),
      pushed: [...server.pushed, { at, lost: sample.rttMs === null }].filter(
        (r) => r.at > at - LOSS_WINDOW_MS,
      ),
    };
  });
  return changed ? next : (current as LiveServer[]);
}

export function liveServersReducer(state: LiveServer[], action: LiveServersAction): LiveServer[] {
  return action.type === 'loaded' ? loadServers(state, action.servers) : applySamples(state, action.event);
}

/**
 * The share of replies lost over the last minute, 0–100 (null before any result). The list's figure
 * covers the minute before it was read; each pushed result then takes the place of one second of it,
 * until a whole minute of pushed results stands on its own.
 */
export function lossOverMinute(server: Pick<LiveServer, 'lossPct' | 'pushed'>): number | null {
  const n = server.pushed.length;
  if (!n) return server.lossPct;
  const lost = server.pushed.filter((r) => r.lost).length;
  const seconds = LOSS_WINDOW_MS / 1000;
  if (n >= seconds || server.lossPct === null) return (lost / n) * 100;
  return (server.lossPct * (seconds - n) + lost * 100) / seconds;
}
