import { DataSource } from 'typeorm';
import {
  parsePppoeIds,
  type OltDetail,
  type SubscriberHosts,
  type SubscriberSession,
} from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  SimulatorProcess,
  registerAccount,
  startWorker,
  userWithCodes,
  waitFor,
  type RunningWorker,
  type SimOnuState,
  type TestAccount,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

/** First in the fleet: its BRAS gives its subscribers 100.64.<PON port>.<ONU id> (device index 0). */
const WITH_ROUTER = 'bdcom-gpon-live';
const WITHOUT_ROUTER = 'vsol-epon-live';
/** The worker's step timeout: a router slower than this on any step is answered `timeout`. */
const STEP_TIMEOUT_MS = 5000;

interface FieldsBody {
  fields?: { field: string; message: string }[];
}

describe("the PPPoE page's live session from the OLT's MikroTik", () => {
  let api: RunningApi;
  let worker: RunningWorker;
  let sim: SimulatorProcess;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  let olt: OltDetail;
  let bare: OltDetail;
  let sub: SimOnuState & { pppoe: string; id: string };
  let other: SimOnuState & { pppoe: string; id: string };
  let bareOnu: { id: string; pppoe: string };

  async function addOlt(name: string, brand: string, mode: string, router: boolean): Promise<OltDetail> {
    const d = await sim.device(name);
    const r = router ? await sim.routerApi(name) : null;
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name,
        host: d.host,
        brand,
        mode,
        snmpPort: d.snmpPort,
        snmpCommunity: d.community,
        telnetPort: d.telnetPort,
        username: d.username,
        password: d.password,
        ...(r
          ? {
              mikrotikHost: r.host,
              mikrotikPort: r.port,
              mikrotikUsername: r.username,
              mikrotikPassword: r.password,
            }
          : {}),
      },
      admin.token,
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  /** Online simulated ONUs whose description carries one PPPoE id, with their stored row's id. */
  async function subscribers(device: string, oltId: string) {
    // With a client behind the ONU: its router's MAC is the session's caller id.
    const found = (await sim.onus(device)).filter(
      (o) => o.status === 'online' && parsePppoeIds(o.description).length === 1 && o.clientMacs.length > 0,
    );
    const out: (SimOnuState & { pppoe: string; id: string })[] = [];
    for (const o of found) {
      const [row] = (await db.query(
        'SELECT id FROM onu WHERE olt_id = $1 AND pon_port = $2 AND onu_id = $3',
        [oltId, o.ponPort, o.onuId],
      )) as { id: string }[];
      if (row) out.push({ ...o, pppoe: parsePppoeIds(o.description)[0], id: row.id });
    }
    return out;
  }

  const live = (onuId: string, pppoe: string, token = admin.token) =>
    client.get<SubscriberSession & FieldsBody>(
      `/onus/${onuId}/live-session?pppoe=${encodeURIComponent(pppoe)}`,
      token,
    );

  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const started = Date.now();
    const value = await fn();
    return [value, Date.now() - started];
  };

  beforeAll(async () => {
    sim = await SimulatorProcess.start([
      { name: WITH_ROUTER, brand: 'bdcom', mode: 'gpon', ponPorts: 2, onusPerPort: 6 },
      { name: WITHOUT_ROUTER, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 4 },
    ]);
    // Both started before either failure is raised, so afterAll stops whichever did start.
    const [a, w] = await Promise.allSettled([
      startApi(),
      startWorker({ DATABASE_URL: process.env.DATABASE_URL!, SNMP_TIMEOUT_MS: '3000' }),
    ]);
    if (a.status === 'fulfilled') api = a.value;
    if (w.status === 'fulfilled') worker = w.value;
    for (const r of [a, w]) if (r.status === 'rejected') throw r.reason;
    client = new ApiClient(api.url);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    admin = await registerAccount(client, 'rlive');
    olt = await addOlt(WITH_ROUTER, 'bdcom', 'gpon', true);
    bare = await addOlt(WITHOUT_ROUTER, 'vsol', 'epon', false);
    await waitFor(
      async () =>
        (
          await db.query('SELECT count(*)::int AS n FROM olt WHERE id = ANY($1) AND onu_count > 0', [
            [olt.id, bare.id],
          ])
        )[0].n === 2,
      { timeoutMs: 30000, what: 'the first polls' },
    );
    [sub, other] = await subscribers(WITH_ROUTER, olt.id);
    const [b] = await subscribers(WITHOUT_ROUTER, bare.id);
    bareOnu = { id: b.id, pppoe: b.pppoe };
  });

  afterAll(async () => {
    await db?.destroy();
    await worker?.stop();
    await api?.close();
    await sim?.stop();
  });

  it("reads an online subscriber's session: uptime, address, caller id, VLAN, rates and bytes", async () => {
    const res = await live(sub.id, sub.pppoe);
    expect(res.status).toBe(200);
    const r = await sim.routerApi(WITH_ROUTER);
    expect(res.body).toMatchObject({
      pppoeId: sub.pppoe,
      state: 'online',
      router: {
        state: 'ok',
        message: null,
        target: `${r.host}:${r.port}`,
        brand: 'MikroTik',
      },
      session: {
        name: sub.pppoe,
        service: 'pppoe',
        address: `100.64.${sub.ponPort}.${sub.onuId}`,
        // The subscriber router's MAC (the ONU's first learned client), upper case as RouterOS prints it.
        callerId: sub.clientMacs[0].mac
          .replace(/[^0-9a-f]/gi, '')
          .toUpperCase()
          .replace(/(..)(?!$)/g, '$1:'),
        interface: `<pppoe-${sub.pppoe}>`,
        // One PPPoE service per PON port, on VLAN 100 + port.
        vlanId: 100 + sub.ponPort,
      },
    });
    expect(res.body.router.model).toEqual(expect.any(String));
    expect(res.body.router.version).toMatch(/^\d+\.\d+(\.\d+)? \((stable|long-term)\)$/);
    const s = res.body.session!;
    expect(Number.isInteger(s.uptimeSeconds)).toBe(true);
    expect(s.uptimeSeconds!).toBeGreaterThan(0);
    // Symmetric plans of 10 to 100 Mbps; the rate never above the plan; bytes since the session came up.
    expect([10e6, 20e6, 30e6, 40e6, 50e6, 100e6]).toContain(s.maxLimitBps!.upload);
    expect(s.maxLimitBps!.download).toBe(s.maxLimitBps!.upload);
    expect(s.rateBps!.upload).toBeGreaterThanOrEqual(0);
    expect(s.rateBps!.upload).toBeLessThanOrEqual(s.maxLimitBps!.upload);
    expect(s.rateBps!.download).toBeLessThanOrEqual(s.maxLimitBps!.download);
    expect(s.bytes!.download).toBeGreaterThan(0);

    // A minute later on the simulated clock: the same session, a minute older, with more bytes.
    await sim.send('POST', '/clock', { advanceSeconds: 60 });
    const later = (await live(sub.id, sub.pppoe)).body.session!;
    expect(later.uptimeSeconds! - s.uptimeSeconds!).toBe(60);
    expect(later.bytes!.download).toBeGreaterThan(s.bytes!.download);
    expect(later.address).toBe(s.address);
  });

  it('lists the session as the only host the router sees behind a PPPoE line, and says why', async () => {
    const res = await client.get<SubscriberHosts>(
      `/onus/${sub.id}/live-hosts?pppoe=${encodeURIComponent(sub.pppoe)}`,
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pppoeId: sub.pppoe,
      router: { state: 'ok' },
      hosts: [{ address: `100.64.${sub.ponPort}.${sub.onuId}`, source: 'session' }],
    });
    expect(res.body.note).toContain('point to point');
  });

  it('answers offline on the next read once the ONU goes down, and online again when it is back', async () => {
    await sim.setOnuDown(WITH_ROUTER, other.ponPort, other.onuId);
    const down = await live(other.id, other.pppoe);
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({
      pppoeId: other.pppoe,
      state: 'offline',
      session: null,
      router: { state: 'ok', brand: 'MikroTik' },
    });
    await sim.setOnuDown(WITH_ROUTER, other.ponPort, other.onuId, null);
    // Back from the next simulated second (the simulated clock stands still in tests).
    await sim.send('POST', '/clock', { advanceSeconds: 2 });
    expect((await live(other.id, other.pppoe)).body.state).toBe('online');
  });

  it('answers unreachable at once when the router is down, and reads again when it is back', async () => {
    await sim.setRouterFaults(WITH_ROUTER, { down: true });
    try {
      const [res, ms] = await timed(() => live(sub.id, sub.pppoe));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'unknown', session: null, router: { state: 'unreachable' } });
      expect(res.body.router.message).toEqual(expect.any(String));
      expect(ms).toBeLessThan(2000);
    } finally {
      await sim.setRouterFaults(WITH_ROUTER, { down: false });
    }
    expect((await live(sub.id, sub.pppoe)).body.router.state).toBe('ok');
  });

  /** Sets faults on a router restarted in between, so the worker's kept connection is gone and it logs in anew. */
  async function restartWith(faults: Parameters<SimulatorProcess['setRouterFaults']>[1]): Promise<void> {
    await sim.setRouterFaults(WITH_ROUTER, { down: true });
    await sim.setRouterFaults(WITH_ROUTER, { ...faults, down: false });
  }

  it('answers login-failed when the router refuses the stored password, without the password', async () => {
    const r = await sim.routerApi(WITH_ROUTER);
    await restartWith({ wrongPassword: true });
    try {
      const res = await live(sub.id, sub.pppoe);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'unknown', session: null, router: { state: 'login-failed' } });
      expect(JSON.stringify(res.body)).not.toContain(r.password);
    } finally {
      await sim.setRouterFaults(WITH_ROUTER, { wrongPassword: false });
    }
    expect((await live(sub.id, sub.pppoe)).body.router.state).toBe('ok');
  });

  it('answers timeout within the step timeout when the router answers too late', async () => {
    // On the connection the worker keeps (the last read logged in), every reply now comes 8 s late.
    await sim.setRouterFaults(WITH_ROUTER, { delayMs: STEP_TIMEOUT_MS + 3000 });
    try {
      const [res, ms] = await timed(() => live(sub.id, sub.pppoe));
      expect(res.body).toMatchObject({ state: 'unknown', router: { state: 'timeout' } });
      expect(ms).toBeGreaterThanOrEqual(STEP_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(STEP_TIMEOUT_MS + 2500);
    } finally {
      await sim.setRouterFaults(WITH_ROUTER, { delayMs: 0 });
    }
    expect((await live(sub.id, sub.pppoe)).body.router.state).toBe('ok');
  });

  it('reads a router from before RouterOS 6.43 (MD5 challenge login)', async () => {
    await restartWith({ legacyLogin: true });
    try {
      const res = await live(sub.id, sub.pppoe);
      expect(res.body).toMatchObject({ state: 'online', router: { state: 'ok' } });
    } finally {
      await restartWith({ legacyLogin: false });
    }
  });

  it('answers not-configured for an OLT without a MikroTik', async () => {
    const res = await live(bareOnu.id, bareOnu.pppoe);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pppoeId: bareOnu.pppoe,
      state: 'unknown',
      session: null,
      router: { state: 'not-configured', target: null, brand: null },
    });
  });

  it("refuses a pppoe that is missing, malformed or not the ONU's, naming the field", async () => {
    for (const query of ['', '?pppoe=', '?pppoe=a%20b', `?pppoe=${encodeURIComponent(other.pppoe)}`]) {
      const res = await client.get<FieldsBody>(`/onus/${sub.id}/live-session${query}`, admin.token);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.fields?.map((f) => f.field)).toEqual(['pppoe']);
    }
    const hosts = await client.get<FieldsBody>(`/onus/${sub.id}/live-hosts?pppoe=nobody`, admin.token);
    expect([hosts.status, hosts.body.fields?.map((f) => f.field)]).toEqual([400, ['pppoe']]);
    // The id in another case is the same line (the page may be open under it).
    const upper = await live(sub.id, sub.pppoe.toUpperCase());
    expect([upper.status, upper.body.pppoeId]).toEqual([200, sub.pppoe]);
  });

  it('keeps the ONU from users without the code or the OLT, and from other tenants, as the other ONU reads', async () => {
    const noCode = await userWithCodes(client, admin, [2001]);
    expect((await live(sub.id, sub.pppoe, noCode.token)).status).toBe(403);

    // Code 2007 but no permission on this OLT: the ONU does not exist for them, as GET /onus/:id says.
    const noOlt = await userWithCodes(client, admin, [2007]);
    expect((await client.get(`/onus/${sub.id}`, noOlt.token)).status).toBe(404);
    expect((await live(sub.id, sub.pppoe, noOlt.token)).status).toBe(404);
    // Not even a missing pppoe tells them the ONU is there.
    expect((await client.get(`/onus/${sub.id}/live-session`, noOlt.token)).status).toBe(404);
    await client.put(
      `/users/${noOlt.auth.user.id}/olt-permissions`,
      { action: 'add', oltIds: [olt.id] },
      admin.token,
    );
    expect((await live(sub.id, sub.pppoe, noOlt.token)).status).toBe(200);

    const stranger = await registerAccount(client, 'rlive-b');
    const foreign = await live(sub.id, sub.pppoe, stranger.token);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(sub.pppoe);
    expect(
      (await client.get(`/onus/${sub.id}/live-hosts?pppoe=${encodeURIComponent(sub.pppoe)}`, stranger.token))
        .status,
    ).toBe(404);
  });
});
