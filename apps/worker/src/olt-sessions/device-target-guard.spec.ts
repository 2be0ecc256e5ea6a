import { createServer, type Server } from 'node:net';
import type { AppConfig } from '@pondesk/server-config';
import { DeviceTargetError, DeviceTargetGuard } from './device-target-guard';
import { OltChecksService } from './olt-checks.service';
import type { OltSessionService } from './olt-session.service';

const config = (allowLoopback: boolean) =>
  ({
    ALLOW_LOOPBACK_DEVICES: allowLoopback,
    PORT: 3000,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
    REDIS_URL: 'redis://127.0.0.1:6379',
  }) as AppConfig;

describe('DeviceTargetGuard (the worker, right before a socket opens)', () => {
  it('returns the checked address to connect to', async () => {
    await expect(new DeviceTargetGuard(config(false)).pin('10.0.0.2', [161, 23])).resolves.toBe('10.0.0.2');
    await expect(new DeviceTargetGuard(config(true)).pin('127.0.0.2', [161])).resolves.toBe('127.0.0.2');
  });

  it.each([
    ['169.254.169.254', [161], false],
    ['0.0.0.0', [23], true],
    ['127.0.0.2', [161], false],
    ['127.0.0.1', [161, 5432], true],
    ['127.0.0.1', [6379], true],
  ])('refuses %s on %j (loopback allowed: %s)', async (host, ports, allow) => {
    await expect(new DeviceTargetGuard(config(allow)).pin(host, ports)).rejects.toBeInstanceOf(
      DeviceTargetError,
    );
  });
});

describe('the port check job', () => {
  let server: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((s) => {
      connections++;
      s.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const checks = (allow: boolean) =>
    new OltChecksService({} as OltSessionService, new DeviceTargetGuard(config(allow)));

  it('refuses a target the policy forbids without connecting', async () => {
    const result = await checks(false).portCheck({ host: '127.0.0.1', port });
    expect(result).toMatchObject({ status: 'closed', latencyMs: null });
    expect(result.error).toContain('loopback');
    expect(connections).toBe(0);
  });

  it('connects where the policy allows', async () => {
    await expect(checks(true).portCheck({ host: '127.0.0.1', port })).resolves.toMatchObject({
      status: 'open',
    });
    expect(connections).toBe(1);
  });
});
