/** Queue names; the worker processes them, the API only enqueues. */
export enum QueueName {
  System = 'system',
  /** Full ONU poll of one OLT; one job scheduler per OLT (`poll-<oltId>`). */
  OltPoll = 'olt-poll',
  /** Reachability and CPU/memory/uptime of one OLT, every minute (`health-<oltId>`). */
  OltHealth = 'olt-health',
  /** On-demand device work: port checks, probes, live reads, reboots. */
  DeviceAction = 'device-action',
  /** Partitions, retention and hourly rollups of signal samples. */
  Maintenance = 'maintenance',
}

export enum SystemJob {
  /** Round trip check: the worker answers with its id. */
  Ping = 'ping',
}

export enum PollJob {
  Poll = 'poll',
}

export enum HealthJob {
  Check = 'check',
}

export enum DeviceActionJob {
  /** TCP connect to host:port; answers open/closed. */
  PortCheck = 'port-check',
  /** SNMP identify of an OLT not yet saved (Test Get Port). */
  Probe = 'probe',
  /** Live optics of one ONU (the list's Get). */
  OnuReadSignal = 'onu-read-signal',
  /** Live record and up/down history of one ONU (the PPPoE page's ONU Realtime). */
  OnuRealtime = 'onu-realtime',
  OnuReboot = 'onu-reboot',
  /** Deletes the ONU's registration on the OLT (Clear), then its stored record. */
  OnuClear = 'onu-clear',
  /** Reads one PON port again and again after a reboot until the ONU is back (or time is up). */
  OnuWatch = 'onu-watch',
  /** Telnet login to a stored OLT (the Clear dialog enables Yes only after it succeeds). */
  TelnetCheck = 'telnet-check',
}

export enum MaintenanceJob {
  SamplePartitions = 'sample-partitions',
  HourlyRollup = 'hourly-rollup',
}

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

/** Addresses one stored ONU for on-demand work; the worker re-reads the OLT within the tenant. */
export interface OnuActionPayload {
  tenantId: string;
  oltId: string;
  onuRef: string;
  ponPort: number;
  onuId: number;
}

export interface OnuWatchPayload extends OnuActionPayload {
  /** Epoch ms after which the watch gives up. */
  until: number;
  /** The ONU has been seen offline since the reboot. */
  sawOffline: boolean;
}

/** A watch reads the port this often after a reboot, for at most this long. */
export const ONU_WATCH_INTERVAL_MS = 5000;
export const ONU_WATCH_MAX_MS = 5 * 60_000;

export interface TelnetCheckPayload {
  tenantId: string;
  oltId: string;
}

/** Why on-demand device work did not give its answer. */
export type DeviceFailureCode = 'ONU_GONE' | 'OLT_GONE' | 'OLT_BUSY' | 'UNSUPPORTED' | 'DEVICE';

/** On-demand device work answers with this rather than failing the job: the API turns it into an HTTP error. */
export type DeviceOutcome<T> = { ok: true; value: T } | { ok: false; code: DeviceFailureCode; error: string };

export interface PortCheckPayload {
  host: string;
  port: number;
}

export interface PortCheckResult {
  status: 'open' | 'closed';
  latencyMs: number | null;
  error?: string;
}

export interface ProbePayload {
  host: string;
  snmpPort: number;
  community: string;
  brand?: string;
  mode?: string;
}

export interface ProbeResult {
  ok: boolean;
  brand: string | null;
  mode: string | null;
  model: string | null;
  sysDescr: string | null;
  ponPorts: number | null;
  onuCount: number | null;
  error?: string;
}

/** Deterministic scheduler ids (no `:` in BullMQ ids). */
export const pollSchedulerId = (oltId: string) => `poll-${oltId}`;
export const healthSchedulerId = (oltId: string) => `health-${oltId}`;

/** A poll that finds its OLT busy (another session holds it) is retried shortly instead of dropped. */
export const POLL_JOB_OPTIONS = {
  removeOnComplete: 50,
  removeOnFail: 50,
  attempts: 4,
  backoff: { type: 'fixed', delay: 5000 },
} as const;
export const HEALTH_JOB_OPTIONS = { removeOnComplete: 20, removeOnFail: 20 } as const;

export const DEFAULT_POLL_INTERVAL_SECONDS = 300;
export const MIN_POLL_INTERVAL_SECONDS = 60;
export const HEALTH_INTERVAL_MS = 60_000;
/** Consecutive failed checks before an OLT is shown offline. */
export const OFFLINE_AFTER_FAILURES = 3;

/**
 * Redis key namespace of one installation: queues and heartbeats are keyed by the database name, so
 * several installations (or test runs) sharing one Redis never take each other's jobs.
 */
export function redisNamespace(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'pondesk';
  return `pondesk:${name}`;
}

/** BullMQ key prefix (BullMQ adds `:<queue>:…`). */
export const queuePrefix = (databaseUrl: string) => `${redisNamespace(databaseUrl)}:bull`;

export const workerHeartbeatPrefix = (databaseUrl: string) =>
  `${redisNamespace(databaseUrl)}:worker:heartbeat:`;
export const WORKER_HEARTBEAT_TTL_SECONDS = 15;
export const WORKER_HEARTBEAT_INTERVAL_MS = 5000;
