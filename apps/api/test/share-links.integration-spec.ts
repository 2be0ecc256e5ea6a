import { createHash, randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  SHARE_MESSAGES,
  SHARE_TOKEN_HEADER,
  SHARE_TOKEN_PATTERN,
  forViewers,
  oltEventRooms,
  sharedOltRoom,
  shareRoom,
  tenantRoom,
  type CreatedShareToken,
  type OnuFilters,
  type OnuList,
  type ShareOltOptions,
  type ShareTokenList,
  type SharedView,
} from '@pondesk/contracts';
import {
  ApiClient,
  registerAccount,
  unique,
  userWithCodes,
  waitFor,
  connectSocket,
  type TestAccount,
  type TestSocket,
} from '@pondesk/server-testing';
import { RealtimeGateway } from '../src/modules/realtime/realtime.gateway';
import { startApi, type RunningApi } from './support/test-app';
import { createTenantOnu } from './support/tenant-rows';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('share links: read-only, revocable tokens scoped to one tenant’s OLTs', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  let other: TestAccount;
  let tenantId: string;
  /** Tenant A's OLTs: two shown (EPON and GPON), one deleted (hidden) after its ONU was stored. */
  const olt = { epon: '', gpon: '', hidden: '', otherTenant: '' };
  const onu = { epon: '', gpon: '', hidden: '', otherTenant: '' };
  /** Every whole token the API answered, to prove none is stored or shown again. */
  const tokens: string[] = [];
  const sockets: TestSocket[] = [];

  async function addOlt(account: TestAccount, mode: 'epon' | 'gpon'): Promise<string> {
    const res = await client.post<{ id: string }>(
      '/olts',
      {
        name: unique(`share-${mode}-`),
        host: '10.98.0.1',
        brand: mode === 'epon' ? 'vsol' : 'bdcom',
        mode,
        snmpPort: 161,
        snmpCommunity: 'share-community',
        telnetPort: 23,
        username: 'admin',
        password: 'share-olt-pw',
      },
      account.token,
    );
    expect(res.status).toBe(201);
    return res.body.id;
  }

  /** A GET of a public share route with the token in its header (and nothing else). */
  const shared = <T = Record<string, unknown>>(path: string, token: string, from: ApiClient = client) =>
    from.request<T>('GET', path, { headers: { [SHARE_TOKEN_HEADER]: token } });

  async function create(body: Record<string, unknown>, account = admin) {
    const res = await client.post<CreatedShareToken>('/share-tokens', body, account.token);
    if (res.status === 201) tokens.push(res.body.token);
    return res;
  }

  /** A socket opened with a share link, connected and joined to its rooms on the server. */
  async function shareSocket(token: string, tokenId: string): Promise<TestSocket> {
    const socket: TestSocket = io(api.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { shareToken: token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const gateway = api.app.get(RealtimeGateway);
    // This process's sockets only (the test runs one API): no round trip through the Redis adapter.
    await waitFor(
      async () => (await gateway.server.local.in(shareRoom(tokenId)).fetchSockets()).length === 1,
      {
        what: 'the share socket to join its rooms',
      },
    );
    return socket;
  }

  const closed = (socket: TestSocket, timeoutMs = 5000) =>
    new Promise<boolean>((resolve) => {
      if (!socket.connected) return resolve(true);
      const timer = setTimeout(() => resolve(false), timeoutMs);
      socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  /** Whether a socket opened with this share token is refused (closed by the server, or never opened). */
  const refused = (token: string) =>
    new Promise<boolean>((resolve) => {
      const socket: TestSocket = io(api.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { shareToken: token },
        reconnection: false,
      });
      sockets.push(socket);
      let settled = false;
      const finish = (value: boolean) => {
        if (settled) return;
        settled = true;
        socket.close();
        resolve(value);
      };
      socket.on('disconnect', () => finish(true));
      socket.on('connect_error', () => finish(true));
      setTimeout(() => finish(!socket.connected), 1500);
    });

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    [admin, other] = await Promise.all([
      registerAccount(client, 'sharea'),
      registerAccount(client, 'shareb'),
    ]);
    tenantId = admin.auth.user.tenantId!;
    [olt.epon, olt.gpon, olt.hidden, olt.otherTenant] = await Promise.all([
      addOlt(admin, 'epon'),
      addOlt(admin, 'gpon'),
      addOlt(admin, 'epon'),
      addOlt(other, 'epon'),
    ]);
    onu.epon = await createTenantOnu(db, tenantId, olt.epon, `${unique('e')}@isp`);
    await createTenantOnu(db, tenantId, olt.epon, `${unique('e')}@isp`, 2);
    onu.gpon = await createTenantOnu(db, tenantId, olt.gpon, `${unique('g')}@isp`);
    onu.hidden = await createTenantOnu(db, tenantId, olt.hidden, `${unique('h')}@isp`);
    onu.otherTenant = await createTenantOnu(
      db,
      other.auth.user.tenantId!,
      olt.otherTenant,
      `${unique('o')}@isp`,
    );
    expect((await client.delete(`/olts/${olt.hidden}`, admin.token)).status).toBe(204);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await api.close();
  });

  it('a link to chosen OLTs reads only those: the ONU list, its filters and the Dashboard List', async () => {
    const made = await create({ scope: 'olts', oltIds: [olt.epon], label: 'NOC wall' });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(made.body.row).toMatchObject({
      scope: 'olts',
      oltIds: [olt.epon],
      label: 'NOC wall',
      active: true,
      useCount: 0,
      createdBy: admin.auth.user.username,
    });
    expect(made.body.row.maskedToken.endsWith(made.body.token.slice(-4))).toBe(true);
    const token = made.body.token;

    const list = await shared<OnuList>('/shared/onus', token);
    expect(list.status).toBe(200);
    expect(new Set(list.body.items.map((i) => i.oltId))).toEqual(new Set([olt.epon]));
    const ids = list.body.items.map((i) => i.id);
    expect(ids).toContain(onu.epon);
    for (const outside of [onu.gpon, onu.hidden, onu.otherTenant]) expect(ids).not.toContain(outside);
    // Exactly what GET /onus answers for the same query, within the link's OLTs.
    for (const q of ['', '?sort=rx&order=desc&pageSize=1&page=2', '?search=isp&status=online']) {
      const mine = await client.get<OnuList>(`/onus${q}${q ? '&' : '?'}oltId=${olt.epon}`, admin.token);
      const theirs = await shared<OnuList>(`/shared/onus${q}`, token);
      expect(theirs.status).toBe(200);
      expect(theirs.body).toEqual(mine.body);
    }
    // Another OLT of the tenant, asked for by id, is simply not there.
    const outside = await shared<OnuList>(`/shared/onus?oltId=${olt.gpon}`, token);
    expect(outside.body).toMatchObject({ items: [], total: 0 });

    const filters = await shared<OnuFilters>('/shared/onus/filters', token);
    expect(filters.body.olts.map((o) => o.id)).toEqual([olt.epon]);

    const view = await shared<SharedView>('/shared/view', token);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      scope: 'olts',
      expiresAt: null,
      tenantName: admin.auth.user.ispName ?? '',
    });
    expect(view.body.olts).toEqual([
      expect.objectContaining({
        oltId: olt.epon,
        mode: 'epon',
        eponPorts: 1,
        gponPorts: 0,
        onuCount: 2,
        onlineCount: 2,
        offlineCount: 0,
      }),
    ]);
    const text = JSON.stringify([list.body, filters.body, view.body]);
    for (const secret of ['share-olt-pw', 'share-community', '10.98.0.1', admin.email])
      expect(text).not.toContain(secret);

    // Opening the page counts as one use; list and filter reads behind it do not.
    const row = (await client.get<ShareTokenList>('/share-tokens', admin.token)).body.items.find(
      (r) => r.id === made.body.row.id,
    );
    expect(row).toMatchObject({ useCount: 1 });
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it("a link to all OLTs reads what the tenant's ONU list shows: never a hidden OLT nor another tenant", async () => {
    const made = await create({ scope: 'all' });
    expect(made.status).toBe(201);
    const token = made.body.token;
    for (const q of ['', '?sort=onuId', '?search=isp']) {
      const mine = await client.get<OnuList>(`/onus${q}`, admin.token);
      const theirs = await shared<OnuList>(`/shared/onus${q}`, token);
      expect(theirs.body).toEqual(mine.body);
      const ids = theirs.body.items.map((i) => i.id);
      expect(ids).toEqual(expect.arrayContaining([onu.epon, onu.gpon]));
      expect(ids).not.toContain(onu.hidden);
      expect(ids).not.toContain(onu.otherTenant);
    }
    const view = await shared<SharedView>('/shared/view', token);
    expect(view.body.scope).toBe('all');
    expect(view.body.olts.map((o) => o.oltId).sort()).toEqual([olt.epon, olt.gpon].sort());
    expect(view.body.olts.find((o) => o.oltId === olt.gpon)).toMatchObject({ gponPorts: 1, eponPorts: 0 });
  });

  it("answers 'Already Created' (409) for a second active link of the same OLTs, unless another is asked for", async () => {
    expect((await create({ scope: 'olts', oltIds: [olt.epon, olt.gpon] })).status).toBe(201);
    // The same set in another order is the same scope.
    const again = await create({ scope: 'olts', oltIds: [olt.gpon, olt.epon] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'SHARE_EXISTS', message: SHARE_MESSAGES.exists });
    expect((await create({ scope: 'all' })).status).toBe(409);
    expect((await create({ scope: 'olts', oltIds: [olt.gpon, olt.epon], another: true })).status).toBe(201);
  });

  it('refuses OLTs of another tenant, hidden ones, a missing list and a past expiry, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: 'olts', oltIds: [olt.otherTenant] }, 'oltIds'],
      [{ scope: 'olts', oltIds: [olt.hidden] }, 'oltIds'],
      [{ scope: 'olts' }, 'oltIds'],
      [{ scope: 'olts', oltIds: [] }, 'oltIds'],
      [{ scope: 'olts', oltIds: ['not-a-uuid'] }, 'oltIds'],
      [{ scope: 'everything' }, 'scope'],
      [{ scope: 'all', another: true, expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ scope: 'all', another: true, expiresAt: 'tomorrow' }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect((res.body as { fields?: { field: string }[] }).fields?.[0]?.field).toBe(field);
    }
  });

  it('a revoked link fails on the next request and its open socket is dropped', async () => {
    const made = await create({ scope: 'all', another: true });
    const { token, row } = made.body;
    const socket = await shareSocket(token, row.id);
    expect((await shared('/shared/view', token)).status).toBe(200);
    // Another tenant cannot revoke it: not found.
    expect((await client.delete(`/share-tokens/${row.id}`, other.token)).status).toBe(404);
    expect(socket.connected).toBe(true);

    const gone = closed(socket);
    expect((await client.delete(`/share-tokens/${row.id}`, admin.token)).status).toBe(204);
    expect(await gone).toBe(true);
    for (const path of ['/shared/view', '/shared/onus', '/shared/onus/filters']) {
      const res = await shared(path, token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'SHARE_INVALID', message: SHARE_MESSAGES.invalid });
    }
    // Reconnecting with it is refused.
    expect(await refused(token)).toBe(true);
    const listed = (await client.get<ShareTokenList>('/share-tokens?pageSize=100', admin.token)).body.items;
    expect(listed.find((r) => r.id === row.id)).toMatchObject({ active: false });
    expect(listed.find((r) => r.id === row.id)?.revokedAt).not.toBeNull();
    // Revoking again changes nothing.
    expect((await client.delete(`/share-tokens/${row.id}`, admin.token)).status).toBe(204);
  });

  it('an expired link fails, and its socket closes when it runs out', async () => {
    const made = await create({
      scope: 'olts',
      oltIds: [olt.gpon],
      another: true,
      expiresAt: new Date(Date.now() + 2500).toISOString(),
    });
    expect(made.status).toBe(201);
    const { token, row } = made.body;
    expect((await shared('/shared/view', token)).status).toBe(200);
    const socket = await shareSocket(token, row.id);
    expect(await closed(socket, 8000)).toBe(true);
    const res = await shared('/shared/onus', token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'SHARE_INVALID' });
    expect(await refused(token)).toBe(true);
  });

  it('never unlocks a write or a signed-in route, in its header or as a bearer token', async () => {
    const made = await create({ scope: 'all', another: true });
    const token = made.body.token;
    const attempts: [string, string, unknown][] = [
      ['POST', '/olts', { name: 'by share link' }],
      ['GET', '/onus', undefined],
      ['GET', '/onus/filters', undefined],
      ['PATCH', `/onus/${onu.epon}`, { pppoeIds: ['x@isp'], ifName: 'EPON0/1:1' }],
      ['DELETE', `/onus/${onu.epon}`, undefined],
      ['GET', '/share-tokens', undefined],
      ['POST', '/share-tokens', { scope: 'all', another: true }],
      ['GET', '/profile', undefined],
      ['GET', '/dashboard', undefined],
    ];
    for (const [method, path, body] of attempts) {
      const inHeader = await client.request(method, path, { body, headers: { [SHARE_TOKEN_HEADER]: token } });
      expect(`${method} ${path} → ${inHeader.status}`).toBe(`${method} ${path} → 401`);
      const asBearer = await client.request(method, path, { body, token });
      expect(`${method} ${path} → ${asBearer.status}`).toBe(`${method} ${path} → 401`);
    }
    // And the ONU is as it was.
    const still = await client.get<{ pppoeIds: string[] }>(`/onus/${onu.epon}`, admin.token);
    expect(still.status).toBe(200);
    expect(still.body.pppoeIds).not.toEqual(['x@isp']);
    // A signed-in user's bearer token does not open the share routes either.
    expect((await client.get('/shared/view', admin.token)).status).toBe(401);
  });

  it('a share socket hears its OLTs’ status events, not other OLTs’, nor PPPoE session events', async () => {
    const one = await create({ scope: 'olts', oltIds: [olt.epon], another: true });
    const all = await create({ scope: 'all', another: true });
    const oneSocket = await shareSocket(one.body.token, one.body.row.id);
    const allSocket = await shareSocket(all.body.token, all.body.row.id);
    const staff = await connectSocket(api.url, admin.token);
    sockets.push(staff);
    const heard = { one: [] as string[], all: [] as string[], staff: [] as string[] };
    for (const [name, socket] of [
      ['one', oneSocket],
      ['all', allSocket],
      ['staff', staff],
    ] as const)
      socket.onAny((event: string, payload: { oltId?: string }) =>
        heard[name].push(`${event}${payload?.oltId ? ` ${payload.oltId}` : ''}`),
      );
    const gateway = api.app.get(RealtimeGateway);
    // Never in the tenant's room (tenant-wide events, socket refreshes), nor a user's or session's.
    const inTenantRoom = async () =>
      (await gateway.server.local.in(tenantRoom(tenantId)).fetchSockets()).map((x) => x.id);
    await waitFor(async () => (await inTenantRoom()).includes(staff.id!), { what: 'the staff socket' });
    const tenantSockets = await inTenantRoom();
    expect(tenantSockets).not.toContain(oneSocket.id);
    expect(tenantSockets).not.toContain(allSocket.id);
    const [shareServerSocket] = await gateway.server.local.in(shareRoom(one.body.row.id)).fetchSockets();
    expect([...shareServerSocket.rooms].sort()).toEqual(
      [oneSocket.id, shareRoom(one.body.row.id), sharedOltRoom(olt.epon)].sort(),
    );
    // As the worker's EventPublisher.toOlt publishes them: to staff, and a copy without the device's
    // error text to the viewers.
    const at = new Date().toISOString();
    const errors: (string | undefined)[] = [];
    allSocket.on('olt.poll.finished', (e) => errors.push(e.error));
    for (const oltId of [olt.epon, olt.gpon]) {
      const rooms = oltEventRooms({ id: oltId, tenantId });
      const polled = {
        oltId,
        ok: false,
        durationMs: 1,
        total: 1,
        online: 1,
        offline: 0,
        changed: 0,
        error: 'SNMP timeout from 10.20.30.40',
        at,
      };
      for (const [to, poll] of [
        [rooms.staff, polled],
        [rooms.viewers, forViewers(polled)],
      ] as const) {
        gateway.server.to([...to]).emit('onu.status.changed', { oltId, at, changes: [] });
        gateway.server.to([...to]).emit('olt.poll.finished', poll);
      }
    }
    // A PPPoE session event of the tenant's line (staff who see every OLT hear it).
    const setup = await client.get<{ key: string }>('/ingest/setup', admin.token);
    const posted = await client.request('POST', '/ingest/session-events', {
      headers: { 'x-ingest-key': setup.body.key },
      body: { action: 'down', user: `${unique('line')}@isp` },
    });
    expect(posted.status).toBe(202);
    await waitFor(async () => heard.staff.includes('session.events'), { what: 'the staff session event' });
    await new Promise((r) => setTimeout(r, 300));

    expect(heard.one.sort()).toEqual([`olt.poll.finished ${olt.epon}`, `onu.status.changed ${olt.epon}`]);
    // The device's own words (addresses among them) stay with staff.
    expect(errors).toEqual([undefined, undefined]);
    expect(heard.staff).toEqual(
      expect.arrayContaining([`olt.poll.finished ${olt.epon}`, `olt.poll.finished ${olt.gpon}`]),
    );
    expect(heard.all.sort()).toEqual(
      [
        `olt.poll.finished ${olt.epon}`,
        `olt.poll.finished ${olt.gpon}`,
        `onu.status.changed ${olt.epon}`,
        `onu.status.changed ${olt.gpon}`,
      ].sort(),
    );
  });

  it('guessing tokens from one address is stopped with 429', async () => {
    const guesser = new ApiClient(api.url);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await shared('/shared/view', randomBytes(32).toString('base64url'), guesser)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
    const refused = await shared('/shared/onus', randomBytes(32).toString('base64url'), guesser);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not held back by it.
    const made = await create({ scope: 'all', another: true });
    expect((await shared('/shared/view', made.body.token)).status).toBe(200);
  });

  it('refuses the management routes (403) to a user without permission 2005', async () => {
    const staff = await userWithCodes(client, admin, [2000, 2006]);
    const { row } = (await create({ scope: 'all', another: true })).body;
    expect((await client.get('/share-tokens', staff.token)).status).toBe(403);
    expect((await client.post('/share-tokens', { scope: 'all' }, staff.token)).status).toBe(403);
    expect((await client.delete(`/share-tokens/${row.id}`, staff.token)).status).toBe(403);
    expect((await client.put(`/olts/${olt.epon}/share-token`, {}, staff.token)).status).toBe(403);
    expect((await client.get('/share-tokens/olts', staff.token)).status).toBe(403);
  });

  it("offers the create form the OLTs the user sees, by name: the tenant's shown ones, or a staff user's own", async () => {
    const all = await client.get<ShareOltOptions>('/share-tokens/olts', admin.token);
    expect(all.status).toBe(200);
    expect(all.body.olts.map((o) => o.id).sort()).toEqual([olt.epon, olt.gpon].sort());
    const names = all.body.olts.map((o) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const staff = await userWithCodes(client, admin, [2005]);
    expect(
      (
        await client.put(
          `/users/${staff.auth.user.id}/olt-permissions`,
          { action: 'add', oltIds: [olt.gpon] },
          admin.token,
        )
      ).status,
    ).toBe(200);
    const theirs = await client.get<ShareOltOptions>('/share-tokens/olts', staff.token);
    expect(theirs.body.olts.map((o) => o.id)).toEqual([olt.gpon]);
  });

  it("Update Token sets a typed token on the OLT's own link, rotates it, and refuses a short one", async () => {
    const typed = `noc-${randomBytes(24).toString('hex')}`;
    const set = await client.put<CreatedShareToken>(
      `/olts/${olt.gpon}/share-token`,
      { token: typed },
      admin.token,
    );
    expect(set.status).toBe(200);
    tokens.push(typed);
    expect(set.body.token).toBe(typed);
    expect(set.body.row).toMatchObject({ scope: 'olts', oltIds: [olt.gpon], active: true });
    const read = await shared<OnuList>('/shared/onus', typed);
    expect(read.status).toBe(200);
    expect(read.body.items.map((i) => i.id)).toEqual([onu.gpon]);

    // Rotating keeps the link (same id) with a new token; the typed one stops working.
    const rotated = await client.put<CreatedShareToken>(`/olts/${olt.gpon}/share-token`, {}, admin.token);
    expect(rotated.status).toBe(200);
    tokens.push(rotated.body.token);
    expect(rotated.body.row.id).toBe(set.body.row.id);
    expect(rotated.body.token).not.toBe(typed);
    expect((await shared('/shared/view', typed)).status).toBe(401);
    expect((await shared('/shared/view', rotated.body.token)).status).toBe(200);

    const short = await client.put(`/olts/${olt.gpon}/share-token`, { token: 'short' }, admin.token);
    expect(short.status).toBe(400);
    expect((short.body as { fields?: { field: string }[] }).fields?.[0]?.field).toBe('token');
    // Another tenant's OLT is not found.
    expect((await client.put(`/olts/${olt.gpon}/share-token`, {}, other.token)).status).toBe(404);
    expect((await client.put(`/olts/${olt.hidden}/share-token`, {}, admin.token)).status).toBe(404);
  });

  it('never shows a whole token or its hash again: not in the list, not in the audit log', async () => {
    const list = await client.get<ShareTokenList>('/share-tokens?page=1&pageSize=3', admin.token);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.total).toBeGreaterThan(3);
    const times = list.body.items.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const everything = JSON.stringify(
      (await client.get<ShareTokenList>('/share-tokens?pageSize=100', admin.token)).body,
    );
    const audit: { action: string }[] = await db.query(
      `SELECT * FROM audit_log WHERE tenant_id = $1 AND entity_type = 'share_token'`,
      [tenantId],
    );
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set(['share.create', 'share.revoke', 'share.token.update']),
    );
    const logged = JSON.stringify(audit);
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens)
      for (const text of [everything, logged]) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(sha256(token));
      }
    // Another tenant's list holds none of these.
    const theirs = await client.get<ShareTokenList>('/share-tokens', other.token);
    expect(theirs.body).toMatchObject({ items: [], total: 0 });
  });
});
