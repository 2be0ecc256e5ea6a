import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SnmpSimulator } from '@pondesk/device-snmp/testing';
import { AviesDriver } from './avies.driver';
import { openDevice } from '../driver-factory';
import { RECORDINGS, serveRecordings, snmpConn } from '../testing/snmpsim.fixture';
import { DEVICE_DATA_DIR } from '../testing/device-data';

let sim: SnmpSimulator;
beforeAll(async () => {
  sim = await serveRecordings();
}, 60_000);
afterAll(() => sim?.stop());

function column(oid: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(
    join(DEVICE_DATA_DIR, 'snmp', `${RECORDINGS.hsgqG02id}.snmprec`),
    'utf8',
  ).split('\n')) {
    const [o, , v] = line.split('|');
    if (o?.startsWith(oid + '.')) out.set(o.slice(oid.length + 1), v);
  }
  return out;
}

describe('AVIES GPON driver (HSGQ firmware) over SNMP on the real HSGQ G02ID walk', () => {
  it('lists 150 ONUs with optics divided by 100 and historic rows skipped', async () => {
    const d = new AviesDriver(snmpConn(sim, RECORDINGS.hsgqG02id), 'gpon');
    try {
      const onus = await d.listOnus();
      expect(onus).toHaveLength(150);
      expect(onus.filter((o) => o.status === 'online')).toHaveLength(148);
      expect(onus.find((o) => o.ponPort === 1 && o.onuId === 1)).toMatchObject({
        ifName: '1/1',
        description: 'ADE SURYANI',
        serial: 'RTEGc608bcb8',
        vendor: 'RTEG',
        model: 'F670L',
        status: 'online',
        rxDbm: -24,
        txDbm: 2.25,
        biasMa: 13.2,
        voltageV: 3.3,
        temperatureC: 37.48,
        distanceM: 600,
        lastDeregReasonRaw: 'Power down',
        lastDeregReason: 'power-off',
        lastDeregTime: '2026/06/03 21:32:03+07:00',
      });
      expect(onus.find((o) => o.ponPort === 1 && o.onuId === 2)).toMatchObject({
        rxDbm: -25,
        txDbm: 2.53,
        temperatureC: 43.43,
      });
      // Every rx equals the recorded centi-dBm / 100 of its `.0.0` row.
      const rx = column('1.3.6.1.4.1.50224.3.12.3.1.4');
      let withRx = 0;
      for (const o of onus) {
        const raw = rx.get(`${16777216 + (o.ponPort << 8) + o.onuId}.0.0`);
        if (raw === undefined) expect(o.rxDbm).toBeNull();
        else {
          expect(o.rxDbm).toBe(Number(raw) / 100);
          withRx++;
        }
      }
      expect(withRx).toBe(143);
      // `.65535.65535` rows (PON-level history, -30.45 / -33.97) never become readings.
      expect(onus.some((o) => o.rxDbm === -30.45 || o.rxDbm === -33.97)).toBe(false);
      const offline = onus.filter((o) => o.status === 'offline');
      expect(offline.map((o) => [o.ponPort, o.onuId, o.description, o.rxDbm])).toEqual([
        [1, 0, 'ATIN NGATINI', null],
        // `ONT01/029` is the box's default name: no description.
        [1, 29, null, null],
      ]);
      expect(offline[1]).toMatchObject({
        lastDeregReason: 'los',
        lastDeregReasonRaw: 'Laser out',
        lastRegTime: null,
      });
      const ports = await d.listPonPorts();
      expect(ports.map((p) => [p.name, p.onuTotal, p.onuOnline])).toEqual([
        ['PON01', 74, 72],
        ['PON02', 76, 76],
      ]);
    } finally {
      await d.close();
    }
  });

  it('is detected from the HSGQ model scalar although the walk has no system group', async () => {
    const dev = await openDevice(snmpConn(sim, RECORDINGS.hsgqG02id));
    try {
      expect(dev.kind).toBe('olt');
      if (dev.kind === 'olt') {
        expect([dev.driver.brand, dev.driver.mode]).toEqual(['avies', 'gpon']);
        expect(await dev.driver.identify()).toMatchObject({
          model: 'HSGQ-G02ID',
          firmware: 'IGC_V1.2.14ID_Rel',
          uptimeSeconds: 405807,
        });
        // 190260 used of 465896 (the walk's 26 = 27 + 28 scalars).
        expect(await dev.driver.systemHealth()).toEqual({
          cpuPercent: null,
          memoryPercent: 40.8,
          uptimeSeconds: 405807,
          temperatureC: null,
        });
      }
    } finally {
      await dev.driver.close();
    }
  });
});
