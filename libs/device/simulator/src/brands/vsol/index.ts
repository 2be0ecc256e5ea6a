/**
 * V-SOL EPON (V1600D, "EPON-OLT" firmware) and GPON (V1600G class). OIDs, index encodings, value codecs and
 * table renderers come from the drivers' V-SOL profiles; V-SOL paints its tables with ANSI cursor moves.
 */
import type { OltBrandAdapter } from '../olt-brand';
import { vsolCli } from './vsol.cli';
import { vsolEponCommands } from './vsol-epon.cli';
import { vsolGponCommands } from './vsol-gpon.cli';
import { vsolEponMib } from './vsol-epon.snmp';
import { vsolGponMib } from './vsol-gpon.snmp';

const vsolResolution = { rx: 0.01, tx: 0.01, temperature: 0.01, voltage: 0.01, bias: 0.01 };

export const vsolEponAdapter: OltBrandAdapter = {
  brand: 'vsol',
  mode: 'epon',
  resolution: vsolResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'epon-olt',
  model: 'V1600D',
  buildMib: (s) => vsolEponMib(s, 'V1600D'),
  cliDialect: (s) => vsolCli(s, 'epon', vsolEponCommands(s)),
};

export const vsolGponAdapter: OltBrandAdapter = {
  brand: 'vsol',
  mode: 'gpon',
  resolution: vsolResolution,
  firstOnuId: 1,
  maxOnusPerPort: 128,
  defaultHostname: 'gpon-olt',
  model: 'V1600G1',
  buildMib: (s) => vsolGponMib(s, 'V1600G1'),
  cliDialect: (s) => vsolCli(s, 'gpon', vsolGponCommands(s)),
};
