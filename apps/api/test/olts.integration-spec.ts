import { createServer, type Server } from 'node:net';
import { DataSource } from 'typeorm';
import type { OltDetail, OltList, PortCheckResponse } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  registerAccount,
  userWithCodes,
  startWorker,
  type RunningWorker,
} from '@pondesk/server-testing';
import { offerOltPackages } from './support/billing-catalogue';
import { startApi, type RunningApi } from './support/test-app';

interface Session {
  token: string;
  tenantId: string;
}

async function api<T = unknown>(
  base: RunningApi,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const validOlt = {
  name: 'Uttara POP OLT',
  host: '10.20.30.40',
  brand: 'vsol',
  mode: 'epon',
  snmpPort: 161,
  snmpCommunity: 'very-secret-community',
  telnetPort: 23,
  username: 'admin',
  password: 'telnet-secret-pw',
  mikrotikHost: '10.20.30.1',
  mikrotikPort: 8728,
  mikrotikPassword: 'mk-secret-pw',
  billingPackage: 'EPON 4 port',
  billingMonths: 3,
};

describe('OLT fleet API', () => {
  let base: RunningApi;
  let worker: RunningWorker;
  let db: DataSource;
  let a: Session;
  let b: Session;

  beforeAll(async () => {
    [base, worker] = await Promise.all([
      startApi(),
      startWorker({ DATABASE_URL: process.env.DATABASE_URL! }),
    ]);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    await offerOltPackages(db, ['EPON 4 port']);
    const client = new ApiClient(base.url);
    const session = async (prefix: string): Promise<Session> => {
      const account = await registerAccount(client, prefix);
      return { token: account.token, tenantId: account.auth.user.tenantId! };
    };
    [a, b] = await Promise.all([session('olta'), session('oltb')]);
  });

  afterAll(async () => {
    await db?.destroy();
    await worker?.stop();
    await base?.close();
  });

  it.each([
    [{ ...validOlt, host: 'not a host!' }, 'host'],
    [{ ...validOlt, host: 'abc' }, 'host'],
    [{ ...validOlt, host: '999.1.1.1' }, 'host'],
    [{ ...validOlt, mikrotikHost: '10.0.0.256' }, 'mikrotikHost'],
    [{ ...validOlt, mikrotikHost: undefined }, 'mikrotikHost'],
    [{ ...validOlt, mikrotikPort: 0 }, 'mikrotikPort'],
    [{ ...validOlt, dbAlertRange: 5 }, 'dbAlertRange'],
    [{ ...validOlt, brand: 'huawei' }, 'brand'],
    [{ ...validOlt, snmpCommunity: undefined }, 'snmpCommunity'],
    [{ ...validOlt, snmpPort: 70000 }, 'snmpPort'],
    [{ ...validOlt, name: 'x'.repeat(121) }, 'name'],
    [{ ...validOlt, pollIntervalSeconds: 10 }, 'pollIntervalSeconds'],
    [{ ...validOlt, isAdmin: true }, 'isAdmin'],
  ])('answers 400 naming the bad field and stores nothing (%#)', async (body, field) => {
    const res = await api<{ fields: { field: string }[] }>(base, '/olts', {
      method: 'POST',
      token: a.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f) => f.field)).toContain(field);
    const [{ n }] = await db.query('SELECT count(*)::int AS n FROM olt WHERE tenant_id = $1', [a.tenantId]);
    expect(n).toBe(0);
  });

  it('names the field in words in the message and by key in `fields`', async () => {
    const res = await api<{ message: string; fields: { field: string; message: string }[] }>(base, '/olts', {
      method: 'POST',
      token: a.token,
      body: { ...validOlt, host: '999.1.1.1' },
    });
    expect(res.status).toBe(400);
    const expected =
      'Olt IP must be an IPv4 address (e.g. 10.0.0.2) or a full host name (e.g. olt1.example.net)';
    expect(res.body.fields).toEqual([{ field: 'host', message: expected }]);
    expect(res.body.message).toBe(expected);
    const partial = await api<{ fields: { field: string; message: string }[] }>(base, '/olts', {
      method: 'POST',
      token: a.token,
      body: { ...validOlt, mikrotikHost: undefined },
    });
    expect(partial.body.fields[0].message).toMatch(
      /^Mikrotik IP is required when a MikroTik user name or password/,
    );
  });

  it('adds an OLT without a MikroTik', async () => {
    const { mikrotikHost: _h, mikrotikPort: _p, mikrotikPassword: _pw, ...noMikrotik } = validOlt;
    // A tenant of its own: the other tests count their tenants' OLTs. Loopback only: the worker polls it.
    const own = await registerAccount(new ApiClient(base.url), 'oltc');
    const res = await api<OltDetail>(base, '/olts', {
      method: 'POST',
      token: own.token,
      body: { ...noMikrotik, host: '127.0.0.9', name: 'No MikroTik OLT' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      host: '127.0.0.9',
      mikrotikHost: null,
      mikrotikPort: null,
      hasMikrotikPassword: false,
    });
    // A MikroTik given without a port gets RouterOS's API port, 8728.
    const withHost = await api<OltDetail>(base, `/olts/${res.body.id}`, {
      method: 'PATCH',
      token: own.token,
      body: { mikrotikHost: '127.0.0.10' },
    });
    expect(withHost.body).toMatchObject({ mikrotikHost: '127.0.0.10', mikrotikPort: 8728 });
  });

  it('numbers OLTs added at the same moment in turn, and follows the highest number in use', async () => {
    const own = await registerAccount(new ApiClient(base.url), 'oltn');
    const add = (body: Record<string, unknown>) =>
      api<OltDetail>(base, '/olts', { method: 'POST', token: own.token, body: { ...validOlt, ...body } });
    const together = await Promise.all(
      Array.from({ length: 6 }, (_v, i) => add({ name: `Together ${i + 1}` })),
    );
    expect(together.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(together.map((r) => r.body.code).sort()).toEqual([
      'OLT-001',
      'OLT-002',
      'OLT-003',
      'OLT-004',
      'OLT-005',
      'OLT-006',
    ]);
    expect((await add({ name: 'Own code', code: 'OLT-010' })).body.code).toBe('OLT-010');
    expect((await add({ name: 'Next' })).body.code).toBe('OLT-011');
    const taken = await add({ name: 'Clash', code: 'OLT-011' });
    expect(taken.status).toBe(409);
  });

  it('creates an OLT, seals its credentials and never returns them', async () => {
    const res = await api<OltDetail>(base, '/olts', { method: 'POST', token: a.token, body: validOlt });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Uttara POP OLT',
      code: 'OLT-001',
      brand: 'vsol',
      mode: 'epon',
      hasPassword: true,
      hasMikrotikPassword: true,
      billingMonths: 3,
    });
    const text = JSON.stringify(res.body);
    for (const secret of ['very-secret-community', 'telnet-secret-pw', 'mk-secret-pw'])
      expect(text).not.toContain(secret);
    const [row] = await db.query(
      'SELECT snmp_community_enc, password_enc, mikrotik_password_enc FROM olt WHERE id = $1',
      [res.body.id],
    );
    for (const value of Object.values(row as Record<string, string>)) {
      expect(value.startsWith('v1.')).toBe(true);
      expect(value).not.toMatch(/secret/);
    }
    const audit = await db.query(
      "SELECT action, after FROM audit_log WHERE entity_id = $1 AND action = 'olt.create'",
      [res.body.id],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].after)).not.toMatch(/secret/);
  });

  it("lists, updates and soft-deletes; another tenant's OLT answers 404", async () => {
    const created = (
      await api<OltDetail>(base, '/olts', {
        method: 'POST',
        token: a.token,
        body: { ...validOlt, name: 'Mirpur OLT', code: 'MIR-1' },
      })
    ).body;
    const list = await api<OltList>(base, '/olts?search=mirpur', { token: a.token });
    expect(list.body.items.map((o) => o.code)).toEqual(['MIR-1']);
    expect(list.body.counts.total).toBeGreaterThanOrEqual(2);

    expect((await api(base, `/olts/${created.id}`, { token: b.token })).status).toBe(404);
    expect(
      (await api(base, `/olts/${created.id}`, { method: 'PATCH', token: b.token, body: { name: 'stolen' } }))
        .status,
    ).toBe(404);
    expect((await api(base, `/olts/${created.id}`, { method: 'DELETE', token: b.token })).status).toBe(404);
    expect((await api<OltList>(base, '/olts', { token: b.token })).body.items).toEqual([]);

    const updated = await api<OltDetail>(base, `/olts/${created.id}`, {
      method: 'PATCH',
      token: a.token,
      body: { name: 'Mirpur 10 OLT', password: '' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Mirpur 10 OLT',
      hasPassword: false,
      hasMikrotikPassword: true,
    });

    expect((await api(base, `/olts/${created.id}`, { method: 'DELETE', token: a.token })).status).toBe(204);
    expect((await api(base, `/olts/${created.id}`, { token: a.token })).status).toBe(404);
    const [row] = await db.query('SELECT show FROM olt WHERE id = $1', [created.id]);
    expect(row.show).toBe(false);
  });

  it('refuses a malformed id with a 400 naming it', async () => {
    const res = await api<{ fields: { field: string }[] }>(base, '/olts/not-a-uuid', { token: a.token });
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('id');
  });

  it('checks ports through the worker: open and closed', async () => {
    const server: Server = createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const open = await api<PortCheckResponse>(base, '/olts/port-check', {
      method: 'POST',
      token: a.token,
      body: { host: '127.0.0.1', port },
    });
    await new Promise<void>((r) => server.close(() => r()));
    const closed = await api<PortCheckResponse>(base, '/olts/port-check', {
      method: 'POST',
      token: a.token,
      body: { host: '127.0.0.1', port },
    });
    expect(open.body).toMatchObject({ status: 'open', port });
    expect(closed.body).toMatchObject({ status: 'closed', error: 'ECONNREFUSED' });
  });

  it('clears optional fields with null, refuses to clear required ones, and offers branches to 2006-only users', async () => {
    const client = new ApiClient(base.url);
    const admin = await registerAccount(client, 'oltnull');
    const created = await client.post<OltDetail>('/olts', validOlt, admin.token);
    expect(created.status).toBe(201);
    const cleared = await client.patch<OltDetail>(
      `/olts/${created.body.id}`,
      { mikrotikHost: null, mikrotikPassword: null },
      admin.token,
    );
    expect(cleared.body).toMatchObject({
      mikrotikHost: null,
      mikrotikPort: null,
      hasMikrotikPassword: false,
      hasSnmpWriteCommunity: false,
    });
    const refused = await client.patch<{ fields: { field: string }[] }>(
      `/olts/${created.body.id}`,
      { name: null },
      admin.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'name', message: 'Name cannot be empty' }]);
    const branch = await client.post<{ id: string }>('/branches', { name: 'Uttara' }, admin.token);
    const staff = await userWithCodes(client, admin, [2006]);
    expect((await client.get('/branches', staff.token)).status).toBe(403);
    const choices = await client.get<{ id: string; name: string }[]>('/olts/branches', staff.token);
    expect(choices.status).toBe(200);
    expect(choices.body).toEqual([{ id: branch.body.id, name: 'Uttara' }]);
  });
});
