import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SnmpSimulator } from '@pondesk/device-snmp/testing';
import { VsolEponDriver } from './vsol-epon.driver';
import { RECORDINGS, serveRecordings, snmpConn } from '../testing/snmpsim.fixture';
import { DEVICE_DATA_DIR } from '../testing/device-data';
import { FakeCliServer } from '../testing/fake-cli-server';
import { vsolEpon } from '../profiles';

let sim: SnmpSimulator;
beforeAll(async () => {
  sim = await serveRecordings();
}, 60_000);
afterAll(() => sim?.stop());

/** `index → value` of one column straight from a recording file. */
function column(community: string, oid: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(join(DEVICE_DATA_DIR, 'snmp', `${community}.snmprec`), 'utf8').split(
    '\n',
  )) {
    const [o, , v] = line.split('|');
    if (o?.startsWith(oid + '.')) out.set(o.slice(oid.length + 1), v);
  }
  return out;
}

describe('V-SOL EPON driver on the real V1600D recording (LibreNMS)', () => {
  it('identifies the box', async () => {
    const d = new VsolEponDriver(snmpConn(sim, RECORDINGS.vsolV1600d));
    try {
      expect(await d.identify()).toMatchObject({
        brand: 'vsol',
        mode: 'epon',
        model: 'V1600D',
        sysObjectId: '1.3.6.1.4.1.37950.1.1.5.10.14.1',
      });
    } finally {
      await d.close();
    }
  });

  it('lists 16 ONUs with rx as the dBm in brackets (-14.61, not the 0.03 mW)', async () => {
    const d = new VsolEponDriver(snmpConn(sim, RECORDINGS.vsolV1600d));
    try {
      const onus = await d.listOnus();
      expect(onus).toHaveLength(16);
      expect(onus[0]).toMatchObject({
        ponPort: 1,
        onuId: 1,
        ifName: 'EPON0/1:1',
        status: 'online',
        description: 'AAAAAA',
        rxDbm: -14.61,
        txDbm: 3.77,
        temperatureC: 30.67,
        voltageV: 3.27,
        biasMa: 11.65,
      });
      // Every rx equals the bracketed number of its recorded string.
      const recorded = column(RECORDINGS.vsolV1600d, '1.3.6.1.4.1.37950.1.1.5.12.2.1.8.1.7');
      for (const o of onus) {
        const raw = recorded.get(`${o.ponPort}.${o.onuId}`)!;
        expect(o.rxDbm).toBe(Number(/\(([-\d.]+) dBm\)/.exec(raw)![1]));
        expect(o.rxDbm).toBeLessThan(-10);
      }
      expect(onus.find((o) => o.onuId === 16)!.rxDbm).toBe(-28.24);
      // The recording has no distance or MAC columns: absent, not 0.
      expect(onus.every((o) => o.distanceM === null && o.mac === null)).toBe(true);
      // `0.00 mW (-23.77 dBm)`: the mW rounds to zero, the bracketed dBm is the reading.
      expect(await d.readOnuOptics({ ponPort: 1, onuId: 6 })).toEqual({
        rxDbm: -23.77,
        txDbm: 4.22,
        temperatureC: 37.45,
        voltageV: 3.26,
        biasMa: 11.45,
        oltRxDbm: null,
      });
    } finally {
      await d.close();
    }
  });

  it('reads the PON transceivers with their unit strings', async () => {
    const d = new VsolEponDriver(snmpConn(sim, RECORDINGS.vsolV1600d));
    try {
      const ports = await d.listPonPorts();
      expect(ports.map((p) => [p.name, p.optics])).toEqual([
        ['EPON0/1', { rxDbm: null, txDbm: 6.56, temperatureC: 27.84, voltageV: 3.22, biasMa: 7.01 }],
        ['EPON0/2', { rxDbm: null, txDbm: 6.66, temperatureC: 26.93, voltageV: 3.27, biasMa: 6.82 }],
      ]);
    } finally {
      await d.close();
    }
  });
});

describe('V-SOL EPON driver on the real V1600D4L walk (ispcms, no system group)', () => {
  it('lists 116 ONUs with status, MAC, description, reason and distance', async () => {
    const d = new VsolEponDriver(snmpConn(sim, RECORDINGS.vsolV1600d4l));
    try {
      const onus = await d.listOnus();
      expect(onus).toHaveLength(116);
      const o35 = onus.find((o) => o.ponPort === 3 && o.onuId === 5)!;
      expect(o35).toMatchObject({
        ifName: 'EPON0/3:5',
        status: 'online',
        mac: '30:d1:7e:94:ae:ef',
        description: null, // "NULL"
        distanceM: 105,
        lastDeregReason: 'power-off',
        lastDeregReasonRaw: 'power-off',
        lastRegTime: '2026/08/06 08:29:31',
        lastDeregTime: '2026/08/06 08:16:57',
      });
      expect(onus.filter((o) => o.lastDeregReason === 'wire-down')).toHaveLength(37);
      expect(onus.filter((o) => o.lastDeregReason === 'power-off')).toHaveLength(79);
      // Status and MAC of every ONU as recorded; every description is the unset word `NULL`.
      const status = column(RECORDINGS.vsolV1600d4l, '1.3.6.1.4.1.37950.1.1.5.12.1.25.1.4');
      const macs = column(RECORDINGS.vsolV1600d4l, '1.3.6.1.4.1.37950.1.1.5.12.1.25.1.5');
      for (const o of onus) {
        const key = `${o.ponPort}.${o.onuId}`;
        expect([key, o.status, o.mac]).toEqual([
          key,
          status.get(key) === '1' ? 'online' : 'offline',
          macs.get(key),
        ]);
      }
      expect(onus.every((o) => o.description === null)).toBe(true);
      // No opm-diag rows in this walk: optics absent, never 0.
      expect(onus.every((o) => o.rxDbm === null && o.txDbm === null && o.temperatureC === null)).toBe(true);
      // Distances as recorded; the 22 offline ONUs the OLT never ranged answer 0 m, which is no reading.
      const distances = column(RECORDINGS.vsolV1600d4l, '1.3.6.1.4.1.37950.1.1.5.12.1.25.1.17');
      for (const o of onus) {
        const recorded = Number(distances.get(`${o.ponPort}.${o.onuId}`));
        expect(o.distanceM).toBe(recorded === 0 ? null : recorded);
      }
      expect(onus.filter((o) => o.distanceM === null && o.status === 'offline')).toHaveLength(22);
      expect(onus.filter((o) => o.distanceM === null)).toHaveLength(22);

      // Per-port online counts agree with the OLT's own counters (27.1.3).
      const ports = await d.listPonPorts();
      expect(ports.map((p) => [p.ponPort, p.name, p.onuTotal, p.onuOnline])).toEqual([
        [1, 'PON1', 17, 7],
        [2, 'PON2', 4, 3],
        [3, 'PON3', 61, 47],
        [4, 'PON4', 34, 10],
      ]);
      for (const p of ports) {
        const mine = onus.filter((o) => o.ponPort === p.ponPort);
        expect(mine).toHaveLength(p.onuTotal!);
        expect(mine.filter((o) => o.status === 'online')).toHaveLength(p.onuOnline!);
      }
      const inactive = await d.listInactiveOnus();
      expect(inactive).toHaveLength(116 - 67);
      expect(inactive.every((o) => o.status === 'offline')).toBe(true);
      expect(await d.identify()).toMatchObject({ model: 'V1600D4L', sysDescr: null });
      // No history log on V-SOL: the last registration/deregistration pair is the history.
      expect(await d.onuHistory({ ponPort: 3, onuId: 5 })).toEqual([
        {
          time: '2026/08/06 08:29:31',
          event: 'up',
          reason: null,
          reasonRaw: null,
          raw: 'last registration 2026/08/06 08:29:31',
        },
        {
          time: '2026/08/06 08:16:57',
          event: 'down',
          reason: 'power-off',
          reasonRaw: 'power-off',
          raw: 'last deregistration 2026/08/06 08:16:57 power-off',
        },
      ]);
      const found = await d.findMac('30D1.7E94.AEEF');
      expect(found).toEqual([
        { mac: '30:d1:7e:94:ae:ef', kind: 'onu', ponPort: 3, onuId: 5, ifName: 'EPON0/3:5', vlan: null },
      ]);
    } finally {
      await d.close();
    }
  });
});

describe('V-SOL EPON driver: SNMP first, telnet fills what the firmware has no MIB for', () => {
  it('takes MAC, distance and dereg reason from `show onu status all` on the V1600D, keeping SNMP optics', async () => {
    const rows = Array.from({ length: 16 }, (_, i) => ({
      ifName: `EPON0/1:${i + 1}`,
      statusRaw: 'online',
      mac: `aa:bb:cc:dd:ee:${(i + 1).toString(16).padStart(2, '0')}`,
      distanceM: 1000 + i,
      rtt: 600 + i,
      lastRegTime: '2026/06/01 08:08:13',
      lastDeregTime: '2026/06/01 08:07:32',
      lastDeregReasonRaw: i % 2 ? 'Power Off' : 'Wire Down',
      aliveTime: '6 19:16:07',
      description: null,
    }));
    const cli = new FakeCliServer({
      hostname: 'epon-olt',
      loginPrompt: 'Login:',
      password: 'secret',
      enablePassword: null,
      pager: ' --More-- ',
      pageLines: 5,
      acceptsTerminalLength: false,
      modes: [
        { match: /^configure terminal$/, suffix: '(config)' },
        { match: /^exit$/, suffix: null },
      ],
      commands: [{ match: /^show onu status all$/, output: vsolEpon.renderStatusRows(rows) }],
    });
    const port = await cli.start();
    const d = new VsolEponDriver({
      ...snmpConn(sim, RECORDINGS.vsolV1600d),
      telnet: { port, username: 'admin', password: 'secret', loginTimeoutMs: 2000, commandTimeoutMs: 3000 },
    });
    try {
      const onus = await d.listOnus();
      expect(onus).toHaveLength(16);
      expect(onus[0]).toMatchObject({
        mac: 'aa:bb:cc:dd:ee:01',
        distanceM: 1000,
        lastDeregReason: 'wire-down',
        rxDbm: -14.61,
        description: 'AAAAAA',
      });
      expect(onus[15]).toMatchObject({
        mac: 'aa:bb:cc:dd:ee:10',
        distanceM: 1015,
        lastDeregReason: 'power-off',
        rxDbm: -28.24,
      });
      expect(cli.log).toEqual([
        'enable',
        'terminal length 0',
        'configure terminal',
        'show onu status all',
        'exit',
      ]);
    } finally {
      await d.close();
      await cli.stop();
    }
  });
});
