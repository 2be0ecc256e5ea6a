/**
 * Device logs: syslog lines the tenants' OLTs and MikroTik routers send to the worker's receiver, stored
 * per tenant and device with what the parsers read from them. REST routes (under `/api/v1`):
 *   GET /logs?deviceId&kind&severity&from&to&search&sort&order&page&pageSize   [2002] → DeviceLogList
 *   GET /logs/devices                                                          [2002] → LogDevice[]
 * Socket: `device.log.lines` (batched) to the staff rooms of the line's OLT (never to share links).
 */

import type { Paged, PageQuery } from '../identity/types';

/** What a line says happened (see the shared syslog README's tables). */
export const LOG_EVENT_KINDS = [
  'ppp-up',
  'ppp-down',
  'ppp-terminating',
  'ppp-auth-ok',
  'ppp-auth-fail',
  'pppoe-discovery',
  'admin-login',
  'admin-logout',
  'onu-up',
  'onu-down',
  'onu-oam-ok',
  'onu-port-down',
  'pon-down',
  'other',
] as const;
export type LogEventKind = (typeof LOG_EVENT_KINDS)[number];

export const LOG_EVENT_KIND_LABELS: Record<LogEventKind, string> = {
  'ppp-up': 'PPP connected',
  'ppp-down': 'PPP disconnected',
  'ppp-terminating': 'PPP terminating',
  'ppp-auth-ok': 'PPP authenticated',
  'ppp-auth-fail': 'PPP login failed',
  'pppoe-discovery': 'PPPoE discovery',
  'admin-login': 'Admin login',
  'admin-logout': 'Admin logout',
  'onu-up': 'ONU up',
  'onu-down': 'ONU down',
  'onu-oam-ok': 'ONU OAM up',
  'onu-port-down': 'ONU LAN port down',
  'pon-down': 'PON down',
  other: 'Other',
};

/** Syslog severities, by their number (RFC 5424 §6.2.1: 0 emergency … 7 debug). */
export const LOG_SEVERITIES = [
  'emergency',
  'alert',
  'critical',
  'error',
  'warning',
  'notice',
  'info',
  'debug',
] as const;
export type LogSeverity = (typeof LOG_SEVERITIES)[number];

/** Whose syslog a parser reads. */
export const LOG_VENDORS = ['mikrotik', 'bdcom', 'vsol', 'cdata', 'hsgq'] as const;
export type LogVendor = (typeof LOG_VENDORS)[number];

/** The devices a line can come from: an OLT (its management address) or its MikroTik router. */
export const LOG_DEVICE_KINDS = ['olt', 'router'] as const;
export type LogDeviceKind = (typeof LOG_DEVICE_KINDS)[number];

export const LOG_SORTS = ['receivedAt', 'device', 'message'] as const;
export type LogSort = (typeof LOG_SORTS)[number];

export const LOG_PAGE_SIZE = 20;
/**
 * Matches are counted up to this many (a `total` above it means "at least"), and a list sorted by device
 * or by message sorts the newest this many matches: over millions of lines a filter narrows it further.
 */
export const LOG_COUNT_CAP = 10_000;
/** Lines the Live Log List keeps on screen; older ones fall off the end. */
export const LIVE_LOG_MAX_LINES = 500;
/** A line longer than this is cut (and marked as cut) before it is parsed or stored. */
export const LOG_LINE_MAX_CHARS = 2048;

/** A device in the log filter: `id` is `<kind>:<olt id>`. */
export interface LogDevice {
  id: string;
  kind: LogDeviceKind;
  oltId: string;
  /** The short name shown in the logs. */
  name: string;
  /** The address its lines come from. */
  address: string;
}

/** One stored line. */
export interface DeviceLogLine {
  id: string;
  /** When the receiver got it (what the list sorts and filters by). */
  receivedAt: string;
  /** The time the device wrote in the line, as written (clocks of OLTs are often unset). */
  deviceTime: string | null;
  deviceId: string;
  deviceKind: LogDeviceKind;
  oltId: string;
  deviceName: string;
  severity: LogSeverity | null;
  kind: LogEventKind;
  /** The line's message, without its syslog header. */
  message: string;
  /** ONU interface or PON/ONU as the line names it (`EPON0/1:3`, `PON 0/3 ONU 50`). */
  onu: string | null;
  mac: string | null;
  serial: string | null;
  pppoeUser: string | null;
  reason: string | null;
}

export interface DeviceLogList extends Paged<DeviceLogLine> {
  /** Sorted by device or message with more matches than LOG_COUNT_CAP: the newest this many were sorted. */
  sortedWithin: number | null;
}

export interface DeviceLogQuery extends PageQuery {
  deviceId?: string;
  kind?: LogEventKind;
  /** This severity and worse. */
  severity?: LogSeverity;
  /** ISO 8601 times, `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  sort?: LogSort;
  order?: 'asc' | 'desc';
}

/** New lines of one OLT's devices, as the receiver stored them. */
export interface DeviceLogLinesEvent {
  oltId: string;
  lines: DeviceLogLine[];
}

export const logDeviceId = (kind: LogDeviceKind, oltId: string): string => `${kind}:${oltId}`;

export function parseLogDeviceId(id: string): { kind: LogDeviceKind; oltId: string } | null {
  const m = /^(olt|router):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(id);
  return m ? { kind: m[1] as LogDeviceKind, oltId: m[2].toLowerCase() } : null;
}
