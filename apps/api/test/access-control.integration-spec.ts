import { randomUUID } from 'node:crypto';
import { PERMISSION_CODES, type AuthResponse } from '@pondesk/contracts';
import { startApi, type RunningApi } from './support/test-app';
import { ApiClient, registerAccount, unique, userWithCodes, type TestAccount } from '@pondesk/server-testing';
import { DataSource } from 'typeorm';
import {
  createTenantAlertRows,
  createTenantBillingRows,
  createTenantMonitorRows,
  createTenantOlt,
  createTenantOnu,
} from './support/tenant-rows';

interface Operation {
  method: string;
  /** OpenAPI form: `/api/v1/users/{id}`. */
  path: string;
  auth: string;
  /** One code, or several of which any one admits. */
  permission?: number | number[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { 'x-auth'?: string; 'x-permission'?: number | number[] }>>;
}

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * Every route the running app's router serves under /api/v1, with the access rule OpenAPI documents
 * for it. Read from the router, so a route left out of the docs is still found (and fails below).
 */
async function routes(api: RunningApi): Promise<Operation[]> {
  const doc = (await (await fetch(`${api.url}/api/docs-json`)).json()) as OpenApiDoc;
  const express = api.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  const ops: Operation[] = [];
  for (const layer of express.router.stack) {
    const route = layer.route;
    if (!route || !route.path.startsWith('/api/v1/') || route.path.includes('{*')) continue;
    for (const method of Object.keys(route.methods)) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const documented = doc.paths[path]?.[method];
      ops.push({
        method: method.toUpperCase(),
        path,
        auth: documented?.['x-auth'] ?? 'undocumented',
        permission: documented?.['x-permission'],
      });
    }
  }
  return ops;
}

describe('access control on every route', () => {
  let api: RunningApi;
  let client: ApiClient;
  let ops: Operation[];
  let tenantA: TestAccount;
  let tenantB: TestAccount;
  let platformToken: string;
  /** Rows of tenant A that tenant B must never reach. */
  const a = {
    userId: '',
    roleId: '',
    branchId: '',
    tenantId: '',
    oltId: '',
    onuId: '',
    pppoeId: '',
    scanId: '',
    shareId: '',
    serverId: '',
    popId: '',
    popSourceId: '',
    serviceId: '',
    outageId: '',
    switchId: '',
    switchPortId: '',
    alertChannelId: '',
    alertSilenceId: '',
    alertId: '',
    invoiceId: '',
    paymentAttemptId: '',
  };
  const bodies: Record<string, unknown> = {};

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    ops = await routes(api);
    [tenantA, tenantB] = await Promise.all([
      registerAccount(client, 'tena'),
      registerAccount(client, 'tenb'),
    ]);
    a.tenantId = tenantA.auth.user.tenantId!;
    const role = await client.post<{ id: string }>(
      '/roles',
      { name: unique('r'), menuCodes: [2006] },
      tenantA.token,
    );
    a.roleId = role.body.id;
    const branch = await client.post<{ id: string }>('/branches', { name: unique('b') }, tenantA.token);
    a.branchId = branch.body.id;
    const staff = unique('s');
    const user = await client.post<{ id: string }>(
      '/users',
      { username: staff, email: `${staff}@example.test`, roleId: a.roleId, branchIds: [a.branchId] },
      tenantA.token,
    );
    a.userId = user.body.id;
    a.oltId = await createTenantOlt(client, tenantA);
    a.pppoeId = `${unique('line')}@isp`;
    a.onuId = await createTenantOnu(api.app.get(DataSource), a.tenantId, a.oltId, a.pppoeId);
    // A syslog line of tenant A's OLT and one of its router (the worker's receiver writes them; here,
    // directly): tenant B's /logs and /logs/devices must show neither, nor the OLT's id.
    await api.app.get(DataSource).query(
      `INSERT INTO device_log (tenant_id, received_at, olt_id, device_kind, source_ip, severity, kind, message, pppoe_user)
       VALUES ($1, now(), $2, 'olt', '10.99.0.1', 3, 'onu-down', 'ONU EPON0/1:1 deregistered', NULL),
              ($1, now(), $2, 'router', '10.99.0.2', 6, 'ppp-down', $3 || ' disconnected', $3)`,
      [a.tenantId, a.oltId, a.pppoeId],
    );
    const granted = await client.put(
      `/users/${a.userId}/olt-permissions`,
      { action: 'add', oltIds: [a.oltId] },
      tenantA.token,
    );
    expect(granted.status).toBe(200);
    // A scan of tenant A's OLT (no worker runs here: its job waits in the queue).
    const scan = await client.post<{ scanId: string }>(
      '/scans/inactive',
      { oltIds: [a.oltId] },
      tenantA.token,
    );
    expect(scan.status).toBe(201);
    a.scanId = scan.body.scanId;
    // A session drop of tenant A's line, reported by its router.
    const setup = await client.get<{ key: string }>('/ingest/setup', tenantA.token);
    const posted = await client.request('POST', '/ingest/session-events', {
      headers: { 'x-ingest-key': setup.body.key },
      body: { action: 'down', user: a.pppoeId },
    });
    expect(posted.status).toBe(202);
    // A share link of tenant A (its token opens only the public /shared routes, listed below).
    const share = await client.post<{ row: { id: string } }>(
      '/share-tokens',
      { scope: 'all' },
      tenantA.token,
    );
    expect(share.status).toBe(201);
    a.shareId = share.body.row.id;
    // A monitored server, a POP with a power source and an outage, and a service of tenant A.
    Object.assign(a, await createTenantMonitorRows(client, api.app.get(DataSource), tenantA));
    // A switch of tenant A (loopback: every test file's worker polls the stored switches) and one port of
    // it, as a poll stores it.
    const sw = await client.post<{ id: string }>(
      '/switches',
      { name: 'Access control switch', ip: '127.0.0.103', community: 'access-control-sw', brand: 'snr' },
      tenantA.token,
    );
    expect(sw.status).toBe(201);
    a.switchId = sw.body.id;
    const [port]: { id: string }[] = await api.app.get(DataSource).query(
      `INSERT INTO switch_port (tenant_id, switch_id, port_key, if_index, name, sort_name, link, power, updated_at)
       VALUES ($1, $2, 'if1', 1, 'Gi0/1', 'gi000000/000001', 'up', 'none', now()) RETURNING id`,
      [a.tenantId, a.switchId],
    );
    a.switchPortId = port.id;
    // An alert channel, a silence of the OLT and an alert about it.
    Object.assign(a, await createTenantAlertRows(client, api.app.get(DataSource), tenantA, a.oltId));
    // A due invoice of the OLT and a bKash payment attempt of it.
    Object.assign(a, await createTenantBillingRows(client, api.app.get(DataSource), tenantA, a.oltId));
    const platform = await client.post<AuthResponse>('/auth/login', {
      username: 'platform',
      password: 'platform-pass-123',
    });
    platformToken = platform.body.accessToken;
    // Bodies valid enough to pass validation, so a cross-tenant call reaches the tenant check.
    Object.assign(bodies, {
      'PATCH /api/v1/users/{id}': { address: 'changed by another tenant' },
      'PUT /api/v1/users/{id}/status': { status: 'hold' },
      'PUT /api/v1/users/{id}/olt-permissions': { action: 'remove', oltIds: [randomUUID()] },
      'PATCH /api/v1/roles/{id}': { name: 'changed by another tenant' },
      'PUT /api/v1/roles/{id}/active': { active: false },
      'PATCH /api/v1/branches/{id}': { name: 'changed by another tenant' },
      'PATCH /api/v1/onus/{id}': { pppoeIds: ['changed@other-tenant'], ifName: 'EPON0/1:1' },
      'POST /api/v1/scans/{id}/retry': { oltId: a.oltId },
      'PATCH /api/v1/monitor/servers/{id}': { name: 'changed by another tenant' },
      'PATCH /api/v1/pops/{id}': { name: 'changed by another tenant' },
      'PATCH /api/v1/pop-sources/{id}': { aliveMinutes: 9 },
      'PATCH /api/v1/services/{id}': { name: 'changed by another tenant' },
      'PATCH /api/v1/switches/{id}': { name: 'changed by another tenant' },
      'PATCH /api/v1/alerts/channels/{id}': { name: 'changed by another tenant' },
    });
  });
  afterAll(() => api.close());

  /** Fills path parameters with tenant A's ids (or a random UUID where A has nothing of that kind). */
  function fill(op: Operation): string | null {
    const ids: Record<string, string> = {
      '/api/v1/users/{id}': a.userId,
      '/api/v1/roles/{id}': a.roleId,
      '/api/v1/branches/{id}': a.branchId,
      '/api/v1/tenants/{id}': a.tenantId,
      '/api/v1/olts/{id}': a.oltId,
      '/api/v1/onus/{id}': a.onuId,
      // The PPPoE id of tenant A's ONU (the path names it instead of a row id).
      '/api/v1/pppoe/{id}': a.pppoeId,
      '/api/v1/scans/{id}': a.scanId,
      // Tenant A's line with session events (its PPPoE id names it).
      '/api/v1/down-counts/{id}': a.pppoeId,
      '/api/v1/share-tokens/{id}': a.shareId,
      '/api/v1/monitor/servers/{id}': a.serverId,
      '/api/v1/pops/{id}': a.popId,
      '/api/v1/pop-sources/{id}': a.popSourceId,
      '/api/v1/services/{id}': a.serviceId,
      '/api/v1/switches/{id}': a.switchId,
      '/api/v1/switch-ports/{id}': a.switchPortId,
      '/api/v1/alerts/channels/{id}': a.alertChannelId,
      '/api/v1/alerts/silences/{id}': a.alertSilenceId,
      '/api/v1/alerts/{id}': a.alertId,
      '/api/v1/billing/invoices/{id}': a.invoiceId,
      '/api/v1/billing/payments/{id}': a.paymentAttemptId,
    };
    let known = true;
    const path = op.path.replace(/\{(\w+)\}/g, (_m, _name: string, offset: number) => {
      const prefix = `${op.path.slice(0, offset)}{id}`;
      const id = ids[prefix];
      if (!id) known = false;
      return id ?? randomUUID();
    });
    return known ? path : null;
  }

  it('finds the routes and every one declares an access rule in OpenAPI', () => {
    expect(ops.length).toBeGreaterThan(30);
    const undeclared = ops.filter(
      (o) => !['public', 'signed-in', 'permission', 'platform-admin'].includes(o.auth),
    );
    expect(undeclared.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const publicOps = ops.filter((o) => o.auth === 'public').map((o) => `${o.method} ${o.path}`);
    // Public routes are few and deliberate; a new one must be added here on purpose.
    expect(publicOps.sort()).toEqual(
      [
        'GET /api/v1/dev/outbox',
        'GET /api/v1/health',
        'GET /api/v1/photos/{file}',
        // Server logos of the IP monitor: <img> sends no token; names are 128 random bits, as photos'.
        'GET /api/v1/monitor/logos/{file}',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/password/forgot',
        'POST /api/v1/auth/password/reset',
        'POST /api/v1/auth/refresh',
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/sign-up',
        // Routers' session events: authenticated by the tenant's ingest key, not a user's token.
        'POST /api/v1/ingest/session-events',
        // The shared OLT page: a share link's token (X-Share-Token), read-only, scoped to its OLTs.
        'GET /api/v1/shared/onus',
        'GET /api/v1/shared/onus/filters',
        'GET /api/v1/shared/view',
        // bKash sends the payer's browser back here; the payment is confirmed with bKash, never trusted.
        'GET /api/v1/billing/bkash/callback',
        // Terms and company links for the sign-in and sign-up pages: the platform's, no tenant data.
        'GET /api/v1/content/public',
      ].sort(),
    );
  });

  it('answers 401 on every protected route without a token, with a forged token and with a revoked one', async () => {
    const revoked = await registerAccount(client, 'revoked');
    await client.request('POST', '/auth/logout', { token: revoked.token, body: {} });
    const forged = tenantA.token.slice(0, -4) + (tenantA.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.auth !== 'public')) {
      const path = fill(op) ?? op.path.replace(/\{\w+\}/g, randomUUID());
      const body = bodies[`${op.method} ${op.path}`] ?? {};
      for (const [label, token] of [
        ['none', undefined],
        ['forged', forged],
        ['revoked', revoked.token],
      ] as const) {
        const res = await client.request(op.method, path, { token, body });
        if (res.status !== 401) failures.push(`${op.method} ${op.path} (${label} token) → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 on every permission route to a user whose role holds every code but that one', async () => {
    // A route admitting any of several codes is refused only to a role holding none of them.
    const key = (p: Operation['permission']) => [p ?? []].flat().join('|');
    const groups = [...new Set(ops.filter((o) => o.auth === 'permission').map((o) => key(o.permission)))];
    expect(groups).toContain('2000');
    const failures: string[] = [];
    for (const group of groups) {
      const denied = group.split('|').map(Number);
      const lacking = await userWithCodes(
        client,
        tenantA,
        PERMISSION_CODES.filter((c) => !denied.includes(c)),
      );
      const code = group.replace(/\|/g, ' and ');
      for (const op of ops.filter((o) => o.auth === 'permission' && key(o.permission) === group)) {
        const path = fill(op) ?? op.path.replace(/\{\w+\}/g, randomUUID());
        const res = await client.request(op.method, path, {
          token: lacking.token,
          body: bodies[`${op.method} ${op.path}`] ?? {},
        });
        if (res.status !== 403) failures.push(`${op.method} ${op.path} without ${code} → ${res.status}`);
        const platform = await client.request(op.method, path, { token: platformToken, body: {} });
        if (platform.status !== 403)
          failures.push(`${op.method} ${op.path} as platform admin → ${platform.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing was changed by the refused calls.
    const user = await client.get<{ status: string; address: string | null }>(
      `/users/${a.userId}`,
      tenantA.token,
    );
    expect(user.body).toMatchObject({ status: 'active', address: null });
  });

  it('answers 403 on every platform route to a tenant admin', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.auth === 'platform-admin')) {
      const res = await client.request(op.method, fill(op) ?? op.path, { token: tenantA.token, body: {} });
      if (res.status !== 403) failures.push(`${op.method} ${op.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("never lets tenant B read or change tenant A's rows (404 by id, absent from lists)", async () => {
    const aIds = [
      a.userId,
      a.roleId,
      a.branchId,
      a.tenantId,
      a.oltId,
      a.onuId,
      a.pppoeId,
      a.shareId,
      a.serverId,
      a.popId,
      a.popSourceId,
      a.serviceId,
      a.outageId,
      a.switchId,
      a.switchPortId,
      a.alertChannelId,
      a.alertSilenceId,
      a.invoiceId,
      a.paymentAttemptId,
      tenantA.auth.user.id,
    ];
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.auth === 'permission' || o.auth === 'signed-in')) {
      const key = `${op.method} ${op.path}`;
      if (key === 'POST /api/v1/auth/logout') continue; // would end B's session; logout names no row
      // A rule is named by its kind, and every tenant has one of each: B's PUT saves B's own rule.
      if (key === 'PUT /api/v1/alerts/rules/{kind}') continue;
      // Update events are the platform's, shown to every tenant: B marking one seen records B's own view.
      if (key === 'POST /api/v1/content/events/{id}/seen') continue;
      if (!op.path.includes('{')) {
        if (op.method !== 'GET') continue; // creates and own-profile writes name no other tenant's row
        const res = await client.get(op.path, tenantB.token);
        const text = JSON.stringify(res.body);
        const leaked = aIds.filter((id) => text.includes(id));
        // 400: a list that needs query parameters; it still must not leak anything.
        if (![200, 400].includes(res.status) || leaked.length)
          failures.push(`${key} → ${res.status}, leaked ${leaked.join(',')}`);
        continue;
      }
      const path = fill(op);
      if (!path) {
        failures.push(
          `${key}: no fixture of tenant A for its path; add one to access-control.integration-spec.ts`,
        );
        continue;
      }
      const res = await client.request(op.method, path, { token: tenantB.token, body: bodies[key] ?? {} });
      if (res.status !== 404) failures.push(`${key} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    // And tenant A's rows are as they were.
    const user = await client.get<{ status: string; address: string | null; branches: { id: string }[] }>(
      `/users/${a.userId}`,
      tenantA.token,
    );
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ status: 'active', address: null, branches: [{ id: a.branchId }] });
    const role = await client.get<{ active: boolean; menuCodes: number[] }>(
      `/roles/${a.roleId}`,
      tenantA.token,
    );
    expect(role.body).toMatchObject({ active: true, menuCodes: [2006] });
    const perms = await client.get<unknown[]>(`/users/${a.userId}/olt-permissions`, tenantA.token);
    expect(perms.body).toHaveLength(1);
    expect((await client.get(`/branches/${a.branchId}`, tenantA.token)).status).toBe(200);
    const onu = await client.get<{ pppoeIds: string[] }>(`/onus/${a.onuId}`, tenantA.token);
    expect(onu.status).toBe(200);
    expect(onu.body.pppoeIds).toEqual([a.pppoeId]);
    const servers = await client.get<{ id: string; name: string }[]>('/monitor/servers', tenantA.token);
    expect(servers.body.map((x) => [x.id, x.name])).toEqual([[a.serverId, 'Access control server']]);
    const pops = await client.get<{ id: string; name: string; sourceCount: number }[]>(
      '/pops',
      tenantA.token,
    );
    expect(pops.body.map((x) => [x.id, x.name, x.sourceCount])).toEqual([[a.popId, 'Access control POP', 1]]);
    const sources = await client.get<{ id: string; aliveMinutes: number }[]>('/pop-sources', tenantA.token);
    expect(sources.body.map((x) => [x.id, x.aliveMinutes])).toEqual([[a.popSourceId, 0]]);
    const services = await client.get<{ id: string; name: string }[]>('/services', tenantA.token);
    expect(services.body.map((x) => [x.id, x.name])).toEqual([[a.serviceId, 'Access control service']]);
    const sw = await client.get<{ name: string }>(`/switches/${a.switchId}`, tenantA.token);
    expect([sw.status, sw.body.name]).toEqual([200, 'Access control switch']);
  });

  it('a role switched off, or a menu removed from it, takes effect on the next request', async () => {
    const staff = await userWithCodes(client, tenantA, [2000]);
    expect((await client.get('/users', staff.token)).status).toBe(200);
    const roleId = (await client.get<{ roleId: string }>(`/users/${staff.auth.user.id}`, tenantA.token)).body
      .roleId;
    await client.put(`/roles/${roleId}/active`, { active: false }, tenantA.token);
    expect((await client.get('/users', staff.token)).status).toBe(403);
    const profile = await client.get<{ permissions: number[] }>('/profile', staff.token);
    expect(profile.body.permissions).toEqual([]);
    await client.put(`/roles/${roleId}/active`, { active: true }, tenantA.token);
    await client.patch(`/roles/${roleId}`, { menuCodes: [2006] }, tenantA.token);
    expect((await client.get('/users', staff.token)).status).toBe(403);
  });
});
