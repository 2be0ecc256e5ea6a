/**
 * Switches: management, optics polling, the port list and the port graph. REST routes (under `/api/v1`):
 *   GET    /switches?search&sort&order&page&pageSize  [2004]      → SwitchList (Manage tab; 20 a page)
 *   GET    /switches/catalogue                        [2004]      → SwitchCatalogue (brands, OLT choices)
 *   GET    /switches/options                          [2004|2009] → SwitchOption[] (filters, graph selector)
 *   POST   /switches            SwitchRequest         [2004]      → 201 SwitchRow ('Submitted Successfully!')
 *   GET    /switches/:id                              [2004]      → SwitchRow
 *   PATCH  /switches/:id        UpdateSwitchRequest   [2004]      → SwitchRow ('Updated Successfully!')
 *   DELETE /switches/:id                              [2004]      → 204 (soft: hidden and no longer polled)
 *   POST   /switches/:id/poll                         [2004]      → 202 { queued: true }
 *   POST   /switches/check      SwitchCheckRequest    [2004]      → SwitchCheckResponse (live SNMP check by the
 *            worker: the port field's valid / invalid; with `detect` the brand found, for 'Detect')
 *   GET    /switch-ports?switchId&port&search&sort&order&page&pageSize [2004|2009] → SwitchPortList
 *   GET    /switch-ports/:id/history?from&to          [2004|2009] → SwitchPortHistory
 * The community is sealed at rest and never returned (`hasCommunity` says one is stored). Every change is
 * audited (`switch.create`, `switch.update`, `switch.delete`, `switch.check.refused`). Cross-tenant ids
 * answer 404.
 *
 * Live (Socket.IO), to the rooms of the users holding 2004 or 2009 (`permissionRoom`):
 *   'switch.ports.changed'   a poll found ports whose link, power band or readings changed (with events)
 *   'switch.status.changed'  a switch went online or offline
 */
import type { ExpiryState } from '../billing/billing';
import type { Paged, PageQuery } from '../identity/types';

/** The brands of the form's select, and the optics driver each one is read with. */
export const SWITCH_BRANDS = [
  { code: 'snr', label: 'SNR', kind: 'snr' },
  { code: 'cisco', label: 'Cisco', kind: 'cisco' },
  { code: 'mikrotik', label: 'MikroTik', kind: 'mikrotik' },
  { code: 'bdcom', label: 'BDCOM', kind: 'nms-if' },
  { code: 'fs', label: 'FS', kind: 'nms-if' },
  { code: 'other', label: 'Other (ENTITY-SENSOR-MIB)', kind: 'entity-sensor' },
] as const;
export type SwitchBrandCode = (typeof SWITCH_BRANDS)[number]['code'];
export type SwitchOpticsKindCode = (typeof SWITCH_BRANDS)[number]['kind'];
export const SWITCH_BRAND_CODES = SWITCH_BRANDS.map((b) => b.code) as readonly SwitchBrandCode[];
export const isSwitchBrandCode = (v: unknown): v is SwitchBrandCode =>
  (SWITCH_BRAND_CODES as readonly unknown[]).includes(v);
export const switchOpticsKind = (brand: SwitchBrandCode): SwitchOpticsKindCode =>
  SWITCH_BRANDS.find((b) => b.code === brand)!.kind;
/** The brand a detected optics kind is shown as ('nms-if' could be BDCOM or FS: BDCOM is chosen). */
export const switchBrandOfKind = (kind: SwitchOpticsKindCode): SwitchBrandCode =>
  SWITCH_BRANDS.find((b) => b.kind === kind)!.code;

/** Data Collection Ratio: minutes between two polls of a switch. */
export const SWITCH_POLL_MINUTES = { min: 1, max: 60, default: 5 } as const;
/** Db Alert Range: a port receiving less than this (dBm) is critical; within `SWITCH_RX_WARNING_MARGIN_DB` above it, warning. */
export const SWITCH_RX_ALERT_DBM = { min: -40, max: 0, default: -20 } as const;
export const SWITCH_RX_WARNING_MARGIN_DB = 3;
export const SWITCH_NAME_MAX = 100;
export const SWITCH_DESCRIPTION_MAX = 500;
export const SWITCH_PORTS_PAGE_SIZE = 20;
export const SWITCH_LIST_PAGE_SIZE = 20;
/** Port history: raw samples up to this span, hourly rollups beyond it. */
export const SWITCH_HISTORY_RAW_MAX_HOURS = 48;
export const SWITCH_HISTORY_MAX_DAYS = 90;

export type SwitchStatus = 'online' | 'offline' | 'unknown';
export type SwitchLink = 'up' | 'down' | 'unknown';
/**
 * A port's power badge: down (no link: red), critical (rx below the switch's alert range: red), warning
 * (within the margin above it: amber), good (green), none (no optics reading: grey).
 */
export const SWITCH_PORT_POWERS = ['down', 'critical', 'warning', 'good', 'none'] as const;
export type SwitchPortPower = (typeof SWITCH_PORT_POWERS)[number];

/** The badge of a port from its link, its rx and its switch's alert level; the server stores it, the web app shows it. */
export function switchPortPower(link: SwitchLink, rxDbm: number | null, alertDbm: number): SwitchPortPower {
  if (link === 'down') return 'down';
  if (rxDbm === null) return 'none';
  if (rxDbm < alertDbm) return 'critical';
  if (rxDbm < alertDbm + SWITCH_RX_WARNING_MARGIN_DB) return 'warning';
  return 'good';
}

export const SWITCH_MESSAGES = {
  created: 'Submitted Successfully!',
  updated: 'Updated Successfully!',
  createFailed: 'Failed to Create switch!',
  updateFailed: 'Failed to Update switch!',
  deleted: 'Switch deleted successfully!',
  noPorts: 'No switch ports yet. Ports appear after the first poll of a switch.',
  noSwitches: 'No switches yet. Add one with Add New.',
} as const;

/** 'active' while the billing expiry is unset or today or later (billing day); 'expired' shows 'Renew Now'. */
export type SwitchExpireStatus = 'active' | 'expired';

export interface SwitchRow {
  id: string;
  name: string;
  ip: string;
  snmpPort: number;
  /** A community is stored (its value never leaves the server). */
  hasCommunity: boolean;
  brand: SwitchBrandCode;
  description: string | null;
  /** The OLT the switch serves ("OLT ID" column), if set. */
  oltId: string | null;
  oltName: string | null;
  whatsappId: string | null;
  telegramId: string | null;
  /** Minutes between polls. */
  dataCollectionRatio: number;
  /** dBm: rx below it is critical. */
  dbAlertRange: number;
  billingPackage: string | null;
  /** YYYY-MM-DD, or null (no expiry recorded). */
  expiresOn: string | null;
  expireStatus: SwitchExpireStatus;
  /** Where the package stands today: 'expiring' within 7 days before, 'grace' up to 7 days after, then 'expired'. */
  expiryState: ExpiryState;
  status: SwitchStatus;
  sysDescr: string | null;
  portCount: number;
  /** Ports below their alert level or with no link, from the last poll. */
  alertPortCount: number;
  lastPolledAt: string | null;
  lastPollDurationMs: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export const SWITCH_SORTS = ['name', 'ip', 'brand', 'status', 'expiresOn', 'createdAt'] as const;
export type SwitchSort = (typeof SWITCH_SORTS)[number];

export interface SwitchListQuery extends PageQuery {
  search?: string;
  sort?: SwitchSort;
  order?: 'asc' | 'desc';
}

export interface SwitchList extends Paged<SwitchRow> {
  counts: { total: number; online: number; offline: number; expired: number };
}

export interface SwitchRequest {
  name: string;
  ip: string;
  /** Default 161. */
  snmpPort?: number;
  community: string;
  brand: SwitchBrandCode;
  description?: string;
  oltId?: string;
  whatsappId?: string;
  telegramId?: string;
  dataCollectionRatio?: number;
  dbAlertRange?: number;
  billingPackage?: string;
}

/** Fields left out keep their value; null clears an optional one; an empty community keeps the stored one. */
export type UpdateSwitchRequest = {
  [K in keyof SwitchRequest]?: K extends 'name' | 'ip' | 'brand' | 'community'
    ? SwitchRequest[K]
    : SwitchRequest[K] | null;
};

export interface SwitchCatalogue {
  brands: { code: SwitchBrandCode; label: string }[];
  /** The OLTs the user may see, for the form's OLT select. */
  olts: { id: string; name: string }[];
  /** Billing choices as the OLT form has them (payment comes with billing). */
  billingPackages: string[];
}

export interface SwitchOption {
  id: string;
  name: string;
  status: SwitchStatus;
  ports: { id: string; name: string }[];
}

/**
 * The form's live check of an address. `community` may be left out when `switchId` names a stored switch
 * (its community is used). open: the device answered SNMP on that port; closed: no answer or refused.
 */
export interface SwitchCheckRequest {
  ip: string;
  snmpPort: number;
  community?: string;
  switchId?: string;
  /** Also identify the optics kind (the 'Detect' button). */
  detect?: boolean;
}

export interface SwitchCheckResponse {
  ip: string;
  snmpPort: number;
  status: 'open' | 'closed';
  latencyMs: number | null;
  sysDescr: string | null;
  /** With `detect`: the brand found, null when the device is not a switch we can read. */
  brand: SwitchBrandCode | null;
  error?: string;
}

export interface SwitchPortRow {
  id: string;
  switchId: string;
  switchName: string;
  ifIndex: number | null;
  name: string;
  /** The port's description on the switch (ifAlias), if it has one. */
  description: string | null;
  link: SwitchLink;
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  power: SwitchPortPower;
  /** The switch's alert level the badge was judged by. */
  alertDbm: number;
  /** When the port's link or band last changed (null: not since it was first seen). */
  changedAt: string | null;
  updatedAt: string;
}

export const SWITCH_PORT_SORTS = ['switch', 'port', 'status', 'tx', 'rx', 'power'] as const;
export type SwitchPortSort = (typeof SWITCH_PORT_SORTS)[number];

export interface SwitchPortQuery extends PageQuery {
  switchId?: string;
  /** A port name (exact, as the filter's select gives it). */
  port?: string;
  search?: string;
  sort?: SwitchPortSort;
  order?: 'asc' | 'desc';
}

export interface SwitchPortList extends Paged<SwitchPortRow> {
  counts: { total: number; up: number; down: number; critical: number; warning: number };
}

export const SWITCH_PORT_EVENT_KINDS = ['link-down', 'link-up', 'rx-low', 'rx-ok'] as const;
export type SwitchPortEventKind = (typeof SWITCH_PORT_EVENT_KINDS)[number];

export interface SwitchPortEvent {
  id: string;
  switchId: string;
  portId: string;
  portName: string;
  kind: SwitchPortEventKind;
  rxDbm: number | null;
  at: string;
}

export interface SwitchPortPoint {
  at: string;
  rxDbm: number | null;
  txDbm: number | null;
  /** Hourly points only: the hour's lowest and highest rx. */
  rxMin?: number | null;
  rxMax?: number | null;
  /** Raw: the link at that poll; hourly: whether it was up in every poll of the hour. */
  linkUp: boolean;
}

export interface SwitchPortHistory {
  port: SwitchPortRow;
  from: string;
  to: string;
  resolution: 'raw' | 'hour';
  points: SwitchPortPoint[];
  /** The port's events in the range, newest first (at most 100). */
  events: SwitchPortEvent[];
  /** OLTs whose name, code or address the port's description names. */
  olts: { id: string; name: string; onuCount: number; onlineOnuCount: number }[];
}

/** 'switch.ports.changed' */
export interface SwitchPortsChanged {
  switchId: string;
  ports: SwitchPortRow[];
  events: SwitchPortEvent[];
  at: string;
}

/** 'switch.status.changed' */
export interface SwitchStatusChanged {
  switchId: string;
  status: SwitchStatus;
  previous: SwitchStatus;
  error: string | null;
  at: string;
}
