export * from './types';
export * as profiles from './profiles';
export type { DeviceConnection } from './support/connection';
export { DriverError, DriverErrorCode } from './support/driver.exception';
export { isUnreachableError } from './support/unreachable';
export {
  CLI_PARSERS,
  knownCommands,
  parseCliOutput,
  type CliParser,
  type ParsedRows,
} from './parse/cli-parse';
export { BaseOltDriver } from './support/base-olt-driver';
export { BdcomEponDriver } from './drivers/bdcom-epon.driver';
export { BdcomGponDriver } from './drivers/bdcom-gpon.driver';
export { VsolEponDriver } from './drivers/vsol-epon.driver';
export { VsolGponDriver } from './drivers/vsol-gpon.driver';
export { CdataDriver } from './drivers/cdata.driver';
export { AviesDriver, closeHsgqSessions } from './drivers/avies.driver';
export { SwitchOpticsDriver } from './drivers/switch-optics.driver';
export { autodetect, detectFromSystem } from './autodetect';
export { createOltDriver, createSwitchDriver, openDevice } from './driver-factory';
export { DeviceCircuitBreaker } from './support/circuit-breaker';
export type { CircuitBreakerOptions } from './support/circuit-breaker';
