/**
 * BDCOM EPON (P3310/P3608 class) and GPON (GP3600 class). OIDs, index encodings, scalings, code tables and
 * table layouts come from the drivers' BDCOM profiles; these files only wire them to the simulated state.
 */
import type { OltBrandAdapter } from '../olt-brand';
import { bdcomCli } from './bdcom.cli';
import { bdcomEponCommands } from './bdcom-epon.cli';
import { bdcomGponCommands } from './bdcom-gpon.cli';
import { bdcomEponMib } from './bdcom-epon.snmp';
import { bdcomGponMib } from './bdcom-gpon.snmp';

const bdcomResolution = { rx: 0.1, tx: 0.1, temperature: 0.5, voltage: 0.1, bias: 0.1 };

export const bdcomEponAdapter: OltBrandAdapter = {
  brand: 'bdcom',
  mode: 'epon',
  resolution: bdcomResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'BDCOM-EPON',
  model: 'P3310C',
  buildMib: bdcomEponMib,
  cliDialect: (s) => bdcomCli(s, 'epon', bdcomEponCommands(s)),
};

export const bdcomGponAdapter: OltBrandAdapter = {
  brand: 'bdcom',
  mode: 'gpon',
  resolution: bdcomResolution,
  firstOnuId: 1,
  maxOnusPerPort: 128,
  defaultHostname: 'BDCOM-GPON',
  model: 'GP3600-08B',
  buildMib: bdcomGponMib,
  cliDialect: (s) => bdcomCli(s, 'gpon', bdcomGponCommands(s)),
};
