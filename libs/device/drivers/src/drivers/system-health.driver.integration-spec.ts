import type { SnmpSimulator } from '@pondesk/device-snmp/testing';
import { CdataDriver } from './cdata.driver';
import { VsolEponDriver } from './vsol-epon.driver';
import { RECORDINGS, serveRecordings, snmpConn } from '../testing/snmpsim.fixture';

let sim: SnmpSimulator;
beforeAll(async () => {
  sim = await serveRecordings();
}, 60_000);
afterAll(() => sim?.stop());

describe('CPU and memory of C-Data and V-SOL OLTs on the real recordings', () => {
  it('C-Data: cpuUsage 19, memory 242 MB total with 86 MB free (64.5 % used), as recorded', async () => {
    const d = new CdataDriver(snmpConn(sim, RECORDINGS.cdata), 'epon');
    try {
      expect(await d.systemHealth()).toMatchObject({ cpuPercent: 19, memoryPercent: 64.5 });
    } finally {
      await d.close();
    }
  });

  it('V-SOL V1600D: cpuLoad 26 and memoryLoad 18, as recorded', async () => {
    const d = new VsolEponDriver(snmpConn(sim, RECORDINGS.vsolV1600d));
    try {
      const h = await d.systemHealth();
      expect(h).toMatchObject({ cpuPercent: 26, memoryPercent: 18 });
      expect(h.uptimeSeconds).toBeGreaterThan(0);
    } finally {
      await d.close();
    }
  });

  it('V-SOL V1600D4L walk without the load objects: no reading rather than a guess', async () => {
    const d = new VsolEponDriver(snmpConn(sim, RECORDINGS.vsolV1600d4l));
    try {
      expect(await d.systemHealth()).toMatchObject({ cpuPercent: null, memoryPercent: null });
    } finally {
      await d.close();
    }
  });
});
