import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { parsePppoeIds } from '@pondesk/contracts';
import type { RouterOsConnection, RouterOsTarget } from '@pondesk/device-routeros';
import { SecretBox, loadConfig, type AppConfig } from '@pondesk/server-config';
import type { OltEntity } from '@pondesk/server-database';
import { SimulatorProcess, testEnv, type SimOnuState, type SimRouterApi } from '@pondesk/server-testing';
import { DeviceTargetGuard } from '../src/olt-sessions/device-target-guard';
import { RouterLiveService } from '../src/routers/router-live.service';

const OLT = 'vsol-epon-routers';
const STEP_TIMEOUT_MS = 5000;

/** The worker's service with its connections counted (they are the simulator's real API sessions). */
class CountingService extends RouterLiveService {
  readonly opened: { target: RouterOsTarget; connection: RouterOsConnection }[] = [];

  protected override async connect(target: RouterOsTarget): Promise<RouterOsConnection> {
    const connection = await super.connect(target);
    this.opened.push({ target, connection });
    return connection;
  }
}

describe("the worker's reads of a simulated BRAS over the RouterOS API", () => {
  let sim: SimulatorProcess;
  let config: AppConfig;
  let router: SimRouterApi;
  let stored: OltEntity;
  let service: CountingService;
  let subscriber: SimOnuState & { pppoe: string };

  const payload = () => ({ tenantId: stored.tenantId, oltId: stored.id, pppoeId: subscriber.pppoe });
  const olt = (password: string): OltEntity =>
    ({
      id: '6d1f7c1e-6c55-4a55-9a7e-2b7d3c1a0001',
      tenantId: '6d1f7c1e-6c55-4a55-9a7e-2b7d3c1a0002',
      show: true,
      mikrotikHost: router.host,
      mikrotikPort: router.port,
      mikrotikUsername: router.username,
      mikrotikPasswordEnc: new SecretBox(config.ENCRYPTION_KEY).seal(password),
    }) as OltEntity;

  /** What the service logged (at debug): targets and timings, never a password. */
  const logged: unknown[][] = [];

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'debug').mockImplementation((...args: unknown[]) => void logged.push(args));
    sim = await SimulatorProcess.start([
      { name: OLT, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 6 },
    ]);
    config = loadConfig(testEnv({ ALLOW_LOOPBACK_DEVICES: 'true' }));
    router = await sim.routerApi(OLT);
    const onu = (await sim.onus(OLT)).find(
      (o) => o.status === 'online' && parsePppoeIds(o.description).length === 1,
    );
    if (!onu) throw new Error('the simulated OLT has no online ONU with a PPPoE id');
    subscriber = { ...onu, pppoe: parsePppoeIds(onu.description)[0] };
  });

  beforeEach(() => {
    stored = olt(router.password);
    const repo = { findOne: () => Promise.resolve(stored) } as unknown as Repository<OltEntity>;
    service = new CountingService(repo, new DeviceTargetGuard(config), config);
  });

  afterEach(async () => {
    await service.onApplicationShutdown();
    await sim.setRouterFaults(OLT, { down: false, wrongPassword: false, delayMs: 0, legacyLogin: false });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await sim?.stop();
  });

  it('keeps one logged-in connection per router for every read, however many come at once', async () => {
    const answers = await Promise.all([
      service.session(payload()),
      service.session(payload()),
      service.hosts(payload()),
      service.session(payload()),
    ]);
    expect(answers.map((a) => a.router.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(answers[0]).toMatchObject({
      state: 'online',
      session: { name: subscriber.pppoe, service: 'pppoe' },
    });
    await service.session(payload());
    expect(service.opened).toHaveLength(1);
    expect(service.opened[0].target).toMatchObject({
      host: router.host,
      port: router.port,
      username: router.username,
      transport: 'api',
    });
  });

  it('logs in anew when the stored password changes, instead of reading on the kept connection', async () => {
    expect((await service.session(payload())).router.state).toBe('ok');
    // Read on the kept connection this would still answer; a new login with it is refused.
    stored = olt(`${router.password}-rotated`);
    const refused = await service.session(payload());
    expect(refused).toMatchObject({ state: 'unknown', router: { state: 'login-failed' } });
    expect(JSON.stringify(refused)).not.toContain(router.password);
    // The password as it was: the connection kept for it serves again.
    stored = olt(router.password);
    expect((await service.session(payload())).router.state).toBe('ok');
    expect(service.opened).toHaveLength(1);
  });

  it('replaces a kept connection the router has dropped, on the next read', async () => {
    expect((await service.session(payload())).router.state).toBe('ok');
    await sim.setRouterFaults(OLT, { down: true });
    const down = await service.session(payload());
    expect(down).toMatchObject({ state: 'unknown', router: { state: 'unreachable' } });
    await sim.setRouterFaults(OLT, { down: false });
    expect((await service.session(payload())).router.state).toBe('ok');
    expect(service.opened).toHaveLength(2);
    expect(service.opened[0].connection.closed).toBe(true);
  });

  it('answers timeout within the step timeout, and closes that connection', async () => {
    expect((await service.session(payload())).router.state).toBe('ok');
    await sim.setRouterFaults(OLT, { delayMs: STEP_TIMEOUT_MS + 2000 });
    const started = Date.now();
    const late = await service.session(payload());
    const ms = Date.now() - started;
    expect(late.router.state).toBe('timeout');
    expect(ms).toBeGreaterThanOrEqual(STEP_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(STEP_TIMEOUT_MS + 1500);
    expect(service.opened[0].connection.closed).toBe(true);
  });

  it('logs each read with its target and timings, and never the password', () => {
    expect(logged.length).toBeGreaterThan(5);
    expect(logged).toContainEqual([
      expect.objectContaining({
        target: `${router.host}:${router.port}`,
        read: 'session',
        state: 'ok',
        ms: expect.any(Number),
        connected: expect.any(Boolean),
      }),
      'router read',
    ]);
    expect(JSON.stringify(logged)).not.toContain(router.password);
  });

  it('closes its connections at shutdown', async () => {
    await service.session(payload());
    await service.onApplicationShutdown();
    expect(service.opened.map((o) => o.connection.closed)).toEqual([true]);
  });
});
