import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parsePppoeIds } from '@pondesk/contracts';
import { SimulatorProcess, type SimOnuState, type SimRouterApiState } from '@pondesk/server-testing';
import { runPonctl } from './ponctl';

const ROOT = resolve(__dirname, '../../..');
const OLT = 'vsol-epon-bras';
/** The variable the tests keep the router password in (never on the command line). */
const PW_ENV = 'PONCTL_TEST_ROUTER_PASSWORD';

let sim: SimulatorProcess;
let router: SimRouterApiState;
let subscriber: SimOnuState & { pppoe: string };

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runPonctl(argv, { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n') });
  return { code, out, err };
}

/** `router` against the simulated BRAS with its login, plus `extra`. */
const routerArgs = (...extra: string[]): string[] => [
  'router',
  router.host,
  '--port',
  String(router.port),
  '--user',
  router.username,
  '--password-env',
  PW_ENV,
  ...extra,
];

/** A value as a literal part of a RegExp (PPP names may hold `.`). */
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `a0:94:6a:89:97:d0` (or `a094.6a89.97d0`) → `A0:94:6A:89:97:D0`: how RouterOS prints a PPPoE caller-id. */
const asCallerId = (mac: string): string =>
  mac
    .replace(/[^0-9a-f]/gi, '')
    .toUpperCase()
    .match(/../g)!
    .join(':');

beforeAll(async () => {
  sim = await SimulatorProcess.start([
    { name: OLT, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 6 },
  ]);
  router = await sim.routerApi(OLT);
  process.env[PW_ENV] = router.password;
  const onu = (await sim.onus(OLT)).find(
    (o) => o.status === 'online' && parsePppoeIds(o.description).length === 1 && o.clientMacs.length > 0,
  );
  if (!onu) throw new Error('the simulated OLT has no online ONU with a PPPoE id and a client MAC');
  subscriber = { ...onu, pppoe: parsePppoeIds(onu.description)[0] };
});

afterEach(async () => {
  await sim.setRouterFaults(OLT, { down: false, wrongPassword: false, delayMs: 0, legacyLogin: false });
});

afterAll(async () => {
  delete process.env[PW_ENV];
  await sim?.stop();
});

describe('ponctl router against the simulated BRAS (RouterOS API)', () => {
  it('`npx ponctl router … --json` prints the router and its session count (real process, password from env)', () => {
    const r = spawnSync('npx', ['ponctl', ...routerArgs('--json')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, [PW_ENV]: router.password },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const [report] = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(report).toMatchObject({
      target: `${router.host}:${router.port}`,
      transport: 'api',
      resource: {
        version: '7.12.2 (stable)',
        boardName: 'CCR2004-1G-12S+2XS',
        platform: 'MikroTik',
        architecture: 'arm64',
        cpu: 'ARM64',
        totalMemoryBytes: 4032 * 1024 * 1024,
      },
      board: { routerboard: true, model: 'CCR2004-1G-12S+2XS', firmware: '7.12.2' },
      activePppSessions: router.sessions,
    });
    expect(router.sessions).toBeGreaterThan(0);
    expect(report).not.toHaveProperty('session');
  });

  it("--session: the subscriber's address, caller-id, uptime and queue, for people and for scripts", async () => {
    const t = await run(...routerArgs('--session', subscriber.pppoe));
    expect(t.err).toBe('');
    expect(t.code).toBe(0);
    expect(t.out).toMatch(new RegExp(`^router +${router.host}:${router.port} \\(api\\)$`, 'm'));
    expect(t.out).toMatch(/^version +7\.12\.2 \(stable\)$/m);
    expect(t.out).toMatch(new RegExp(`^active PPP sessions +${router.sessions}$`, 'm'));
    expect(t.out).toMatch(new RegExp(`^session +${esc(subscriber.pppoe)}$`, 'm'));
    // The simulator's addresses are 100.64.<PON>.<ONU> for its first device.
    expect(t.out).toMatch(
      new RegExp(`^address +100\\.64\\.${subscriber.ponPort}\\.${subscriber.onuId}$`, 'm'),
    );
    expect(t.out).toMatch(/^queue max-limit +\d+(\.\d+)?[kMG]?\/\d+(\.\d+)?[kMG]? \(up\/down\)$/m);
    expect(t.out).toMatch(new RegExp(`^interface +<pppoe-${esc(subscriber.pppoe)}>$`, 'm'));

    const j = await run(...routerArgs('--session', subscriber.pppoe, '--json'));
    expect(j.code).toBe(0);
    const [report] = JSON.parse(j.out) as {
      session: {
        name: string;
        service: string;
        callerId: string;
        address: string;
        uptimeSeconds: number;
        radius: boolean;
        queue: { name: string; maxLimitBps: { upload: number; download: number } | null } | null;
        trafficBps: { upload: number; download: number } | null;
      };
    }[];
    expect(report.session).toMatchObject({
      name: subscriber.pppoe,
      service: 'pppoe',
      callerId: asCallerId(subscriber.clientMacs[0].mac),
      address: `100.64.${subscriber.ponPort}.${subscriber.onuId}`,
      radius: false,
      queue: { name: `<pppoe-${subscriber.pppoe}>` },
    });
    expect(report.session.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(report.session.queue!.maxLimitBps!.download).toBeGreaterThan(0);
    expect(report.session.trafficBps).not.toBeNull();
  });

  it('a session that is not up (ONU taken down) prints the router, then one line, exit 1', async () => {
    await sim.setOnuDown(OLT, subscriber.ponPort, subscriber.onuId);
    try {
      const r = await run(...routerArgs('--session', subscriber.pppoe));
      expect(r.code).toBe(1);
      expect(r.out).toMatch(new RegExp(`^active PPP sessions +${router.sessions - 1}$`, 'm'));
      expect(r.err.trim().split('\n')).toEqual([
        `ponctl: not found: no active PPP session named "${subscriber.pppoe}" on ${router.host}:${router.port}`,
      ]);
    } finally {
      await sim.setOnuDown(OLT, subscriber.ponPort, subscriber.onuId, null);
      // Simulated time is frozen: the ONU comes back with the next simulated second.
      await sim.send('PUT', '/clock', { advanceSeconds: 1 });
    }
  });

  it('an old router (MD5 challenge login) is read too', async () => {
    await sim.setRouterFaults(OLT, { legacyLogin: true });
    const r = await run(...routerArgs('--json'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)[0]).toMatchObject({
      resource: { version: '6.42.12 (long-term)', boardName: 'CCR1036-8G-2S+' },
    });
  });

  it('failures are one line and exit 1: wrong password, port closed, no answer in time', async () => {
    await sim.setRouterFaults(OLT, { wrongPassword: true });
    const auth = await run(...routerArgs());
    expect(auth.code).toBe(1);
    expect(auth.out).toBe('');
    expect(auth.err.trim().split('\n')).toEqual([
      `ponctl: auth: login to ${router.host}:${router.port} refused: invalid user name or password (6)`,
    ]);
    expect(auth.err).not.toContain(router.password);

    await sim.setRouterFaults(OLT, { wrongPassword: false, down: true });
    const down = await run(...routerArgs());
    expect(down.code).toBe(1);
    expect(down.err.trim().split('\n')).toEqual([
      `ponctl: unreachable: ${router.host}:${router.port}: connection refused`,
    ]);

    await sim.setRouterFaults(OLT, { down: false, delayMs: 2000 });
    const slow = await run(...routerArgs('--timeout', '300'));
    expect(slow.code).toBe(1);
    expect(slow.err.trim().split('\n')).toEqual([
      `ponctl: timeout: no answer from ${router.host}:${router.port} to /login within 300 ms`,
    ]);
  });

  it('usage: the password never on the command line; the variable must be set; exit 2', async () => {
    const pw = await run('router', router.host, '--password', 'x');
    expect(pw.code).toBe(2);
    expect(pw.err.trim().split('\n')).toEqual([
      'ponctl: router takes no --password: put it in an environment variable and name it with --password-env VAR (ponctl --help for usage)',
    ]);
    const unset = await run('router', router.host, '--password-env', 'PONCTL_TEST_NOT_SET');
    expect(unset.code).toBe(2);
    expect(unset.err).toMatch(/--password-env: the variable PONCTL_TEST_NOT_SET is not set/);
    const transport = await run('router', router.host, '--transport', 'ssh');
    expect(transport.err).toMatch(/--transport must be one of api, api-ssl, rest, got "ssh"/);
    const host = await run('router');
    expect(host.err).toMatch(/router needs the router's address: ponctl router <host>/);
    const other = await run('onus', '--host', 'x', '--session', 'a');
    expect(other.err).toMatch(/--transport, --password-env and --session are for router/);
  });
});
