import type { DataSource } from 'typeorm';
import { DataSource as TypeOrmDataSource } from 'typeorm';
import type {
  DownCountList,
  IngestSetup,
  PppoeLookup,
  SessionEventPushed,
  SessionHistory,
} from '@pondesk/contracts';
import {
  ApiClient,
  connectSocket,
  registerAccount,
  userWithCodes,
  waitFor,
  type TestAccount,
} from '@pondesk/server-testing';
import { createTenantOlt, createTenantOnu } from './support/tenant-rows';
import { startApi, type RunningApi } from './support/test-app';

/**
 * Session events posted as RouterOS `/tool fetch` posts them: the body our scripts build (form-encoded,
 * `Content-Type` set by `http-header-field`), a body with no content type at all (scripts in the field
 * set none; see device-data/syslog/routeros/ppp-profile-scripts.md §2) with the key as a field, and the
 * v7 `:serialize` JSON. Expected values are the posted ones, typed here.
 */
describe('PPPoE session events from routers', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let a: TestAccount;
  let b: TestAccount;
  let key: string;
  let oltId: string;
  const ingest = '/api/v1/ingest/session-events';

  /** A POST as `/tool fetch` sends it: RouterOS's user agent, the given headers and body. */
  const fetchAsRouter = (body: string, headers: Record<string, string>) =>
    fetch(`${api.url}${ingest}`, {
      method: 'POST',
      headers: { 'user-agent': 'Mikrotik/6.x Fetch', ...headers },
      body,
    });
  const form = (k: string, fields: Record<string, string>) =>
    fetchAsRouter(new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-ingest-key': k,
    });

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(TypeOrmDataSource);
    [a, b] = await Promise.all([registerAccount(client, 'sessa'), registerAccount(client, 'sessb')]);
    const setup = await client.get<IngestSetup>('/ingest/setup', a.token);
    expect(setup.status).toBe(200);
    key = setup.body.key;
    oltId = await createTenantOlt(client, a);
  });
  afterAll(() => api.close());

  it('gives 2021 holders the key, the URL and v6/v7 scripts that carry them', async () => {
    const setup = await client.get<IngestSetup>('/ingest/setup', a.token);
    expect(setup.body.url).toBe(`${api.url}${ingest}`);
    expect(key).toMatch(/^pdk_[\w-]{20,}$/);
    for (const script of [setup.body.scripts.v6, setup.body.scripts.v7]) {
      expect(script).toContain(`X-Ingest-Key:${key}`);
      expect(script).toContain(setup.body.url);
      expect(script).toContain('on-down=');
      expect(script).toContain('on-up=');
      expect(script).toContain('$"caller-id"');
    }
    expect(setup.body.scripts.v6).toContain('/tool fetch ');
    expect(setup.body.scripts.v7).toContain('/tool/fetch ');
    const staff = await userWithCodes(client, a, [2007]);
    expect((await client.get('/ingest/setup', staff.token)).status).toBe(403);
  });

  it('takes a v6 form post, a post without content type and a v7 JSON post; the list, history and PPPoE page show them', async () => {
    const pppoe = 'rahim@isp';
    await createTenantOnu(db, a.auth.user.tenantId!, oltId, pppoe);
    let res = await form(key, {
      action: 'down',
      user: pppoe,
      'caller-id': 'A0:94:6A:89:97:D0',
      'remote-address': '10.20.0.15',
      router: 'BRAS-Mirpur',
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    res = await fetchAsRouter(
      `key=${encodeURIComponent(key)}&action=up&user=${encodeURIComponent(pppoe)}&mac=A0:94:6A:89:97:D0&ip=10.20.0.15&router=BRAS-Mirpur`,
      {},
    );
    expect(res.status).toBe(202);
    res = await fetchAsRouter(
      JSON.stringify({
        action: 'down',
        user: pppoe,
        'caller-id': 'A0:94:6A:89:97:D0',
        'remote-address': '10.20.0.16',
        router: 'BRAS-Mirpur',
      }),
      { 'content-type': 'application/json', 'x-ingest-key': key },
    );
    expect(res.status).toBe(202);

    const list = await client.get<DownCountList>('/down-counts?pageSize=10', a.token);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        pppoeId: pppoe,
        downCount: 2,
        lastIp: '10.20.0.16',
        lastMac: 'a0:94:6a:89:97:d0',
        lastRouter: 'BRAS-Mirpur',
        onu: expect.objectContaining({ ifName: 'EPON0/1:1', rxDbm: -21.5 }),
      }),
    ]);
    const history = await client.get<SessionHistory>(
      `/down-counts/${encodeURIComponent(pppoe)}/history?tz=Asia/Dhaka`,
      a.token,
    );
    expect(history.body.total).toBe(2);
    expect(history.body.days.flatMap((d) => d.events.map((e) => [e.action, e.ip, e.mac]))).toEqual([
      ['down', '10.20.0.16', 'a0:94:6a:89:97:d0'],
      ['up', '10.20.0.15', 'a0:94:6a:89:97:d0'],
      ['down', '10.20.0.15', 'a0:94:6a:89:97:d0'],
    ]);
    const page = await client.get<PppoeLookup>(`/pppoe/${encodeURIComponent(pppoe)}`, a.token);
    expect(page.body.matches[0]).toMatchObject({
      downCount: 2,
      downCountSource: 'sessions',
      lastSession: { action: 'down', ip: '10.20.0.16', mac: 'a0:94:6a:89:97:d0' },
    });
    const setup = await client.get<IngestSetup>('/ingest/setup', a.token);
    expect(setup.body.routers).toEqual([
      expect.objectContaining({ router: 'BRAS-Mirpur', lastAction: 'down', events24h: 3 }),
    ]);
  });

  it('refuses a wrong, missing or rotated key with 401 and stores nothing', async () => {
    const count = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM session_event WHERE pppoe_id = 'keytest@isp'`))[0].n;
    const body = { action: 'down', user: 'keytest@isp' };
    expect((await form(`${key}x`, body)).status).toBe(401);
    expect((await fetchAsRouter('action=down&user=keytest@isp', {})).status).toBe(401);
    const rotated = await client.post<IngestSetup>('/ingest/key/rotate', {}, a.token);
    expect(rotated.status).toBe(201);
    expect(rotated.body.key).not.toBe(key);
    expect((await form(key, body)).status).toBe(401);
    expect(await count()).toBe(0);
    key = rotated.body.key;
    expect((await form(key, body)).status).toBe(202);
    expect(await count()).toBe(1);
  });

  it('refuses malformed events naming the field, and stores nothing', async () => {
    const before = (await db.query('SELECT count(*)::int AS n FROM session_event'))[0].n;
    const cases: [Record<string, string>, string][] = [
      [{ action: 'down' }, 'user'],
      [{ action: 'd', user: 'x@isp' }, 'action'],
      [{ action: 'down', user: 'two words' }, 'user'],
      [{ action: 'down', user: 'x@isp', 'caller-id': 'zz:zz' }, 'caller-id'],
      [{ action: 'down', user: 'x@isp', 'remote-address': '10.0.0.300' }, 'remote-address'],
      [{ action: 'down', user: 'x'.repeat(65) }, 'user'],
    ];
    for (const [fields, field] of cases) {
      const res = await form(key, fields);
      expect([fields, res.status]).toEqual([fields, 400]);
      expect((await res.json()) as unknown).toMatchObject({ fields: [expect.objectContaining({ field })] });
    }
    expect((await db.query('SELECT count(*)::int AS n FROM session_event'))[0].n).toBe(before);
  });

  it('names the cause of each drop from the ONU: power off, online (router or PPP only), unknown', async () => {
    const tenantId = a.auth.user.tenantId!;
    const off = 'power@isp';
    const onuOff = await createTenantOnu(db, tenantId, oltId, off, 2);
    const up = 'router@isp';
    await createTenantOnu(db, tenantId, oltId, up, 3);
    for (const user of [off, up, 'nobody@isp'])
      expect((await form(key, { action: 'down', user })).status).toBe(202);
    // Before the OLT's next poll nothing is known of the ONUs.
    let list = await client.get<DownCountList>('/down-counts?q=isp&pageSize=50', a.token);
    const cause = (p: string) => list.body.items.find((i) => i.pppoeId === p)?.lastCause;
    expect([cause(off), cause(up), cause('nobody@isp')]).toEqual(['pending', 'pending', 'onu-unknown']);
    // The poll after the drop: one ONU went offline for power, the other stayed online.
    await db.query(
      `INSERT INTO onu_status_event (tenant_id, olt_id, onu_ref, pon_port, onu_id, from_status, to_status, reason, occurred_at)
       VALUES ($1, $2, $3, 1, 2, 'online', 'offline', 'power-off', now() + interval '5 seconds')`,
      [tenantId, oltId, onuOff],
    );
    await db.query(`UPDATE olt SET last_good_poll_at = now() + interval '2 minutes' WHERE id = $1`, [oltId]);
    list = await client.get<DownCountList>('/down-counts?q=isp&pageSize=50', a.token);
    expect([cause(off), cause(up), cause('nobody@isp')]).toEqual([
      'onu-power-off',
      'onu-online',
      'onu-unknown',
    ]);
    const history = await client.get<SessionHistory>(
      `/down-counts/${encodeURIComponent(off)}/history`,
      a.token,
    );
    expect(history.body.days[0].events[0].cause).toBe('onu-power-off');
  });

  it('stores an event told twice (a retry, or the script and the syslog) once, and a real flap in full', async () => {
    const tenantId = a.auth.user.tenantId!;
    const downs = async (user: string) =>
      (
        await db.query(
          `SELECT action FROM session_event WHERE tenant_id = $1 AND pppoe_id = $2 ORDER BY id`,
          [tenantId, user],
        )
      ).map((r: { action: string }) => r.action);
    // The same drop posted twice: accepted both times, stored and counted once.
    for (let i = 0; i < 2; i++)
      expect((await form(key, { action: 'down', user: 'twice@isp' })).status).toBe(202);
    expect(await downs('twice@isp')).toEqual(['down']);
    // Down, up, down: the subscriber dropped twice.
    for (const action of ['down', 'up', 'down'])
      expect((await form(key, { action, user: 'flap@isp' })).status).toBe(202);
    expect(await downs('flap@isp')).toEqual(['down', 'up', 'down']);
    const [day] = await db.query(
      `SELECT sum(downs)::int AS downs FROM session_down_daily WHERE tenant_id = $1 AND pppoe_id = ANY($2)`,
      [tenantId, ['twice@isp', 'flap@isp']],
    );
    expect(day.downs).toBe(3);
  });

  it('never shows one tenant’s events to another, and tells the tenant’s browsers live', async () => {
    const socket = await connectSocket(api.url, a.token);
    const other = await connectSocket(api.url, b.token);
    const got: SessionEventPushed[] = [];
    const leaked: SessionEventPushed[] = [];
    socket.on('session.events', (p) => got.push(...p.events));
    other.on('session.events', (p) => leaked.push(...p.events));
    try {
      expect((await form(key, { action: 'down', user: 'live@isp', router: 'BRAS-2' })).status).toBe(202);
      await waitFor(async () => got.some((e) => e.pppoeId === 'live@isp'), {
        timeoutMs: 5000,
        what: 'the live event',
      });
      expect(leaked).toEqual([]);
      const list = await client.get<DownCountList>('/down-counts', b.token);
      expect(list.body).toMatchObject({ items: [], total: 0 });
      expect((await client.get('/down-counts/live@isp/history', b.token)).status).toBe(404);
      expect((await client.delete('/down-counts/live@isp', b.token)).status).toBe(404);
      expect((await client.delete('/down-counts/live@isp', a.token)).status).toBe(204);
      expect((await client.get('/down-counts/live@isp/history', a.token)).status).toBe(404);
    } finally {
      socket.close();
      other.close();
    }
  });
});
