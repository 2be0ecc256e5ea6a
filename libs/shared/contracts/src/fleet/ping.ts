/**
 * IP monitor (servers pinged every second) and POP power monitoring. REST routes (under `/api/v1`):
 *   GET    /monitor/servers?search                  [2012] → MonitorServer[] (each with its last points)
 *   POST   /monitor/servers       multipart form    [2012] → MonitorServer ('Server created successfully!')
 *            fields: name, ip, latencyLimitMs (default 50), logo (image file, optional)
 *   PATCH  /monitor/servers/:id   multipart form    [2012] → MonitorServer ('Server updated successfully!')
 *            fields: as POST, all optional; removeLogo=true drops the logo
 *   DELETE /monitor/servers/:id                     [2012] → 204 ('Server deleted successfully!')
 *   GET    /monitor/servers/:id/history?hours       [2012] → LatencyHistory (per minute; hours 1–24, default 24)
 *   GET    /monitor/logos/:file                   [public] → the logo (random 128-bit names, like photos)
 *   GET    /pops?search                             [2013] → PopRow[] (Area List: every POP, no paging)
 *   GET    /pops/options        [2011|2013|2014|2015] → PopOption[] (for selects and filters)
 *   POST   /pops                PopRequest          [2013] → PopRow
 *   PATCH  /pops/:id            Partial<PopRequest> [2013] → PopRow
 *   DELETE /pops/:id                                [2013] → 204 (its power sources and their log go too)
 *   GET    /pop-sources?search                      [2015] → PopSourceRow[] (Pop List: all, no paging)
 *   POST   /pop-sources         PopSourceRequest    [2015] → PopSourceRow
 *   PATCH  /pop-sources/:id     Partial<…>          [2015] → PopSourceRow
 *   DELETE /pop-sources/:id                         [2015] → 204
 *   GET    /pop-monitor                             [2014] → PopMonitor (summary cards and the POP cards)
 *   GET    /pop-outages?popId&from&to&search&sort&order&page&pageSize [2011] → PopOutageList
 *   GET    /services?search                         [2016] → ServiceRow[]
 *   POST   /services            ServiceRequest      [2016] → ServiceRow
 *   PATCH  /services/:id        Partial<…>          [2016] → ServiceRow
 *   DELETE /services/:id                            [2016] → 204
 * Every change is audited. Cross-tenant ids answer 404.
 *
 * Live (Socket.IO), to the rooms of the users holding the code (`permissionRoom`):
 *   'monitor.servers.samples'  [2012]            each second: the servers' latest point and state
 *   'pop.sources.changed'      [2011|2014|2015]  a power source went down or came back (with the outage)
 */
import type { Paged, PageQuery } from '../identity/types';

/** Default latency limit of a server (spec: 50 ms). */
export const DEFAULT_LATENCY_LIMIT_MS = 50;
export const LATENCY_LIMIT_MAX_MS = 60_000;
/** Points a server card's chart keeps (spec: last 10). */
export const SERVER_CHART_POINTS = 10;
/** A server's 24 h history is drawn from per-minute rollups. */
export const LATENCY_HISTORY_MAX_HOURS = 24;
/** Raw 1 s results are kept this long; per-minute rollups for `PING_ROLLUP_DAYS`. */
export const PING_RAW_HOURS = 24;
export const PING_ROLLUP_DAYS = 90;
/** Logos: images only, checked by their content, at most this size. */
export const SERVER_LOGO_MAX_BYTES = 512 * 1024;
export const SERVER_NAME_MAX = 100;
export const POP_NAME_MAX = 100;
export const SERVICE_NAME_MAX = 100;
/** A POP's alive time (its grace before a silent power source counts as down), in minutes. */
export const POP_ALIVE_MINUTES_MAX = 24 * 60;
export const POP_OUTAGE_PAGE_SIZE = 20;

/**
 * ok: answering within its limit; alert: slower than its limit or not answering; unknown: no result
 * yet (just added, or the prober is not running).
 */
export const SERVER_STATES = ['ok', 'alert', 'unknown'] as const;
export type ServerState = (typeof SERVER_STATES)[number];
/** Why a server is in alert. */
export type ServerAlertReason = 'slow' | 'no-answer';

/** One probe result: round-trip time in ms, or null when no reply came within the timeout. */
export interface LatencyPoint {
  at: string;
  rttMs: number | null;
}

export interface MonitorServer {
  id: string;
  name: string;
  ip: string;
  latencyLimitMs: number;
  /** `/api/v1/monitor/logos/<file>`, or null. */
  logoUrl: string | null;
  state: ServerState;
  alertReason: ServerAlertReason | null;
  /** When the state last changed (null while unknown). */
  stateSince: string | null;
  /** The latest point's rtt (null: lost or none yet). */
  lastRttMs: number | null;
  /** Share of probes lost over the last minute, 0–100, null before the first probe. */
  lossPct: number | null;
  /** The last `SERVER_CHART_POINTS` points, oldest first. */
  recent: LatencyPoint[];
  createdAt: string;
}

export interface LatencyMinute {
  /** Start of the minute. */
  at: string;
  sent: number;
  received: number;
  minMs: number | null;
  avgMs: number | null;
  maxMs: number | null;
  lossPct: number;
}

export interface LatencyHistory {
  serverId: string;
  from: string;
  to: string;
  minutes: LatencyMinute[];
}

/** The socket's per-second message: every server of the tenant that was probed in that second. */
export interface ServerSamplesEvent {
  at: string;
  samples: {
    id: string;
    rttMs: number | null;
    state: ServerState;
    alertReason: ServerAlertReason | null;
    stateSince: string | null;
  }[];
}

// ---- POPs ----------------------------------------------------------------------------------------

/** Power sources of a POP: a device on the generator's circuit and one on the mains ('electric'). */
export const POP_SOURCE_TYPES = ['generator', 'electric'] as const;
export type PopSourceType = (typeof POP_SOURCE_TYPES)[number];
export const POP_SOURCE_TYPE_LABELS: Record<PopSourceType, string> = { generator: 'Gen', electric: 'Elc' };
/** up: answering (or silent for less than its alive time); down: silent longer; unknown: not probed yet. */
export const POP_SOURCE_STATES = ['up', 'down', 'unknown'] as const;
export type PopSourceState = (typeof POP_SOURCE_STATES)[number];

/**
 * What the spec's badges say (spec 3 §4): mains (elc) up is good and down bad; the generator is the
 * other way round, running (answering) means the mains failed. Green = true.
 */
export const popSourceBadgeGood = (type: PopSourceType, state: PopSourceState): boolean | null =>
  state === 'unknown' ? null : type === 'electric' ? state === 'up' : state === 'down';

export interface PopOption {
  id: string;
  name: string;
}

/** A POP (the Area List's row): name, area name and branch. */
export interface PopRow {
  id: string;
  name: string;
  areaName: string | null;
  branchId: string | null;
  branchName: string | null;
  /** Power sources watched at this POP. */
  sourceCount: number;
  createdAt: string;
}

export interface PopRequest {
  name: string;
  areaName?: string | null;
  branchId?: string | null;
}

/** A watched power source (the Pop List's row). */
export interface PopSourceRow {
  id: string;
  popId: string;
  popName: string;
  ip: string;
  type: PopSourceType;
  /** Grace before silence counts as down, in minutes (spec 'Pop Alive Time', default 0). */
  aliveMinutes: number;
  state: PopSourceState;
  /** When the state last changed. */
  stateSince: string | null;
  lastReplyAt: string | null;
  createdAt: string;
}

export interface PopSourceRequest {
  popId: string;
  ip: string;
  type: PopSourceType;
  aliveMinutes?: number;
}

/** The POP dashboard (spec: Total, Generator Up/Down, Electric Up/Down) and its cards. */
export interface PopMonitor {
  total: number;
  generator: { up: number; down: number };
  electric: { up: number; down: number };
  /** One card per power source, down first, then by POP name. */
  cards: PopSourceRow[];
}

/** One outage of one power source: from its last reply to its first reply after. */
export interface PopOutageRow {
  id: string;
  sourceId: string;
  popId: string;
  popName: string;
  ip: string;
  type: PopSourceType;
  downAt: string;
  /** null while the outage goes on. */
  upAt: string | null;
  /** Whole minutes down (so far, while it goes on). */
  downMinutes: number;
}

export const POP_OUTAGE_SORTS = ['downAt', 'upAt', 'downMinutes', 'ip', 'popName'] as const;
export type PopOutageSort = (typeof POP_OUTAGE_SORTS)[number];

export interface PopOutageQuery extends PageQuery {
  popId?: string;
  from?: string;
  to?: string;
  search?: string;
  sort?: PopOutageSort;
  order?: 'asc' | 'desc';
}

export type PopOutageList = Paged<PopOutageRow>;

export interface PopSourcesChangedEvent {
  at: string;
  sources: {
    id: string;
    popId: string;
    state: PopSourceState;
    stateSince: string;
    lastReplyAt: string | null;
    /** The outage this change opened or closed. */
    outage: PopOutageRow | null;
  }[];
}

// ---- Services ------------------------------------------------------------------------------------

export interface ServiceRow {
  id: string;
  name: string;
  active: boolean;
  createdAt: string;
}

export interface ServiceRequest {
  name: string;
  active?: boolean;
}

// ---- Messages (spec 3 §8) ------------------------------------------------------------------------

export const PING_MESSAGES = {
  serverCreated: 'Server created successfully!',
  serverUpdated: 'Server updated successfully!',
  serverDeleted: 'Server deleted successfully!',
  serverIdMissing: 'Server ID is missing',
  saveFailed: 'An error occurred. Please try again.',
  deleteFailed: 'An error occurred while deleting the server.',
  deleteTitle: 'Are you sure?',
  deleteText: 'Want to delete this server?',
  deleteConfirm: 'Yes, delete it!',
  deleteCancel: 'No, keep it',
  popLogEmpty: 'No Logs available. Please add one.',
  popsEmpty: 'No POPs available. Please add one.',
} as const;
