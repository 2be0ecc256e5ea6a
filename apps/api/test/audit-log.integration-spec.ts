import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuditFacets, AuditRow, BranchRow, Paged } from '@pondesk/contracts';
import { ApiClient, registerAccount, unique, userWithCodes, type TestAccount } from '@pondesk/server-testing';
import { AuditService } from '../src/modules/audit/audit.service';
import type { TenantActor } from '../src/common/auth/actor';
import { startApi, type RunningApi } from './support/test-app';

interface FieldError {
  field: string;
  message: string;
}

/*
 * The Audit Log screen's API: its filters, paging and pickers over rows written by real admin changes
 * through the API. Device writes need a worker and an OLT to answer, so their rows are written here the
 * way the ONU actions write them (the same service, the same `after` shapes), at known times.
 */
describe('audit log: filters, paging, facets, tenancy', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  let staff: TestAccount;
  let other: TestAccount;
  let tenantId: string;
  const onuId = randomUUID();

  const list = async (query: string, token = admin.token) => {
    const res = await client.get<Paged<AuditRow>>(`/audit?${query}`, token);
    expect(res.status).toBe(200);
    return res.body;
  };
  const actions = (page: Paged<AuditRow>) => page.items.map((r) => r.action);

  /** A device action's row as OnuActionsService writes it, dated `at`. */
  async function deviceRow(action: string, after: Record<string, unknown>, at: string): Promise<void> {
    const actor: TenantActor = {
      kind: 'tenant',
      userId: admin.auth.user.id,
      tenantId,
      sessionId: randomUUID(),
      username: admin.username.toLowerCase(),
      permissions: [],
      ip: '127.0.0.9',
    };
    await api.app.get(AuditService).record(actor, {
      action,
      entityType: 'onu',
      entityId: onuId,
      before: { oltId: randomUUID(), ifName: 'EPON0/1:7', pppoeIds: ['rahim@isp'] },
      after,
    });
    await db.query(
      `UPDATE audit_log SET created_at = $3 WHERE tenant_id = $1 AND action = $2 AND created_at > now() - interval '1 minute'
         AND after = $4::jsonb`,
      [tenantId, action, at, JSON.stringify(after)],
    );
  }

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    [admin, other] = await Promise.all([registerAccount(client, 'aud'), registerAccount(client, 'audx')]);
    tenantId = admin.auth.user.tenantId!;
    // Admin changes through the API: a branch, a role and a user (userWithCodes makes both), an edit.
    const branch = await client.post<BranchRow>('/branches', { name: unique('North ') }, admin.token);
    expect(branch.status).toBe(201);
    expect(
      (await client.patch(`/branches/${branch.body.id}`, { address: 'Mirpur 10' }, admin.token)).status,
    ).toBe(200);
    staff = await userWithCodes(client, admin, [2000]);
    // The staff user makes a change of their own.
    expect((await client.post('/branches', { name: unique('South ') }, staff.token)).status).toBe(201);
    // Another tenant's change, with a name that matches the searches below.
    expect((await client.post('/branches', { name: unique('North ') }, other.token)).status).toBe(201);

    await deviceRow('onu.reboot', { ok: true }, '2025-03-01T10:00:00Z');
    await deviceRow(
      'onu.reboot',
      { ok: false, code: 'OLT_BUSY', error: 'The OLT is busy' },
      '2025-03-02T10:00:00Z',
    );
    await deviceRow(
      'onu.clear',
      { ok: false, code: 'OUTCOME_UNKNOWN', error: 'The OLT still lists the ONU' },
      '2025-03-03T10:00:00Z',
    );
  });
  afterAll(() => api.close());

  it('lists the tenant’s rows newest first, with kind, outcome and device-write flags', async () => {
    const page = await list('pageSize=100');
    expect(actions(page)).toEqual([
      'branch.create',
      'user.create',
      'role.create',
      'branch.update',
      'branch.create',
      'tenant.register',
      'onu.clear',
      'onu.reboot',
      'onu.reboot',
    ]);
    const create = page.items.find((r) => r.action === 'user.create')!;
    expect(create).toMatchObject({ kind: 'admin', deviceWrite: false, outcome: null });
    const [clear, failed, ok] = page.items.slice(-3);
    expect(clear).toMatchObject({
      kind: 'device-write',
      deviceWrite: true,
      outcome: 'no-effect-seen',
      ip: '127.0.0.9',
    });
    expect(failed).toMatchObject({ deviceWrite: true, outcome: 'failed' });
    expect(ok).toMatchObject({ deviceWrite: true, outcome: 'ok', at: '2025-03-01T10:00:00.000Z' });
  });

  it('filters by user', async () => {
    const byStaff = await list(`actorId=${staff.auth.user.id}`);
    expect(actions(byStaff)).toEqual(['branch.create']);
    expect(byStaff.items[0].actorName).toBe(staff.username.toLowerCase());
    const byAdmin = await list(`actorId=${admin.auth.user.id}&pageSize=100`);
    expect(byAdmin.total).toBe(8);
    // Another tenant's user finds nothing here, and an unknown id neither.
    expect((await list(`actorId=${other.auth.user.id}`)).total).toBe(0);
    expect((await list(`actorId=${randomUUID()}`)).total).toBe(0);
  });

  it('filters by exact action name', async () => {
    expect(actions(await list('action=branch.create'))).toEqual(['branch.create', 'branch.create']);
    expect(actions(await list('action=onu.reboot'))).toEqual(['onu.reboot', 'onu.reboot']);
    expect((await list('action=branch.created')).total).toBe(0);
  });

  it('filters by kind: device writes are reboots and clears', async () => {
    const writes = await list('kind=device-write');
    expect(actions(writes)).toEqual(['onu.clear', 'onu.reboot', 'onu.reboot']);
    expect(writes.items.every((r) => r.deviceWrite)).toBe(true);
    const adminChanges = await list('kind=admin&pageSize=100');
    expect(actions(adminChanges)).toEqual([
      'branch.create',
      'user.create',
      'role.create',
      'branch.update',
      'branch.create',
    ]);
    expect(actions(await list('kind=account'))).toEqual(['tenant.register']);
    expect((await list('kind=device-check')).total).toBe(0);
  });

  it('filters by a time range, both ends included', async () => {
    const range = await list('from=2025-03-02T00:00:00Z&to=2025-03-03T10:00:00Z');
    expect(range.items.map((r) => r.outcome)).toEqual(['no-effect-seen', 'failed']);
    expect((await list('to=2025-03-01T10:00:00Z')).items.map((r) => r.at)).toEqual([
      '2025-03-01T10:00:00.000Z',
    ]);
    expect((await list('from=2025-03-01T16:00:00%2B06:00&to=2025-03-01T16:00:00%2B06:00')).total).toBe(1);
    // From an hour ago: everything done through the API in this run, nothing dated 2025.
    const recent = await list(`from=${new Date(Date.now() - 3600_000).toISOString()}&pageSize=100`);
    expect(recent.total).toBe(6);
  });

  it('searches the action, the user name and the target id', async () => {
    expect(actions(await list('search=BRANCH.'))).toEqual([
      'branch.create',
      'branch.update',
      'branch.create',
    ]);
    // Part of the staff user's name: the change they made (their creation was the admin's).
    expect(actions(await list(`search=${staff.username.slice(2).toUpperCase()}`))).toEqual(['branch.create']);
    expect(actions(await list(`search=${onuId.slice(0, 13)}`))).toEqual([
      'onu.clear',
      'onu.reboot',
      'onu.reboot',
    ]);
    // By the words the screen shows.
    expect(actions(await list('search=reboot%20onu'))).toEqual(['onu.reboot', 'onu.reboot']);
    // Wildcards are matched literally.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('combines filters', async () => {
    const page = await list(
      `kind=device-write&action=onu.reboot&actorId=${admin.auth.user.id}&to=2025-03-01T23:59:59Z`,
    );
    expect(page.items.map((r) => r.outcome)).toEqual(['ok']);
  });

  it('pages on the server, newest first, without repeating a row', async () => {
    const all = await list('pageSize=100');
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await list(`page=${page}&pageSize=4`);
      expect(p).toMatchObject({ total: all.total, page, pageSize: 4 });
      seen.push(...p.items.map((r) => r.id));
    }
    expect(seen).toEqual(all.items.map((r) => r.id));
    expect((await list('page=4&pageSize=4')).items).toEqual([]);
  });

  it('gives the pickers the tenant’s actors and actions, and nothing of another tenant', async () => {
    const res = await client.get<AuditFacets>('/audit/facets', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.actors.map((a) => a.id).sort()).toEqual([admin.auth.user.id, staff.auth.user.id].sort());
    expect(res.body.actors.find((a) => a.id === staff.auth.user.id)?.name).toBe(staff.username.toLowerCase());
    expect(res.body.actions).toEqual([
      'branch.create',
      'branch.update',
      'onu.clear',
      'onu.reboot',
      'role.create',
      'tenant.register',
      'user.create',
    ]);
    const theirs = await client.get<AuditFacets>('/audit/facets', other.token);
    expect(theirs.body.actors.map((a) => a.id)).toEqual([other.auth.user.id]);
    expect(theirs.body.actions).toEqual(['branch.create', 'tenant.register']);
  });

  it('never shows another tenant’s rows', async () => {
    const mine = await list('pageSize=100');
    const theirs = await list('pageSize=100', other.token);
    expect(theirs.total).toBe(2);
    expect(theirs.items.every((r) => r.actorId === other.auth.user.id)).toBe(true);
    const mineIds = new Set(mine.items.map((r) => r.id));
    expect(theirs.items.some((r) => mineIds.has(r.id))).toBe(false);
    expect((await list(`entityId=${onuId}`, other.token)).total).toBe(0);
    expect((await list('kind=device-write', other.token)).total).toBe(0);
  });

  it('refuses users without code 2000 (403) on every audit route', async () => {
    const viewer = await userWithCodes(client, admin, [2006, 2008, 2021]);
    expect((await client.get('/audit', viewer.token)).status).toBe(403);
    expect((await client.get('/audit/facets', viewer.token)).status).toBe(403);
    expect((await client.get('/audit/facets')).status).toBe(401);
    // The staff user with 2000 may read the log.
    expect((await client.get('/audit/facets', staff.token)).status).toBe(200);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const cases: [string, string][] = [
      ['from=yesterday', 'from'],
      ['from=2025-03-01', 'from'],
      ['to=2025-02-30T00:00:00Z', 'to'],
      ['to=2025-03-01T10:00:00', 'to'],
      ['from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', 'to'],
      ['actorId=not-a-uuid', 'actorId'],
      ['action=DROP%20TABLE', 'action'],
      ['kind=everything', 'kind'],
      ['kind=', 'kind'],
      ['pageSize=101', 'pageSize'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ];
    const failures: string[] = [];
    for (const [query, field] of cases) {
      const res = await client.get<{ fields?: FieldError[]; message?: string }>(
        `/audit?${query}`,
        admin.token,
      );
      if (res.status !== 400 || res.body.fields?.[0]?.field !== field)
        failures.push(`${query} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    const reversed = await client.get<{ message: string }>(
      '/audit?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z',
      admin.token,
    );
    expect(reversed.body.message).toBe('To must not be before from');
  });
});
