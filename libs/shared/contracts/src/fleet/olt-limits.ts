/** An OLT's field limits and defaults: the API's DTO, the web form and the scheduler use these numbers. */

export const DEFAULT_SNMP_PORT = 161;
export const DEFAULT_TELNET_PORT = 23;
export const DEFAULT_MIKROTIK_PORT = 8728;

export const DEFAULT_POLL_INTERVAL_SECONDS = 300;
export const MIN_POLL_INTERVAL_SECONDS = 60;
export const MAX_POLL_INTERVAL_SECONDS = 86_400;

/** Longest accepted text per field (characters). */
export const OLT_MAX_LENGTH = {
  name: 120,
  code: 40,
  community: 64,
  username: 80,
  secret: 128,
  description: 1000,
  messengerId: 120,
  billingPackage: 80,
  /** The short names the device logs show (migration DeviceLogs). */
  logName: 40,
} as const;

/** Inclusive numeric ranges. */
export const OLT_RANGE = {
  dataCollectionRatio: { min: 1, max: 100 },
  dbAlertRange: { min: -50, max: 0 },
  billingMonths: { min: 1, max: 36 },
} as const;
