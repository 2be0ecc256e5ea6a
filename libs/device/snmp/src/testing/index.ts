// Test-only entry point (specs, the bench, ponctl's tests): never imported by production code.
export { startSnmpSimulator, freeUdpPort } from './snmpsim-process';
export type { SnmpSimulator, StartSnmpSimulatorOptions } from './snmpsim-process';
export { SnmprecBuilder, writeDataDir } from './snmprec-writer';
export type { SnmprecType } from './snmprec-writer';
export { deviceDataDir, deviceDataPath, cliSample } from './device-data';
export { FaultyUdpProxy } from './faulty-udp-proxy';
