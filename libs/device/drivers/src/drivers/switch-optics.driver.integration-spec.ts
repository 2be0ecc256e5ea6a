import type { SnmpSimulator } from '@pondesk/device-snmp/testing';
import { SwitchOpticsDriver } from './switch-optics.driver';
import { CdataDriver } from './cdata.driver';
import { openDevice } from '../driver-factory';
import { autodetect } from '../autodetect';
import { snmpClientFor } from '../support/snmp-table';
import { RECORDINGS, serveRecordings, snmpConn } from '../testing/snmpsim.fixture';

let sim: SnmpSimulator;
beforeAll(async () => {
  sim = await serveRecordings();
}, 60_000);
afterAll(() => sim?.stop());

describe('switch optics on real recordings', () => {
  it('SNR S2990X: per-port rx/tx dBm from NAG-MIB strings, NULL ports left out, link from IF-MIB', async () => {
    const d = new SwitchOpticsDriver(snmpConn(sim, RECORDINGS.snr), 'snr');
    try {
      const ports = await d.listPorts();
      expect(ports.map((p) => [p.name, p.link, p.rxDbm, p.txDbm])).toEqual([
        ['Ethernet1/0/7', 'down', -6.46, null],
        ['Ethernet1/0/9', 'down', -22.84, -1.91],
        ['Ethernet1/0/10', 'up', -9.6, -6.09],
        ['Ethernet1/0/11', 'up', -6.99, -5.4],
        ['Ethernet1/0/13', 'down', 0.77, 0.6],
      ]);
      expect(ports[2]).toMatchObject({ ifIndex: 10, temperatureC: 66, voltageV: 3.38, biasMa: 21.48 });
      // `-0.00(A-)` tx and `0.00(A-)` bias on port 7 are the transceiver floor: no reading.
      expect(ports[0]).toMatchObject({ txDbm: null, biasMa: null, temperatureC: 36 });
      // ifAlias as recorded; an empty one is no description.
      expect(ports.map((p) => p.description)).toEqual([null, null, 'mx5(xe0/0/0)', 'mx5(xe0/0/1)', null]);
    } finally {
      await d.close();
    }
  });

  it('Cisco 2960-X: CISCO-ENTITY-SENSOR values scaled by precision and mapped to ports', async () => {
    const d = new SwitchOpticsDriver(snmpConn(sim, RECORDINGS.cisco2960x), 'cisco');
    try {
      const ports = await d.listPorts();
      expect(ports).toEqual([
        {
          ifIndex: expect.any(Number),
          name: 'Gi1/0/52',
          link: 'up',
          description: '*** Link to acme-fr-s-001 int Gi1/0/3 ***',
          rxDbm: -4.7,
          txDbm: -5,
          temperatureC: 34.6,
          voltageV: 3.32,
          biasMa: 6.1,
        },
        {
          ifIndex: expect.any(Number),
          name: 'Gi3/0/52',
          link: 'up',
          // ifAlias as recorded, with a leading space: trimmed.
          description: '*** Link to acme-fr-s-001 int Gi3/0/2 ***',
          rxDbm: -7.3,
          txDbm: -5,
          temperatureC: 31,
          voltageV: 3.32,
          biasMa: 5.7,
        },
      ]);
    } finally {
      await d.close();
    }
  });

  it('autodetects every recording', async () => {
    const expected: [string, object][] = [
      [RECORDINGS.bdcomGp3600, { kind: 'olt', brand: 'bdcom', mode: 'gpon', model: 'GP3600-16B' }],
      [RECORDINGS.vsolV1600d, { kind: 'olt', brand: 'vsol', mode: 'epon', model: 'V1600D' }],
      [RECORDINGS.vsolV1600d4l, { kind: 'olt', brand: 'vsol', mode: 'epon', model: 'V1600D4L' }],
      [RECORDINGS.hsgqG02id, { kind: 'olt', brand: 'avies', mode: 'gpon', model: 'HSGQ-G02ID' }],
      [RECORDINGS.cdata, { kind: 'olt', brand: 'cdata', mode: 'epon' }],
      [RECORDINGS.snr, { kind: 'switch', switchKind: 'snr' }],
      [RECORDINGS.cisco2960x, { kind: 'switch', switchKind: 'cisco' }],
    ];
    for (const [community, want] of expected) {
      const c = snmpClientFor(snmpConn(sim, community));
      try {
        expect(await autodetect(c)).toMatchObject(want);
      } finally {
        c.close();
      }
    }
    const dev = await openDevice(snmpConn(sim, RECORDINGS.snr));
    expect(dev.kind).toBe('switch');
    await dev.driver.close();
  });
});

describe('C-Data driver on the real FD recording (system + ifTable only)', () => {
  it('names the 8 PON ports from the NSCRTV ifIndex layout and reports no ONUs rather than zeros', async () => {
    const d = new CdataDriver(snmpConn(sim, RECORDINGS.cdata), 'epon');
    try {
      const ports = await d.listPonPorts();
      expect(ports.map((p) => [p.ponPort, p.name, p.ifIndex])).toEqual(
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, `pon0/0/${n}`, 16780544 + (n - 1) * 256]),
      );
      expect(await d.listOnus()).toEqual([]);
      expect(await d.identify()).toMatchObject({
        brand: 'cdata',
        sysObjectId: '1.3.6.1.4.1.17409',
        sysDescr: 'zaporojskoe-olt',
      });
    } finally {
      await d.close();
    }
  });
});
