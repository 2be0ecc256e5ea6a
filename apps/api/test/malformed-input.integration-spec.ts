import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthResponse } from '@pondesk/contracts';
import {
  ApiClient,
  createMigratedDatabase,
  registerAccount,
  unique,
  type TestAccount,
  type TestDatabase,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

/*
 * Walks the OpenAPI document and sends every operation malformed input, one field at a time: NUL bytes,
 * lone surrogates, null, wrong types, overlong strings, huge and negative numbers, impossible dates and
 * an unknown field. No answer may be a 5xx; a 400 must name the field it was given; a write answered
 * with an error must leave the database as it was; garbage must never be answered with a 2xx. Routes
 * added later are walked without a change here: values come from the schema (and a few field names).
 */

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  allOf?: Schema[];
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  'x-auth'?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface FieldError {
  field: string;
  message: string;
}
interface Op {
  key: string;
  method: string;
  path: string;
  op: Operation;
  body?: Schema;
  multipart: boolean;
  /** The multipart form's schema (text fields, and files as `format: binary`). */
  form?: Schema;
}
/** One malformed request: where the bad value went, what it was, and whether a 2xx could be right. */
interface Probe {
  op: Op;
  kind: string;
  field: string;
  url: string;
  body?: unknown;
  /** Bytes sent as they are (JSON that is not UTF-8). */
  rawBody?: Buffer;
  /** A multipart form instead of JSON: text fields, and files as bytes. */
  form?: Record<string, string | Buffer>;
  /** The value is acceptable for this field (null of a nullable field, a negative where allowed…). */
  mayPass: boolean;
  /** Null for a field documented nullable: clearing it must keep working (no 400 naming it). */
  clears?: boolean;
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
/** A lone surrogate as it can appear in a URL: the (invalid) UTF-8 bytes of U+D800. */
const URL_LONE_SURROGATE = 'a%ED%A0%80b';
const OVERLONG = 'a'.repeat(10000);
const IMPOSSIBLE_DAY = '2026-02-30';
const UNKNOWN = 'zzUnknownField';
/**
 * Operations that read one query parameter by name (`@Query('to')`) instead of a DTO: unknown query keys
 * are not seen by validation there, so they are ignored rather than refused. Dev-only route.
 */
const NAMED_QUERY_PARAMETERS = new Set(['GET /api/v1/dev/outbox']);
const ONU_IF_NAME = 'EPON0/1:1';
/** A file any image field accepts (its type is read from these bytes). */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('malformed-input')]);
/** A file no image field may accept, whatever it is called. */
const NOT_AN_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

const isDateField = (name: string, s: Schema) =>
  s.format === 'date' || s.format === 'date-time' || /^(day|date)$|At$|Date$/.test(name);
const isNumeric = (s: Schema) => s.type === 'number' || s.type === 'integer';
/** A 400 names the field itself or a path inside it (`branchIds[0]`, `a.b`). */
const fieldMatches = (reported: string, field: string) =>
  reported === field || reported.startsWith(`${field}.`) || reported.startsWith(`${field}[`);

describe('malformed input on every operation of the OpenAPI document', () => {
  let api: RunningApi;
  let database: TestDatabase;
  let client: ApiClient;
  let db: DataSource;
  let doc: OpenApiDoc;
  let admin: TestAccount;
  let self: TestAccount;
  let platformToken: string;
  let serial = 0;
  const marker = unique('mfi');
  const ids: Record<string, string> = {};

  const resolve = (s: Schema | undefined): Schema => {
    if (!s) return {};
    if (s.$ref) return resolve(doc.components.schemas[s.$ref.split('/').pop()!]);
    if (s.allOf?.length === 1) return { ...resolve(s.allOf[0]), ...s, allOf: undefined };
    return s;
  };

  /** A fresh text of the marker, cut to the schema's bounds. */
  const text = (s: Schema): string => {
    const t = `${marker}${(serial++).toString(36)}`;
    const max = s.maxLength ?? 60;
    const min = s.minLength ?? 1;
    return t.length > max ? t.slice(t.length - max) : t.padEnd(min, 'x');
  };

  /** A value the field accepts (as far as the schema and the field's name tell). */
  function valid(name: string, raw: Schema | undefined, account: TestAccount): unknown {
    const s = resolve(raw);
    switch (name) {
      case 'password':
      case 'currentPassword':
      case 'passwordConfirmation':
        return account.password;
      case 'refreshToken':
        return account.refreshToken;
      case 'email':
        return `${text({ maxLength: 40 })}@example.test`;
      case 'roleId':
        return ids.role;
      case 'branchId':
        return ids.branch;
      case 'branchIds':
        return [ids.branch];
      case 'oltId':
        return ids.olt;
      case 'oltIds':
        return [ids.olt];
      // `ip`: a pinged address (IP monitor, POP power); on loopback, as a worker may ping what tests store.
      case 'host':
      case 'mikrotikHost':
      case 'ip':
        return '127.0.0.1';
      case 'popId':
        return ids.pop;
      case 'tz':
        return 'UTC';
      case 'ifName':
        return ONU_IF_NAME;
    }
    if (s.enum?.length) return s.enum[0];
    if (s.example !== undefined) return s.example;
    if (s.default !== undefined) return s.default;
    if (s.format === 'uuid') return randomUUID();
    if (isDateField(name, s)) return '2026-01-15';
    switch (s.type) {
      case 'integer':
      case 'number':
        return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1, 1));
      case 'boolean':
        return true;
      case 'array':
        return [valid(name, s.items, account)];
      case 'object':
        return baseline(s, account);
      default:
        return text(s);
    }
  }

  /** The body with every required property given a valid value. */
  function baseline(raw: Schema | undefined, account: TestAccount): Record<string, unknown> {
    const s = resolve(raw);
    const body: Record<string, unknown> = {};
    for (const name of s.required ?? []) body[name] = valid(name, s.properties?.[name], account);
    return body;
  }

  const accountFor = (o: Op): TestAccount => (o.op['x-auth'] === 'signed-in' ? self : admin);
  const tokenFor = (o: Op): string | undefined => {
    switch (o.op['x-auth']) {
      case 'public':
        return undefined;
      case 'platform-admin':
        return platformToken;
      case 'signed-in':
        return self.token;
      default:
        return admin.token;
    }
  };

  /** A real resource of the path's kind (`/olts/{id}` → the OLT made in beforeAll), else a random id. */
  function pathValue(path: string, param: Parameter): string {
    if (param.name === 'id') {
      const kind = /\/([a-z-]+)\/\{id\}/.exec(path)?.[1] ?? '';
      return ids[kind.replace(/es$/, '')] ?? ids[kind.replace(/s$/, '')] ?? randomUUID();
    }
    if (param.name === 'pppoeId') return 'rahim@isp';
    if (param.name === 'file') return `${randomUUID()}.png`;
    const s = resolve(param.schema);
    return s.format === 'uuid' ? randomUUID() : String(valid(param.name, s, admin));
  }

  function url(o: Op, pathOverride: Record<string, string> = {}, query?: [string, string][]): string {
    let path = o.path;
    for (const p of o.op.parameters ?? []) {
      if (p.in !== 'path') continue;
      const value = pathOverride[p.name] ?? encodeURIComponent(pathValue(o.path, p));
      path = path.replace(`{${p.name}}`, value);
    }
    const q = query ?? baselineQuery(o);
    return q.length ? `${path}?${q.map(([k, v]) => `${k}=${v}`).join('&')}` : path;
  }

  /** Required query parameters with valid values, already URL-encoded. */
  const baselineQuery = (o: Op): [string, string][] =>
    (o.op.parameters ?? [])
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, encodeURIComponent(String(valid(p.name, p.schema, admin)))]);

  const operations = (): Op[] =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const content = op.requestBody?.content ?? {};
        return {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          op,
          body: content['application/json']?.schema,
          multipart: !!content['multipart/form-data'],
          form: content['multipart/form-data']?.schema,
        };
      }),
    );

  /** Malformed values of a JSON property, with whether the property could legitimately take each. */
  function bodyValues(name: string, raw: Schema): [string, unknown, boolean][] {
    const s = resolve(raw);
    const numeric = isNumeric(s);
    const values: [string, unknown, boolean][] = [
      ['NUL byte', NUL, false],
      ['lone surrogate', LONE_SURROGATE, false],
      ['null', null, s.nullable === true],
      // 10,000 characters: too long for every field but long texts (the platform's terms).
      ['overlong string', OVERLONG, (s.maxLength ?? 0) >= OVERLONG.length],
      ['huge number 1e308', 1e308, false],
      ['huge number 2**63', 2 ** 63, false],
      ['negative', -1, numeric && (s.minimum === undefined || s.minimum < 0)],
      ['object', { a: 1 }, s.type === 'object'],
      ['array', ['x'], s.type === 'array'],
    ];
    if (s.type !== 'string') values.push(['numeric string', '5', false]);
    if (s.type !== 'boolean') values.push(['boolean', true, false]);
    if (s.type === 'boolean') values.push(['number for boolean', 1, false]);
    if (s.type !== 'array' && !numeric) values.push(['number', 12345, false]);
    if (numeric) values.push(['fraction', 1.5, s.type === 'number']);
    if (isDateField(name, s)) values.push(['impossible date', IMPOSSIBLE_DAY, false]);
    if (s.type === 'array') {
      values.push(['NUL in an element', [NUL], false]);
      values.push(['lone surrogate in an element', [LONE_SURROGATE], false]);
      values.push(['null element', [null], false]);
      values.push(['huge array', Array.from({ length: 5000 }, (_, i) => `${i}`), false]);
      values.push(['nested arrays', [[[['x']]]], false]);
    }
    return values;
  }

  /** Malformed values of a query or path parameter (URL-encoded), and whether each may be accepted. */
  function urlValues(
    name: string,
    raw: Schema | undefined,
    where: 'query' | 'path',
  ): [string, string, boolean][] {
    const s = resolve(raw);
    const numeric = isNumeric(s);
    // A plain text parameter may legitimately be "null", "-1" or "1e308"; a number, enum or id may not.
    const free = !numeric && !s.enum && !s.format && !isDateField(name, s);
    const values: [string, string, boolean][] = [
      ['NUL byte', '%00', false],
      ['NUL inside', encodeURIComponent(NUL), false],
      ['lone surrogate', URL_LONE_SURROGATE, false],
      ['overlong string', OVERLONG, false],
      ['huge number 1e308', '1e308', free],
      ['huge number 2**63', '9223372036854775808', free],
      ['negative', '-1', free || (numeric && (s.minimum === undefined || s.minimum < 0))],
      ['word', 'abc', free],
      ['boolean', 'true', free],
      ['fraction', '1.5', free || s.type === 'number'],
      ['exponent', '1e3', free],
      ['hex', '0x10', free],
    ];
    if (where === 'query') values.push(['empty (null)', '', !numeric && !s.enum && !s.format]);
    if (where === 'path') values.push(['null', 'null', free]);
    if (isDateField(name, s)) values.push(['impossible date', IMPOSSIBLE_DAY, false]);
    return values;
  }

  /**
   * Malformed values of a multipart field, and whether each may be accepted. Every part arrives as text;
   * a file field gets a file that is no image. (A lone surrogate cannot be sent: the form encodes it as
   * U+FFFD, a character like any other.)
   */
  function formValues(raw: Schema): [string, string | Buffer, boolean][] {
    const s = resolve(raw);
    if (s.format === 'binary') return [['not an image', NOT_AN_IMAGE, false]];
    const numeric = isNumeric(s);
    const values: [string, string | Buffer, boolean][] = [
      ['NUL byte', NUL, false],
      ['overlong string', OVERLONG, false],
    ];
    if (numeric || s.type === 'boolean')
      values.push(
        ['word', 'abc', false],
        ['fraction', '1.5', s.type === 'number'],
        ['exponent', '1e3', false],
        ['huge number 2**63', '9223372036854775808', false],
        ['negative', '-1', numeric && (s.minimum === undefined || s.minimum < 0)],
      );
    if (s.type === 'boolean') values.push(['number for boolean', '1', false]);
    return values;
  }

  /** The form with every required field given a valid value (a small PNG for a required file). */
  function baselineForm(raw: Schema, account: TestAccount): Record<string, string | Buffer> {
    const s = resolve(raw);
    const form: Record<string, string | Buffer> = {};
    for (const name of s.required ?? []) {
      const prop = resolve(s.properties?.[name]);
      form[name] = prop.format === 'binary' ? PNG : String(valid(name, prop, account));
    }
    return form;
  }

  function probes(o: Op): Probe[] {
    const out: Probe[] = [];
    const account = accountFor(o);
    const params = o.op.parameters ?? [];
    const bodySchema = o.body ? resolve(o.body) : undefined;
    const body = bodySchema ? baseline(bodySchema, account) : undefined;
    for (const p of params.filter((x) => x.in === 'path')) {
      for (const [kind, value, mayPass] of urlValues(p.name, p.schema, 'path'))
        out.push({ op: o, kind, field: p.name, url: url(o, { [p.name]: value }), body, mayPass });
    }
    const query = params.filter((x) => x.in === 'query');
    for (const p of query) {
      const others = baselineQuery(o).filter(([k]) => k !== p.name);
      for (const [kind, value, mayPass] of urlValues(p.name, p.schema, 'query'))
        out.push({
          op: o,
          kind,
          field: p.name,
          url: url(o, {}, [...others, [p.name, value]]),
          body,
          mayPass,
        });
      out.push({
        op: o,
        kind: 'repeated (array)',
        field: p.name,
        url: url(o, {}, [...others, [p.name, '1'], [p.name, '2']]),
        body,
        mayPass: false,
      });
      out.push({
        op: o,
        kind: 'bracketed (object)',
        field: p.name,
        url: url(o, {}, [...others, [`${p.name}[a]`, '1']]),
        body,
        mayPass: NAMED_QUERY_PARAMETERS.has(o.key),
      });
    }
    if (query.length)
      out.push({
        op: o,
        kind: 'unknown field',
        field: UNKNOWN,
        url: url(o, {}, [...baselineQuery(o), [UNKNOWN, '1']]),
        body,
        mayPass: NAMED_QUERY_PARAMETERS.has(o.key),
      });
    if (bodySchema && body) {
      for (const [name, prop] of Object.entries(bodySchema.properties ?? {})) {
        for (const [kind, value, mayPass] of bodyValues(name, prop))
          out.push({
            op: o,
            kind,
            field: name,
            url: url(o),
            body: { ...body, [name]: value },
            mayPass,
            clears: kind === 'null' && mayPass,
          });
      }
      out.push({
        op: o,
        kind: 'unknown field',
        field: UNKNOWN,
        url: url(o),
        body: { ...body, [UNKNOWN]: 'x' },
        mayPass: false,
      });
      // A lone surrogate as raw bytes (ED A0 80), which JSON.stringify would never produce.
      const [first] = Object.keys(bodySchema.properties ?? {});
      if (first)
        out.push({
          op: o,
          kind: 'invalid UTF-8 bytes',
          field: 'body',
          url: url(o),
          rawBody: Buffer.concat([
            Buffer.from(`{"${first}":"a`),
            Buffer.from([0xed, 0xa0, 0x80]),
            Buffer.from('b"}'),
          ]),
          mayPass: false,
        });
      out.push({
        op: o,
        kind: 'NUL in an unknown key',
        field: `${UNKNOWN}\u0000`,
        url: url(o),
        body: { ...body, [`${UNKNOWN}\u0000`]: 'x' },
        mayPass: false,
      });
    }
    if (o.form) {
      const form = baselineForm(o.form, account);
      for (const [name, prop] of Object.entries(resolve(o.form).properties ?? {}))
        for (const [kind, value, mayPass] of formValues(prop))
          out.push({
            op: o,
            kind: `${kind} (form)`,
            field: name,
            url: url(o),
            form: { ...form, [name]: value },
            mayPass,
          });
    }
    return out;
  }

  /** Every table's content, so a refused write can be shown to have stored nothing. */
  /** A request as a browser on this machine sends it (no X-Forwarded-For, which the dev outbox refuses). */
  async function request(
    method: string,
    path: string,
    token: string | undefined,
    body: unknown,
    raw?: Buffer,
    form?: Record<string, string | Buffer>,
  ) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const withBody = (body !== undefined || raw !== undefined) && method !== 'GET';
    if (withBody && !form) headers['content-type'] = 'application/json';
    let sent: string | Buffer | FormData | undefined = withBody ? (raw ?? JSON.stringify(body)) : undefined;
    if (form) {
      // fetch sets the multipart content type with its boundary.
      const data = new FormData();
      for (const [k, v] of Object.entries(form))
        if (typeof v === 'string') data.append(k, v);
        else data.append(k, new Blob([new Uint8Array(v)]), `${k}.png`);
      sent = data;
    }
    const res = await fetch(`${api.url}${path}`, { method, headers, body: sent });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a photo, say)
    }
    return { status: res.status, body: parsed };
  }

  /** Every table's row count and content hash (the database is this file's own), in one query. */
  let digestSql = '';
  async function digest(): Promise<Record<string, string>> {
    if (!digestSql) {
      const tables: { name: string }[] = await db.query(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('migrations')`,
      );
      digestSql = tables
        .map(
          ({ name }) =>
            `SELECT '${name}' AS name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`,
        )
        .join(' UNION ALL ');
    }
    const rows = (await db.query(digestSql)) as { name: string; h: string }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.h]));
  }

  beforeAll(async () => {
    // A database of its own: other test files write to the shared one while this one compares snapshots.
    database = await createMigratedDatabase('pondesk_mfi');
    api = await startApi({ DATABASE_URL: database.url });
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    doc = (await (await fetch(`${api.url}/api/docs-json`)).json()) as OpenApiDoc;
    admin = await registerAccount(client, 'mfa');
    self = await registerAccount(client, 'mfs');
    platformToken = (
      await client.post<AuthResponse>('/auth/login', { username: 'platform', password: 'platform-pass-123' })
    ).body.accessToken;
    // The resources a request may need, made through the API from the same schema-built bodies.
    const create = async (path: string, token: string, kind: string, extra: Record<string, unknown> = {}) => {
      const o = operations().find((x) => x.key === `POST /api/v1${path}`)!;
      const res = await client.post<{ id: string }>(path, { ...baseline(o.body, admin), ...extra }, token);
      if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
      ids[kind] = res.body.id;
    };
    await create('/branches', admin.token, 'branch');
    await create('/roles', admin.token, 'role');
    await create('/users', admin.token, 'user');
    await create('/tenants', platformToken, 'tenant');
    await create('/olts', admin.token, 'olt', { host: '127.0.0.1', snmpPort: 1 });
    // The IP monitor's and POP power's rows (a server's form is multipart; its JSON form is accepted too).
    await create('/monitor/servers', admin.token, 'server', { name: `${marker} server`, ip: '127.0.0.1' });
    await create('/pops', admin.token, 'pop');
    await create('/pop-sources', admin.token, 'pop-source');
    await create('/services', admin.token, 'service');
    // A switch on loopback (workers poll stored switches) and one port of it, as a poll stores it.
    await create('/switches', admin.token, 'switch', { ip: '127.0.0.1', snmpPort: 1 });
    const [port] = (await db.query(
      `INSERT INTO switch_port (tenant_id, switch_id, port_key, if_index, name, sort_name, link, power, updated_at)
       VALUES ($1, $2, 'if1', 1, 'Gi0/1', 'gi000000/000001', 'up', 'none', now()) RETURNING id`,
      [admin.auth.user.tenantId, ids.switch],
    )) as { id: string }[];
    ids['switch-port'] = port.id;
    const [onu] = (await db.query(
      `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status)
       VALUES ($1, $2, 1, 1, $3, 'online') RETURNING id`,
      [admin.auth.user.tenantId, ids.olt, ONU_IF_NAME],
    )) as { id: string }[];
    ids.onu = onu.id;
    // A syslog line of the OLT, so the log routes' probes that pass validation read real rows.
    await db.query(
      `INSERT INTO device_log (tenant_id, received_at, olt_id, device_kind, source_ip, severity, kind, message)
       VALUES ($1, now(), $2, 'olt', '127.0.0.1', 3, 'onu-down', 'ONU EPON0/1:1 deregistered')`,
      [admin.auth.user.tenantId, ids.olt],
    );
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  it('never answers 5xx, names the field in every 400, and stores nothing it refused', async () => {
    // Sign-out and token refresh last: one wrongly accepted would end the session the others use.
    const ops = operations().sort(
      (a, b) => Number(a.path.includes('/auth/')) - Number(b.path.includes('/auth/')),
    );
    const failures: { cause: string; detail: string }[] = [];
    const statuses: Record<number, number> = {};
    const otherRefusals = new Map<string, number>();
    let sent = 0;
    const started = Date.now();

    const send = async (p: Probe) => {
      const token = tokenFor(p.op);
      const res = await request(p.op.method, p.url, token, p.body, p.rawBody, p.form);
      sent++;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status !== 400 && res.status >= 401 && res.status < 500) {
        const k = `${res.status} ${p.op.key}`;
        otherRefusals.set(k, (otherRefusals.get(k) ?? 0) + 1);
      }
      const fields = (res.body as { fields?: FieldError[] } | null)?.fields ?? [];
      const where = `${p.op.key} ${p.field} ← ${p.kind}`;
      const shown = JSON.stringify(res.body)?.slice(0, 300);
      if (res.status >= 500)
        failures.push({ cause: `${res.status} on ${p.kind}`, detail: `${where} → ${res.status} ${shown}` });
      else if (res.status >= 200 && res.status < 300 && !p.mayPass)
        failures.push({ cause: `2xx accepted ${p.kind}`, detail: `${where} → ${res.status}` });
      else if (p.clears && res.status === 400 && fields.some((f) => fieldMatches(f.field, p.field)))
        failures.push({
          cause: 'nullable field refused null',
          detail: `${where} → ${JSON.stringify(fields)}`,
        });
      else if (res.status === 400 && !p.mayPass && !fields.some((f) => fieldMatches(f.field, p.field)))
        failures.push({
          cause: `400 not naming the field (${p.kind})`,
          detail: `${where} → ${JSON.stringify(fields).slice(0, 200)}`,
        });
      return res.status;
    };

    // Reads all at once; writes one operation at a time, each between two snapshots of the database.
    await Promise.all(ops.filter((o) => o.method === 'GET').map((o) => Promise.all(probes(o).map(send))));
    for (const o of ops.filter((x) => x.method !== 'GET')) {
      const batch = probes(o);
      if (!batch.length) continue;
      const before = await digest();
      const results = await Promise.all(batch.map(send));
      if (results.every((s) => s < 200 || s >= 300)) {
        const after = await digest();
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length)
          failures.push({
            cause: 'refused write changed stored data',
            detail: `${o.key}: ${changed.join(', ')}`,
          });
      }
    }

    const byCause = new Map<string, number>();
    for (const f of failures) byCause.set(f.cause, (byCause.get(f.cause) ?? 0) + 1);
    const table = [...byCause]
      .sort((a, b) => b[1] - a[1])
      .map(([cause, n]) => `  ${String(n).padStart(5)} × ${cause}`);
    const fiveXx = Object.entries(statuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0);
    console.log(
      [
        `malformed input: ${ops.length} operations walked, ${sent} requests sent in ${Date.now() - started} ms`,
        `statuses: ${JSON.stringify(statuses)} (5xx: ${fiveXx})`,
        `other refusals: ${[...otherRefusals].map(([k, n]) => `${k} × ${n}`).join('; ')}`,
        `failures: ${failures.length}`,
        ...table,
        ...failures.slice(0, 400).map((f) => `    ${f.detail}`),
      ].join('\n'),
    );
    expect(sent).toBeGreaterThan(1000);
    expect(fiveXx).toBe(0);
    expect(failures.map((f) => f.detail)).toEqual([]);
  }, 180000);
});
