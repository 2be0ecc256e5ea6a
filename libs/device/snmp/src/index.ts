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
export { startSnmpSimulator, freeUdpPort } from './snmpsim-process';
export type { SnmpSimulator, StartSnmpSimulatorOptions } from './snmpsim-process';
export { SnmprecBuilder, writeDataDir } from './snmprec-writer';
export type { SnmprecType } from './snmprec-writer';
export { deviceDataDir } from './device-data-dir';
