/**
 * Brand knowledge as data: OIDs, index encodings (both directions), value scaling (both directions), status and
 * dereg-reason maps, detection patterns, telnet behaviour, CLI command strings with parsers and renderers,
 * and the HSGQ web API paths. Pure: no I/O, so the simulator renders exactly what the drivers parse.
 */
export * as codec from './codec';
export * as cli from './cli-common';
export * as bdcom from './bdcom-common';
export * as bdcomEpon from './bdcom-epon';
export * as bdcomGpon from './bdcom-gpon';
export * as vsol from './vsol-common';
export * as vsolEpon from './vsol-epon';
export * as vsolGpon from './vsol-gpon';
export * as cdata from './cdata-common';
export * as cdataEpon from './cdata-epon';
export * as cdataGpon from './cdata-gpon';
export * as hsgq from './avies-hsgq';
export * as aviesEpon from './avies-epon';
export * as aviesGpon from './avies-gpon';
export * as switchOptics from './switch-optics';
