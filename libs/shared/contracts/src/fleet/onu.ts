/**
 * ONU contracts. REST routes (under `/api/v1`):
 *   GET /onus?oltId&ponPort&status&reason&signal&search&sort&order&page&pageSize [2007] → OnuList
 *   GET /olt-ports/onus (same query)                                        [2003] → OnuList
 *   GET /onus/filters                                          [2007|2003|2008] → OnuFilters
 * Filtering, search (every text field, case-insensitive), sorting and paging all happen on the server.
 */
import type { RxThreshold } from './dashboard';
import type { OltModeCode, OnuDownReasonCode, OnuReading, OnuStatusCode } from './vocabulary';

export const ONU_SORTS = [
  'olt',
  'ponPort',
  'onuId',
  'vendor',
  'distance',
  'description',
  'status',
  'rx',
  'tx',
  /** An online ONU is being seen: it sorts as the latest; an offline one by its `lastSeenAt`. */
  'lastSeen',
] as const;
export type OnuSort = (typeof ONU_SORTS)[number];

export interface OnuQuery {
  oltId?: string;
  ponPort?: number;
  status?: OnuStatusCode;
  reason?: OnuDownReasonCode;
  /** Only ONUs whose rx is at or below this threshold (`RX_THRESHOLDS_DBM`), e.g. the dashboard's 24+ card. */
  signal?: RxThreshold;
  search?: string;
  sort?: OnuSort;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export interface OnuRow extends OnuReading {
  id: string;
  oltId: string;
  oltName: string;
  oltCode: string;
  pppoeIds: string[];
  lastSeenAt: string | null;
  statusChangedAt: string | null;
}

export interface OnuList {
  items: OnuRow[];
  total: number;
  page: number;
  pageSize: number;
  counts: { total: number; online: number; offline: number; reasons: Record<OnuDownReasonCode, number> };
}

/** What the ONU screens can filter by: the OLTs the user may see and the PON ports that hold ONUs. */
export interface OnuFilters {
  olts: { id: string; code: string; name: string; mode: OltModeCode; ponPorts: number[] }[];
}
