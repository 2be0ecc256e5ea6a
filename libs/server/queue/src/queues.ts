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
  /** One OLT's part of a scan (MAC find, inactive ONUs): fanned out to every OLT, one job each. */
  Scan = 'scan',
  /** Optics and link poll of one switch; one job scheduler per switch (`switch-poll-<switchId>`). */
  SwitchPoll = 'switch-poll',
}

/** Deterministic scheduler ids (no `:` in BullMQ ids). */
export const pollSchedulerId = (oltId: string) => `poll-${oltId}`;
export const healthSchedulerId = (oltId: string) => `health-${oltId}`;
export const switchPollSchedulerId = (switchId: string) => `switch-poll-${switchId}`;

/** A poll that finds its OLT busy (another session holds it) is retried shortly instead of dropped. */
export const POLL_JOB_OPTIONS = {
  removeOnComplete: 50,
  removeOnFail: 50,
  attempts: 4,
  backoff: { type: 'fixed', delay: 5000 },
} as const;
/** A switch poll is one walk; a failed one is simply the next interval's business. */
export const SWITCH_POLL_JOB_OPTIONS = { removeOnComplete: 50, removeOnFail: 50, attempts: 1 } as const;
export const HEALTH_JOB_OPTIONS = { removeOnComplete: 20, removeOnFail: 20 } as const;
/** A scan's jobs are kept a little while for inspection; a failed OLT is retried by the operator, not by BullMQ. */
export const SCAN_JOB_OPTIONS = { removeOnComplete: 1000, removeOnFail: 1000, attempts: 1 } as const;

/**
 * Redis keys of a scan, in the installation's namespace: its record (who started it, which OLTs), its
 * cancel mark, and each user's current scan of a kind (a second search cancels the first).
 */
export const scanKeys = (settings: RedisNamespaceSettings) => {
  const ns = `${redisNamespace(settings)}:scan`;
  return {
    record: (scanId: string) => `${ns}:${scanId}`,
    /** When the scan was stopped (epoch ms): its jobs queued before then are skipped, a later retry runs. */
    cancelled: (scanId: string) => `${ns}:${scanId}:cancelled`,
    current: (userId: string, kind: string) => `${ns}:current:${userId}:${kind}`,
  };
};
/** How long a scan's record and cancel mark are kept: well past any scan's end. */
export const SCAN_TTL_SECONDS = 3600;

/** Default time between health checks of one OLT (`OLT_HEALTH_INTERVAL_SECONDS` overrides it). */
export const HEALTH_INTERVAL_MS = 60_000;
/**
 * Consecutive failed attempts (health checks, or polls that could not reach the OLT) before an OLT that
 * was online is shown offline; an OLT never reached yet is offline after its first failed attempt.
 */
export const OFFLINE_AFTER_FAILURES = 3;

/** The settings that name an installation's Redis keys. */
export interface RedisNamespaceSettings {
  DATABASE_URL: string;
  REDIS_NAMESPACE?: string;
}

/**
 * Redis key namespace of one installation: queues and heartbeats are keyed by `REDIS_NAMESPACE`, else by
 * the database name, so several installations (or test runs) sharing one Redis never take each other's
 * jobs. Tests that share a database set their own namespace per API and worker pair.
 */
export function redisNamespace(settings: RedisNamespaceSettings): string {
  if (settings.REDIS_NAMESPACE) return settings.REDIS_NAMESPACE;
  const name = decodeURIComponent(new URL(settings.DATABASE_URL).pathname.replace(/^\//, '')) || 'pondesk';
  return `pondesk:${name}`;
}

/** BullMQ key prefix (BullMQ adds `:<queue>:…`). */
export const queuePrefix = (settings: RedisNamespaceSettings) => `${redisNamespace(settings)}:bull`;

/**
 * A counter the API bumps whenever a ping target (IP monitor server, POP power source) is added, edited or
 * deleted; the worker's prober reads it each second and reloads its targets when it moved.
 */
export const pingTargetsVersionKey = (settings: RedisNamespaceSettings) =>
  `${redisNamespace(settings)}:ping:targets-version`;
/** Held (with a TTL, renewed) by the one worker that runs the prober, so replicas never ping twice. */
export const pingProberLockKey = (settings: RedisNamespaceSettings) =>
  `${redisNamespace(settings)}:ping:prober`;

export const workerHeartbeatPrefix = (settings: RedisNamespaceSettings) =>
  `${redisNamespace(settings)}:worker:heartbeat:`;
export const WORKER_HEARTBEAT_TTL_SECONDS = 15;
export const WORKER_HEARTBEAT_INTERVAL_MS = 5000;

/**
 * A worker holds each running job's lock for this long and renews it at half the time. A worker that dies
 * (SIGKILL, lost host) stops renewing: within this time plus one stalled check, another worker's stalled
 * checker moves the job back to wait and it runs again (BullMQ's default of 30 s each would leave an
 * operator's action hanging for up to a minute).
 */
export const WORKER_JOB_LOCK_MS = 10_000;
export const WORKER_STALLED_CHECK_MS = 5_000;
/**
 * At SIGTERM a worker stops taking jobs and lets its running jobs finish for this long; what is still
 * running then is handed back (moved to wait, its locks released) for another worker. Under the 10 s a
 * container runtime allows between SIGTERM and SIGKILL.
 */
export const WORKER_DRAIN_MS = 6_000;
