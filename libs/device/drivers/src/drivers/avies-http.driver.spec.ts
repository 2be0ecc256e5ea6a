/** The AVIES driver over the HSGQ web API, against a local node:http fake that answers with the vendor samples. */
import { createServer, type Server } from 'node:http';
import { HsgqSessionPool } from '@pondesk/device-http';
import { AviesDriver } from './avies.driver';
import { openDevice } from '../driver-factory';
import { blocks, cliSample, httpSample } from '../testing/device-data';

interface Posted {
  path: string;
  body: unknown;
}

function fakeHsgq(mode: 'epon' | 'gpon'): { server: Server; posted: Posted[]; calls: string[] } {
  const posted: Posted[] = [];
  const calls: string[] = [];
  const alarm = blocks(cliSample('avies/hsgq-xe04i-epon-telnet_teranetwork-validation.txt'))
    .find((b) => b.title.includes('show onu-info-alarm'))!
    .body.trim()
    .split('\n');
  const system = httpSample<{ data: Record<string, unknown> }>('epon-board-system.mock.json');
  const routes: Record<string, unknown> = {
    '/board?info=system':
      mode === 'epon'
        ? system
        : {
            code: 1,
            message: 'success',
            data: { ...system.data, product_name: 'HSGQ-G02ID', device_type: 2, ponports: 2 },
          },
    '/board?info=cpu': httpSample('epon-board-cpu.mock.json'),
    '/board?info=pon':
      mode === 'epon'
        ? httpSample('epon-board-pon.mock.json')
        : { code: 1, data: [{ port_id: 1, status: 1, online: 1, offline: 1 }] },
    '/time?form=info': httpSample('epon-time-info.mock.json'),
    '/onu_allow_list?port_id=1': httpSample('epon-onu_allow_list.port.mock.json'),
    '/ponmgmt?form=optical_onu&port_id=1': httpSample('epon-ponmgmt-optical_onu.sample.json'),
    '/onumgmt?form=optical-diagnose&port_id=1&onu_id=3': httpSample(
      'epon-onumgmt-optical-diagnose.sample.json',
    ),
    '/onumgmt?form=alarm-info&port_id=1&onu_id=27': { code: 1, message: 'success', data: alarm },
    '/pon_mac?form=table': httpSample('epon-pon_mac-form-table.mock.json'),
    '/pon_mac_table': httpSample('epon-pon_mac_table.mock.json'),
    // GPON rows shaped per the vendor mock definitions.
    '/gponont_mgmt?form=auth&port_id=1': {
      code: 1,
      message: 'success',
      data: [
        {
          identifier: 256 + 1,
          ont_name: 'ADE',
          ont_sn: 'RTEGc608bcb8',
          state: 1,
          rstate: 1,
          cstate: 1,
          mstate: 1,
          last_d_cause: 'Power down',
          last_d_time: '2026/06/03 21:32:03',
          last_u_time: '2026/06/03 21:36:16',
        },
        {
          identifier: 256 + 29,
          ont_name: 'ONT01/029',
          ont_sn: 'ZTEGcc845559',
          state: 1,
          rstate: 2,
          cstate: 1,
          mstate: 1,
          last_d_cause: 'Laser out',
          last_d_time: '2026/06/08 10:30:01',
          last_u_time: '-',
        },
      ],
    },
    '/gponont_mgmt?form=ont_optical&port_id=1&ont_id=1': {
      code: 1,
      data: {
        port_id: 1,
        ont_id: 1,
        work_temprature: '37 C',
        work_voltage: '3.30 V',
        transmit_bias: '13 mA',
        transmit_power: '2.25 dBm',
        receive_power: '-24.00 dBm',
        olt_rxpower: '-25.1234 dBm',
      },
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      calls.push(url);
      const send = (b: unknown, h: Record<string, string> = {}) => {
        res.writeHead(200, { 'Content-Type': 'application/json', ...h });
        res.end(JSON.stringify(b));
      };
      if (url === '/userlogin?form=login') return send({ code: 1, message: 'success' }, { 'X-Token': 'abc' });
      if (url === '/board_info') return send(routes['/board?info=system']);
      if (req.headers['x-token'] !== 'abc') return send({ code: 0, message: 'Token Check Failed' });
      if (req.method === 'POST') {
        posted.push({ path: url, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') });
        return send({ code: 1, message: 'success' });
      }
      if (url.startsWith('/onu_allow_list?port_id=')) return send(routes[url] ?? { code: 1, data: [] });
      if (url.startsWith('/ponmgmt?form=optical_onu')) return send(routes[url] ?? { code: 1, data: [] });
      if (url.startsWith('/gponont_mgmt?form=auth')) return send(routes[url] ?? { code: 1, data: [] });
      send(routes[url] ?? { code: 2, message: 'Error, no such page' });
    });
  });
  return { server, posted, calls };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const a = server.address();
  return typeof a === 'object' && a ? a.port : 0;
}

const conn = (port: number) => ({
  host: '127.0.0.1',
  http: { port, username: 'root', password: 'admin', timeoutMs: 2000 },
});

describe('AVIES driver over the HSGQ web API', () => {
  it('EPON: identify, ports, ONU list (fallback from /onutable), optics, MAC finder, history, health, reboot, delete', async () => {
    const f = fakeHsgq('epon');
    const port = await listen(f.server);
    const pool = new HsgqSessionPool();
    const d = new AviesDriver(conn(port), 'epon', pool);
    try {
      expect(await d.identify()).toMatchObject({
        brand: 'avies',
        mode: 'epon',
        model: 'HSGQ-E08',
        firmware: 'I_V1.0.0_Rel',
        uptimeSeconds: 93781,
      });
      const ports = await d.listPonPorts();
      expect(ports).toHaveLength(8);
      expect(ports[0]).toMatchObject({
        ponPort: 1,
        name: 'PON01',
        status: 'up',
        onuOnline: 2,
        onuOffline: 3,
        onuTotal: 5,
      });
      const onus = await d.listOnus();
      expect(onus).toHaveLength(35);
      expect(onus[0]).toMatchObject({
        ifName: '1/1',
        status: 'offline',
        // `ONU01/01` is the box's default name, not an operator's label.
        description: null,
        rxDbm: null,
        lastDeregReason: 'power-off',
        mac: '38:3a:21:20:06:e0',
      });
      expect(onus[2]).toMatchObject({ onuId: 3, status: 'online', rxDbm: -27.1 });
      expect(onus.filter((o) => o.status === 'online')).toHaveLength(32);
      expect(f.calls).toContain('/onutable');
      expect(await d.readOnuOptics({ ponPort: 1, onuId: 3 })).toEqual({
        rxDbm: -3.3003,
        txDbm: 1.8295,
        temperatureC: 21,
        voltageV: 3.29,
        biasMa: 13,
        oltRxDbm: null,
      });
      expect(await d.findMac('00:00:25:00:00:76')).toEqual([
        { mac: '00:00:25:00:00:76', kind: 'learned', ponPort: 1, onuId: 1, ifName: '1/1', vlan: 11 },
      ]);
      expect(await d.findMac('38:3a:21:20:22:79')).toEqual([
        { mac: '38:3a:21:20:22:79', kind: 'onu', ponPort: 1, onuId: 3, ifName: '1/3', vlan: null },
      ]);
      // The learned lookup alone reads the two MAC-table pages and nothing of the ONU list.
      const before = f.calls.length;
      expect(await d.findLearnedMac('00:00:25:00:00:76')).toEqual([
        { mac: '00:00:25:00:00:76', kind: 'learned', ponPort: 1, onuId: 1, ifName: '1/1', vlan: 11 },
      ]);
      expect(await d.findLearnedMac('38:3a:21:20:22:79')).toEqual([]);
      expect(f.calls.slice(before)).toEqual([
        '/pon_mac?form=table',
        '/pon_mac_table',
        '/pon_mac?form=table',
        '/pon_mac_table',
      ]);
      await expect(d.findLearnedMac('not-a-mac')).rejects.toMatchObject({ code: 'DRIVER_NOT_FOUND' });
      const history = await d.onuHistory({ ponPort: 1, onuId: 27 });
      expect(history.map((h) => h.event)).toEqual(['up', 'up', 'down']);
      expect(await d.systemHealth()).toEqual({
        cpuPercent: 25,
        memoryPercent: 70,
        uptimeSeconds: 93781,
        temperatureC: null,
      });
      await d.rebootOnu({ ponPort: 1, onuId: 3 });
      await d.deleteOnu({ ponPort: 1, onuId: 3 });
      expect(f.posted).toEqual([
        {
          path: '/onumgmt?form=config',
          body: { method: 'set', param: { port_id: 1, onu_id: 3, flags: 1, fec_mode: 1 } },
        },
        {
          path: '/onu_allow_list?form=onucfg',
          body: { method: 'delete', param: { port_id: 1, onu_id: 3, macaddr: '38:3a:21:20:22:79' } },
        },
      ]);
      expect(f.calls.filter((c) => c === '/userlogin?form=login')).toHaveLength(1);
    } finally {
      await d.close();
      await pool.closeAll();
      f.server.close();
    }
  });

  it('GPON: integer run states, identifier addressing, optics with OLT-side rx, reboot flag 4', async () => {
    const f = fakeHsgq('gpon');
    const port = await listen(f.server);
    const pool = new HsgqSessionPool();
    const d = new AviesDriver(conn(port), 'gpon', pool);
    try {
      expect(await d.identify()).toMatchObject({ mode: 'gpon', model: 'HSGQ-G02ID' });
      // `--brand avies` without `--mode`: the unauthenticated /board_info says GPON.
      const dev = await openDevice(conn(port), { brand: 'avies' });
      expect(dev.kind === 'olt' && dev.driver.mode).toBe('gpon');
      await dev.driver.close();
      const onus = await d.listOnus();
      expect(onus.map((o) => [o.ifName, o.status, o.serial, o.lastDeregReason, o.lastRegTime])).toEqual([
        ['1/1', 'online', 'RTEGc608bcb8', 'power-off', '2026/06/03 21:36:16'],
        ['1/29', 'offline', 'ZTEGcc845559', 'los', null],
      ]);
      expect(await d.readOnuOptics({ ponPort: 1, onuId: 1 })).toEqual({
        rxDbm: -24,
        txDbm: 2.25,
        temperatureC: 37,
        voltageV: 3.3,
        biasMa: 13,
        oltRxDbm: -25.1234,
      });
      await d.rebootOnu({ ponPort: 1, onuId: 1 });
      await d.deleteOnu({ ponPort: 1, onuId: 29 });
      expect(f.posted).toEqual([
        {
          path: '/gponont_mgmt?form=info',
          body: { method: 'set', param: { identifier: 257, flags: 4, ont_name: '', ont_description: '' } },
        },
        { path: '/gponont_mgmt?form=auth', body: { method: 'delete', param: { identifier: [285] } } },
      ]);
    } finally {
      await d.close();
      await pool.closeAll();
      f.server.close();
    }
  });
});
