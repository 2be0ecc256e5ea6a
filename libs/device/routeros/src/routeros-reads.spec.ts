import { readFileSync } from 'node:fs';
import { deviceDataPath } from '@pondesk/device-snmp/testing';
import { RouterOsError, RouterOsErrorCode } from './routeros.exception';
import {
  addPppSecret,
  readActivePpp,
  readArp,
  readDhcpLeases,
  readInterfaceTraffic,
  readPppSecrets,
  readPppoeServerSessions,
  readPppoeServices,
  readRouterBoard,
  readSimpleQueues,
  readSystemResource,
  readVlans,
  removePppSecret,
} from './routeros-reads';
import type { RouterOsConnection, RouterOsPrintOptions, RouterOsRow } from './routeros.types';

type Call = [string, string, unknown?];

/** A connection that answers from a table of rows per path and records every call. */
function fakeConnection(
  answers: Record<string, RouterOsRow[] | RouterOsError>,
  target = '10.0.0.1:8728',
): RouterOsConnection & { calls: Call[] } {
  const calls: Call[] = [];
  const answer = async (path: string): Promise<RouterOsRow[]> => {
    const a = answers[path];
    if (a instanceof RouterOsError) throw a;
    return a ?? [];
  };
  return {
    calls,
    target,
    transport: 'api',
    closed: false,
    async print(path: string, options?: RouterOsPrintOptions) {
      calls.push(['print', path, options]);
      return answer(path);
    },
    async add(path: string, values: Record<string, string>) {
      calls.push(['add', path, values]);
      return '*1A';
    },
    async set(path: string, id: string, values: Record<string, string>) {
      calls.push(['set', path, { id, values }]);
    },
    async remove(path: string, id: string) {
      calls.push(['remove', path, id]);
    },
    async run(command: string, args?: Record<string, string>) {
      calls.push(['run', command, args]);
      return answer(command);
    },
    async close() {
      return undefined;
    },
  };
}

const SAMPLES = readFileSync(deviceDataPath('syslog/routeros/api-replies.txt'), 'utf8');

/** The two /ppp/active items of the librouteros sample (RouterOS 6 and 7 BRAS), as rows. */
const PPP_ACTIVE_ROWS: RouterOsRow[] = [
  {
    '.id': '*80000077',
    name: '48:8F:5A:7C:13:3A',
    service: 'pppoe',
    'caller-id': 'B8:69:F4:B7:52:BB',
    address: '10.30.246.13',
    uptime: '3d17h14m31s',
    encoding: '',
    'session-id': '0x81300077',
    'limit-bytes-in': '0',
    'limit-bytes-out': '0',
    radius: 'true',
  },
  {
    '.id': '*80000068',
    name: 'D4:CA:6D:D5:82:E3',
    service: 'pppoe',
    'caller-id': 'B4:FB:E4:BE:86:DB',
    address: '10.30.214.21',
    uptime: '5d18h59m42s',
    encoding: '',
    'session-id': '0x81000068',
    'limit-bytes-in': '0',
    'limit-bytes-out': '0',
    radius: 'true',
  },
];

describe('the rows are the real samples', () => {
  it('api-replies.txt holds the /ppp/active items and the doc /system/resource reply used below', () => {
    expect(SAMPLES).toContain(
      "{'.id': '*80000077', 'name': '48:8F:5A:7C:13:3A', 'service': 'pppoe', 'caller-id': 'B8:69:F4:B7:52:BB',",
    );
    expect(SAMPLES).toContain(
      "'address': '10.30.246.13', 'uptime': '3d17h14m31s', 'encoding': '', 'session-id': '0x81300077'",
    );
    expect(SAMPLES).toContain(
      "'address': '10.30.214.21', 'uptime': '5d18h59m42s', 'encoding': '', 'session-id': '0x81000068'",
    );
    expect(SAMPLES).toContain('=uptime=01:22:53\n=cpu-load=0\n');
    expect(SAMPLES).toContain('0  D name="<pppoe-sakib1>" limit-at=512k/768k max-limit=512k/768k');
  });
});

describe('readActivePpp', () => {
  it('maps the librouteros /ppp/active samples', async () => {
    const c = fakeConnection({ '/ppp/active': PPP_ACTIVE_ROWS });
    expect(await readActivePpp(c)).toEqual([
      {
        id: '*80000077',
        name: '48:8F:5A:7C:13:3A',
        service: 'pppoe',
        callerId: 'B8:69:F4:B7:52:BB',
        address: '10.30.246.13',
        uptimeSeconds: 321271,
        sessionId: '0x81300077',
        radius: true,
      },
      {
        id: '*80000068',
        name: 'D4:CA:6D:D5:82:E3',
        service: 'pppoe',
        callerId: 'B4:FB:E4:BE:86:DB',
        address: '10.30.214.21',
        uptimeSeconds: 500382,
        sessionId: '0x81000068',
        radius: true,
      },
    ]);
    expect(c.calls).toEqual([
      [
        'print',
        '/ppp/active',
        {
          where: undefined,
          proplist: ['.id', 'name', 'service', 'caller-id', 'address', 'uptime', 'session-id', 'radius'],
        },
      ],
    ]);
  });

  it('filters by name and service with query words; yes/no and missing values', async () => {
    const c = fakeConnection({
      '/ppp/active': [{ '.id': '*1', name: 'cust001', service: 'pppoe', uptime: '1m50s', radius: 'no' }],
    });
    expect(await readActivePpp(c, { name: 'cust001', service: 'pppoe' })).toEqual([
      {
        id: '*1',
        name: 'cust001',
        service: 'pppoe',
        callerId: null,
        address: null,
        uptimeSeconds: 110,
        sessionId: null,
        radius: false,
      },
    ]);
    expect((c.calls[0][2] as RouterOsPrintOptions).where).toEqual({ name: 'cust001', service: 'pppoe' });
    await readActivePpp(c, { name: 'cust001' });
    expect((c.calls[1][2] as RouterOsPrintOptions).where).toEqual({ name: 'cust001' });
  });
});

describe('readSystemResource', () => {
  it('the API manual sample (uptime as hh:mm:ss, load 0); the rest null', async () => {
    const c = fakeConnection({ '/system/resource': [{ uptime: '01:22:53', 'cpu-load': '0' }] });
    expect(await readSystemResource(c)).toEqual({
      uptimeSeconds: 4973,
      version: null,
      boardName: null,
      platform: null,
      architecture: null,
      cpu: null,
      cpuLoadPercent: 0,
      freeMemoryBytes: null,
      totalMemoryBytes: null,
    });
  });

  it('CLI-formatted figures are not numbers (no guessing at 40.2MiB)', async () => {
    const c = fakeConnection({
      '/system/resource': [{ uptime: '6w5d11h55m45s', 'free-memory': '40.2MiB', 'cpu-load': '1%' }],
    });
    expect(await readSystemResource(c)).toMatchObject({
      uptimeSeconds: 4103745,
      freeMemoryBytes: null,
      cpuLoadPercent: null,
    });
  });

  it('an empty answer is PROTOCOL', async () => {
    await expect(readSystemResource(fakeConnection({}))).rejects.toMatchObject({
      code: RouterOsErrorCode.PROTOCOL,
      message: '/system/resource on 10.0.0.1:8728: an empty answer',
    });
  });
});

describe('queues and traffic, from the subscriber side', () => {
  it('a session queue: max-limit, rate and bytes are upload/download of the subscriber', async () => {
    const c = fakeConnection({
      '/queue/simple': [
        {
          '.id': '*2A',
          name: '<pppoe-sakib1>',
          target: '<pppoe-sakib1>',
          'max-limit': '512k/768k',
          rate: '120000/700000',
          bytes: '1048576/52428800',
          dynamic: 'true',
          disabled: 'false',
        },
        {
          '.id': '*2B',
          name: 'open',
          target: '10.0.0.0/24',
          'max-limit': '0/0',
          dynamic: 'no',
          disabled: 'yes',
        },
      ],
    });
    expect(await readSimpleQueues(c, { name: '<pppoe-sakib1>' })).toEqual([
      {
        id: '*2A',
        name: '<pppoe-sakib1>',
        target: '<pppoe-sakib1>',
        maxLimitBps: { upload: 512000, download: 768000 },
        rateBps: { upload: 120000, download: 700000 },
        bytes: { upload: 1048576, download: 52428800 },
        dynamic: true,
        disabled: false,
      },
      {
        id: '*2B',
        name: 'open',
        target: '10.0.0.0/24',
        maxLimitBps: null,
        rateBps: null,
        bytes: null,
        dynamic: false,
        disabled: true,
      },
    ]);
    expect(c.calls[0][2]).toEqual({
      where: { name: '<pppoe-sakib1>' },
      proplist: ['.id', 'name', 'target', 'max-limit', 'rate', 'bytes', 'dynamic', 'disabled'],
    });
  });

  it('monitor-traffic on <pppoe-NAME>: rx is upload, tx is download; a missing interface is null', async () => {
    const c = fakeConnection({
      '/interface/monitor-traffic': [
        { name: '<pppoe-sakib1>', 'rx-bits-per-second': '96000', 'tx-bits-per-second': '2400000' },
      ],
    });
    expect(await readInterfaceTraffic(c, '<pppoe-sakib1>')).toEqual({ upload: 96000, download: 2400000 });
    expect(c.calls).toEqual([
      ['run', '/interface/monitor-traffic', { interface: '<pppoe-sakib1>', once: '' }],
    ]);

    const gone = fakeConnection({
      '/interface/monitor-traffic': new RouterOsError(
        RouterOsErrorCode.COMMAND_FAILED,
        '/interface/monitor-traffic on x: no such item',
        'x',
        0,
        'no such item',
      ),
    });
    expect(await readInterfaceTraffic(gone, '<pppoe-gone>')).toBeNull();

    const denied = fakeConnection({
      '/interface/monitor-traffic': new RouterOsError(
        RouterOsErrorCode.NOT_PERMITTED,
        'not enough permissions',
        'x',
      ),
    });
    await expect(readInterfaceTraffic(denied, '<pppoe-x>')).rejects.toMatchObject({
      code: RouterOsErrorCode.NOT_PERMITTED,
    });
  });
});

describe('the other reads', () => {
  it('PPPoE server sessions, services and VLANs', async () => {
    const c = fakeConnection({
      '/interface/pppoe-server': [
        {
          '.id': '*F00001',
          name: '<pppoe-cust001>',
          service: 'pppoe-pon1',
          user: 'cust001',
          'remote-address': '08:00:27:1C:47:B7',
          uptime: '1m50s',
        },
      ],
      '/interface/pppoe-server/server': [
        { '.id': '*1', 'service-name': 'pppoe-pon1', interface: 'vlan101', disabled: 'false' },
      ],
      '/interface/vlan': [{ '.id': '*3', name: 'vlan101', 'vlan-id': '101', interface: 'sfp-sfpplus1' }],
    });
    expect(await readPppoeServerSessions(c, { user: 'cust001' })).toEqual([
      {
        id: '*F00001',
        name: '<pppoe-cust001>',
        service: 'pppoe-pon1',
        user: 'cust001',
        remoteAddress: '08:00:27:1C:47:B7',
        uptimeSeconds: 110,
      },
    ]);
    expect((c.calls[0][2] as RouterOsPrintOptions).where).toEqual({ user: 'cust001' });
    expect(await readPppoeServices(c)).toEqual([
      { id: '*1', serviceName: 'pppoe-pon1', interface: 'vlan101', disabled: false },
    ]);
    expect(await readVlans(c)).toEqual([
      { id: '*3', name: 'vlan101', vlanId: 101, interface: 'sfp-sfpplus1' },
    ]);
    await expect(
      readVlans(fakeConnection({ '/interface/vlan': [{ '.id': '*4', name: 'vlanX', 'vlan-id': '' }] })),
    ).rejects.toMatchObject({ code: RouterOsErrorCode.PROTOCOL });
  });

  it('routerboard of a CHR and of a CCR', async () => {
    expect(
      await readRouterBoard(fakeConnection({ '/system/routerboard': [{ routerboard: 'false' }] })),
    ).toEqual({
      routerboard: false,
      model: null,
      serialNumber: null,
      firmware: null,
    });
    expect(
      await readRouterBoard(
        fakeConnection({
          '/system/routerboard': [
            {
              routerboard: 'yes',
              model: 'CCR2004-1G-12S+2XS',
              'serial-number': 'HD0000000A1',
              'current-firmware': '7.12.2',
            },
          ],
        }),
      ),
    ).toEqual({
      routerboard: true,
      model: 'CCR2004-1G-12S+2XS',
      serialNumber: 'HD0000000A1',
      firmware: '7.12.2',
    });
  });

  it('ARP (filtered by interface) and DHCP leases', async () => {
    const c = fakeConnection({
      '/ip/arp': [
        {
          address: '10.0.0.1',
          'mac-address': '4C:5E:0C:11:22:33',
          interface: 'ether1',
          dynamic: 'true',
          complete: 'true',
        },
        { address: '10.0.0.9', interface: 'ether1', dynamic: 'true' },
        { address: '10.0.0.7', 'mac-address': '4C:5E:0C:11:22:44', interface: 'ether1', dynamic: 'false' },
      ],
      '/ip/dhcp-server/lease': [
        {
          address: '192.168.88.10',
          'mac-address': 'AA:BB:CC:00:11:22',
          'host-name': '',
          server: 'dhcp1',
          status: 'bound',
        },
      ],
    });
    expect(await readArp(c, { interface: 'ether1' })).toEqual([
      {
        address: '10.0.0.1',
        macAddress: '4C:5E:0C:11:22:33',
        interface: 'ether1',
        dynamic: true,
        complete: true,
      },
      { address: '10.0.0.9', macAddress: null, interface: 'ether1', dynamic: true, complete: false },
      {
        address: '10.0.0.7',
        macAddress: '4C:5E:0C:11:22:44',
        interface: 'ether1',
        dynamic: false,
        complete: true,
      },
    ]);
    expect((c.calls[0][2] as RouterOsPrintOptions).where).toEqual({ interface: 'ether1' });
    expect(await readDhcpLeases(c)).toEqual([
      {
        address: '192.168.88.10',
        macAddress: 'AA:BB:CC:00:11:22',
        hostName: null,
        server: 'dhcp1',
        status: 'bound',
      },
    ]);
  });

  it('PPP secrets: read without the password, add with it, remove by id', async () => {
    const c = fakeConnection({
      '/ppp/secret': [
        {
          '.id': '*1A',
          name: 'pd-acme',
          service: 'l2tp',
          profile: 'pondesk-vpn',
          disabled: 'false',
          comment: '',
        },
      ],
    });
    expect(await readPppSecrets(c, { name: 'pd-acme' })).toEqual([
      { id: '*1A', name: 'pd-acme', service: 'l2tp', profile: 'pondesk-vpn', disabled: false, comment: null },
    ]);
    expect((c.calls[0][2] as RouterOsPrintOptions).proplist).not.toContain('password');
    expect(
      await addPppSecret(c, {
        name: 'pd-acme',
        password: 'Xy7-secret',
        service: 'l2tp',
        profile: 'pondesk-vpn',
      }),
    ).toBe('*1A');
    await removePppSecret(c, '*1A');
    expect(c.calls.slice(1)).toEqual([
      [
        'add',
        '/ppp/secret',
        { name: 'pd-acme', password: 'Xy7-secret', service: 'l2tp', profile: 'pondesk-vpn' },
      ],
      ['remove', '/ppp/secret', '*1A'],
    ]);
    await expect(addPppSecret(c, { name: 'x', password: 'y', service: 'wireguard' })).rejects.toThrow(
      'service must be one of any, async, l2tp, ovpn, pppoe, pptp, sstp, got "wireguard"',
    );
    await expect(addPppSecret(c, { name: ' ', password: 'y', service: 'l2tp' })).rejects.toThrow(
      'name is required',
    );
  });
});
