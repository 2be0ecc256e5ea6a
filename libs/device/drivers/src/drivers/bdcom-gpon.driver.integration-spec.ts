import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SnmpError } from '@pondesk/device-snmp';
import type { SnmpSimulator } from '@pondesk/device-snmp/testing';
import { BdcomGponDriver } from './bdcom-gpon.driver';
import { RECORDINGS, serveRecordings, snmpConn } from '../testing/snmpsim.fixture';
import { DEVICE_DATA_DIR } from '../testing/device-data';

let sim: SnmpSimulator;
beforeAll(async () => {
  sim = await serveRecordings();
}, 60_000);
afterAll(() => sim?.stop());

function recordedIfIndexList(ponIfIndex: number): number[] {
  const text = readFileSync(join(DEVICE_DATA_DIR, 'snmp', `${RECORDINGS.bdcomGp3600}.snmprec`), 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(`1.3.6.1.4.1.3320.10.2.1.1.6.${ponIfIndex}|`))!;
  return line.split('|')[2].split(',').filter(Boolean).map(Number);
}

describe('BDCOM GPON driver on the real GP3600-16B recording', () => {
  it('identifies brand, mode, model and firmware', async () => {
    const d = new BdcomGponDriver(snmpConn(sim, RECORDINGS.bdcomGp3600));
    try {
      expect(await d.identify()).toMatchObject({
        brand: 'bdcom',
        mode: 'gpon',
        model: 'GP3600-16B',
        firmware: '74104',
        sysObjectId: '1.3.6.1.4.1.3320.1.390.0',
      });
    } finally {
      await d.close();
    }
  });

  it('lists ONU names and online/offline per port that agree with the per-port active/inactive counts', async () => {
    const d = new BdcomGponDriver(snmpConn(sim, RECORDINGS.bdcomGp3600));
    try {
      const [ports, onus] = await Promise.all([d.listPonPorts(), d.listOnus()]);
      expect(ports).toHaveLength(16);
      expect(
        ports.filter((p) => p.onuTotal! > 0).map((p) => [p.name, p.ifIndex, p.onuOnline, p.onuOffline]),
      ).toEqual([
        ['GPON0/2', 111, 43, 8],
        ['GPON0/4', 113, 11, 2],
      ]);
      expect(onus).toHaveLength(64);
      expect(onus.filter((o) => o.status === 'online')).toHaveLength(54);
      expect(onus.filter((o) => o.status === 'offline')).toHaveLength(10);
      for (const p of ports) {
        const mine = onus.filter((o) => o.ponPort === p.ponPort);
        expect(mine.filter((o) => o.status === 'online')).toHaveLength(p.onuOnline!);
        expect(mine.filter((o) => o.status === 'offline')).toHaveLength(p.onuOffline!);
      }
      expect(onus.find((o) => o.ifName === 'GPON0/2:1')).toMatchObject({
        ponPort: 2,
        onuId: 1,
        status: 'online',
        statusRaw: 'up',
      });
      expect(onus.every((o) => /^GPON0\/\d+:\d+$/.test(o.ifName))).toBe(true);
      // The recording has no ONU optics/serial tables: every reading is absent (null), never 0.
      expect(
        onus.every((o) => o.rxDbm === null && o.txDbm === null && o.serial === null && o.distanceM === null),
      ).toBe(true);
      const inactive = await d.listInactiveOnus();
      expect(inactive).toHaveLength(10);
      expect(inactive.map((o) => o.ponPort).sort()).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 4, 4]);
      expect(await d.readOnuOptics({ ponPort: 2, onuId: 1 })).toEqual({
        rxDbm: null,
        txDbm: null,
        oltRxDbm: null,
        temperatureC: null,
        voltageV: null,
        biasMa: null,
      });
      const h = await d.systemHealth();
      expect(h).toEqual({
        cpuPercent: null,
        memoryPercent: null,
        uptimeSeconds: 12600868,
        temperatureC: null,
      });
    } finally {
      await d.close();
    }
  });

  it('matches the per-port ifIndex list the OLT publishes', async () => {
    const d = new BdcomGponDriver(snmpConn(sim, RECORDINGS.bdcomGp3600));
    try {
      const onus = await d.listOnus({ ponPort: 4 });
      expect(onus).toHaveLength(recordedIfIndexList(113).length);
      expect(onus.map((o) => o.onuId)).toEqual([...Array(13).keys()].map((i) => i + 1));
    } finally {
      await d.close();
    }
  });

  it('raises a typed SNMP timeout for a wrong community', async () => {
    const d = new BdcomGponDriver(snmpConn(sim, 'wrong-community', { timeoutMs: 300, retries: 0 }));
    try {
      await expect(d.listOnus()).rejects.toBeInstanceOf(SnmpError);
    } finally {
      await d.close();
    }
  });
});
