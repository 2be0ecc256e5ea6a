import type {
  OltStatus,
  PortCheckRequest,
  PortCheckResponse,
  ProbeRequest,
  ScanFailureCode,
  WritePathInfo,
  WriteVerdict,
} from '@pondesk/contracts';

/** What each job carries and answers; `job-catalogue.ts` ties them to the job names. */

export interface SystemPingPayload {
  message: string;
  /** When set, the worker also announces the ping to this tenant's browsers. */
  tenantId?: string;
}

export interface SystemPingResult {
  message: string;
  workerId: string;
  processedAt: string;
}

export interface OltJobPayload {
  oltId: string;
  tenantId: string;
  /** An operator asked for this poll: run it even while the OLT is held offline. */
  force?: boolean;
}

export interface PollOltResult {
  skipped?: 'gone' | 'offline';
  ok?: boolean;
  durationMs?: number;
  total?: number;
  changed?: number;
  error?: string;
}

export interface SwitchJobPayload {
  switchId: string;
  tenantId: string;
}

export interface PollSwitchResult {
  skipped?: 'gone';
  ok?: boolean;
  durationMs?: number;
  ports?: number;
  changed?: number;
  error?: string;
}

/** The switch form's live check; the community is the request's own or the stored switch's (resolved by the API). */
export interface SwitchCheckPayload {
  ip: string;
  snmpPort: number;
  community: string;
  detect: boolean;
}

export type OltHealthResult = { status: OltStatus } | { skipped: 'gone' | 'backoff' | 'busy' };

/** Addresses one stored ONU for on-demand work; the worker re-reads the OLT within the tenant. */
export interface OnuActionPayload {
  tenantId: string;
  oltId: string;
  onuRef: string;
  ponPort: number;
  onuId: number;
}

/** Who sent a write from the console: the verdict goes to this session's sockets and names this user in the audit log. */
export interface WriteRequester {
  sessionId: string;
  userId: string;
  actorName: string;
}

/** A reboot or clear sent from the console. */
export interface OnuWritePayload extends OnuActionPayload {
  /** The operator confirmed sending a path whose syntax is only inferred. */
  acceptInferred: boolean;
  requester: WriteRequester;
  /** The ONU's name, for the verdict's words. */
  ifName: string;
}

export interface OnuWatchPayload extends OnuActionPayload {
  /** Epoch ms after which the watch gives up. */
  until: number;
  /** The ONU has been seen offline since the reboot. */
  sawOffline: boolean;
  /** Epoch ms by which a rebooted ONU must have been seen offline, or the reboot took no effect. */
  offlineBy?: number;
  /** The reboot this watch verifies: its verdict is told to the requester's session and audited. */
  verify?: { requester: WriteRequester; ifName: string };
}

/** A reboot's job answer: the path it took; the verdict follows when the watch ends. */
export interface OnuRebootResult {
  watching: boolean;
  path: WritePathInfo | null;
}

/** One PON port of one OLT, read at once (an ONU on it went down or came up, as its syslog said). */
export interface PortReadPayload {
  tenantId: string;
  oltId: string;
  ponPort: number;
}

export type PortReadResult = DeviceOutcome<{ onus: number; changed: number }>;

export interface OnuWatchResult {
  done: boolean;
  status: string | null;
  /** When the watch ended: what it saw of the reboot. */
  verdict?: WriteVerdict;
}

/** A watch reads the port this often after a reboot, for at most this long. */
export const ONU_WATCH_INTERVAL_MS = 5000;
export const ONU_WATCH_MAX_MS = 5 * 60_000;

export interface TelnetCheckPayload {
  tenantId: string;
  oltId: string;
}

/**
 * Why on-demand device work did not give its answer. `OUTCOME_UNKNOWN`: a worker sent a reboot or clear
 * and died before confirming it; the retry did not send it again and could not confirm its effect.
 * `INFERRED_NOT_ACCEPTED`: the write's path is inferred and the operator did not accept it (nothing sent).
 * `UNEXPECTED_REPLY`: the OLT answered a write step unexpectedly; nothing further was sent.
 * `NO_EFFECT`: the write was sent and accepted, but the OLT shows no change (a deleted ONU still listed).
 */
export type DeviceFailureCode =
  | 'ONU_GONE'
  | 'OLT_GONE'
  | 'OLT_BUSY'
  | 'UNSUPPORTED'
  | 'DEVICE'
  | 'OUTCOME_UNKNOWN'
  | 'INFERRED_NOT_ACCEPTED'
  | 'UNEXPECTED_REPLY'
  | 'NO_EFFECT';

/** On-demand device work answers with this rather than failing the job: the API turns it into an HTTP error. */
export type DeviceOutcome<T> = { ok: true; value: T } | { ok: false; code: DeviceFailureCode; error: string };

export type PortCheckPayload = PortCheckRequest;

/** The API adds the host and port it asked about. */
export type PortCheckResult = Omit<PortCheckResponse, 'host' | 'port'>;

export type ProbePayload = ProbeRequest;

/** Maintenance jobs run from schedulers that carry no data. */
export type NoPayload = Record<string, never>;

export interface SamplePartitionsResult {
  created: string[];
  dropped: string[];
  deleted: number;
}

export interface HourlyRollupResult {
  rows: number;
}

/** One OLT's part of a scan; events go to the sockets of the session `sessionId` that started it. */
export interface ScanJobPayload {
  tenantId: string;
  oltId: string;
  scanId: string;
  sessionId: string;
  /** When the API queued this job (epoch ms): a cancel of the scan at or after it skips the job. */
  queuedAt: number;
}

export interface MacFindPayload extends ScanJobPayload {
  /** `aa:bb:cc:dd:ee:ff`. */
  mac: string;
  /** Where the last poll stored an ONU of this OLT with this MAC as its own: confirmed by reading those ports. */
  stored: { ponPort: number; onuId: number }[];
}

export interface ScanJobResult {
  ok: boolean;
  code: ScanFailureCode | null;
  /** MAC find: the live hits; inactive scan: the inactive ONUs. */
  count: number;
}

/** A live read of the MikroTik of one OLT about one subscriber (the API has checked the id is the ONU's). */
export interface RouterReadPayload {
  tenantId: string;
  oltId: string;
  pppoeId: string;
}

/**
 * The tenant's VPN account on the concentrator. `ensure` creates the PPP secret once (the worker keeps the
 * account in `tenant_vpn`, password encrypted) and answers it; `remove` deletes the secret and the row;
 * `status` reads whether the tenant's router is dialled in.
 */
export interface VpnAccountPayload {
  tenantId: string;
  action: 'ensure' | 'remove' | 'status';
}

/**
 * `connected`: the tenant's session is active on the concentrator (null: could not be read). `changed`:
 * `ensure` made the account (not there before), `remove` removed one; the API audits only those.
 */
export type VpnAccountResult = DeviceOutcome<{ connected: boolean | null; changed: boolean }>;

export interface VpnTestPayload {
  tenantId: string;
  host: string;
  ports: { service: 'telnet' | 'snmp' | 'http' | 'https'; port: number }[];
  /** For the snmp port: without it that port is not asked (its state 'unknown'). */
  community?: string;
}

/** 'Send test' on an alert channel: one message through the channel's real client. */
export interface AlertTestPayload {
  tenantId: string;
  channelId: string;
  /** Who asked, named in the message. */
  requestedBy: string;
}

/** The daily signal trend: how many ONUs were found degrading, and the per-OLT alerts raised. */
export interface SignalTrendsResult {
  onus: number;
  degrading: number;
  alerts: number;
}
