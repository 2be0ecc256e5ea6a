import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import {
  RouterOsError,
  RouterOsErrorCode,
  type RouterOsConnection,
  type RouterOsPrintOptions,
  type RouterOsRow,
  type RouterOsTarget,
} from '@pondesk/device-routeros';
import { SecretBox, type AppConfig } from '@pondesk/server-config';
import type { OltEntity } from '@pondesk/server-database';
import { DeviceTargetGuard } from '../olt-sessions/device-target-guard';
import { RouterLiveService } from './router-live.service';

const KEY = '0f'.repeat(32);
const PASSWORD = 'pondesk-api-secret';
const config = {
  ENCRYPTION_KEY: KEY,
  ALLOW_LOOPBACK_DEVICES: true,
  PORT: 3000,
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
  REDIS_URL: 'redis://127.0.0.1:6379',
} as AppConfig;

/*
 * Rows as a RouterOS 7 BRAS answers them on the API (every value a string; property names and formats
 * from the samples in api-replies.txt: the librouteros /ppp/active dict, the 7.12.2 resource print, the
 * CHR lab's dynamic queue named <pppoe-USER>).
 */
const MENUS: Record<string, RouterOsRow[]> = {
  '/ppp/active': [
    {
      '.id': '*80000077',
      name: 'rahim@isp',
      service: 'pppoe',
      'caller-id': 'B8:69:F4:B7:52:BB',
      address: '10.30.246.13',
      uptime: '3d17h14m31s',
      encoding: '',
      'session-id': '0x81300077',
      'limit-bytes-in': '0',
      'limit-bytes-out': '0',
      radius: 'false',
    },
    {
      '.id': '*80000068',
      name: 'karim@isp',
      service: 'pppoe',
      'caller-id': 'B4:FB:E4:BE:86:DB',
      address: '10.30.214.21',
      uptime: '5d18h59m42s',
      encoding: '',
      'session-id': '0x81000068',
      'limit-bytes-in': '0',
      'limit-bytes-out': '0',
      radius: 'false',
    },
  ],
  '/interface/pppoe-server': [
    {
      '.id': '*F2',
      name: '<pppoe-rahim@isp>',
      service: 'svc-pon1',
      user: 'rahim@isp',
      'remote-address': 'B8:69:F4:B7:52:BB',
      uptime: '3d17h14m31s',
      mtu: '1480',
    },
    {
      '.id': '*F3',
      name: '<pppoe-karim@isp>',
      service: 'svc-pon2',
      user: 'karim@isp',
      'remote-address': 'B4:FB:E4:BE:86:DB',
      uptime: '5d18h59m42s',
      mtu: '1480',
    },
  ],
  '/interface/pppoe-server/server': [
    { '.id': '*1', 'service-name': 'svc-pon1', interface: 'vlan101', disabled: 'false' },
    { '.id': '*2', 'service-name': 'svc-pon2', interface: 'vlan102', disabled: 'false' },
  ],
  '/interface/vlan': [
    { '.id': '*A', name: 'vlan101', 'vlan-id': '101', interface: 'sfp-sfpplus1' },
    { '.id': '*B', name: 'vlan102', 'vlan-id': '102', interface: 'sfp-sfpplus1' },
  ],
  '/queue/simple': [
    {
      '.id': '*1B',
      name: '<pppoe-rahim@isp>',
      target: '<pppoe-rahim@isp>',
      'max-limit': '10000000/20000000',
      rate: '512000/4200000',
      bytes: '73400320/1288490188',
      dynamic: 'true',
      disabled: 'false',
    },
  ],
  '/system/routerboard': [
    {
      routerboard: 'true',
      model: 'CCR2004-1G-12S+2XS',
      'serial-number': 'HD9081ABCD',
      'current-firmware': '7.12.2',
    },
  ],
  '/system/resource': [
    {
      uptime: '10w2d6h21m59s',
      version: '7.12.2 (stable)',
      'board-name': 'CCR2004-1G-12S+2XS',
      platform: 'MikroTik',
      'architecture-name': 'arm64',
      cpu: 'ARM64',
      'cpu-load': '36',
    },
  ],
  '/ip/arp': [
    {
      address: '203.0.113.1',
      'mac-address': '00:0C:42:11:22:33',
      interface: 'sfp-sfpplus2',
      dynamic: 'true',
    },
  ],
  '/ip/dhcp-server/lease': [
    { address: '192.168.88.254', 'mac-address': '00:0C:42:44:55:66', 'host-name': 'mgmt', server: 'lan' },
  ],
};

/** Monitor-traffic answers, by interface (rx = what the router receives = the subscriber's upload). */
const TRAFFIC: Record<string, RouterOsRow> = {
  '<pppoe-karim@isp>': {
    name: '<pppoe-karim@isp>',
    'rx-bits-per-second': '1200',
    'tx-bits-per-second': '48000',
  },
};

/** A router on a scripted table: `print` filters by `where` and cuts to `proplist`, as RouterOS does. */
class ScriptedRouter implements RouterOsConnection {
  readonly transport = 'api' as const;
  closed = false;
  readonly calls: string[] = [];

  constructor(
    readonly target: string,
    private readonly refused: Record<string, RouterOsError> = {},
    private readonly hang = false,
  ) {}

  print(path: string, options: RouterOsPrintOptions = {}): Promise<RouterOsRow[]> {
    this.calls.push(path);
    if (this.hang) return new Promise(() => undefined);
    if (this.refused[path]) return Promise.reject(this.refused[path]);
    const rows = MENUS[path];
    if (!rows)
      return Promise.reject(
        new RouterOsError(RouterOsErrorCode.COMMAND_FAILED, 'no such command', this.target, 0),
      );
    const where = Object.entries(options.where ?? {});
    return Promise.resolve(
      rows
        .filter((r) => where.every(([k, v]) => r[k] === v))
        .map((r) =>
          options.proplist
            ? Object.fromEntries(options.proplist.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]))
            : { ...r },
        ),
    );
  }

  run(command: string, args: Record<string, string> = {}): Promise<RouterOsRow[]> {
    this.calls.push(command);
    if (command !== '/interface/monitor-traffic')
      return Promise.reject(
        new RouterOsError(RouterOsErrorCode.COMMAND_FAILED, 'no such command', this.target, 0),
      );
    const row = TRAFFIC[args.interface];
    return row
      ? Promise.resolve([row])
      : Promise.reject(
          new RouterOsError(RouterOsErrorCode.COMMAND_FAILED, 'no such item', this.target, 1, 'no such item'),
        );
  }

  add = () => Promise.reject(new Error('not in these tests'));
  set = () => Promise.reject(new Error('not in these tests'));
  remove = () => Promise.reject(new Error('not in these tests'));

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

function olt(over: Partial<OltEntity> = {}): OltEntity {
  return {
    id: 'olt-1',
    tenantId: 'tenant-1',
    show: true,
    mikrotikHost: '127.0.0.1',
    mikrotikPort: 8728,
    mikrotikUsername: 'pondesk',
    mikrotikPasswordEnc: new SecretBox(KEY).seal(PASSWORD),
    ...over,
  } as OltEntity;
}

class TestService extends RouterLiveService {
  readonly opened: { target: RouterOsTarget; router: ScriptedRouter }[] = [];
  connectError: Error | null = null;
  refused: Record<string, RouterOsError> = {};
  hang = false;
  protected override readonly deadlineMs = 150;

  protected override connect(target: RouterOsTarget): Promise<RouterOsConnection> {
    if (this.connectError) return Promise.reject(this.connectError);
    const router = new ScriptedRouter(`${target.host}:${target.port}`, this.refused, this.hang);
    this.opened.push({ target, router });
    return Promise.resolve(router);
  }
}

describe('RouterLiveService', () => {
  let stored: OltEntity | null;
  let service: TestService;
  const payload = { tenantId: 'tenant-1', oltId: 'olt-1', pppoeId: 'rahim@isp' };

  let logged: unknown[][];

  beforeEach(() => {
    logged = [];
    jest.spyOn(Logger.prototype, 'debug').mockImplementation((...args: unknown[]) => void logged.push(args));
    stored = olt();
    const repo = { findOne: jest.fn(() => Promise.resolve(stored)) } as unknown as Repository<OltEntity>;
    service = new TestService(repo, new DeviceTargetGuard(config), config);
  });
  afterEach(async () => {
    await service.onApplicationShutdown();
    jest.restoreAllMocks();
  });

  it("turns the router's rows into the subscriber's session", async () => {
    const answer = await service.session(payload);
    expect(Date.parse(answer.readAt)).toBeGreaterThan(0);
    expect({ ...answer, readAt: 'x' }).toEqual({
      pppoeId: 'rahim@isp',
      readAt: 'x',
      router: {
        state: 'ok',
        message: null,
        target: '127.0.0.1:8728',
        brand: 'MikroTik',
        model: 'CCR2004-1G-12S+2XS',
        version: '7.12.2 (stable)',
      },
      state: 'online',
      session: {
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
      },
    });
    expect(logged).toContainEqual([
      expect.objectContaining({
        target: '127.0.0.1:8728',
        state: 'ok',
        connected: true,
        waitedMs: expect.any(Number),
      }),
      'router read',
    ]);
    expect(JSON.stringify(logged)).not.toContain(PASSWORD);
    // Logged in with the stored user and the unsealed password, at the checked address.
    expect(service.opened.map((o) => o.target)).toEqual([
      {
        host: '127.0.0.1',
        port: 8728,
        transport: 'api',
        username: 'pondesk',
        password: PASSWORD,
        timeoutMs: 5000,
      },
    ]);
  });

  it('takes the rates from monitor-traffic when the session has no queue', async () => {
    const answer = await service.session({ ...payload, pppoeId: 'karim@isp' });
    expect(answer.session).toMatchObject({
      uptimeSeconds: 500382,
      vlanId: 102,
      rateBps: { upload: 1200, download: 48000 },
      bytes: null,
      maxLimitBps: null,
    });
  });

  it('answers offline when the router has no session for the id', async () => {
    const answer = await service.session({ ...payload, pppoeId: 'nobody@isp' });
    expect(answer).toMatchObject({
      pppoeId: 'nobody@isp',
      state: 'offline',
      session: null,
      router: { state: 'ok', brand: 'MikroTik', model: 'CCR2004-1G-12S+2XS' },
    });
  });

  it('keeps the connection and the tables between reads', async () => {
    await service.session(payload);
    await service.session(payload);
    expect(service.opened).toHaveLength(1);
    const calls = service.opened[0].router.calls;
    expect(calls.filter((c) => c === '/ppp/active')).toHaveLength(2);
    // Services, VLANs and the router's identity were read once.
    for (const menu of ['/interface/pppoe-server/server', '/interface/vlan', '/system/resource'])
      expect(calls.filter((c) => c === menu)).toHaveLength(1);
  });

  it('opens a new connection once the stored password changes', async () => {
    await service.session(payload);
    stored = olt({ mikrotikPasswordEnc: new SecretBox(KEY).seal('another-password') });
    await service.session(payload);
    expect(service.opened.map((o) => o.target.password)).toEqual([PASSWORD, 'another-password']);
  });

  it('leaves the VLAN empty when the API user may not read the VLAN menu', async () => {
    service.refused['/interface/vlan'] = new RouterOsError(
      RouterOsErrorCode.NOT_PERMITTED,
      'not enough permissions (9)',
      '127.0.0.1:8728',
    );
    const answer = await service.session(payload);
    expect(answer.state).toBe('online');
    expect(answer.session).toMatchObject({ vlanId: null, address: '10.30.246.13' });
  });

  it.each([
    [RouterOsErrorCode.UNREACHABLE, '127.0.0.1:8728: connection refused', 'unreachable'],
    [RouterOsErrorCode.TIMEOUT, 'no connection to 127.0.0.1:8728 (timed out)', 'timeout'],
    [RouterOsErrorCode.LOGIN_FAILED, 'invalid user name or password (6)', 'login-failed'],
    [RouterOsErrorCode.NOT_PERMITTED, 'not enough permissions (9)', 'not-permitted'],
    [RouterOsErrorCode.PROTOCOL, 'control byte 0xf8 where a word length was expected', 'error'],
  ] as const)('answers a %s as router state %s, never as a failed job', async (code, message, state) => {
    service.connectError = new RouterOsError(code, message, '127.0.0.1:8728');
    const answer = await service.session(payload);
    expect(answer).toMatchObject({
      pppoeId: 'rahim@isp',
      state: 'unknown',
      session: null,
      router: { state, message, target: '127.0.0.1:8728', brand: null, model: null, version: null },
    });
    expect(JSON.stringify(answer)).not.toContain(PASSWORD);
    // Logged with the target and timings, never the password.
    expect(logged).toContainEqual([
      expect.objectContaining({ target: '127.0.0.1:8728', state, ms: expect.any(Number) }),
      'router read failed',
    ]);
    expect(JSON.stringify(logged)).not.toContain(PASSWORD);
  });

  it('gives up at its deadline and answers timeout', async () => {
    service.hang = true;
    const started = Date.now();
    const answer = await service.session(payload);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer.router).toMatchObject({
      state: 'timeout',
      message: 'The read did not finish within 0.15 s',
    });
    expect(service.opened[0].router.closed).toBe(true);
  });

  it('answers not-configured without connecting when the OLT has no MikroTik host or user', async () => {
    stored = olt({ mikrotikHost: null, mikrotikPort: null });
    expect((await service.session(payload)).router).toEqual({
      state: 'not-configured',
      message: 'The OLT has no MikroTik address.',
      target: null,
      brand: null,
      model: null,
      version: null,
    });
    stored = olt({ mikrotikUsername: null });
    expect((await service.hosts(payload)).router).toMatchObject({
      state: 'not-configured',
      message: 'The OLT has no MikroTik API user.',
      target: '127.0.0.1:8728',
    });
    expect(service.opened).toHaveLength(0);
  });

  it('refuses an address outside the device-target policy without connecting', async () => {
    stored = olt({ mikrotikHost: '169.254.169.254' });
    const answer = await service.session(payload);
    expect(answer.router.state).toBe('error');
    expect(answer.router.message).toMatch(/^Refused: /);
    expect(service.opened).toHaveLength(0);
  });

  it('speaks api-ssl to a router stored at port 8729', async () => {
    stored = olt({ mikrotikPort: 8729 });
    await service.session(payload);
    expect(service.opened[0].target).toMatchObject({ port: 8729, transport: 'api-ssl' });
  });

  it('answers an error when the OLT is gone', async () => {
    stored = null;
    expect((await service.session(payload)).router).toMatchObject({
      state: 'error',
      message: 'The OLT is no longer stored.',
    });
  });

  it("lists the session's own address as its only host on a point-to-point line, and says why", async () => {
    const answer = await service.hosts(payload);
    expect(answer).toMatchObject({
      pppoeId: 'rahim@isp',
      router: { state: 'ok' },
      hosts: [
        { address: '10.30.246.13', macAddress: 'B8:69:F4:B7:52:BB', hostName: null, source: 'session' },
      ],
    });
    expect(answer.note).toContain('A PPPoE session is point to point');
    // ARP was asked for the session's interface only.
    expect(service.opened[0].router.calls).toContain('/ip/arp');
    const none = await service.hosts({ ...payload, pppoeId: 'nobody@isp' });
    expect(none).toMatchObject({
      hosts: [],
      note: 'nobody@isp has no active session on the router, so it sees no hosts behind it.',
    });
  });
});
