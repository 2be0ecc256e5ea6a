import { DataSource } from 'typeorm';
import type { AuthResponse } from '@pondesk/contracts';
import { startApi, type RunningApi } from './support/test-app';
import { ApiClient, registerAccount, unique, type TestAccount } from '@pondesk/server-testing';

interface SchemaProperty {
  type?: string;
  maxLength?: number;
  format?: string;
}
interface Schema {
  properties?: Record<string, SchemaProperty>;
  required?: string[];
}
interface OpenApiOperation {
  'x-auth'?: string;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  parameters?: { name: string; in: string }[];
}
interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Schema> };
}
interface FieldError {
  field: string;
  message: string;
}

/** A value of the wrong JSON type for a property. */
function wrongType(p: SchemaProperty): unknown {
  switch (p.type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not-an-array';
    default:
      return { nested: true };
  }
}

describe('bad input on every JSON endpoint answers 400 naming the field, and stores nothing', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let doc: OpenApiDoc;
  let admin: TestAccount;
  let platformToken: string;
  const marker = unique('zvm');
  const ids = { user: '', role: '', branch: '', tenant: '' };
  let snapshot: () => Promise<unknown>;

  /** Bodies that are valid, so each test breaks exactly one thing. Strings carry the marker. */
  const base = (): Record<string, Record<string, unknown>> => ({
    'POST /api/v1/auth/register': {
      name: `${marker}r`,
      email: `${marker}r@example.test`,
      password: 'password123',
      passwordConfirmation: 'password123',
      acceptTerms: true,
    },
    'POST /api/v1/auth/sign-up': {
      username: `${marker}s`,
      email: `${marker}s@example.test`,
      password: 'password123',
      acceptTerms: true,
    },
    'POST /api/v1/auth/login': { username: admin.username, password: admin.password },
    'POST /api/v1/auth/refresh': { refreshToken: admin.refreshToken },
    'POST /api/v1/auth/logout': { refreshToken: admin.refreshToken },
    'POST /api/v1/auth/password/forgot': { email: admin.email },
    'POST /api/v1/auth/password/reset': {
      email: admin.email,
      token: 'x'.repeat(43),
      password: 'password123',
      passwordConfirmation: 'password123',
    },
    'PATCH /api/v1/profile': {
      address: `${marker} street`,
      contactNumber: '+8801700000000',
      ispName: `${marker} isp`,
    },
    'POST /api/v1/profile/password': {
      currentPassword: admin.password,
      password: 'password123',
      passwordConfirmation: 'password123',
    },
    'POST /api/v1/profile/otp': { contactNumber: '+8801700000000' },
    'POST /api/v1/profile/complete': {
      ispName: `${marker} isp`,
      contactNumber: '+8801700000000',
      address: `${marker} street`,
      otp: '123456',
    },
    'POST /api/v1/users': {
      username: `${marker}u`,
      email: `${marker}u@example.test`,
      password: 'password123',
      contactNumber: '+8801700000000',
      address: `${marker} street`,
      ispName: `${marker} isp`,
      roleId: ids.role,
      branchIds: [ids.branch],
      userPrice: 100,
      sendMsg: true,
    },
    'PATCH /api/v1/users/{id}': {
      username: `${marker}v`,
      email: `${marker}v@example.test`,
      password: 'password123',
      contactNumber: '+8801700000000',
      address: `${marker} street`,
      ispName: `${marker} isp`,
      roleId: ids.role,
      branchIds: [ids.branch],
      userPrice: 100,
      sendMsg: true,
    },
    'PUT /api/v1/users/{id}/status': { status: 'hold' },
    'PUT /api/v1/users/{id}/olt-permissions': {
      action: 'add',
      oltIds: ['0b7d7a3e-8d3c-4a8e-9a57-4f4f0e7d9a11'],
    },
    'POST /api/v1/roles': { name: `${marker} role`, code: `${marker}C`, active: true, menuCodes: [2006] },
    'PATCH /api/v1/roles/{id}': {
      name: `${marker} role2`,
      code: `${marker}D`,
      active: false,
      menuCodes: [2006],
    },
    'PUT /api/v1/roles/{id}/active': { active: false },
    'POST /api/v1/branches': { name: `${marker} branch`, address: `${marker} street`, isActive: true },
    'PATCH /api/v1/branches/{id}': {
      name: `${marker} branch2`,
      address: `${marker} street`,
      isActive: false,
    },
    'POST /api/v1/tenants': {
      ispName: `${marker} isp`,
      username: `${marker}t`,
      email: `${marker}t@example.test`,
      password: 'password123',
    },
    'PATCH /api/v1/tenants/{id}': {
      ispName: `${marker} isp`,
      contactNumber: '+8801700000000',
      address: `${marker} st`,
    },
    'PUT /api/v1/tenants/{id}/status': { status: 'hold' },
  });

  const pathOf = (path: string) =>
    path
      .replace('/users/{id}', `/users/${ids.user}`)
      .replace('/roles/{id}', `/roles/${ids.role}`)
      .replace('/branches/{id}', `/branches/${ids.branch}`)
      .replace('/tenants/{id}', `/tenants/${ids.tenant}`);

  const tokenFor = (op: OpenApiOperation) =>
    op['x-auth'] === 'public' ? undefined : op['x-auth'] === 'platform-admin' ? platformToken : admin.token;

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    doc = (await (await fetch(`${api.url}/api/docs-json`)).json()) as OpenApiDoc;
    admin = await registerAccount(client, 'val');
    ids.tenant = admin.auth.user.tenantId!;
    ids.role = (
      await client.post<{ id: string }>('/roles', { name: unique('vr'), menuCodes: [2008] }, admin.token)
    ).body.id;
    ids.branch = (
      await client.post<{ id: string }>('/branches', { name: unique('vb') }, admin.token)
    ).body.id;
    const staff = unique('vs');
    ids.user = (
      await client.post<{ id: string }>(
        '/users',
        { username: staff, email: `${staff}@example.test` },
        admin.token,
      )
    ).body.id;
    platformToken = (
      await client.post<AuthResponse>('/auth/login', { username: 'platform', password: 'platform-pass-123' })
    ).body.accessToken;
    snapshot = async () => ({
      marked: await db.query(
        `SELECT (SELECT count(*) FROM app_user WHERE username LIKE $1 OR email LIKE $1 OR address LIKE $1 OR isp_name LIKE $1)::int AS users,
                (SELECT count(*) FROM role WHERE name LIKE $1 OR code LIKE $1)::int AS roles,
                (SELECT count(*) FROM branch WHERE name LIKE $1 OR address LIKE $1)::int AS branches,
                (SELECT count(*) FROM tenant WHERE isp_name LIKE $1 OR address LIKE $1)::int AS tenants`,
        [`%${marker}%`],
      ),
      tenant: await db.query(
        `SELECT isp_name, contact_number, address, status, profile_confirmed FROM tenant WHERE id = $1`,
        [ids.tenant],
      ),
      users: await db.query(
        `SELECT id, username, email, password_hash, contact_number, address, status, role_id, user_price, send_msg
           FROM app_user WHERE tenant_id = $1 ORDER BY id`,
        [ids.tenant],
      ),
      roles: await db.query(
        `SELECT r.id, r.name, r.active, array_agg(rm.menu_code ORDER BY rm.menu_code) AS codes FROM role r
           LEFT JOIN role_menu rm ON rm.role_id = r.id WHERE r.tenant_id = $1 GROUP BY r.id ORDER BY r.id`,
        [ids.tenant],
      ),
      branches: await db.query(
        `SELECT id, name, address, is_active FROM branch WHERE tenant_id = $1 ORDER BY id`,
        [ids.tenant],
      ),
      userBranches: await db.query(`SELECT * FROM user_branch WHERE user_id = $1`, [ids.user]),
      olts: await db.query(`SELECT count(*)::int AS n FROM user_olt_permission WHERE tenant_id = $1`, [
        ids.tenant,
      ]),
      audit: await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = $1`, [ids.tenant]),
      otps: await db.query(`SELECT count(*)::int AS n FROM otp_challenge WHERE user_id = $1`, [
        admin.auth.user.id,
      ]),
      resets: await db.query(`SELECT count(*)::int AS n FROM password_reset WHERE user_id = $1`, [
        admin.auth.user.id,
      ]),
      sessions: await db.query(
        `SELECT count(*)::int AS n, count(revoked_at)::int AS revoked FROM auth_session WHERE user_id = $1`,
        [admin.auth.user.id],
      ),
    });
  });
  afterAll(() => api.close());

  function jsonOperations(): {
    key: string;
    path: string;
    method: string;
    op: OpenApiOperation;
    schema: Schema;
  }[] {
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) => {
        const ref = op.requestBody?.content['application/json']?.schema.$ref;
        if (!ref) return [];
        const schema = doc.components.schemas[ref.split('/').pop()!];
        return [{ key: `${method.toUpperCase()} ${path}`, path, method: method.toUpperCase(), op, schema }];
      }),
    );
  }

  it('covers every identity endpoint that takes a JSON body', () => {
    const covered = Object.keys(base());
    const identity = jsonOperations()
      .map((o) => o.key)
      .filter((k) => /\/api\/v1\/(auth|profile|users|roles|branches|menus|audit|tenants)\b/.test(k));
    expect(identity.sort()).toEqual(covered.sort());
  });

  it('rejects a missing required field, a wrong type, an overlong string and an unknown field — by name', async () => {
    const before = await snapshot();
    const bodies = base();
    const failures: string[] = [];
    let checks = 0;
    const expectField = async (
      label: string,
      o: ReturnType<typeof jsonOperations>[number],
      body: unknown,
      field: string,
    ) => {
      checks++;
      const res = await client.request(o.method, pathOf(o.path), { token: tokenFor(o.op), body });
      const fields = (res.body as { fields?: FieldError[] }).fields ?? [];
      if (res.status !== 400 || !fields.some((f) => f.field === field))
        failures.push(`${o.key} ${label} ${field} → ${res.status} ${JSON.stringify(res.body)}`);
    };
    for (const o of jsonOperations()) {
      const valid = bodies[o.key];
      if (!valid) continue; // other features' endpoints are covered by their own specs
      for (const field of o.schema.required ?? []) {
        const { [field]: _drop, ...missing } = valid;
        await expectField('missing', o, missing, field);
      }
      for (const [field, prop] of Object.entries(o.schema.properties ?? {})) {
        await expectField('wrong type', o, { ...valid, [field]: wrongType(prop) }, field);
        if (prop.maxLength)
          await expectField('overlong', o, { ...valid, [field]: 'a'.repeat(prop.maxLength + 1) }, field);
      }
      await expectField('unknown', o, { ...valid, isAdmin: true }, 'isAdmin');
      await expectField('unknown', o, { ...valid, tenantId: ids.tenant }, 'tenantId');
    }
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThanOrEqual(200);
    expect(await snapshot()).toEqual(before);
  });

  it('rejects a body that is not an object, and malformed JSON, without a 500', async () => {
    const before = await snapshot();
    for (const o of jsonOperations().filter((x) => base()[x.key])) {
      for (const raw of ['[]', '"text"', '42', 'null', '{"a":']) {
        const res = await client.request(o.method, pathOf(o.path), { token: tokenFor(o.op), rawBody: raw });
        expect([400, 422]).toContain(res.status);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rejects malformed ids in paths and bad paging in queries, naming the parameter', async () => {
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!/\/api\/v1\/(users|roles|branches|tenants)\/\{id\}/.test(path)) continue;
      for (const [method, op] of Object.entries(methods)) {
        const url = path.replace('{id}', 'not-a-uuid');
        const res = await client.request(method.toUpperCase(), url, {
          token: tokenFor(op),
          body: base()[`${method.toUpperCase()} ${path}`],
        });
        const fields = (res.body as { fields?: FieldError[] }).fields ?? [];
        if (res.status !== 400 || fields[0]?.field !== 'id')
          failures.push(`${method} ${path} → ${res.status}`);
      }
    }
    const lists: [string, string | undefined][] = [
      ['/users', admin.token],
      ['/audit', admin.token],
      ['/tenants', platformToken],
    ];
    for (const [list, token] of lists) {
      for (const [query, field] of [
        ['page=abc', 'page'],
        ['page=0', 'page'],
        ['pageSize=101', 'pageSize'],
        [`search=${'a'.repeat(101)}`, 'search'],
        ['bogus=1', 'bogus'],
      ]) {
        const res = await client.get<{ fields?: FieldError[] }>(`${list}?${query}`, token);
        if (res.status !== 400 || res.body.fields?.[0]?.field !== field)
          failures.push(`GET ${list}?${query} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses menu codes outside the list and role or branch ids of nobody', async () => {
    const before = await snapshot();
    const bad = await client.post<{ fields: FieldError[] }>(
      '/roles',
      { name: `${marker} x`, menuCodes: [2017] },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('menuCodes');
    const noRole = await client.post<{ fields: FieldError[] }>(
      '/users',
      {
        username: `${marker}n`,
        email: `${marker}n@example.test`,
        roleId: '0b7d7a3e-8d3c-4a8e-9a57-4f4f0e7d9a11',
      },
      admin.token,
    );
    expect(noRole.status).toBe(400);
    expect(noRole.body.fields[0].field).toBe('roleId');
    const noBranch = await client.patch<{ fields: FieldError[] }>(
      `/users/${ids.user}`,
      { branchIds: [ids.branch, '0b7d7a3e-8d3c-4a8e-9a57-4f4f0e7d9a11'] },
      admin.token,
    );
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.fields[0].field).toBe('branchIds');
    expect(await snapshot()).toEqual(before);
  });
});
