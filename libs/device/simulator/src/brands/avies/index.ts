/**
 * AVIES, treated as HSGQ-family firmware (EPON XE04I class, GPON G02ID class): SNMP enterprise 50224, the
 * HSGQ telnet CLI, and the web JSON API (served by http/hsgq-web-server.ts).
 */
import type { OltBrandAdapter } from '../olt-brand';
import { aviesCli } from './avies.cli';
import { aviesMib } from './avies.snmp';
import { hsgqWebApi } from './avies.web';
import { aviesEponRoutes } from './avies-epon.web';
import { aviesGponRoutes } from './avies-gpon.web';

const aviesResolution = { rx: 0.01, tx: 0.01, temperature: 1, voltage: 0.01, bias: 1 };

export const aviesEponAdapter: OltBrandAdapter = {
  brand: 'avies',
  mode: 'epon',
  resolution: aviesResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'AVIES-EPON',
  model: 'HSGQ-E04I',
  buildMib: (s) => aviesMib(s, 'HSGQ-E04I'),
  cliDialect: (s) => aviesCli(s),
  webApi: (s) => hsgqWebApi(s, 'HSGQ-E04I', aviesEponRoutes),
};

export const aviesGponAdapter: OltBrandAdapter = {
  brand: 'avies',
  mode: 'gpon',
  resolution: aviesResolution,
  firstOnuId: 0,
  maxOnusPerPort: 128,
  defaultHostname: 'AVIES-GPON',
  model: 'HSGQ-G02ID',
  buildMib: (s) => aviesMib(s, 'HSGQ-G02ID'),
  cliDialect: (s) => aviesCli(s),
  webApi: (s) => hsgqWebApi(s, 'HSGQ-G02ID', aviesGponRoutes),
};
