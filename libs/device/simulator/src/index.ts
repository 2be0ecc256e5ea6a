/** Simulated OLT and switch fleet: real SNMP (net-snmp agent), telnet CLIs and the HSGQ web API per brand. */
export { startFleet, fleetConfigFrom, DEFAULT_FLEET_PATH, BENCH_FLEET_PATH } from './fleet/fleet-runner';
export type { RunningFleet, StartFleetOptions } from './fleet/fleet-runner';
export { SimDevice } from './fleet/sim-device';
export type { SimDeviceInfo } from './fleet/sim-device';
export { deviceSnapshot } from './fleet/device-snapshot';
export type { DeviceSnapshot } from './fleet/device-snapshot';
export { formatDeviceTable } from './fleet/device-table';
export {
  DEFAULT_PORTS,
  DEFAULT_EPOCH,
  ROUTEROS_API_PORT,
  DEFAULT_ROUTER_API_USER,
  DEFAULT_ROUTER_API_PASSWORD,
  DEFAULT_CONCENTRATOR_PROFILE,
  DEFAULT_AUTO_DIAL_DELAY_MS,
  resolveConcentrator,
  DEFAULT_ADDRESS_BASE,
  DEFAULT_ROUTER_ADDRESS_BASE,
  ADDRESS_MODES,
  fleetConfigSchema,
  loadFleetConfig,
  parseFleetConfig,
  resolveDevices,
} from './config/fleet-config';
export type {
  AddressMode,
  ConcentratorSpec,
  FleetConfig,
  FleetConfigInput,
  DeviceSpec,
  PortPlan,
  RouterSpec,
} from './config/fleet-config';
export { OltState, REBOOT_SECONDS } from './model/olt-state';
export type {
  OltChangeListener,
  OltSpec,
  SimOnu,
  OnuSession,
  PonState,
  SystemState,
  Resolution,
} from './model/olt-state';
export { SwitchState } from './model/switch-state';
export type { SimSwitchPort, SwitchSpec } from './model/switch-state';
export type { SimReason } from './model/onu-model';
export { SimClock } from './model/sim-clock';
export type { DeviceFaults } from './model/device-faults';
export { NO_FAULTS } from './model/device-faults';
export { oltAdapter, switchAdapter } from './brands/brand-registry';
export { dashTime, slashTime, colonTime } from './brands/device-text';
export type { OnuChangeResult } from './control/control-server';
export { SimRouters, PPP_DROP_UP_AFTER_MS } from './routers/sim-routers';
export type { RoutersView } from './routers/sim-routers';
export { parseRoutersConfig, isLoopbackHost } from './routers/routers-config';
export type { RoutersConfig } from './routers/routers-config';
export { brasIdentity, callerIdOf, remoteAddressOf, sessionEventBody } from './routers/session-event';
export type { SessionEvent } from './routers/session-event';
export type { RouterListing, SessionEventSink } from './routers/sim-routers';
export type { PppState } from './routers/session-tracker';
export { SimRouterApis } from './routeros/router-apis';
export type {
  ConcentratorView,
  RouterApiEndpoint,
  RouterApiListing,
  RouterApiView,
} from './routeros/router-apis';
export { RouterOsApiServer } from './routeros/api-server';
export { SimBras, ponServiceName, ponVlanId, ponVlanName, pppoeInterfaceName } from './routeros/bras';
export type { BrasSession } from './routeros/bras';
export { SimConcentrator } from './routeros/concentrator';
export type { VpnSecretView, VpnSession } from './routeros/concentrator';
export { NO_ROUTER_FAULTS, parseRouterFaults } from './routeros/router-faults';
export type { RouterFaults } from './routeros/router-faults';
export {
  LOGIN_REFUSED,
  LEGACY_LOGIN_REFUSED,
  NOT_LOGGED_IN,
  legacyResponse,
} from './routeros/api-connection';
export { routerOsDuration } from './routeros/routeros-values';
export { PLANS, planOf, SubscriberTraffic } from './routeros/traffic';
export type { Plan } from './routeros/traffic';
export { SimSyslog } from './syslog/sim-syslog';
export type { SimSyslogOptions, SyslogView, SyslogSourceView } from './syslog/sim-syslog';
export { parseSyslogTarget, syslogTargetOrThrow, formatSyslogTarget } from './syslog/syslog-target';
export type { SyslogTarget } from './syslog/syslog-target';
export {
  bsdTimestamp,
  onuDownLines,
  onuUpLines,
  oltNoiseLine,
  routerPppLine,
  routerAdminLine,
} from './syslog/syslog-lines';
export { isLoopbackIpv4, loopbackRange } from './net/loopback';
export { createPingHosts, flapPingHost, pingHostsAvailable, PING_HOSTS_MAX } from './net/ping-hosts';
export type { PingHosts } from './net/ping-hosts';
export { RecordedDevice, startRecordedDevice } from './recorded/recorded-device';
export type { RecordedDeviceInfo, RecordedDeviceOptions } from './recorded/recorded-device';
export {
  RECORDING_EXTENSION,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  decodeRecording,
  encodeRecording,
  readRecording,
  writeRecording,
} from './recorded/recording-format';
export type {
  CliExchange,
  DeviceRecording,
  HttpExchange,
  RecordedRead,
  RecordingMeta,
  RedactionCounts,
} from './recorded/recording-format';
export { formatSnmprec, parseSnmprec, snmprecLine } from './recorded/snmprec';
export type { SnmprecEntry } from './recorded/snmprec';
export { startRecordedTestDevice } from './testing/recorded-device';
export type { RecordedTestDevice } from './testing/recorded-device';
