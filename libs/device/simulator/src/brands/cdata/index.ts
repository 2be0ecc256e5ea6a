/**
 * C-Data EPON (FD15xx, NSCRTV-FTTX-EPON-MIB) and GPON (FD16xx, NSCRTV-FTTX-GPON-MIB) with the Huawei-like
 * `ont …` CLI. Device-index packing, scalings and renderers come from the drivers' C-Data profiles.
 */
import type { OltBrandAdapter } from '../olt-brand';
import { cdataCli } from './cdata.cli';
import { cdataEponMib } from './cdata-epon.snmp';
import { cdataGponMib } from './cdata-gpon.snmp';

const cdataResolution = { rx: 0.01, tx: 0.01, temperature: 0.01, voltage: 0.01, bias: 0.01 };

export const cdataEponAdapter: OltBrandAdapter = {
  brand: 'cdata',
  mode: 'epon',
  resolution: cdataResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'OLT',
  model: 'FD1504S',
  buildMib: (s) => cdataEponMib(s, 'FD1504S'),
  cliDialect: (s) => cdataCli(s, 'epon'),
};

export const cdataGponAdapter: OltBrandAdapter = {
  brand: 'cdata',
  mode: 'gpon',
  resolution: cdataResolution,
  firstOnuId: 1,
  maxOnusPerPort: 128,
  defaultHostname: 'OLT',
  model: 'FD1616SN',
  buildMib: (s) => cdataGponMib(s, 'FD1616SN'),
  cliDialect: (s) => cdataCli(s, 'gpon'),
};
