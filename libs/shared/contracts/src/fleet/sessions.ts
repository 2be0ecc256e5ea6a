/**
 * PPPoE session events from the ISP's MikroTik routers (PPP profile on-up / on-down scripts posting with
 * `/tool fetch`), the Down Count List built from them, and the cause of each drop. REST routes (under
 * `/api/v1`):
 *   POST   /ingest/session-events                 [ingest key] → 202 IngestAccepted
 *   GET    /ingest/setup                                [2021] → IngestSetup (key, URL, scripts, routers)
 *   POST   /ingest/key/rotate                           [2021] → IngestSetup (the old key stops at once)
 *   GET    /down-counts?q&page&pageSize&sort&order      [2021] → DownCountList (last 30 days)
 *   GET    /down-counts/:pppoeId/history                [2021 or ONU codes] → SessionHistory
 *   DELETE /down-counts/:pppoeId                        [2021] → 204 (that PPPoE id's session events)
 * Socket: `session.events` (batched) to the tenant's users who see every OLT, and to those permitted on the
 * OLT of the ONU carrying each PPPoE id.
 */

import { DOWN_COUNT_DAYS } from './monitoring';

export const SESSION_ACTIONS = ['up', 'down'] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

/** The header a router sends its tenant's ingest key in (or the form field `key`, where it cannot set one). */
export const INGEST_KEY_HEADER = 'x-ingest-key';

/** The days the Down Count List and the PPPoE page's tile count (spec: 'Last 30 Days'). */
export const DOWN_COUNT_LIST_DAYS = DOWN_COUNT_DAYS;
export const DOWN_COUNT_PAGE_SIZE = 10;
/** Above this many drops in the window a count shows red (spec). */
export const DOWN_COUNT_ALARM = 100;

/**
 * Why a session dropped, from the ONU carrying the PPPoE id and its status around the drop: its power went
 * off, its fibre lost light, it stayed online (the router or PPP itself dropped), no ONU carries the id,
 * or not known yet (the OLT's next poll has not yet told).
 */
export const DROP_CAUSES = [
  'onu-power-off',
  'fibre-los',
  'onu-other',
  'onu-online',
  'onu-unknown',
  'pending',
] as const;
export type DropCause = (typeof DROP_CAUSES)[number];

export const DROP_CAUSE_LABELS: Record<DropCause, string> = {
  'onu-power-off': 'ONU power off',
  'fibre-los': 'fibre LOS',
  'onu-other': 'ONU went offline',
  'onu-online': 'ONU online: router or PPP only',
  'onu-unknown': 'ONU unknown',
  pending: 'Checking the ONU…',
};

/** What a router's script posts (RouterOS variable names; form-encoded or JSON). */
export interface SessionEventInput {
  user: string;
  'caller-id'?: string;
  'remote-address'?: string;
  interface?: string;
  action: SessionAction;
  router?: string;
  /** The router's clock, when the script sends it; the server's receive time is what counts. */
  time?: string;
  /** The ingest key, for routers that cannot set a header. */
  key?: string;
}

export interface IngestAccepted {
  accepted: true;
}

export interface IngestRouter {
  router: string;
  lastEventAt: string;
  lastAction: SessionAction;
  /** Events received from it in the last 24 hours. */
  events24h: number;
}

export interface IngestSetup {
  /** The tenant's ingest key (shown to 2021 holders only; the scripts carry it). */
  key: string;
  keyCreatedAt: string;
  /** Where routers post. */
  url: string;
  scripts: { v6: string; v7: string };
  /** The last event received per router, newest first. */
  routers: IngestRouter[];
}

export type DownCountSort = 'downCount' | 'pppoeId' | 'lastDownAt';

/** The ONU carrying a PPPoE id, as the Down Count List shows it. */
export interface DownCountOnu {
  id: string;
  oltId: string;
  oltName: string;
  ponPort: number;
  ifName: string;
  rxDbm: number | null;
  status: 'online' | 'offline';
  lastDeregReason: string | null;
}

export interface DownCountRow {
  pppoeId: string;
  downCount: number;
  lastDownAt: string | null;
  lastIp: string | null;
  lastMac: string | null;
  lastRouter: string | null;
  /** The VLAN of the subscriber's MAC where known. */
  vlanId: number | null;
  lastCause: DropCause | null;
  onu: DownCountOnu | null;
}

export interface DownCountList {
  items: DownCountRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SessionEventRow {
  id: string;
  at: string;
  action: SessionAction;
  ip: string | null;
  mac: string | null;
  router: string | null;
  /** Down events only. */
  cause: DropCause | null;
}

export interface SessionHistoryDay {
  /** YYYY-MM-DD in the requested time zone. */
  date: string;
  /** Down events that day. */
  count: number;
  events: SessionEventRow[];
}

export interface SessionHistory {
  pppoeId: string;
  /** Down events in the window. */
  total: number;
  days: SessionHistoryDay[];
}

/** A session event as the socket tells it. */
export interface SessionEventPushed {
  pppoeId: string;
  action: SessionAction;
  at: string;
  router: string | null;
}
