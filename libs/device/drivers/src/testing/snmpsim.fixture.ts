import { join } from 'node:path';
import { startSnmpSimulator, type SnmpSimulator } from '@pondesk/device-snmp/testing';
import type { DeviceConnection } from '../support/connection';
import { DEVICE_DATA_DIR } from './device-data';

export const RECORDINGS = {
  bdcomGp3600: 'librenms/tests/snmpsim/bdcom',
  vsolV1600d: 'librenms/tests/snmpsim/vsolution_v1600d',
  vsolV1600d4l: 'derived/vsol_v1600d4l_epon',
  hsgqG02id: 'derived/hsgq_g02id_gpon',
  cdata: 'librenms/tests/snmpsim/cdata',
  snr: 'librenms/tests/snmpsim/snr',
  cisco2960x: 'librenms/tests/snmpsim/ios_2960x',
} as const;

/** snmpsimd over ../shared/device-data/snmp (or another data dir). Fails loudly when snmpsim is missing. */
export function serveRecordings(
  dataDir = join(DEVICE_DATA_DIR, 'snmp'),
  probeCommunity: string = RECORDINGS.bdcomGp3600,
): Promise<SnmpSimulator> {
  return startSnmpSimulator({ dataDir, probeCommunity });
}

export function snmpConn(
  sim: SnmpSimulator,
  community: string,
  extra: Partial<NonNullable<DeviceConnection['snmp']>> = {},
): DeviceConnection {
  return { host: sim.host, snmp: { port: sim.port, community, timeoutMs: 2000, retries: 1, ...extra } };
}
