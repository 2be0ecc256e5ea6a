import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  PERMISSIONS,
  type AuditRow,
  type BranchRow,
  type MenuRow,
  type OltChoiceRow,
  type OltPermissionRow,
  type Paged,
  type RoleRow,
  type UserRow,
} from '@pondesk/contracts';
import { startApi, type RunningApi } from './support/test-app';
import { ApiClient, registerAccount, unique, type TestAccount } from '@pondesk/server-testing';
import { createTenantOlt } from './support/tenant-rows';

describe('administration: users, roles, branches, menus, OLT permissions, audit', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    admin = await registerAccount(client, 'adm');
  });
  afterAll(() => api.close());

  async function auditRows(entityId: string): Promise<AuditRow[]> {
    const res = await client.get<Paged<AuditRow>>(`/audit?entityId=${entityId}&pageSize=100`, admin.token);
    expect(res.status).toBe(200);
    return res.body.items;
  }

  it('lists every menu with the names and groups of the contracts', async () => {
    const res = await client.get<MenuRow[]>('/menus', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.map(({ code, name, group }) => ({ code, name, group }))).toEqual(
      PERMISSIONS.map(({ code, name, group }) => ({ code, name, group })),
    );
    expect(res.body.every((m) => m.active)).toBe(true);
  });

  it('starts every tenant with Admin, User and Guest roles', async () => {
    const res = await client.get<RoleRow[]>('/roles', admin.token);
    expect(res.body.slice(0, 3).map((r) => [r.name, r.menuCodes.length, r.userCount])).toEqual([
      ['Admin', PERMISSIONS.length, 1],
      ['Guest', 0, 0],
      ['User', 1, 0],
    ]);
  });

  it('creates, edits, holds, activates and deletes a user, writing an audit row for each', async () => {
    const branch = await client.post<BranchRow>('/branches', { name: unique('Zone ') }, admin.token);
    const username = unique('Staff');
    const created = await client.post<UserRow>(
      '/users',
      {
        username,
        email: `${username}@Example.test`,
        password: 'password123',
        contactNumber: '+8801711111111',
        address: 'Mirpur',
        ispName: 'Branch ISP',
        branchIds: [branch.body.id],
        userPrice: 250.5,
        sendMsg: true,
      },
      admin.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: username.toLowerCase(),
      email: `${username.toLowerCase()}@example.test`,
      roleName: 'User',
      branches: [{ id: branch.body.id, name: branch.body.name }],
      userPrice: 250.5,
      sendMsg: true,
      status: 'active',
    });
    const id = created.body.id;
    const guest = (await client.get<RoleRow[]>('/roles', admin.token)).body.find((r) => r.name === 'Guest')!;
    const edited = await client.patch<UserRow>(
      `/users/${id}`,
      { roleId: guest.id, branchIds: [], address: 'Uttara' },
      admin.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ roleName: 'Guest', branches: [], address: 'Uttara' });
    const held = await client.put<UserRow>(`/users/${id}/status`, { status: 'hold' }, admin.token);
    expect(held.body.status).toBe('hold');
    expect(
      (await client.put<UserRow>(`/users/${id}/status`, { status: 'active' }, admin.token)).body.status,
    ).toBe('active');
    const list = await client.get<Paged<UserRow>>(
      `/users?search=${encodeURIComponent(username.toLowerCase())}`,
      admin.token,
    );
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect((await client.delete(`/users/${id}`, admin.token)).status).toBe(204);
    expect((await client.get(`/users/${id}`, admin.token)).status).toBe(404);

    const rows = await auditRows(id);
    expect(rows.map((r) => r.action).reverse()).toEqual([
      'user.create',
      'user.update',
      'user.status',
      'user.status',
      'user.delete',
    ]);
    expect(rows.every((r) => r.actorId === admin.auth.user.id && r.actorName === admin.username)).toBe(true);
    const update = rows.find((r) => r.action === 'user.update')!;
    expect(update.before).toMatchObject({ address: 'Mirpur', branchIds: [branch.body.id] });
    expect(update.after).toMatchObject({ address: 'Uttara', branchIds: [], roleId: guest.id });
    expect(JSON.stringify(rows)).not.toMatch(/argon2|passwordHash/);
  });

  it('refuses to hold or delete oneself', async () => {
    expect(
      (await client.put(`/users/${admin.auth.user.id}/status`, { status: 'hold' }, admin.token)).status,
    ).toBe(409);
    expect((await client.delete(`/users/${admin.auth.user.id}`, admin.token)).status).toBe(409);
  });

  it('manages roles: generated code, menus, user counts, active toggle, delete only when unused', async () => {
    const name = unique('Olt viewer ');
    const role = await client.post<RoleRow>('/roles', { name, menuCodes: [2006, 2006, 2008] }, admin.token);
    expect(role.status).toBe(201);
    expect(role.body).toMatchObject({ name, active: true, menuCodes: [2006, 2008], userCount: 0 });
    expect(role.body.code).toMatch(/^ROLE-\d{13}-\d{4}$/);
    expect((await client.post('/roles', { name, menuCodes: [] }, admin.token)).status).toBe(409);
    const username = unique('viewer');
    const user = await client.post<UserRow>(
      '/users',
      { username, email: `${username}@example.test`, roleId: role.body.id },
      admin.token,
    );
    expect((await client.get<RoleRow>(`/roles/${role.body.id}`, admin.token)).body.userCount).toBe(1);
    const off = await client.put<RoleRow>(`/roles/${role.body.id}/active`, { active: false }, admin.token);
    expect(off.body.active).toBe(false);
    const edited = await client.patch<RoleRow>(`/roles/${role.body.id}`, { menuCodes: [2006] }, admin.token);
    expect(edited.body.menuCodes).toEqual([2006]);
    const inUse = await client.delete(`/roles/${role.body.id}`, admin.token);
    expect(inUse.status).toBe(409);
    await client.delete(`/users/${user.body.id}`, admin.token);
    expect((await client.delete(`/roles/${role.body.id}`, admin.token)).status).toBe(204);
    expect((await auditRows(role.body.id)).map((r) => r.action).reverse()).toEqual([
      'role.create',
      'role.active',
      'role.update',
      'role.delete',
    ]);
  });

  it('does not let an admin remove 2000 from their own role or switch it off', async () => {
    const own = (await client.get<RoleRow[]>('/roles', admin.token)).body.find((r) => r.name === 'Admin')!;
    expect((await client.patch(`/roles/${own.id}`, { menuCodes: [2006] }, admin.token)).status).toBe(409);
    expect((await client.put(`/roles/${own.id}/active`, { active: false }, admin.token)).status).toBe(409);
    const guest = (await client.get<RoleRow[]>('/roles', admin.token)).body.find((r) => r.name === 'Guest')!;
    expect(
      (await client.patch(`/users/${admin.auth.user.id}`, { roleId: guest.id }, admin.token)).status,
    ).toBe(409);
    expect((await client.get('/users', admin.token)).status).toBe(200);
  });

  it('manages branches with user counts', async () => {
    const created = await client.post<BranchRow>(
      '/branches',
      { name: unique('North '), address: 'Gazipur' },
      admin.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isActive: true, userCount: 0, address: 'Gazipur' });
    const username = unique('zoned');
    await client.post(
      '/users',
      { username, email: `${username}@example.test`, branchIds: [created.body.id] },
      admin.token,
    );
    const list = await client.get<BranchRow[]>('/branches', admin.token);
    expect(list.body.find((b) => b.id === created.body.id)?.userCount).toBe(1);
    const edited = await client.patch<BranchRow>(
      `/branches/${created.body.id}`,
      { isActive: false },
      admin.token,
    );
    expect(edited.body.isActive).toBe(false);
    expect((await client.delete(`/branches/${created.body.id}`, admin.token)).status).toBe(204);
    expect((await client.get(`/branches/${created.body.id}`, admin.token)).status).toBe(404);
    expect((await auditRows(created.body.id)).map((r) => r.action).reverse()).toEqual([
      'branch.create',
      'branch.update',
      'branch.delete',
    ]);
  });

  it("adds and removes OLTs on a user's permitted list", async () => {
    const username = unique('oltuser');
    const user = await client.post<UserRow>(
      '/users',
      { username, email: `${username}@example.test` },
      admin.token,
    );
    const [o1, o2] = [await createTenantOlt(client, admin), await createTenantOlt(client, admin)];
    const choices = await client.get<OltChoiceRow[]>('/olt-permissions/olts', admin.token);
    expect(choices.body.map((c) => c.id)).toEqual(expect.arrayContaining([o1, o2]));
    const foreign = await client.put(
      `/users/${user.body.id}/olt-permissions`,
      { action: 'add', oltIds: [o1, randomUUID()] },
      admin.token,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual([{ field: 'oltIds', message: expect.any(String) }]);
    const added = await client.put<OltPermissionRow[]>(
      `/users/${user.body.id}/olt-permissions`,
      { action: 'add', oltIds: [o1, o2, o1] },
      admin.token,
    );
    expect(added.status).toBe(200);
    expect(added.body.map((r) => r.oltId).sort()).toEqual([o1, o2].sort());
    expect(added.body[0]).toMatchObject({
      name: 'Access control OLT',
      oltCode: expect.any(String),
      branchName: null,
    });
    const again = await client.put<OltPermissionRow[]>(
      `/users/${user.body.id}/olt-permissions`,
      { action: 'add', oltIds: [o1] },
      admin.token,
    );
    expect(again.body).toHaveLength(2);
    const removed = await client.put<OltPermissionRow[]>(
      `/users/${user.body.id}/olt-permissions`,
      { action: 'remove', oltIds: [o1] },
      admin.token,
    );
    expect(removed.body.map((r) => r.oltId)).toEqual([o2]);
    expect(
      (await client.get<OltPermissionRow[]>(`/users/${user.body.id}/olt-permissions`, admin.token)).body,
    ).toHaveLength(1);
    const rows = await auditRows(user.body.id);
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['olt-permission.add', 'olt-permission.remove']),
    );
  });

  it('pages the audit log newest first and keeps it to the tenant', async () => {
    const page = await client.get<Paged<AuditRow>>('/audit?page=1&pageSize=2', admin.token);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(5);
    expect(page.body.items[0].at >= page.body.items[1].at).toBe(true);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = $1`, [
      admin.auth.user.tenantId,
    ]);
    expect(page.body.total).toBe(n);
    const other = await registerAccount(client, 'adm2');
    const theirs = await client.get<Paged<AuditRow>>('/audit?pageSize=100', other.token);
    expect(theirs.body.items.map((r) => r.action)).toEqual(['tenant.register']);
  });

  it('lets the platform administrator create and edit tenants, audited', async () => {
    const platform = await client.post<{ accessToken: string }>('/auth/login', {
      username: 'platform',
      password: 'platform-pass-123',
    });
    const token = platform.body.accessToken;
    const username = unique('isp');
    const created = await client.post<{ id: string; ispName: string; userCount: number }>(
      '/tenants',
      { ispName: 'Fibre Co', username, email: `${username}@example.test`, password: 'password123' },
      token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ispName: 'Fibre Co', userCount: 1 });
    const login = await client.post<{ user: { permissions: number[]; tenantId: string } }>('/auth/login', {
      username,
      password: 'password123',
    });
    expect(login.body.user.tenantId).toBe(created.body.id);
    expect(login.body.user.permissions).toHaveLength(PERMISSIONS.length);
    const edited = await client.patch<{ address: string }>(
      `/tenants/${created.body.id}`,
      { address: 'Chattogram' },
      token,
    );
    expect(edited.body.address).toBe('Chattogram');
    expect((await client.get(`/tenants/${randomUUID()}`, token)).status).toBe(404);
    const actions = await db.query(
      `SELECT action, actor_name FROM audit_log WHERE entity_id = $1 ORDER BY created_at`,
      [created.body.id],
    );
    expect(actions).toEqual([
      { action: 'tenant.create', actor_name: 'platform:platform' },
      { action: 'tenant.update', actor_name: 'platform:platform' },
    ]);
  });
});
