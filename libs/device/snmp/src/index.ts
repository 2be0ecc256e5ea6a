export { SnmpClient, SnmpSetRefusedError } from './snmp-client';
export type {
  SnmpTarget,
  SnmpVersion,
  SnmpV3Credentials,
  WalkOptions,
  WalkResult,
  SnmpStats,
} from './snmp-client';
export { SnmpError, SnmpErrorCode } from './snmp.exception';
export * from './snmp-value';
export { compareOids, isUnder, indexOf, normalizeOid } from './oid';
export { observeSnmp } from './snmp-observer';
export type { SnmpObserver } from './snmp-observer';
