import type { OltStatus, OnuDownReasonCode, OnuStatusCode } from './fleet/vocabulary';

/** Payloads of the events the server pushes to browsers, keyed by event name (`domain.entity.verb`). */
export interface OnuStatusChangedEvent {
  oltId: string;
  onuRef: string;
  ponPort: number;
  onuId: number;
  ifName: string;
  pppoeIds: string[];
  from: OnuStatusCode | null;
  to: OnuStatusCode;
  reason: OnuDownReasonCode | null;
  reasonRaw: string | null;
  at: string;
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
  'onu.status.changed': (payload: OnuStatusChangedEvent) => void;
  'olt.poll.finished': (payload: OltPollFinishedEvent) => void;
  'olt.reachability.changed': (payload: OltReachabilityChangedEvent) => void;
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
