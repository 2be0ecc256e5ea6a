/**
 * OLT fleet contracts. REST routes (under `/api/v1`, permission 2006 unless noted):
 *   GET    /olts?page&pageSize&search&branchId&sort&order   → OltList (rows the user may see, with header counts)
 *   GET    /olts/catalogue                                 → OltCatalogue (brands and modes)
 *   POST   /olts                     CreateOltRequest      → 201 OltDetail ('Olt Created Successfully!')
 *   GET    /olts/:id                                       → OltDetail (credentials never returned)
 *   PATCH  /olts/:id                 UpdateOltRequest      → OltDetail ('Olt Updated Successfully!')
 *   DELETE /olts/:id                                       → 204 (soft: hidden and no longer polled)
 *   POST   /olts/:id/poll                                  → 202 { queued: true } (poll now, even an offline OLT)
 *   GET    /olts/branches                                  → { id, name }[] (branch choices for the OLT screens)
 *   POST   /olts/port-check          PortCheckRequest      → PortCheckResponse (a TCP check run by the worker)
 *   POST   /olts/probe               ProbeRequest          → ProbeResponse (Test Get Port: SNMP identify by the worker)
 */
import type { ExpiryState } from '../billing/billing';
import type { OltBrandCode, OltModeCode, OltStatus } from './vocabulary';

/** The columns GET /olts can sort by. */
export const OLT_SORTS = [
  'name',
  'code',
  'host',
  'status',
  'branch',
  'mikrotikHost',
  'onuCount',
  'createdAt',
] as const;
export type OltSort = (typeof OLT_SORTS)[number];

export interface OltRow {
  id: string;
  code: string;
  name: string;
  host: string;
  brand: OltBrandCode;
  mode: OltModeCode;
  model: string | null;
  branchId: string | null;
  branchName: string | null;
  mikrotikHost: string | null;
  status: OltStatus;
  cpuPercent: number | null;
  memoryPercent: number | null;
  onuCount: number;
  onlineOnuCount: number;
  ponPortCount: number | null;
  lastPolledAt: string | null;
  lastError: string | null;
  /** Paid up to and including this day (YYYY-MM-DD, billing day); null: never billed, works without limit. */
  expiresOn: string | null;
  /** Where the package stands today: after 'grace' (7 days past expiry) ONU reboot, delete and clear are refused. */
  expiryState: ExpiryState;
}

export interface OltList {
  items: OltRow[];
  total: number;
  page: number;
  pageSize: number;
  counts: { total: number; online: number; offline: number; unknown: number };
}

export interface OltDetail extends OltRow {
  snmpPort: number;
  telnetPort: number;
  httpPort: number | null;
  username: string | null;
  description: string | null;
  mikrotikPort: number | null;
  mikrotikUsername: string | null;
  whatsappId: string | null;
  telegramId: string | null;
  /** The short names the device logs show for the OLT and its router (null: its name, 'MikroTik <name>'). */
  logName: string | null;
  mikrotikLogName: string | null;
  dataCollectionRatio: number | null;
  dbAlertRange: number | null;
  billingPackage: string | null;
  billingMonths: number | null;
  pollIntervalSeconds: number;
  uptimeSeconds: number | null;
  lastPollDurationMs: number | null;
  /** Which secrets are stored; their values never leave the server. */
  hasPassword: boolean;
  hasEnablePassword: boolean;
  hasMikrotikPassword: boolean;
  hasSnmpWriteCommunity: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CreateOltRequest {
  name: string;
  code?: string;
  host: string;
  brand: OltBrandCode;
  mode: OltModeCode;
  snmpPort?: number;
  snmpCommunity: string;
  snmpWriteCommunity?: string;
  telnetPort?: number;
  httpPort?: number;
  username?: string;
  password?: string;
  enablePassword?: string;
  description?: string;
  branchId?: string;
  mikrotikHost?: string;
  mikrotikPort?: number;
  mikrotikUsername?: string;
  mikrotikPassword?: string;
  whatsappId?: string;
  telegramId?: string;
  logName?: string;
  mikrotikLogName?: string;
  dataCollectionRatio?: number;
  dbAlertRange?: number;
  billingPackage?: string;
  billingMonths?: number;
  pollIntervalSeconds?: number;
}

type Clearable =
  | 'code'
  | 'snmpWriteCommunity'
  | 'httpPort'
  | 'username'
  | 'password'
  | 'enablePassword'
  | 'description'
  | 'branchId'
  | 'mikrotikHost'
  | 'mikrotikPort'
  | 'mikrotikUsername'
  | 'mikrotikPassword'
  | 'whatsappId'
  | 'telegramId'
  | 'logName'
  | 'mikrotikLogName'
  | 'dataCollectionRatio'
  | 'dbAlertRange';

/**
 * Fields left out keep their value; `null` (or an empty string for a secret) clears an optional field.
 * Required fields (name, host, brand, mode, ports, community, interval) cannot be cleared.
 */
export type UpdateOltRequest = {
  [K in keyof Omit<CreateOltRequest, 'billingPackage' | 'billingMonths'>]?: K extends Exclude<
    Clearable,
    'code'
  >
    ? CreateOltRequest[K] | null
    : CreateOltRequest[K];
};

export interface OltCatalogue {
  brands: { code: OltBrandCode; label: string }[];
  modes: { code: OltModeCode; label: string }[];
}

export interface PortCheckRequest {
  host: string;
  port: number;
}

export interface PortCheckResponse {
  host: string;
  port: number;
  status: 'open' | 'closed';
  latencyMs: number | null;
  error?: string;
}

export interface ProbeRequest {
  host: string;
  snmpPort: number;
  community: string;
  brand?: OltBrandCode;
  mode?: OltModeCode;
}
