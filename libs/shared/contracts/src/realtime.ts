import type { ScanOltFinishedEvent, ScanOltStartedEvent } from './fleet/scans';
import type { SessionEventPushed } from './fleet/sessions';
import type { DeviceLogLinesEvent } from './fleet/logs';
import type { PopSourcesChangedEvent, ServerSamplesEvent } from './fleet/ping';
import type { SwitchPortsChanged, SwitchStatusChanged } from './fleet/switches';
import type { OnuWriteVerified } from './fleet/device-writes';
import type { PermissionCode } from './identity/permissions';
import type { OltStatus, OnuDownReasonCode, OnuStatusCode } from './fleet/vocabulary';

// Payloads of the events the server pushes to browsers, keyed by event name (`domain.entity.verb`).

/** One ONU's status change, as a poll, a port read or an ONU action found it. */
export interface OnuStatusChange {
  onuRef: string;
  ponPort: number;
  onuId: number;
  ifName: string;
  pppoeIds: string[];
  from: OnuStatusCode | null;
  to: OnuStatusCode;
  reason: OnuDownReasonCode | null;
  reasonRaw: string | null;
  /** When the change happened (the OLT's own time when it gave one), else when it was seen. */
  at: string;
}

/**
 * The ONU status changes one poll (or port read, or ONU action) found on one OLT, in one message: a PON
 * or city outage changes thousands of ONUs at once, and a message per ONU queued frames faster than
 * sockets took them (their heartbeats behind the backlog, then a ping timeout). Very large lists come in
 * several messages of at most `ONU_STATUS_CHANGES_PER_EVENT` changes each.
 */
export interface OnuStatusChangesEvent {
  oltId: string;
  /** When the poll (or read) that found these changes ran. */
  at: string;
  changes: OnuStatusChange[];
}

/** The most changes one `onu.status.changed` message carries, so one frame stays bounded (~0.5 MB). */
export const ONU_STATUS_CHANGES_PER_EVENT = 2000;

/**
 * The messages that publish `changes` of one OLT: one per `size` changes, in order; none when there
 * are no changes. The worker publishes through this, and tests that publish as the worker does reuse it.
 */
export function onuStatusChangesEvents(
  oltId: string,
  at: string,
  changes: readonly OnuStatusChange[],
  size: number = ONU_STATUS_CHANGES_PER_EVENT,
): OnuStatusChangesEvent[] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`size must be a positive integer, got ${size}`);
  const events: OnuStatusChangesEvent[] = [];
  for (let i = 0; i < changes.length; i += size)
    events.push({ oltId, at, changes: changes.slice(i, i + size) });
  return events;
}

export interface OltPollFinishedEvent {
  oltId: string;
  ok: boolean;
  durationMs: number;
  total: number;
  online: number;
  offline: number;
  changed: number;
  error?: string;
  at: string;
}

export interface OltReachabilityChangedEvent {
  oltId: string;
  status: OltStatus;
  previous: OltStatus;
  error?: string;
  at: string;
}

export interface ServerToClientEvents {
  'system.ping.received': (payload: { at: string; from: string; message: string }) => void;
  'onu.status.changed': (payload: OnuStatusChangesEvent) => void;
  'olt.poll.finished': (payload: OltPollFinishedEvent) => void;
  'olt.reachability.changed': (payload: OltReachabilityChangedEvent) => void;
  /** To the sockets of the session that started the scan only. */
  'scan.olt.started': (payload: ScanOltStartedEvent) => void;
  'scan.olt.finished': (payload: ScanOltFinishedEvent) => void;
  /** PPPoE session events from the routers, batched (a storm sends thousands a second). */
  'session.events': (payload: { events: SessionEventPushed[] }) => void;
  /** Syslog lines of one OLT and its router as the receiver stored them, batched; staff rooms only. */
  'device.log.lines': (payload: DeviceLogLinesEvent) => void;
  /** Each second: the IP monitor's servers probed in it, to the holders of 2012 (`permissionRoom`). */
  'monitor.servers.samples': (payload: ServerSamplesEvent) => void;
  /** POP power sources that went down or came back, to the holders of 2011, 2014 or 2015. */
  'pop.sources.changed': (payload: PopSourcesChangedEvent) => void;
  /** A switch poll found ports whose link, power band or readings changed, to the holders of 2004 or 2009. */
  'switch.ports.changed': (payload: SwitchPortsChanged) => void;
  /** A switch went online or offline, to the holders of 2004 or 2009. */
  'switch.status.changed': (payload: SwitchStatusChanged) => void;
  /** The verdict on an ONU write (a reboot seen going down and back, or not), to the session that sent it. */
  'onu.write.verified': (payload: OnuWriteVerified) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Browsers only listen; nothing is sent up the socket yet. */
export type ClientToServerEvents = Record<string, never>;

export const tenantRoom = (tenantId: string): string => `tenant:${tenantId}`;
/**
 * OLT-scoped events go to the OLT's room and to the room of the tenant's users who see every OLT, so a
 * user permitted on some OLTs never receives another OLT's ONUs.
 */
export const oltRoom = (oltId: string): string => `olt:${oltId}`;
export const allOltsRoom = (tenantId: string): string => `tenant:${tenantId}:all-olts`;
/**
 * The tenant's users holding one permission code: tenant-wide data that only some roles may see (the IP
 * monitor's servers, POP power) goes here, never to the whole tenant room. The gateway joins a staff
 * socket to the rooms of the `PERMISSION_ROOM_CODES` its role holds, by the same rule as the HTTP guard (the
 * exact code; 2000 is not a master key), and moves it when roles change.
 */
export const permissionRoom = (tenantId: string, code: PermissionCode): string =>
  `tenant:${tenantId}:code:${code}`;
/** The codes that have a permission room. */
export const PERMISSION_ROOM_CODES: readonly PermissionCode[] = [2004, 2009, 2011, 2012, 2014, 2015];
/** The codes whose holders see switches (the list, the graph, the dashboard table). */
export const SWITCH_ROOM_CODES = [2004, 2009] as const satisfies readonly PermissionCode[];

/** Every socket of one sign-in session: what a user started (a scan) is told to them alone. */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** Every socket opened with one share link: revoking the link (or setting a new text) closes them. */
export const shareRoom = (tokenId: string): string => `share:${tokenId}`;
/**
 * Share-link sockets have rooms of their own, apart from staff's: a read-only viewer hears only what is
 * sent to these rooms on purpose (never PPPoE sessions, scans or anything a later feature sends staff).
 */
export const sharedOltRoom = (oltId: string): string => `shared-olt:${oltId}`;
export const sharedAllOltsRoom = (tenantId: string): string => `shared-all-olts:${tenantId}`;

/**
 * Where an event about one OLT goes: to its staff (the OLT's room and the tenant's every-OLT room) and,
 * in a copy without the device's own error text (`forViewers`), to the share links that show the OLT.
 */
export const oltEventRooms = (olt: {
  id: string;
  tenantId: string;
}): { staff: string[]; viewers: string[] } => ({
  staff: [allOltsRoom(olt.tenantId), oltRoom(olt.id)],
  viewers: [sharedAllOltsRoom(olt.tenantId), sharedOltRoom(olt.id)],
});

/** An OLT event as a share link's viewer gets it: a device's error text can name addresses and is left out. */
export function forViewers<T extends object>(payload: T): T {
  if (!('error' in payload)) return payload;
  const copy: Record<string, unknown> = { ...payload };
  delete copy.error;
  return copy as T;
}

/** Claims of the short-lived access token (also used to authenticate the socket). */
export interface AccessTokenClaims {
  sub: string;
  tid: string;
  typ: 'access';
  /** Session id: logout or a hold revokes the session and with it every access token it issued. */
  sid?: string;
  /** Set only on the platform administrator's tokens (no tenant). */
  pa?: boolean;
}
