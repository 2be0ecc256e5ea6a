/**
 * Drivers whose tables have no public recording (BDCOM EPON, C-Data EPON/GPON, V-SOL GPON ONU tables; MikroTik,
 * ENTITY-SENSOR and NMS-IF switch optics), exercised end to end: snmprec files written from the notes and MIBs,
 * served by snmpsimd, read back by the drivers. This proves the drivers follow the notes, not that real firmware does.
 */
import {
  SnmprecBuilder,
  startSnmpSimulator,
  writeDataDir,
  type SnmpSimulator,
} from '@pondesk/device-snmp/testing';
import { SnmpClient } from '@pondesk/device-snmp';
import { bdcomEpon, cdata, cdataEpon, cdataGpon, switchOptics, vsolGpon } from '../profiles';
import { BdcomEponDriver } from './bdcom-epon.driver';
import { SwitchOpticsDriver } from './switch-optics.driver';
import { autodetect } from '../autodetect';
import { snmpClientFor } from '../support/snmp-table';
import { CdataDriver } from './cdata.driver';
import { VsolGponDriver } from './vsol-gpon.driver';
import { openDevice } from '../driver-factory';
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

/**
 * V1600GS-style walk with the documented variations: rx/tx text with and without `(dBm)`, colon dates, N/A names,
 * `GPON01ONU1 NAME` ifDescr, bare 3-decimal PON SFP values, and no system group (the real walks have none).
 */
function vsolGponRecording(): SnmprecBuilder {
  const b = new SnmprecBuilder();
  const o = vsolGpon.oids;
  b.set(`${o.ponSfpTemperature}.1`, 'str', '49.168')
    .set(`${o.ponSfpVoltage}.1`, 'str', '3.325')
    .set(`${o.ponSfpBias}.1`, 'str', '13.764')
    .set(`${o.ponSfpTxPower}.1`, 'str', '7.891');
  const rows = [
    { onu: 1, flag: 1, phase: 3, name: 'YUNUS', rx: '-14.41', tx: '2.10', reason: 'N/A', sn: 'ZTEGd5d46321' },
    {
      onu: 2,
      flag: 1,
      phase: 3,
      name: 'N/A',
      // Name column empty, the name only in the ifDescr (`GPON01ONU2 robin819@net`).
      label: 'robin819@net',
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
      rx: '-25.60',
      tx: '2.10',
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
      vsolGpon.ifName.onuV1600gs(1, r.onu, ('label' in r ? r.label : null) ?? vsolGpon.onuName(r.name)),
    );
  }
  return b;
}

/**
 * Other V-SOL GPON firmware as third parties describe it (SNMP.md §1, §5): optics as integers in tenths, ONUs named
 * `GPON0/1:7`, no online-flag column (the phase state alone), untyped-walk INTEGER columns.
 */
function vsolGponIntegerRecording(): SnmprecBuilder {
  const b = new SnmprecBuilder().system('V1600G1', '1.3.6.1.4.1.37950.1.1.6');
  const o = vsolGpon.oids;
  const rows = [
    { onu: 1, phase: 3, rx: -256, tx: 21, oltRx: -271 },
    { onu: 2, phase: 3, rx: -99, tx: 5, oltRx: -102 },
    { onu: 3, phase: 3, rx: -180, tx: 33, oltRx: -190 },
    { onu: 4, phase: 5, rx: 0, tx: 0, oltRx: 0 },
  ];
  b.set(`${o.ifDescr}.4`, 'str', 'GPON0/1');
  for (const r of rows) {
    const i = vsolGpon.onuIndex.encode(1, r.onu);
    b.set(`${o.statePon}.${i}`, 'int', 1)
      .set(`${o.stateOnu}.${i}`, 'int', r.onu)
      .set(`${o.phaseState}.${i}`, 'int', r.phase)
      .set(`${o.name}.${i}`, 'str', `client-${r.onu}`);
    b.set(`${o.txPower}.${i}`, 'int', r.tx)
      .set(`${o.rxPower}.${i}`, 'int', r.rx)
      .set(`${o.oltRxPower}.${i}`, 'int', r.oltRx);
    b.set(`${o.ifDescr}.${6 + r.onu}`, 'str', vsolGpon.ifName.onu(1, r.onu));
  }
  return b;
}

/** IF-MIB names and link states for switch ports: `[ifIndex, name, up]`. */
function switchIfTable(b: SnmprecBuilder, ports: [number, string, boolean][]): SnmprecBuilder {
  const m = switchOptics.ifMib;
  for (const [i, name, up] of ports)
    b.set(`${m.ifDescr}.${i}`, 'str', name)
      .set(`${m.ifOperStatus}.${i}`, 'int', up ? 1 : 2)
      .set(`${m.ifName}.${i}`, 'str', name);
  return b;
}

/** MIKROTIK-MIB mtxrOpticalTable (SNMP.md §9): °C, mV, mA, milli-dBm, by ifIndex. */
function mikrotikRecording(): SnmprecBuilder {
  const o = switchOptics.mikrotik.oids;
  const b = switchIfTable(new SnmprecBuilder().system('RouterOS CRS317-1G-16S+', '1.3.6.1.4.1.14988.1'), [
    [1, 'ether1', true],
    [2, 'sfp-sfpplus1', true],
    [3, 'sfp-sfpplus2', false],
  ]);
  b.set(`${o.name}.2`, 'str', 'sfp-sfpplus1')
    .set(`${o.temperature}.2`, 'int', 41)
    .set(`${o.voltage}.2`, 'int', 3284)
    .set(`${o.bias}.2`, 'int', 21)
    .set(`${o.txPower}.2`, 'int', -2123)
    .set(`${o.rxPower}.2`, 'int', -5123);
  b.set(`${o.name}.3`, 'str', 'sfp-sfpplus2')
    .set(`${o.temperature}.3`, 'int', 38)
    .set(`${o.voltage}.3`, 'int', 3301)
    .set(`${o.bias}.3`, 'int', 0)
    .set(`${o.txPower}.3`, 'int', -40000)
    .set(`${o.rxPower}.3`, 'int', -17802);
  return b;
}

/** Standard ENTITY-SENSOR-MIB: sensors under a port entity that entAliasMapping ties to its ifIndex. */
function entitySensorRecording(): SnmprecBuilder {
  const o = switchOptics.entitySensor.oids;
  const b = switchIfTable(new SnmprecBuilder().system('Generic L3 switch', '1.3.6.1.4.1.99999.1'), [
    [10101, 'Te1/1/1', true],
    [10102, 'Te1/1/2', false],
  ]);
  // [entPhysicalIndex, name, type, scale, precision, value]: dBm ×10⁻², °C ×10⁻¹, V ×10⁻², mA (milli, ×10⁻¹).
  const sensors: [number, string, number, number, number, number][] = [
    [2001, 'Te1/1/1 Receive Power Sensor', 14, 9, 2, -712],
    [2002, 'Te1/1/1 Transmit Power Sensor', 14, 9, 2, -245],
    [2003, 'Te1/1/1 Temperature Sensor', 8, 9, 1, 352],
    [2004, 'Te1/1/1 Supply Voltage Sensor', 4, 9, 2, 330],
    [2005, 'Te1/1/1 Bias Current Sensor', 5, 8, 1, 64],
    [2011, 'Te1/1/2 Receive Power Sensor', 14, 9, 1, -231],
  ];
  b.set(`${o.name}.1001`, 'str', 'Te1/1/1').set(`${o.name}.1002`, 'str', 'Te1/1/2');
  b.set(`${o.aliasMapping}.1001.0`, 'oid', '1.3.6.1.2.1.2.2.1.1.10101');
  b.set(`${o.aliasMapping}.1002.0`, 'oid', '1.3.6.1.2.1.2.2.1.1.10102');
  for (const [i, name, type, scale, precision, value] of sensors) {
    b.set(`${o.name}.${i}`, 'str', name).set(`${o.containedIn}.${i}`, 'int', i < 2010 ? 1001 : 1002);
    b.set(`${o.type}.${i}`, 'int', type)
      .set(`${o.scale}.${i}`, 'int', scale)
      .set(`${o.precision}.${i}`, 'int', precision)
      .set(`${o.value}.${i}`, 'int', value);
  }
  return b;
}

/** BDCOM/FS switch NMS-IF-MIB ifSfpParameterTable: ÷100 dBm, ÷256 °C, ÷10000 V, ÷500 mA, -65535 = no module. */
function nmsIfRecording(): SnmprecBuilder {
  const o = switchOptics.nmsIf.oids;
  const b = switchIfTable(
    new SnmprecBuilder().system('BDCOM(tm) S2900-24S8C4X Software, Version 2.2.0C', '1.3.6.1.4.1.3320.1.200'),
    [
      [1, 'g0/1', true],
      [2, 'g0/2', false],
    ],
  );
  b.set(`${o.txPower}.1`, 'int', -512)
    .set(`${o.rxPower}.1`, 'int', -1033)
    .set(`${o.temperature}.1`, 'int', 9344)
    .set(`${o.voltage}.1`, 'int', 33120)
    .set(`${o.bias}.1`, 'int', 7250);
  for (const c of [o.txPower, o.rxPower, o.temperature, o.voltage, o.bias]) b.set(`${c}.2`, 'int', -65535);
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
    'vsol-gpon-int': vsolGponIntegerRecording(),
    mikrotik: mikrotikRecording(),
    'entity-sensor': entitySensorRecording(),
    'nms-if': nmsIfRecording(),
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
        ['EPON0/1:2', 'offline', null, null, null, null, null, null, null, 'wire-down'],
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
        [1, 'GPON01ONU1', 'online', -14.41, 2.1, 'YUNUS', null],
        [2, 'GPON01ONU2', 'online', -13.518, 2.3, 'robin819@net', 'power-off'],
        [3, 'GPON01ONU3', 'online', -25.6, 2.1, 'CAHYA-RAMADHAN', null],
        [22, 'GPON01ONU22', 'offline', null, null, 'OFF-ONE', 'power-off'],
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
      expect((await d.listPonPorts()).map((p) => [p.ponPort, p.onuTotal, p.onuOnline, p.optics])).toEqual([
        [1, 5, 3, { rxDbm: null, txDbm: 7.891, temperatureC: 49.168, voltageV: 3.325, biasMa: 13.764 }],
      ]);
      const dev = await openDevice(snmpConn(sim, 'vsol-gpon'));
      expect(dev.kind === 'olt' && [dev.driver.brand, dev.driver.mode]).toEqual(['vsol', 'gpon']);
      await dev.driver.close();
    } finally {
      await d.close();
    }
  });

  it('V-SOL GPON: integer optics in tenths (tx 5 is 0.5 dBm), `GPON0/1:n` names, status from the phase state', async () => {
    const d = new VsolGponDriver(snmpConn(sim, 'vsol-gpon-int'));
    try {
      const onus = await d.listOnus();
      expect(
        onus.map((o) => [
          o.onuId,
          o.ifName,
          o.status,
          o.statusRaw,
          o.rxDbm,
          o.txDbm,
          o.oltRxDbm,
          o.lastDeregReason,
        ]),
      ).toEqual([
        [1, 'GPON0/1:1', 'online', 'working', -25.6, 2.1, -27.1, null],
        [2, 'GPON0/1:2', 'online', 'working', -9.9, 0.5, -10.2, null],
        [3, 'GPON0/1:3', 'online', 'working', -18, 3.3, -19, null],
        [4, 'GPON0/1:4', 'offline', 'LOS', null, null, null, 'los'],
      ]);
      expect(await d.readOnuOptics({ ponPort: 1, onuId: 2 })).toMatchObject({ rxDbm: -9.9, txDbm: 0.5 });
    } finally {
      await d.close();
    }
  });
  it('a port list given the ONUs just read walks no ONU column again (the worker reads both every poll)', async () => {
    const walk = SnmpClient.prototype.walkColumns;
    const walked: string[] = [];
    SnmpClient.prototype.walkColumns = function (this: SnmpClient, roots, options) {
      walked.push(...roots);
      return walk.call(this, roots, options);
    };
    const drivers = [
      { d: new CdataDriver(snmpConn(sim, 'cdata-epon'), 'epon'), onuColumn: cdataEpon.oids.onuName },
      { d: new CdataDriver(snmpConn(sim, 'cdata-gpon'), 'gpon'), onuColumn: cdataGpon.oids.onuName },
      { d: new VsolGponDriver(snmpConn(sim, 'vsol-gpon')), onuColumn: vsolGpon.oids.name },
    ];
    try {
      for (const { d, onuColumn } of drivers) {
        const onus = await d.listOnus();
        walked.length = 0;
        const alone = await d.listPonPorts();
        expect(walked).toContain(onuColumn);
        walked.length = 0;
        const given = await d.listPonPorts({ onus });
        expect(walked).not.toContain(onuColumn);
        expect(given).toEqual(alone);
        expect(given.reduce((n, p) => n + (p.onuTotal ?? 0), 0)).toBe(onus.length);
      }
    } finally {
      SnmpClient.prototype.walkColumns = walk;
      for (const { d } of drivers) await d.close();
    }
  });
});

describe('switch optics without a public recording, on tables written from the MIBs', () => {
  it('MikroTik: milli-dBm and millivolts scaled, mA as is, ports named from IF-MIB', async () => {
    const d = new SwitchOpticsDriver(snmpConn(sim, 'mikrotik'), 'mikrotik');
    try {
      expect(await d.listPorts()).toEqual([
        {
          ifIndex: 2,
          name: 'sfp-sfpplus1',
          link: 'up',
          description: null,
          rxDbm: -5.123,
          txDbm: -2.123,
          temperatureC: 41,
          voltageV: 3.284,
          biasMa: 21,
        },
        {
          ifIndex: 3,
          name: 'sfp-sfpplus2',
          link: 'down',
          description: null,
          rxDbm: -17.802,
          txDbm: -40,
          temperatureC: 38,
          voltageV: 3.301,
          biasMa: 0,
        },
      ]);
    } finally {
      await d.close();
    }
  });

  it('ENTITY-SENSOR-MIB: type, scale and precision applied, sensors grouped per port via entAliasMapping', async () => {
    const d = new SwitchOpticsDriver(snmpConn(sim, 'entity-sensor'), 'entity-sensor');
    try {
      expect(await d.listPorts()).toEqual([
        {
          ifIndex: 10101,
          name: 'Te1/1/1',
          link: 'up',
          description: null,
          rxDbm: -7.12,
          txDbm: -2.45,
          temperatureC: 35.2,
          voltageV: 3.3,
          biasMa: 6.4,
        },
        {
          ifIndex: 10102,
          name: 'Te1/1/2',
          link: 'down',
          description: null,
          rxDbm: -23.1,
          txDbm: null,
          temperatureC: null,
          voltageV: null,
          biasMa: null,
        },
      ]);
    } finally {
      await d.close();
    }
  });

  it('NMS-IF-MIB (BDCOM/FS switch): scaled readings, -65535 ports left out, detected as a switch', async () => {
    const d = new SwitchOpticsDriver(snmpConn(sim, 'nms-if'), 'nms-if');
    try {
      expect(await d.listPorts()).toEqual([
        {
          ifIndex: 1,
          name: 'g0/1',
          link: 'up',
          description: null,
          rxDbm: -10.33,
          txDbm: -5.12,
          temperatureC: 36.5,
          voltageV: 3.312,
          biasMa: 14.5,
        },
      ]);
    } finally {
      await d.close();
    }
    for (const [community, kind] of [
      ['nms-if', 'nms-if'],
      ['mikrotik', 'mikrotik'],
      ['entity-sensor', 'entity-sensor'],
    ]) {
      const c = snmpClientFor(snmpConn(sim, community));
      try {
        expect(await autodetect(c)).toMatchObject({ kind: 'switch', switchKind: kind });
      } finally {
        c.close();
      }
    }
  });
});
