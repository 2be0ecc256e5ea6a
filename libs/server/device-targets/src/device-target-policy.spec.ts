import {
  DeviceTargetPolicy,
  DeviceTargetRefused,
  DeviceTargetUnresolved,
  deviceTargetOptions,
  ipv6Groups,
  platformServices,
} from './device-target-policy';

const config = {
  ALLOW_LOOPBACK_DEVICES: false,
  PORT: 3000,
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
  REDIS_URL: 'redis://db.internal:6380',
};

function policy(allowLoopback: boolean, names: Record<string, string[]> = {}): DeviceTargetPolicy {
  return new DeviceTargetPolicy({
    ...deviceTargetOptions({ ...config, ALLOW_LOOPBACK_DEVICES: allowLoopback }),
    lookup: async (host) => {
      const found = names[host];
      if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return found;
    },
  });
}

async function refusedPart(p: DeviceTargetPolicy, host: string, ports: number[]): Promise<string | null> {
  try {
    await p.check(host, ports);
    return null;
  } catch (error) {
    if (error instanceof DeviceTargetRefused) return error.part;
    throw error;
  }
}

describe('device target policy', () => {
  const names = { 'db.internal': ['10.9.9.9'], 'olt.example.net': ['10.0.0.2'] };

  it.each([
    ['0.0.0.0'],
    ['0.1.2.3'],
    ['::'],
    ['169.254.169.254'],
    ['169.254.0.1'],
    ['fe80::1'],
    ['fe80::1%eth0'],
    ['224.0.0.1'],
    ['239.255.255.250'],
    ['ff02::1'],
    ['255.255.255.255'],
    ['240.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:a9fe:a9fe'],
    ['::ffff:0.0.0.0'],
    ['64:ff9b::a9fe:a9fe'],
    ['2002:a9fe:a9fe::1'],
  ])('refuses %s whether loopback is allowed or not', async (host) => {
    expect(await refusedPart(policy(false, names), host, [161])).toBe('host');
    expect(await refusedPart(policy(true, names), host, [161])).toBe('host');
  });

  it.each([['127.0.0.1'], ['127.0.0.5'], ['::1'], ['::ffff:127.0.0.1'], ['0:0:0:0:0:0:0:1']])(
    'refuses loopback %s unless loopback devices are allowed',
    async (host) => {
      expect(await refusedPart(policy(false, names), host, [161])).toBe('host');
      expect(await refusedPart(policy(true, names), host, [161])).toBeNull();
    },
  );

  it.each([[3000], [5432], [6380]])(
    "refuses the platform's own port %s on loopback even when loopback is allowed",
    async (port) => {
      const p = policy(true, names);
      expect(await refusedPart(p, '127.0.0.1', [port])).toBe('port');
      expect(await refusedPart(p, '127.0.0.9', [161, port])).toBe('port');
      expect(await refusedPart(p, '::ffff:127.0.0.1', [port])).toBe('port');
    },
  );

  it("refuses a service's port at the address the platform reaches it on, and allows other ports there", async () => {
    const p = policy(false, names);
    expect(await refusedPart(p, '10.9.9.9', [6380])).toBe('port');
    expect(await refusedPart(p, '::ffff:10.9.9.9', [6380])).toBe('port');
    expect(await refusedPart(p, '10.9.9.9', [161])).toBeNull();
  });

  it('allows ordinary device addresses and returns what to connect to', async () => {
    const p = policy(false, names);
    await expect(p.check('10.0.0.2', [161, 23])).resolves.toEqual(['10.0.0.2']);
    await expect(p.check('192.168.1.1', [5432])).resolves.toEqual(['192.168.1.1']);
    await expect(p.check('olt.example.net', [161])).resolves.toEqual(['10.0.0.2']);
    await expect(p.check('2001:db8::2', [161])).resolves.toEqual(['2001:db8::2']);
  });

  it('checks every address a name resolves to (one bad answer refuses the name)', async () => {
    const p = policy(false, { 'rebind.example.net': ['10.0.0.2', '169.254.169.254'] });
    expect(await refusedPart(p, 'rebind.example.net', [161])).toBe('host');
    const loop = policy(false, { 'loop.example.net': ['127.0.0.1'] });
    expect(await refusedPart(loop, 'loop.example.net', [161])).toBe('host');
  });

  it('says a name that does not resolve is unresolved', async () => {
    await expect(policy(false, {}).check('nowhere.example.net', [161])).rejects.toBeInstanceOf(
      DeviceTargetUnresolved,
    );
  });

  it('gives up on a look-up that does not answer in time', async () => {
    const p = new DeviceTargetPolicy({
      allowLoopback: false,
      services: [],
      lookup: () => new Promise(() => undefined),
      lookupTimeoutMs: 50,
    });
    await expect(p.check('slow.example.net', [161])).rejects.toBeInstanceOf(DeviceTargetUnresolved);
  });

  it('names the services from the configuration', () => {
    expect(platformServices(config)).toEqual([
      { name: 'API', host: '127.0.0.1', port: 3000 },
      { name: 'Postgres', host: '127.0.0.1', port: 5432 },
      { name: 'Redis', host: 'db.internal', port: 6380 },
    ]);
    expect(platformServices({ ...config, PORT: 0, REDIS_URL: 'redis://localhost' })).toEqual([
      { name: 'Postgres', host: '127.0.0.1', port: 5432 },
      { name: 'Redis', host: 'localhost', port: 6379 },
    ]);
  });

  it('expands IPv6 literals', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('10.0.0.1')).toBeNull();
  });
});
