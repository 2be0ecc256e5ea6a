export { SnmpClient } from './snmp-client';
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
