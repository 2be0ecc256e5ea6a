/**
 * Drivers whose ONU tables have no public recording (BDCOM EPON, C-Data EPON/GPON, V-SOL GPON), exercised end to
 * end: snmprec files written from the profiles' own encoders, served by snmpsimd, read back by the drivers.
 * This proves driver ↔ profile consistency, not agreement with real firmware.
 */
import { startSnmpSimulator, type SnmpSimulator } from '@pondesk/device-snmp';
import { bdcomEpon, cdata, cdataEpon, cdataGpon, vsolGpon } from '../profiles';
import { BdcomEponDriver } from './bdcom-epon.driver';
import { CdataDriver } from './cdata.driver';
import { VsolGponDriver } from './vsol-gpon.driver';
import { openDevice } from '../driver-factory';
import { SnmprecBuilder, writeDataDir } from '@pondesk/device-snmp';
import { snmpConn } from '../testing/snmpsim.fixture';

function bdcomEponRecording(): SnmprecBuilder {
  const b = new SnmprecBuilder().system(
    'BDCOM(tm) P3310C Software, Version 10.1.0E Build 55735',
    '1.3.6.1.4.1.3320.1.300',
  );
  const o = bdcomEpon.oids;
  const s = bdcomEpon.scale;
  const ponIf = { 1: 10, 2: 11 } as const;
  for (const [p, ifIndex] of Object.entries(ponIf)) {
    b.set(`${o.ifDescr}.${ifIndex}`, 'str', bdcomEpon.ifName.pon(Number(p))).set(
      `${o.ifOperStatus}.${ifIndex}`,
      'int',
      1,
    );
  }
  b.set(`${o.ponActiveOnus}.10`, 'int', 1)
    .set(`${o.ponInactiveOnus}.10`, 'int', 1)
    .set(`${o.ponActiveOnus}.11`, 'int', 1)
    .set(`${o.ponInactiveOnus}.11`, 'int', 0);
  const onus = [
    {
      ifIndex: 57,
      pon: 1,
      onu: 1,
      mac: 'a0:94:6a:89:97:d0',
      status: 3,
      rx: -21.3,
      tx: 2.2,
      t: 31,
      v: 3.4,
      bias: 14.4,
      dist: 1180,
      reason: 9,
      desc: 'pppoe-alice',
    },
    {
      ifIndex: 58,
      pon: 1,
      onu: 2,
      mac: '80:f7:a6:07:ce:31',
      status: 4,
      rx: null,
      tx: null,
      t: null,
      v: null,
      bias: null,
      dist: 0,
      reason: 8,
      desc: 'N/A',
    },
    {
      ifIndex: 77,
      pon: 2,
      onu: 5,
      mac: '10:f7:a6:c4:cf:b6',
      status: 3,
      rx: -26.9,
      tx: 1.8,
      t: 45.5,
      v: 3.3,
      bias: 10,
      dist: 4210,
      reason: 255,
      desc: 'bob',
    },
  ];
  for (const u of onus) {
    b.set(`${o.ifDescr}.${u.ifIndex}`, 'str', bdcomEpon.ifName.onu(u.pon, u.onu)).set(
      `${o.ifOperStatus}.${u.ifIndex}`,
      'int',
      u.status === 3 ? 1 : 2,
    );
    b.set(`${o.onuMac}.${u.ifIndex}`, 'hex', Uint8Array.from(u.mac.split(':').map((h) => parseInt(h, 16))));
    b.set(`${o.onuStatus}.${u.ifIndex}`, 'int', u.status).set(`${o.onuDistance}.${u.ifIndex}`, 'int', u.dist);
    // Offline ONUs answer the sentinel -65535 instead of a reading.
    b.set(`${o.onuRxPower}.${u.ifIndex}`, 'int', u.rx === null ? -65535 : s.rxDbm.encode(u.rx));
    b.set(`${o.onuTxPower}.${u.ifIndex}`, 'int', u.tx === null ? -65535 : s.txDbm.encode(u.tx));
    b.set(`${o.onuTemperature}.${u.ifIndex}`, 'int', u.t === null ? -65535 : s.temperatureC.encode(u.t));
    b.set(`${o.onuVoltage}.${u.ifIndex}`, 'int', u.v === null ? 0 : s.voltageV.encode(u.v));
    b.set(`${o.onuBias}.${u.ifIndex}`, 'int', u.bias === null ? -65535 : s.biasMa.encode(u.bias));
    const idx = bdcomEpon.bindIndex.encode(ponIf[u.pon as 1 | 2], u.mac);
    b.set(`${o.bindDescription}.${idx}`, 'str', u.desc).set(
      `${o.bindLastDeregReason}.${idx}`,
      'int',
      u.reason,
    );
    b.set(`${o.bindLastDeregTime}.${idx}`, 'str', '2026-01-02 03:04:05');
  }
  return b;
}

function cdataRecording(mode: 'epon' | 'gpon'): SnmprecBuilder {
  const b = new SnmprecBuilder().system(mode === 'gpon' ? 'FD1616SN' : 'FD1208S', '1.3.6.1.4.1.17409');
  for (let p = 1; p <= 2; p++)
    b.set(`1.3.6.1.2.1.2.2.1.2.${cdata.deviceIndex.ponIfIndex(p)}`, 'str', cdata.deviceIndex.ponName(p)).set(
      `1.3.6.1.2.1.2.2.1.8.${cdata.deviceIndex.ponIfIndex(p)}`,
      'int',
      1,
    );
  const dev = (p: number, o: number) => cdata.deviceIndex.encode(cdata.deviceIndex.ponIfIndex(p), o);
  if (mode === 'epon') {
    const o = cdataEpon.oids;
    const s = cdataEpon.scale;
    b.set(`${o.onuName}.${dev(2, 3)}`, 'str', 'client-23').set(
      `${o.onuMac}.${dev(2, 3)}`,
      'hex',
      Uint8Array.from([0xc4, 0x70, 0x0b, 0x89, 0x51, 0x60]),
    );
    b.set(`${o.onuOperStatus}.${dev(2, 3)}`, 'int', 1).set(`${o.onuDistance}.${dev(2, 3)}`, 'int', 1972);
    b.set(`${o.onuRxPower}.${dev(2, 3)}.0.0`, 'int', s.rxDbm.encode(-21.94)).set(
      `${o.onuTxPower}.${dev(2, 3)}.0.0`,
      'int',
      s.txDbm.encode(1.97),
    );
    b.set(`${o.onuVoltage}.${dev(2, 3)}.0.0`, 'int', s.voltageV.encode(3.3)).set(
      `${o.onuTemperature}.${dev(2, 3)}.0.0`,
      'int',
      s.temperatureC.encode(50.73),
    );
    b.set(`${o.onuBias}.${dev(2, 3)}.0.0`, 'int', s.biasMa.encode(15.16));
    b.set(`${o.onuName}.${dev(1, 6)}`, 'str', 'client-16').set(
      `${o.onuMac}.${dev(1, 6)}`,
      'hex',
      Uint8Array.from([0x00, 0x6d, 0x61, 0xbb, 0x0d, 0xe8]),
    );
    b.set(`${o.onuOperStatus}.${dev(1, 6)}`, 'int', 2).set(`${o.onuRxPower}.${dev(1, 6)}.0.0`, 'int', -1);
  } else {
    const o = cdataGpon.oids;
    const s = cdataGpon.scale;
    b.set(`${o.onuName}.${dev(1, 1)}`, 'str', 'gpon-client').set(
      `${o.onuSerial}.${dev(1, 1)}`,
      'hex',
      cdataGpon.serial.encode('ZTEGC0A8B1C2'),
    );
    b.set(`${o.onuOperStatus}.${dev(1, 1)}`, 'int', 2)
      .set(`${o.onuLastDownCause}.${dev(1, 1)}`, 'str', 'dying-gasp')
      .set(`${o.onuRxPower}.${dev(1, 1)}.0.0`, 'int', -1);
    b.set(`${o.onuName}.${dev(1, 2)}`, 'str', 'gpon-two').set(
      `${o.onuSerial}.${dev(1, 2)}`,
      'hex',
      cdataGpon.serial.encode('HWTC5F593DA5'),
    );
    b.set(`${o.onuOperStatus}.${dev(1, 2)}`, 'int', 1)
      .set(`${o.onuRxPower}.${dev(1, 2)}.0.0`, 'int', s.rxDbm.encode(-19.28))
      .set(`${o.onuLastDownCause}.${dev(1, 2)}`, 'str', 'LOS');
  }
  return b;
}

/** V1600GS-style walk with the documented variations: mixed rx formats, colon dates, N/A names, `GPON01ONU1 NAME` ifDescr. */
function vsolGponRecording(): SnmprecBuilder {
  const b = new SnmprecBuilder().system('V1600GS', '1.3.6.1.4.1.37950.1.1.6');
  const o = vsolGpon.oids;
  const rows = [
    { onu: 1, flag: 1, phase: 3, name: 'YUNUS', rx: '-14.41', tx: '2.10', reason: 'N/A', sn: 'ZTEGd5d46321' },
    {
      onu: 2,
      flag: 1,
      phase: 3,
      name: 'N/A',
      rx: '-13.518(dBm)',
      tx: '2.3(dBm)',
      reason: 'Power Off',
      sn: 'GPON0CE43515',
    },
    {
      onu: 3,
      flag: 1,
      phase: 3,
      name: 'CAHYA-RAMADHAN',
      rx: -256,
      tx: 21,
      reason: 'N/A',
      sn: 'VSOLC5CAE090',
    },
    {
      onu: 22,
      flag: 2,
      phase: 4,
      name: 'OFF-ONE',
      rx: '-40.00',
      tx: '0.00',
      reason: 'Power Off',
      sn: 'ZTEGce792257',
    },
    { onu: 23, flag: 2, phase: 5, name: 'N/A', rx: 'N/A', tx: 'N/A', reason: 'Onu Los', sn: 'RTEGc608bcb8' },
  ];
  b.set(`${vsolGpon.oids.ifDescr}.4`, 'str', 'GPON0/1');
  for (const r of rows) {
    const i = vsolGpon.onuIndex.encode(1, r.onu);
    b.set(`${o.statePon}.${i}`, 'int', 1)
      .set(`${o.stateOnu}.${i}`, 'int', r.onu)
      .set(`${o.onlineFlag}.${i}`, 'int', r.flag)
      .set(`${o.phaseState}.${i}`, 'int', r.phase);
    b.set(`${o.name}.${i}`, 'str', r.name)
      .set(`${o.lastUpTime}.${i}`, 'str', '2026:06:03 21:21:42')
      .set(
        `${o.lastDownTime}.${i}`,
        'str',
        r.flag === 1 ? 'N/A' : vsolGpon.renderTime('2026-06-04 07:00:01'),
      );
    b.set(`${o.lastDownReason}.${i}`, 'str', r.reason)
      .set(`${o.serial}.${i}`, 'str', r.sn)
      .set(`${o.model}.${i}`, 'str', r.flag === 1 ? 'F670LV9.0' : 'unknown');
    b.set(`${o.rxPower}.${i}`, typeof r.rx === 'number' ? 'int' : 'str', r.rx).set(
      `${o.txPower}.${i}`,
      typeof r.tx === 'number' ? 'int' : 'str',
      r.tx,
    );
    b.set(
      `${vsolGpon.oids.ifDescr}.${6 + r.onu}`,
      'str',
      vsolGpon.ifName.onuV1600gs(1, r.onu, vsolGpon.onuName(r.name)),
    );
  }
  return b;
}

let sim: SnmpSimulator;
let data: { dir: string; remove(): void };

beforeAll(async () => {
  data = writeDataDir({
    'bdcom-epon': bdcomEponRecording(),
    'cdata-epon': cdataRecording('epon'),
    'cdata-gpon': cdataRecording('gpon'),
    'vsol-gpon': vsolGponRecording(),
  });
  sim = await startSnmpSimulator({
    dataDir: data.dir,
    probeCommunity: 'bdcom-epon',
  });
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  data?.remove();
});

describe('drivers on tables written from the profiles (no real recording exists)', () => {
  it('BDCOM EPON: scaled optics, sentinels as null, bind-table description and reason joined by MAC', async () => {
    const dev = await openDevice(snmpConn(sim, 'bdcom-epon'));
    expect(dev.kind === 'olt' && [dev.driver.brand, dev.driver.mode]).toEqual(['bdcom', 'epon']);
    await dev.driver.close();
    const d = new BdcomEponDriver(snmpConn(sim, 'bdcom-epon'));
    try {
      const onus = await d.listOnus();
      expect(
        onus.map((o) => [
          o.ifName,
          o.status,
          o.rxDbm,
          o.txDbm,
          o.temperatureC,
          o.voltageV,
          o.biasMa,
          o.distanceM,
          o.description,
          o.lastDeregReason,
        ]),
      ).toEqual([
        ['EPON0/1:1', 'online', -21.3, 2.2, 31, 3.4, 14.4, 1180, 'pppoe-alice', 'power-off'],
        ['EPON0/1:2', 'offline', null, null, null, null, null, 0, null, 'wire-down'],
        ['EPON0/2:5', 'online', -26.9, 1.8, 45.5, 3.3, 10, 4210, 'bob', 'unknown'],
      ]);
      expect(onus[0]).toMatchObject({
        mac: 'a0:94:6a:89:97:d0',
        statusRaw: 'auto_config',
        lastDeregTime: '2026-01-02 03:04:05',
      });
      expect(onus[2].lastDeregReasonRaw).toBe('unknow');
      expect((await d.listPonPorts()).map((p) => [p.name, p.onuOnline, p.onuOffline])).toEqual([
        ['EPON0/1', 1, 1],
        ['EPON0/2', 1, 0],
      ]);
      expect(await d.findMac('80f7.a607.ce31')).toEqual([
        { mac: '80:f7:a6:07:ce:31', kind: 'onu', ponPort: 1, onuId: 2, ifName: 'EPON0/1:2', vlan: null },
      ]);
    } finally {
      await d.close();
    }
  });

  it('C-Data EPON and GPON: device-index decoding, centi-units, -1 as no reading, serial bytes, last down cause', async () => {
    const e = new CdataDriver(snmpConn(sim, 'cdata-epon'), 'epon');
    const g = new CdataDriver(snmpConn(sim, 'cdata-gpon'), 'gpon');
    try {
      expect(await e.listOnus()).toEqual([
        expect.objectContaining({
          ponPort: 1,
          onuId: 6,
          ifName: 'pon0/0/1:6',
          status: 'offline',
          mac: '00:6d:61:bb:0d:e8',
          rxDbm: null,
          description: 'client-16',
        }),
        expect.objectContaining({
          ponPort: 2,
          onuId: 3,
          status: 'online',
          mac: 'c4:70:0b:89:51:60',
          rxDbm: -21.94,
          txDbm: 1.97,
          voltageV: 3.3,
          temperatureC: 50.73,
          biasMa: 15.16,
          distanceM: 1972,
        }),
      ]);
      expect(await g.listOnus()).toEqual([
        expect.objectContaining({
          ponPort: 1,
          onuId: 1,
          status: 'offline',
          serial: 'ZTEGC0A8B1C2',
          rxDbm: null,
          lastDeregReason: 'power-off',
          lastDeregReasonRaw: 'dying-gasp',
        }),
        expect.objectContaining({
          ponPort: 1,
          onuId: 2,
          status: 'online',
          serial: 'HWTC5F593DA5',
          rxDbm: -19.28,
          lastDeregReason: 'los',
        }),
      ]);
      const dev = await openDevice(snmpConn(sim, 'cdata-gpon'));
      expect(dev.kind === 'olt' && [dev.driver.brand, dev.driver.mode]).toEqual(['cdata', 'gpon']);
      await dev.driver.close();
    } finally {
      await e.close();
      await g.close();
    }
  });

  it('V-SOL GPON: tolerant of rx/tx formats, colon dates, N/A names and both ifDescr styles', async () => {
    const d = new VsolGponDriver(snmpConn(sim, 'vsol-gpon'));
    try {
      const onus = await d.listOnus();
      expect(
        onus.map((o) => [o.onuId, o.ifName, o.status, o.rxDbm, o.txDbm, o.description, o.lastDeregReason]),
      ).toEqual([
        [1, 'GPON01ONU1 YUNUS', 'online', -14.41, 2.1, 'YUNUS', null],
        [2, 'GPON01ONU2', 'online', -13.518, 2.3, null, 'power-off'],
        [3, 'GPON01ONU3 CAHYA-RAMADHAN', 'online', -25.6, 21, 'CAHYA-RAMADHAN', null],
        [22, 'GPON01ONU22 OFF-ONE', 'offline', null, null, 'OFF-ONE', 'power-off'],
        [23, 'GPON01ONU23', 'offline', null, null, null, 'los'],
      ]);
      expect(onus[0]).toMatchObject({
        serial: 'ZTEGd5d46321',
        model: 'F670LV9.0',
        lastRegTime: '2026-06-03 21:21:42',
        lastDeregTime: null,
      });
      expect(onus[3]).toMatchObject({
        statusRaw: 'DyingGasp',
        lastDeregTime: '2026-06-04 07:00:01',
        model: null,
      });
      expect((await d.listPonPorts()).map((p) => [p.ponPort, p.onuTotal, p.onuOnline])).toEqual([[1, 5, 3]]);
      const dev = await openDevice(snmpConn(sim, 'vsol-gpon'));
      expect(dev.kind === 'olt' && [dev.driver.brand, dev.driver.mode]).toEqual(['vsol', 'gpon']);
      await dev.driver.close();
    } finally {
      await d.close();
    }
  });
});
