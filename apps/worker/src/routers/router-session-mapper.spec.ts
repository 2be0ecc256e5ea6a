import {
  RouterOsError,
  RouterOsErrorCode,
  type ActivePppSession,
  type ArpEntry,
  type DhcpLease,
  type PppoeServerSession,
  type PppoeService,
  type SimpleQueue,
  type VlanInterface,
} from '@pondesk/device-routeros';
import {
  failureOf,
  hostsNote,
  keepsConnection,
  liveSession,
  pickSession,
  routerIdentity,
  sessionInterface,
  sessionTraffic,
  subscriberHosts,
  vlanOfSession,
} from './router-session-mapper';

// Rows as the typed reads give them; values from the real samples (api-replies.txt) where there are some.
const active = (over: Partial<ActivePppSession> = {}): ActivePppSession => ({
  id: '*80000077',
  name: 'rahim@isp',
  service: 'pppoe',
  callerId: 'B8:69:F4:B7:52:BB',
  address: '10.30.246.13',
  uptimeSeconds: 321271,
  sessionId: '0x81300077',
  radius: false,
  ...over,
});

const serverSessions: PppoeServerSession[] = [
  {
    id: '*F1',
    name: '<pppoe-karim@isp>',
    service: 'svc-pon2',
    user: 'karim@isp',
    remoteAddress: 'B4:FB:E4:BE:86:DB',
    uptimeSeconds: 60,
  },
  {
    id: '*F2',
    name: '<pppoe-rahim@isp>',
    service: 'svc-pon1',
    user: 'rahim@isp',
    remoteAddress: 'B8:69:F4:B7:52:BB',
    uptimeSeconds: 321271,
  },
];
const services: PppoeService[] = [
  { id: '*1', serviceName: 'svc-pon1', interface: 'vlan101', disabled: false },
  { id: '*2', serviceName: 'svc-pon2', interface: 'bridge-pppoe', disabled: false },
];
const vlans: VlanInterface[] = [
  { id: '*A', name: 'vlan101', vlanId: 101, interface: 'sfp-sfpplus1' },
  { id: '*B', name: 'vlan102', vlanId: 102, interface: 'sfp-sfpplus1' },
];

const queue: SimpleQueue = {
  id: '*1B',
  name: '<pppoe-rahim@isp>',
  target: '<pppoe-rahim@isp>',
  maxLimitBps: { upload: 10000000, download: 20000000 },
  rateBps: { upload: 512000, download: 4200000 },
  bytes: { upload: 73400320, download: 1288490188 },
  dynamic: true,
  disabled: false,
};

describe('the session mapping', () => {
  it('names the session interface as RouterOS names the dynamic PPPoE interface and queue', () => {
    expect(sessionInterface('sakib1')).toBe('<pppoe-sakib1>');
  });

  it('picks the PPPoE session over another service, then the longest up', () => {
    const l2tp = active({ id: '*1', service: 'l2tp', uptimeSeconds: 99999 });
    const short = active({ id: '*2', uptimeSeconds: 10 });
    const long = active({ id: '*3', uptimeSeconds: 500 });
    expect(pickSession([l2tp, short, long])?.id).toBe('*3');
    expect(pickSession([l2tp])?.id).toBe('*1');
    expect(pickSession([])).toBeNull();
  });

  it('finds the VLAN through the server session, its service and the service interface', () => {
    expect(vlanOfSession('<pppoe-rahim@isp>', 'rahim@isp', serverSessions, services, vlans)).toBe(101);
    // The service listens on a bridge: no VLAN.
    expect(vlanOfSession('<pppoe-karim@isp>', 'karim@isp', serverSessions, services, vlans)).toBeNull();
    // No server session for the interface: found by user instead.
    expect(vlanOfSession('<pppoe-other>', 'rahim@isp', serverSessions, services, vlans)).toBe(101);
    expect(vlanOfSession('<pppoe-nobody>', 'nobody', serverSessions, services, vlans)).toBeNull();
    // A service the tables do not list (changed since they were cached).
    expect(vlanOfSession('<pppoe-rahim@isp>', 'rahim@isp', serverSessions, [], vlans)).toBeNull();
  });

  it('takes rates, bytes and the plan from the queue, else the rates from the interface', () => {
    expect(sessionTraffic(queue, null)).toEqual({
      rateBps: { upload: 512000, download: 4200000 },
      bytes: { upload: 73400320, download: 1288490188 },
      maxLimitBps: { upload: 10000000, download: 20000000 },
    });
    expect(sessionTraffic(null, { upload: 1000, download: 2000 })).toEqual({
      rateBps: { upload: 1000, download: 2000 },
      bytes: null,
      maxLimitBps: null,
    });
    expect(sessionTraffic(null, null)).toEqual({ rateBps: null, bytes: null, maxLimitBps: null });
  });

  it('shapes the live session', () => {
    expect(
      liveSession(active(), 101, {
        rateBps: { upload: 512000, download: 4200000 },
        bytes: { upload: 73400320, download: 1288490188 },
        maxLimitBps: { upload: 10000000, download: 20000000 },
      }),
    ).toEqual({
      name: 'rahim@isp',
      service: 'pppoe',
      uptimeSeconds: 321271,
      address: '10.30.246.13',
      callerId: 'B8:69:F4:B7:52:BB',
      interface: '<pppoe-rahim@isp>',
      vlanId: 101,
      rateBps: { upload: 512000, download: 4200000 },
      bytes: { upload: 73400320, download: 1288490188 },
      maxLimitBps: { upload: 10000000, download: 20000000 },
    });
  });

  it("names a RouterBOARD by its model and a CHR by its board name, with the resource's version", () => {
    const resource = {
      uptimeSeconds: 6263719,
      version: '7.12.2 (stable)',
      boardName: 'CCR2004-1G-12S+2XS',
      platform: 'MikroTik',
      architecture: 'arm64',
      cpu: 'ARM64',
      cpuLoadPercent: 36,
      freeMemoryBytes: null,
      totalMemoryBytes: null,
    };
    expect(
      routerIdentity(
        { routerboard: true, model: 'CCR2004-1G-12S+2XS', serialNumber: 'HD9081ABCD', firmware: '7.12.2' },
        resource,
      ),
    ).toEqual({ model: 'CCR2004-1G-12S+2XS', version: '7.12.2 (stable)' });
    expect(
      routerIdentity(
        { routerboard: false, model: null, serialNumber: null, firmware: null },
        { ...resource, boardName: 'CHR', version: '7.23.3 (stable)' },
      ),
    ).toEqual({ model: 'CHR', version: '7.23.3 (stable)' });
    expect(routerIdentity(null, null)).toEqual({ model: null, version: null });
  });

  it('maps each client error to the state the page shows', () => {
    const err = (code: RouterOsErrorCode, message: string) =>
      new RouterOsError(code, message, '127.0.0.1:8728');
    expect(failureOf(err(RouterOsErrorCode.UNREACHABLE, 'connection refused'))).toEqual({
      state: 'unreachable',
      message: 'connection refused',
    });
    expect(failureOf(err(RouterOsErrorCode.TIMEOUT, 'no answer in 5000 ms')).state).toBe('timeout');
    expect(failureOf(err(RouterOsErrorCode.LOGIN_FAILED, 'invalid user name or password (6)'))).toEqual({
      state: 'login-failed',
      message: 'invalid user name or password (6)',
    });
    expect(failureOf(err(RouterOsErrorCode.NOT_PERMITTED, 'not enough permissions (9)')).state).toBe(
      'not-permitted',
    );
    expect(failureOf(err(RouterOsErrorCode.COMMAND_FAILED, 'no such command')).state).toBe('error');
    expect(failureOf(err(RouterOsErrorCode.CLOSED, 'the router closed the session')).state).toBe('error');
    expect(failureOf(err(RouterOsErrorCode.PROTOCOL, 'control byte 0xff')).state).toBe('error');
    expect(failureOf(new Error('Refused: 169.254.169.254 is link-local'))).toEqual({
      state: 'error',
      message: 'Refused: 169.254.169.254 is link-local',
    });
  });

  it('keeps the connection only after the router refused one command', () => {
    const err = (code: RouterOsErrorCode) => new RouterOsError(code, 'x', '127.0.0.1:8728');
    expect(keepsConnection(err(RouterOsErrorCode.COMMAND_FAILED))).toBe(true);
    expect(keepsConnection(err(RouterOsErrorCode.NOT_PERMITTED))).toBe(true);
    expect(keepsConnection(err(RouterOsErrorCode.TIMEOUT))).toBe(false);
    expect(keepsConnection(err(RouterOsErrorCode.CLOSED))).toBe(false);
    expect(keepsConnection(new Error('x'))).toBe(false);
  });
});

describe('the hosts mapping', () => {
  const arp: ArpEntry[] = [
    {
      address: '192.168.50.10',
      macAddress: 'AA:BB:CC:00:00:10',
      interface: '<pppoe-rahim@isp>',
      dynamic: true,
      complete: true,
    },
  ];
  const leases: DhcpLease[] = [
    {
      address: '192.168.50.10',
      macAddress: 'AA:BB:CC:00:00:10',
      hostName: 'rahim-laptop',
      server: 'dhcp-cpe',
      status: 'bound',
    },
    {
      address: '192.168.50.11',
      macAddress: 'aa:bb:cc:00:00:10',
      hostName: 'second',
      server: 'dhcp-cpe',
      status: 'bound',
    },
    {
      address: '10.99.0.5',
      macAddress: '11:22:33:44:55:66',
      hostName: 'elsewhere',
      server: 'lan',
      status: 'bound',
    },
  ];

  it("lists the session's address, then ARP entries named from leases, then the leases ARP did not list", () => {
    expect(subscriberHosts(active(), arp, leases)).toEqual([
      { address: '10.30.246.13', macAddress: 'B8:69:F4:B7:52:BB', hostName: null, source: 'session' },
      { address: '192.168.50.10', macAddress: 'AA:BB:CC:00:00:10', hostName: 'rahim-laptop', source: 'arp' },
      { address: '192.168.50.11', macAddress: 'aa:bb:cc:00:00:10', hostName: 'second', source: 'dhcp' },
    ]);
  });

  it('holds only the session when the router sees nothing behind it, and says why', () => {
    const hosts = subscriberHosts(active(), [], leases);
    expect(hosts).toEqual([
      { address: '10.30.246.13', macAddress: 'B8:69:F4:B7:52:BB', hostName: null, source: 'session' },
    ]);
    expect(hostsNote('rahim@isp', active(), hosts)).toBe(
      "A PPPoE session is point to point: the router sees only the address it gave the subscriber's router. Devices behind that router show here only where the MikroTik has ARP or DHCP entries for them on <pppoe-rahim@isp>.",
    );
    expect(hostsNote('rahim@isp', null, [])).toBe(
      'rahim@isp has no active session on the router, so it sees no hosts behind it.',
    );
    expect(hostsNote('rahim@isp', active(), subscriberHosts(active(), arp, leases))).toBeNull();
  });
});
