import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type {
  LatencyHistory,
  MonitorServer,
  PopMonitor,
  PopOption,
  PopOutageList,
  PopRow,
  PopSourceRow,
  ServiceRow,
} from '@pondesk/contracts';
import { pingTargetsVersionKey } from '@pondesk/server-queue';
import { ApiClient, registerAccount, userWithCodes, type TestAccount } from '@pondesk/server-testing';
import { REDIS_COMMANDS } from '../src/common/redis/redis.module';
import { startApi, type RunningApi } from './support/test-app';

interface FieldError {
  field: string;
  message: string;
}
interface ErrorBody {
  message: string;
  code?: string;
  fields?: FieldError[];
}

/** A file part of a multipart form. */
interface FilePart {
  field: string;
  name: string;
  content: Buffer;
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('png-logo-body')]);
const GIF = Buffer.from('GIF89a gif-logo-body', 'latin1');
const LOGO_URL = /^\/api\/v1\/monitor\/logos\/([0-9a-f]{32})\.(png|gif)$/;

/*
 * The IP monitor's and POP power monitoring's REST API over rows made through it and, for what the worker
 * writes (ping results, rollups, states, outages), rows inserted here by SQL with hand-typed values. Every
 * address is on loopback: a worker of another test file sharing the database could ping them.
 */
describe('IP monitor, POPs, power sources, outages and services', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let redis: Redis;
  let admin: TestAccount;
  let other: TestAccount;
  let tenantId: string;
  let logoDir: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pondesk-ping-'));
    api = await startApi({ DATA_DIR: dataDir });
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    redis = api.app.get<Redis>(REDIS_COMMANDS);
    [admin, other] = await Promise.all([registerAccount(client, 'ping'), registerAccount(client, 'pingb')]);
    tenantId = admin.auth.user.tenantId!;
    logoDir = join(dataDir, 'monitor-logos');
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The ping targets' version the prober watches (this file has a Redis namespace of its own). */
  const version = async (): Promise<number> =>
    Number((await redis.get(pingTargetsVersionKey(api.config))) ?? 0);

  async function form<T = MonitorServer>(
    method: 'POST' | 'PATCH',
    path: string,
    token: string,
    fields: Record<string, string>,
    files: FilePart[] = [],
  ): Promise<{ status: number; body: T }> {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    for (const f of files) data.append(f.field, new Blob([new Uint8Array(f.content)]), f.name);
    const res = await fetch(`${api.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      body: data,
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  const logoFiles = () => (existsSync(logoDir) ? readdirSync(logoDir).sort() : []);
  const fileOf = (url: string | null) => (url ? url.split('/').pop()! : null);

  async function auditActions(entityId: string): Promise<string[]> {
    const rows: { action: string }[] = await db.query(
      `SELECT action FROM audit_log WHERE entity_id = $1 AND tenant_id = $2 ORDER BY created_at, id`,
      [entityId, tenantId],
    );
    return rows.map((r) => r.action);
  }

  describe('servers', () => {
    it('adds, edits and deletes a server with its logo, audited, bumping the targets version each time', async () => {
      const v0 = await version();
      const created = await form(
        'POST',
        '/monitor/servers',
        admin.token,
        {
          name: '  Core router ',
          ip: '127.0.0.21',
          latencyLimitMs: '80',
        },
        [{ field: 'logo', name: 'core.png', content: PNG }],
      );
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Core router',
        ip: '127.0.0.21',
        latencyLimitMs: 80,
        logoUrl: expect.stringMatching(LOGO_URL),
        state: 'unknown',
        alertReason: null,
        stateSince: null,
        lastRttMs: null,
        lossPct: null,
        recent: [],
        createdAt: expect.any(String),
      });
      const id = created.body.id;
      expect(await version()).toBe(v0 + 1);
      const pngFile = fileOf(created.body.logoUrl)!;
      expect(logoFiles()).toEqual([pngFile]);
      const served = await fetch(`${api.url}${created.body.logoUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

      // A JSON body works too; the limit defaults to 50 ms.
      const plain = await client.post<MonitorServer>(
        '/monitor/servers',
        { name: 'Upstream', ip: '127.0.0.22' },
        admin.token,
      );
      expect(plain.status).toBe(201);
      expect(plain.body).toMatchObject({ name: 'Upstream', latencyLimitMs: 50, logoUrl: null });
      expect(await version()).toBe(v0 + 2);

      const edited = await form(
        'PATCH',
        `/monitor/servers/${id}`,
        admin.token,
        {
          name: 'Core router 2',
          latencyLimitMs: '120',
        },
        [{ field: 'logo', name: 'core.gif', content: GIF }],
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        id,
        name: 'Core router 2',
        ip: '127.0.0.21',
        latencyLimitMs: 120,
        logoUrl: expect.stringMatching(/\.gif$/),
      });
      const gifFile = fileOf(edited.body.logoUrl)!;
      // The old logo is gone from disk and from the web.
      expect(logoFiles()).toEqual([gifFile]);
      expect((await fetch(`${api.url}${created.body.logoUrl}`)).status).toBe(404);
      expect(await version()).toBe(v0 + 3);

      const list = await client.get<MonitorServer[]>('/monitor/servers', admin.token);
      expect(list.body.map((s) => [s.name, s.ip, s.latencyLimitMs])).toEqual([
        ['Core router 2', '127.0.0.21', 120],
        ['Upstream', '127.0.0.22', 50],
      ]);
      const found = await client.get<MonitorServer[]>('/monitor/servers?search=0.0.22', admin.token);
      expect(found.body.map((s) => s.name)).toEqual(['Upstream']);
      const byName = await client.get<MonitorServer[]>('/monitor/servers?search=CORE', admin.token);
      expect(byName.body.map((s) => s.name)).toEqual(['Core router 2']);

      const dropped = await form('PATCH', `/monitor/servers/${id}`, admin.token, { removeLogo: 'true' });
      expect(dropped.status).toBe(200);
      expect(dropped.body.logoUrl).toBeNull();
      expect(logoFiles()).toEqual([]);
      expect(await version()).toBe(v0 + 4);

      // Its per-minute history goes with it.
      await db.query(
        `INSERT INTO ping_minute (target_id, minute, sent, received, min_ms, avg_ms, max_ms)
         VALUES ($1, '2026-03-01T10:00:00Z', 60, 60, 1, 2, 3)`,
        [id],
      );
      expect((await client.delete(`/monitor/servers/${id}`, admin.token)).status).toBe(204);
      expect(await version()).toBe(v0 + 5);
      expect((await db.query('SELECT 1 FROM ping_minute WHERE target_id = $1', [id])).length).toBe(0);
      expect((await client.get(`/monitor/servers/${id}/history`, admin.token)).status).toBe(404);
      expect((await client.delete(`/monitor/servers/${id}`, admin.token)).status).toBe(404);
      expect(await auditActions(id)).toEqual([
        'monitor-server.create',
        'monitor-server.update',
        'monitor-server.update',
        'monitor-server.delete',
      ]);
      const [row]: { entity_type: string; before: { name: string; ip: string } }[] = await db.query(
        `SELECT entity_type, before FROM audit_log WHERE entity_id = $1 AND action = 'monitor-server.delete'`,
        [id],
      );
      expect(row).toMatchObject({
        entity_type: 'monitor-server',
        before: { name: 'Core router 2', ip: '127.0.0.21' },
      });
      expect((await client.delete(`/monitor/servers/${plain.body.id}`, admin.token)).status).toBe(204);
    });

    it('refuses bad fields with a 400 naming each, a duplicate address with a 409, and stores nothing', async () => {
      const taken = await client.post<MonitorServer>(
        '/monitor/servers',
        { name: 'Taken', ip: '127.0.0.23' },
        admin.token,
      );
      expect(taken.status).toBe(201);
      const v0 = await version();
      const [{ n: before }]: { n: number }[] = await db.query(
        'SELECT count(*)::int AS n FROM monitor_server WHERE tenant_id = $1',
        [tenantId],
      );
      const cases: [Record<string, string>, FilePart[], FieldError][] = [
        [
          { name: 'A', ip: '999.1.1.1' },
          [],
          { field: 'ip', message: 'IP must be an IPv4 address, e.g. 10.20.0.1' },
        ],
        [
          { name: 'A', ip: 'example.net' },
          [],
          { field: 'ip', message: 'IP must be an IPv4 address, e.g. 10.20.0.1' },
        ],
        [
          { name: 'A', ip: '127.000.0.1' },
          [],
          { field: 'ip', message: 'IP must be an IPv4 address, e.g. 10.20.0.1' },
        ],
        [{ name: 'A', ip: '' }, [], { field: 'ip', message: 'IP is required' }],
        [{ name: '   ', ip: '127.0.0.24' }, [], { field: 'name', message: 'Name is required' }],
        [
          { name: 'x'.repeat(101), ip: '127.0.0.24' },
          [],
          { field: 'name', message: 'Name must be at most 100 characters long' },
        ],
        [
          { name: 'A', ip: '127.0.0.24', latencyLimitMs: '0' },
          [],
          { field: 'latencyLimitMs', message: 'Latency Limit must not be less than 1' },
        ],
        [
          { name: 'A', ip: '127.0.0.24', latencyLimitMs: '60001' },
          [],
          { field: 'latencyLimitMs', message: 'Latency Limit must not be greater than 60000' },
        ],
        [
          { name: 'A', ip: '127.0.0.24', latencyLimitMs: '5.5' },
          [],
          { field: 'latencyLimitMs', message: 'Latency Limit must be an integer number' },
        ],
        [
          { name: 'A', ip: '127.0.0.24', latencyLimitMs: 'fast' },
          [],
          { field: 'latencyLimitMs', message: 'Latency Limit must be an integer number' },
        ],
        [
          { name: 'A', ip: '127.0.0.24', colour: 'red' },
          [],
          { field: 'colour', message: 'colour is not a field of this form' },
        ],
        [
          { name: 'A', ip: '127.0.0.24' },
          [
            {
              field: 'logo',
              name: 'logo.png',
              content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
            },
          ],
          { field: 'logo', message: 'Logo must be a PNG, JPEG, GIF or WebP image' },
        ],
        [
          { name: 'A', ip: '127.0.0.24' },
          [{ field: 'logo', name: 'big.png', content: Buffer.concat([PNG, Buffer.alloc(512 * 1024)]) }],
          { field: 'logo', message: 'Logo must be at most 512 KB' },
        ],
        [
          { name: 'A', ip: '127.0.0.24' },
          [{ field: 'photo', name: 'a.png', content: PNG }],
          { field: 'photo', message: 'Photo is not a file field of this form (the image goes in logo)' },
        ],
      ];
      for (const [fields, files, expected] of cases) {
        const res = await form<ErrorBody>('POST', '/monitor/servers', admin.token, fields, files);
        expect([res.status, res.body.fields?.[0]]).toEqual([400, expected]);
      }
      const dup = await form<ErrorBody>(
        'POST',
        '/monitor/servers',
        admin.token,
        { name: 'Again', ip: '127.0.0.23' },
        [{ field: 'logo', name: 'a.png', content: PNG }],
      );
      expect(dup.status).toBe(409);
      expect(dup.body.fields).toEqual([
        { field: 'ip', message: 'A server with the IP address 127.0.0.23 is already monitored' },
      ]);
      const second = await client.post<MonitorServer>(
        '/monitor/servers',
        { name: 'Second', ip: '127.0.0.25' },
        admin.token,
      );
      const moved = await form<ErrorBody>('PATCH', `/monitor/servers/${second.body.id}`, admin.token, {
        ip: '127.0.0.23',
      });
      expect(moved.status).toBe(409);
      const both = await form<ErrorBody>(
        'PATCH',
        `/monitor/servers/${second.body.id}`,
        admin.token,
        { removeLogo: 'true' },
        [{ field: 'logo', name: 'a.png', content: PNG }],
      );
      expect([both.status, both.body.fields]).toEqual([
        400,
        [{ field: 'removeLogo', message: 'Remove logo cannot be sent with a new logo' }],
      ]);
      // JSON carries its own types: a number as text is refused there.
      const text = await client.post<ErrorBody>(
        '/monitor/servers',
        { name: 'A', ip: '127.0.0.24', latencyLimitMs: '50' },
        admin.token,
      );
      expect([text.status, text.body.fields?.[0]?.field]).toEqual([400, 'latencyLimitMs']);

      const [{ n: after }]: { n: number }[] = await db.query(
        'SELECT count(*)::int AS n FROM monitor_server WHERE tenant_id = $1',
        [tenantId],
      );
      expect(after).toBe(before + 1);
      // The refused logo of the duplicate was removed again; only the one successful add bumped.
      expect(logoFiles()).toEqual([]);
      expect(await version()).toBe(v0 + 1);
      const unchanged = await client.get<MonitorServer[]>('/monitor/servers?search=127.0.0.25', admin.token);
      expect(unchanged.body.map((s) => [s.ip, s.logoUrl])).toEqual([['127.0.0.25', null]]);
      expect((await client.delete(`/monitor/servers/${taken.body.id}`, admin.token)).status).toBe(204);
      expect((await client.delete(`/monitor/servers/${second.body.id}`, admin.token)).status).toBe(204);
    });

    it("shows each server's state, last 10 points and loss over the last minute, and its per-minute history", async () => {
      const mk = async (name: string, ip: string) =>
        (await client.post<MonitorServer>('/monitor/servers', { name, ip, latencyLimitMs: 10 }, admin.token))
          .body.id;
      const [busy, few, none] = [
        await mk('Busy', '127.0.0.26'),
        await mk('Few', '127.0.0.27'),
        await mk('None', '127.0.0.28'),
      ];
      // The test's clock in whole seconds, a little in the past.
      const base = Math.floor(Date.now() / 1000) * 1000 - 10_000;
      const at = (secondsBefore: number) => new Date(base - secondsBefore * 1000).toISOString();
      const busyRtts: [number, number | null][] = [
        [11, 5],
        [10, 6],
        [9, null],
        [8, 8],
        [7, 9],
        [6, 10],
        [5, 11],
        [4, null],
        [3, 13],
        [2, 14],
        [1, 15.5],
        [0, 16],
      ];
      for (const [s, rtt] of busyRtts)
        await db.query('INSERT INTO ping_sample (target_id, at, rtt_ms) VALUES ($1, $2, $3)', [
          busy,
          at(s),
          rtt,
        ]);
      // Lost two minutes ago: outside the last minute, older than the last 10 points.
      await db.query('INSERT INTO ping_sample (target_id, at, rtt_ms) VALUES ($1, $2, NULL)', [
        busy,
        at(120),
      ]);
      for (const [s, rtt] of [
        [2, 20],
        [1, null],
        [0, 22],
      ] as const)
        await db.query('INSERT INTO ping_sample (target_id, at, rtt_ms) VALUES ($1, $2, $3)', [
          few,
          at(s),
          rtt,
        ]);
      await db.query(
        `UPDATE monitor_server SET state = 'alert', alert_reason = 'slow', state_since = $2 WHERE id = $1`,
        [busy, at(3)],
      );
      await db.query(`UPDATE monitor_server SET state = 'ok', state_since = $2 WHERE id = $1`, [few, at(2)]);

      const list = await client.get<MonitorServer[]>('/monitor/servers', admin.token);
      const byId = new Map(list.body.map((s) => [s.id, s]));
      expect(byId.get(busy)).toMatchObject({
        state: 'alert',
        alertReason: 'slow',
        stateSince: at(3),
        lastRttMs: 16,
        lossPct: 16.7,
        recent: [
          { at: at(9), rttMs: null },
          { at: at(8), rttMs: 8 },
          { at: at(7), rttMs: 9 },
          { at: at(6), rttMs: 10 },
          { at: at(5), rttMs: 11 },
          { at: at(4), rttMs: null },
          { at: at(3), rttMs: 13 },
          { at: at(2), rttMs: 14 },
          { at: at(1), rttMs: 15.5 },
          { at: at(0), rttMs: 16 },
        ],
      });
      expect(byId.get(few)).toMatchObject({
        state: 'ok',
        alertReason: null,
        lastRttMs: 22,
        lossPct: 33.3,
        recent: [
          { at: at(2), rttMs: 20 },
          { at: at(1), rttMs: null },
          { at: at(0), rttMs: 22 },
        ],
      });
      expect(byId.get(none)).toMatchObject({ state: 'unknown', lastRttMs: null, lossPct: null, recent: [] });

      // Rollups: three recent minutes, one two hours back, one older than the longest window.
      const minute = Math.floor(Date.now() / 60_000) * 60_000 - 3 * 60_000;
      const m = (minutesBefore: number) => new Date(minute - minutesBefore * 60_000).toISOString();
      await db.query(
        `INSERT INTO ping_minute (target_id, minute, sent, received, min_ms, avg_ms, max_ms) VALUES
           ($1, $2, 60, 60, 4.5, 5.25, 7), ($1, $3, 60, 57, 4, 6, 9.5), ($1, $4, 60, 0, NULL, NULL, NULL),
           ($1, $5, 60, 60, 3, 3, 3), ($1, $6, 60, 60, 1, 1, 1)`,
        [busy, m(2), m(1), m(0), m(120), m(25 * 60)],
      );
      const hour = await client.get<LatencyHistory>(`/monitor/servers/${busy}/history?hours=1`, admin.token);
      expect(hour.status).toBe(200);
      expect(Date.parse(hour.body.to) - Date.parse(hour.body.from)).toBe(3_600_000);
      expect(hour.body).toMatchObject({ serverId: busy });
      expect(hour.body.minutes).toEqual([
        { at: m(2), sent: 60, received: 60, minMs: 4.5, avgMs: 5.25, maxMs: 7, lossPct: 0 },
        { at: m(1), sent: 60, received: 57, minMs: 4, avgMs: 6, maxMs: 9.5, lossPct: 5 },
        { at: m(0), sent: 60, received: 0, minMs: null, avgMs: null, maxMs: null, lossPct: 100 },
      ]);
      const day = await client.get<LatencyHistory>(`/monitor/servers/${busy}/history`, admin.token);
      expect(Date.parse(day.body.to) - Date.parse(day.body.from)).toBe(24 * 3_600_000);
      expect(day.body.minutes.map((x) => [x.at, x.avgMs])).toEqual([
        [m(120), 3],
        [m(2), 5.25],
        [m(1), 6],
        [m(0), null],
      ]);
      for (const bad of ['0', '25', 'abc', '1.5'])
        expect(
          (await client.get<ErrorBody>(`/monitor/servers/${busy}/history?hours=${bad}`, admin.token)).body
            .fields?.[0]?.field,
        ).toBe('hours');
      for (const id of [busy, few, none]) await client.delete(`/monitor/servers/${id}`, admin.token);
    });
  });

  describe('POPs and power sources', () => {
    let branchId: string;
    let otherBranchId: string;

    beforeAll(async () => {
      branchId = (await client.post<{ id: string }>('/branches', { name: 'Dhaka North' }, admin.token)).body
        .id;
      otherBranchId = (await client.post<{ id: string }>('/branches', { name: 'Elsewhere' }, other.token))
        .body.id;
    });

    it('adds, edits and deletes POPs with unique names, a branch of the account, audited', async () => {
      const v0 = await version();
      const created = await client.post<PopRow>(
        '/pops',
        { name: ' Mirpur POP ', areaName: 'Mirpur 10', branchId },
        admin.token,
      );
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Mirpur POP',
        areaName: 'Mirpur 10',
        branchId,
        branchName: 'Dhaka North',
        sourceCount: 0,
        createdAt: expect.any(String),
      });
      expect(await version()).toBe(v0 + 1);
      const id = created.body.id;
      const dup = await client.post<ErrorBody>('/pops', { name: 'mirpur pop' }, admin.token);
      expect([dup.status, dup.body.fields]).toEqual([
        409,
        [{ field: 'name', message: 'A POP named "mirpur pop" already exists' }],
      ]);
      // Another account may use the same name.
      expect((await client.post('/pops', { name: 'Mirpur POP' }, other.token)).status).toBe(201);
      const foreign = await client.post<ErrorBody>(
        '/pops',
        { name: 'Uttara POP', branchId: otherBranchId },
        admin.token,
      );
      expect([foreign.status, foreign.body.fields]).toEqual([
        400,
        [{ field: 'branchId', message: 'Branch names no branch of this account' }],
      ]);
      for (const [body, field] of [
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(101) }, 'name'],
        [{ name: 'Ok', areaName: 'y'.repeat(101) }, 'areaName'],
        [{ name: 'Ok', branchId: 'not-a-uuid' }, 'branchId'],
        [{ name: 7 }, 'name'],
      ] as const)
        expect((await client.post<ErrorBody>('/pops', body, admin.token)).body.fields?.[0]?.field).toBe(
          field,
        );
      // One for each POP added (the other account's too: the prober serves every account).
      expect(await version()).toBe(v0 + 2);

      const second = await client.post<PopRow>(
        '/pops',
        { name: 'Banani POP', areaName: 'Banani' },
        admin.token,
      );
      // Renaming to another POP's name in another case is refused; a POP may change its own name's case.
      expect(
        (await client.patch(`/pops/${second.body.id}`, { name: 'MIRPUR pop' }, admin.token)).status,
      ).toBe(409);
      const recased = await client.patch<PopRow>(`/pops/${id}`, { name: 'MIRPUR POP' }, admin.token);
      expect(recased.body.name).toBe('MIRPUR POP');
      const cleared = await client.patch<PopRow>(
        `/pops/${id}`,
        { areaName: null, branchId: null },
        admin.token,
      );
      expect(cleared.body).toMatchObject({
        name: 'MIRPUR POP',
        areaName: null,
        branchId: null,
        branchName: null,
      });
      const moved = await client.patch<PopRow>(`/pops/${id}`, { branchId }, admin.token);
      expect(moved.body.branchName).toBe('Dhaka North');

      const list = await client.get<PopRow[]>('/pops', admin.token);
      expect(list.body.map((p) => [p.name, p.areaName, p.branchName])).toEqual([
        ['Banani POP', 'Banani', null],
        ['MIRPUR POP', null, 'Dhaka North'],
      ]);
      expect((await client.get<PopRow[]>('/pops?search=dhaka', admin.token)).body.map((p) => p.name)).toEqual(
        ['MIRPUR POP'],
      );
      expect((await client.get<PopRow[]>('/pops?search=bana', admin.token)).body.map((p) => p.name)).toEqual([
        'Banani POP',
      ]);
      const options = await client.get<PopOption[]>('/pops/options', admin.token);
      expect(options.body).toEqual([
        { id: second.body.id, name: 'Banani POP' },
        { id, name: 'MIRPUR POP' },
      ]);

      // Deleting a POP takes its power sources, their outages and rollups.
      const source = await client.post<PopSourceRow>(
        '/pop-sources',
        { popId: id, ip: '127.0.0.61', type: 'electric' },
        admin.token,
      );
      expect((await client.get<PopRow[]>('/pops?search=mirpur', admin.token)).body[0].sourceCount).toBe(1);
      await db.query(
        `INSERT INTO pop_outage (tenant_id, source_id, pop_id, ip, type, down_at) VALUES ($1, $2, $3, '127.0.0.61', 'electric', now())`,
        [tenantId, source.body.id, id],
      );
      await db.query(
        `INSERT INTO ping_minute (target_id, minute, sent, received) VALUES ($1, '2026-03-01T10:00:00Z', 60, 0)`,
        [source.body.id],
      );
      const v1 = await version();
      expect((await client.delete(`/pops/${id}`, admin.token)).status).toBe(204);
      expect(await version()).toBe(v1 + 1);
      expect(await db.query('SELECT id FROM pop_source WHERE id = $1', [source.body.id])).toEqual([]);
      expect(await db.query('SELECT id FROM pop_outage WHERE source_id = $1', [source.body.id])).toEqual([]);
      expect(await db.query('SELECT 1 FROM ping_minute WHERE target_id = $1', [source.body.id])).toEqual([]);
      expect(await auditActions(id)).toEqual([
        'pop.create',
        'pop.update',
        'pop.update',
        'pop.update',
        'pop.delete',
      ]);
      expect((await client.delete(`/pops/${second.body.id}`, admin.token)).status).toBe(204);
    });

    it('adds, edits and deletes power sources with unique addresses on POPs of the account', async () => {
      const pop = (await client.post<PopRow>('/pops', { name: 'Gulshan POP' }, admin.token)).body;
      const foreignPop = (await client.post<PopRow>('/pops', { name: 'Foreign POP' }, other.token)).body;
      const v0 = await version();
      const created = await client.post<PopSourceRow>(
        '/pop-sources',
        { popId: pop.id, ip: '127.0.0.71', type: 'generator' },
        admin.token,
      );
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        popId: pop.id,
        popName: 'Gulshan POP',
        ip: '127.0.0.71',
        type: 'generator',
        aliveMinutes: 0,
        state: 'unknown',
        stateSince: null,
        lastReplyAt: null,
        createdAt: expect.any(String),
      });
      expect(await version()).toBe(v0 + 1);
      const id = created.body.id;
      const cases: [Record<string, unknown>, FieldError][] = [
        [
          { popId: pop.id, ip: '127.0.0.256', type: 'generator' },
          { field: 'ip', message: 'IP must be an IPv4 address, e.g. 10.20.0.1' },
        ],
        [
          { popId: pop.id, type: 'generator' },
          { field: 'ip', message: 'IP is required' },
        ],
        [
          { popId: pop.id, ip: '127.0.0.72', type: 'solar' },
          { field: 'type', message: 'Type must be one of generator, electric' },
        ],
        [
          { popId: pop.id, ip: '127.0.0.72', type: 'electric', aliveMinutes: -1 },
          { field: 'aliveMinutes', message: 'Pop Alive Time must not be less than 0' },
        ],
        [
          { popId: pop.id, ip: '127.0.0.72', type: 'electric', aliveMinutes: 1441 },
          { field: 'aliveMinutes', message: 'Pop Alive Time must not be greater than 1440' },
        ],
        [
          { popId: pop.id, ip: '127.0.0.72', type: 'electric', aliveMinutes: 2.5 },
          { field: 'aliveMinutes', message: 'Pop Alive Time must be an integer number' },
        ],
        [
          { popId: pop.id, ip: '127.0.0.72', type: 'electric', aliveMinutes: '5' },
          { field: 'aliveMinutes', message: 'Pop Alive Time must be an integer number' },
        ],
        [
          { popId: 'pop-1', ip: '127.0.0.72', type: 'electric' },
          { field: 'popId', message: 'Pop ID must be a UUID' },
        ],
        [
          { popId: foreignPop.id, ip: '127.0.0.72', type: 'electric' },
          { field: 'popId', message: 'Pop ID names no POP of this account' },
        ],
        [
          { popId: randomUUID(), ip: '127.0.0.72', type: 'electric' },
          { field: 'popId', message: 'Pop ID names no POP of this account' },
        ],
      ];
      for (const [body, expected] of cases) {
        const res = await client.post<ErrorBody>('/pop-sources', body, admin.token);
        expect([res.status, res.body.fields?.[0]]).toEqual([400, expected]);
      }
      const dup = await client.post<ErrorBody>(
        '/pop-sources',
        { popId: pop.id, ip: '127.0.0.71', type: 'electric' },
        admin.token,
      );
      expect([dup.status, dup.body.fields]).toEqual([
        409,
        [{ field: 'ip', message: 'A power source with the IP address 127.0.0.71 is already watched' }],
      ]);
      // Another account may watch the same address.
      expect(
        (
          await client.post(
            '/pop-sources',
            { popId: foreignPop.id, ip: '127.0.0.71', type: 'electric' },
            other.token,
          )
        ).status,
      ).toBe(201);
      expect(await version()).toBe(v0 + 2);

      const pop2 = (await client.post<PopRow>('/pops', { name: 'Badda POP' }, admin.token)).body;
      const v1 = await version();
      const edited = await client.patch<PopSourceRow>(
        `/pop-sources/${id}`,
        { type: 'electric', aliveMinutes: 5, popId: pop2.id, ip: '127.0.0.73' },
        admin.token,
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        popId: pop2.id,
        popName: 'Badda POP',
        ip: '127.0.0.73',
        type: 'electric',
        aliveMinutes: 5,
      });
      expect(await version()).toBe(v1 + 1);
      expect(
        (await client.patch<ErrorBody>(`/pop-sources/${id}`, { popId: foreignPop.id }, admin.token)).body
          .fields,
      ).toEqual([{ field: 'popId', message: 'Pop ID names no POP of this account' }]);

      const gen = await client.post<PopSourceRow>(
        '/pop-sources',
        { popId: pop.id, ip: '127.0.0.9', type: 'generator', aliveMinutes: 3 },
        admin.token,
      );
      const list = await client.get<PopSourceRow[]>('/pop-sources', admin.token);
      expect(list.body.map((s) => [s.popName, s.ip, s.type, s.aliveMinutes])).toEqual([
        ['Badda POP', '127.0.0.73', 'electric', 5],
        ['Gulshan POP', '127.0.0.9', 'generator', 3],
      ]);
      const search = async (q: string) =>
        (await client.get<PopSourceRow[]>(`/pop-sources?search=${q}`, admin.token)).body.map((s) => s.ip);
      expect(await search('gulshan')).toEqual(['127.0.0.9']);
      expect(await search('0.0.73')).toEqual(['127.0.0.73']);
      expect(await search('Elc')).toEqual(['127.0.0.73']);

      expect((await client.delete(`/pop-sources/${id}`, admin.token)).status).toBe(204);
      expect(await version()).toBe(v1 + 3);
      expect((await client.patch(`/pop-sources/${id}`, { aliveMinutes: 1 }, admin.token)).status).toBe(404);
      expect(await auditActions(id)).toEqual(['pop-source.create', 'pop-source.update', 'pop-source.delete']);
      for (const p of [pop, pop2]) await client.delete(`/pops/${p.id}`, admin.token);
      expect(gen.status).toBe(201);
    });

    it('counts the dashboard by type and state and lists the cards down first', async () => {
      // An account of its own: the counts are of every source it has.
      const owner = await registerAccount(client, 'popdash');
      const alpha = (await client.post<PopRow>('/pops', { name: 'Alpha POP' }, owner.token)).body;
      const bravo = (await client.post<PopRow>('/pops', { name: 'Bravo POP' }, owner.token)).body;
      const source = async (pop: PopRow, ip: string, type: string, state: string | null) => {
        const res = await client.post<PopSourceRow>('/pop-sources', { popId: pop.id, ip, type }, owner.token);
        if (state)
          await db.query(
            `UPDATE pop_source SET state = $2, state_since = '2026-03-01T10:00:00Z' WHERE id = $1`,
            [res.body.id, state],
          );
        return res.body.id;
      };
      await source(bravo, '127.0.0.81', 'generator', 'up');
      await source(alpha, '127.0.0.82', 'generator', 'down');
      await source(bravo, '127.0.0.83', 'electric', 'up');
      await source(bravo, '127.0.0.84', 'electric', 'down');
      await source(alpha, '127.0.0.85', 'electric', 'down');
      await source(alpha, '127.0.0.86', 'generator', null);
      const res = await client.get<PopMonitor>('/pop-monitor', owner.token);
      expect(res.status).toBe(200);
      expect({ ...res.body, cards: undefined }).toEqual({
        total: 6,
        generator: { up: 1, down: 1 },
        electric: { up: 1, down: 2 },
        cards: undefined,
      });
      expect(res.body.cards.map((c) => [c.popName, c.ip, c.state])).toEqual([
        ['Alpha POP', '127.0.0.82', 'down'],
        ['Alpha POP', '127.0.0.85', 'down'],
        ['Bravo POP', '127.0.0.84', 'down'],
        ['Alpha POP', '127.0.0.86', 'unknown'],
        ['Bravo POP', '127.0.0.81', 'up'],
        ['Bravo POP', '127.0.0.83', 'up'],
      ]);
      expect(res.body.cards[0].stateSince).toBe('2026-03-01T10:00:00.000Z');
      const theirs = await client.get<PopMonitor>('/pop-monitor', other.token);
      expect(theirs.body.cards.map((c) => c.ip)).not.toContain('127.0.0.82');
      for (const p of [alpha, bravo]) await client.delete(`/pops/${p.id}`, owner.token);
    });

    it('pages, sorts and filters the outage log; an open outage counts its minutes to now', async () => {
      const owner = await registerAccount(client, 'poplog');
      const alpha = (await client.post<PopRow>('/pops', { name: 'Alpha Log' }, owner.token)).body;
      const bravo = (await client.post<PopRow>('/pops', { name: 'Bravo Log' }, owner.token)).body;
      const src = async (pop: PopRow, ip: string) =>
        (
          await client.post<PopSourceRow>(
            '/pop-sources',
            { popId: pop.id, ip, type: 'electric' },
            owner.token,
          )
        ).body.id;
      const openDown = new Date(Date.now() - 90 * 60_000 - 20_000).toISOString();
      const outage = async (pop: PopRow, ip: string, downAt: string, upAt: string | null) => {
        const sourceId = await src(pop, ip);
        const [row]: { id: string }[] = await db.query(
          `INSERT INTO pop_outage (tenant_id, source_id, pop_id, ip, type, down_at, up_at)
           VALUES ($1, $2, $3, $4, 'electric', $5, $6) RETURNING id`,
          [owner.auth.user.tenantId, sourceId, pop.id, ip, downAt, upAt],
        );
        return row.id;
      };
      const o1 = await outage(alpha, '127.0.0.41', '2026-03-01T10:00:00Z', '2026-03-01T10:30:00Z');
      const o2 = await outage(bravo, '127.0.0.42', '2026-03-02T08:00:00Z', '2026-03-02T08:05:59Z');
      const o3 = await outage(alpha, '127.0.0.5', '2026-03-03T00:00:00Z', '2026-03-03T02:00:00Z');
      const o4 = await outage(bravo, '127.0.0.43', openDown, null);
      const names: Record<string, string> = { [o1]: 'o1', [o2]: 'o2', [o3]: 'o3', [o4]: 'o4' };
      const get = async (q: string) => {
        const res = await client.get<PopOutageList>(`/pop-outages?${q}`, owner.token);
        expect(res.status).toBe(200);
        return res.body;
      };
      const order = async (q: string) => (await get(q)).items.map((o) => names[o.id]);

      const all = await get('');
      expect(all).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      expect(all.items).toEqual([
        {
          id: o4,
          sourceId: expect.any(String),
          popId: bravo.id,
          popName: 'Bravo Log',
          ip: '127.0.0.43',
          type: 'electric',
          downAt: openDown,
          upAt: null,
          downMinutes: 90,
        },
        expect.objectContaining({
          id: o3,
          popName: 'Alpha Log',
          ip: '127.0.0.5',
          upAt: '2026-03-03T02:00:00.000Z',
          downMinutes: 120,
        }),
        expect.objectContaining({ id: o2, downAt: '2026-03-02T08:00:00.000Z', downMinutes: 5 }),
        expect.objectContaining({ id: o1, downMinutes: 30 }),
      ]);
      expect(await order('sort=downAt&order=asc')).toEqual(['o1', 'o2', 'o3', 'o4']);
      // Still open: no up time, last in both directions.
      expect(await order('sort=upAt')).toEqual(['o3', 'o2', 'o1', 'o4']);
      expect(await order('sort=upAt&order=asc')).toEqual(['o1', 'o2', 'o3', 'o4']);
      expect(await order('sort=downMinutes')).toEqual(['o3', 'o4', 'o1', 'o2']);
      expect(await order('sort=downMinutes&order=asc')).toEqual(['o2', 'o1', 'o4', 'o3']);
      // Addresses in numeric order (…0.5 before …0.41).
      expect(await order('sort=ip')).toEqual(['o3', 'o1', 'o2', 'o4']);
      expect(await order('sort=ip&order=desc')).toEqual(['o4', 'o2', 'o1', 'o3']);
      expect(await order('sort=popName')).toEqual(['o3', 'o1', 'o4', 'o2']);
      expect(await order('sort=popName&order=desc')).toEqual(['o4', 'o2', 'o3', 'o1']);

      const page2 = await get('pageSize=3&page=2');
      expect([page2.total, page2.page, page2.pageSize, page2.items.map((o) => names[o.id])]).toEqual([
        4,
        2,
        3,
        ['o1'],
      ]);
      expect(await order(`popId=${alpha.id}`)).toEqual(['o3', 'o1']);
      expect(await order('from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z')).toEqual(['o3', 'o2']);
      expect(await order('from=2026-03-02T14:00:00%2B06:00')).toEqual(['o4', 'o3', 'o2']);
      expect(await order('search=bravo')).toEqual(['o4', 'o2']);
      expect(await order('search=127.0.0.5')).toEqual(['o3']);
      expect((await get('search=127.0.0.5')).total).toBe(1);

      for (const [q, field] of [
        ['from=2026-03-03T00:00:00Z&to=2026-03-02T00:00:00Z', 'to'],
        ['from=2026-03-01T10:00:00', 'from'],
        ['to=2026-02-30T10:00:00Z', 'to'],
        ['sort=duration', 'sort'],
        ['order=up', 'order'],
        ['page=0', 'page'],
        ['pageSize=101', 'pageSize'],
        ['popId=abc', 'popId'],
      ])
        expect((await client.get<ErrorBody>(`/pop-outages?${q}`, owner.token)).body.fields?.[0]?.field).toBe(
          field,
        );
      expect(
        (await client.get<PopOutageList>('/pop-outages', other.token)).body.items.map((o) => o.id),
      ).not.toContain(o1);
      for (const p of [alpha, bravo]) await client.delete(`/pops/${p.id}`, owner.token);
    });
  });

  describe('services', () => {
    it('adds, edits and deletes services with unique names, audited, without touching the ping targets', async () => {
      const v0 = await version();
      const created = await client.post<ServiceRow>('/services', { name: ' Internet 20 Mbps ' }, admin.token);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Internet 20 Mbps',
        active: true,
        createdAt: expect.any(String),
      });
      const id = created.body.id;
      const iptv = await client.post<ServiceRow>('/services', { name: 'IPTV', active: false }, admin.token);
      expect(iptv.body.active).toBe(false);
      const dup = await client.post<ErrorBody>('/services', { name: 'iptv' }, admin.token);
      expect([dup.status, dup.body.fields]).toEqual([
        409,
        [{ field: 'name', message: 'A service named "iptv" already exists' }],
      ]);
      for (const [body, field] of [
        [{ name: '  ' }, 'name'],
        [{ name: 'x'.repeat(101) }, 'name'],
        [{ name: 'Ok', active: 'yes' }, 'active'],
        [{ name: 'Ok', status: 'active' }, 'status'],
      ] as const)
        expect((await client.post<ErrorBody>('/services', body, admin.token)).body.fields?.[0]?.field).toBe(
          field,
        );
      expect((await client.patch(`/services/${id}`, { name: 'IPTV' }, admin.token)).status).toBe(409);
      const edited = await client.patch<ServiceRow>(
        `/services/${id}`,
        { name: 'Internet 30 Mbps', active: false },
        admin.token,
      );
      expect(edited.body).toMatchObject({ id, name: 'Internet 30 Mbps', active: false });
      const reactivated = await client.patch<ServiceRow>(
        `/services/${iptv.body.id}`,
        { active: true },
        admin.token,
      );
      expect(reactivated.body).toMatchObject({ name: 'IPTV', active: true });
      const list = await client.get<ServiceRow[]>('/services', admin.token);
      expect(list.body.map((s) => [s.name, s.active])).toEqual([
        ['Internet 30 Mbps', false],
        ['IPTV', true],
      ]);
      expect(
        (await client.get<ServiceRow[]>('/services?search=inactive', admin.token)).body.map((s) => s.name),
      ).toEqual(['Internet 30 Mbps']);
      expect(
        (await client.get<ServiceRow[]>('/services?search=tv', admin.token)).body.map((s) => s.name),
      ).toEqual(['IPTV']);
      expect((await client.delete(`/services/${id}`, admin.token)).status).toBe(204);
      expect((await client.get<ServiceRow[]>('/services', admin.token)).body.map((s) => s.name)).toEqual([
        'IPTV',
      ]);
      expect(await auditActions(id)).toEqual(['service.create', 'service.update', 'service.delete']);
      expect(await version()).toBe(v0);
      await client.delete(`/services/${iptv.body.id}`, admin.token);
    });
  });

  describe('access', () => {
    /** One row of each kind of tenant A's (admin's), to aim other tenants and users at. */
    const rows = { server: '', pop: '', source: '', service: '' };

    beforeAll(async () => {
      rows.server = (
        await client.post<MonitorServer>('/monitor/servers', { name: 'Mine', ip: '127.0.0.91' }, admin.token)
      ).body.id;
      rows.pop = (await client.post<PopRow>('/pops', { name: 'Mine POP' }, admin.token)).body.id;
      rows.source = (
        await client.post<PopSourceRow>(
          '/pop-sources',
          { popId: rows.pop, ip: '127.0.0.92', type: 'generator' },
          admin.token,
        )
      ).body.id;
      rows.service = (
        await client.post<ServiceRow>('/services', { name: 'Mine service' }, admin.token)
      ).body.id;
    });

    const idRoutes = (): [string, string, unknown][] => [
      ['PATCH', `/monitor/servers/${rows.server}`, { name: 'Taken over' }],
      ['DELETE', `/monitor/servers/${rows.server}`, undefined],
      ['GET', `/monitor/servers/${rows.server}/history`, undefined],
      ['PATCH', `/pops/${rows.pop}`, { name: 'Taken over' }],
      ['DELETE', `/pops/${rows.pop}`, undefined],
      ['PATCH', `/pop-sources/${rows.source}`, { aliveMinutes: 9 }],
      ['DELETE', `/pop-sources/${rows.source}`, undefined],
      ['PATCH', `/services/${rows.service}`, { name: 'Taken over' }],
      ['DELETE', `/services/${rows.service}`, undefined],
    ];

    it('answers 404 to another account on every id route, and to an id that names nothing, changing nothing', async () => {
      const v0 = await version();
      for (const [method, path, body] of idRoutes()) {
        const res = await client.request(method, path, { token: other.token, body });
        expect(`${method} ${path} → ${res.status}`).toBe(`${method} ${path} → 404`);
        const unknown = path.replace(/[0-9a-f-]{36}/, randomUUID());
        expect((await client.request(method, unknown, { token: admin.token, body })).status).toBe(404);
      }
      const theirs = await Promise.all(
        [
          '/monitor/servers',
          '/pops',
          '/pops/options',
          '/pop-sources',
          '/pop-monitor',
          '/pop-outages',
          '/services',
        ].map(async (p) => JSON.stringify((await client.get(p, other.token)).body)),
      );
      for (const id of Object.values(rows)) expect(theirs.filter((t) => t.includes(id))).toEqual([]);
      expect(await version()).toBe(v0);
      expect(
        (await client.get<MonitorServer[]>('/monitor/servers?search=Mine', admin.token)).body.map(
          (s) => s.name,
        ),
      ).toEqual(['Mine']);
      expect(
        (await client.get<PopSourceRow[]>('/pop-sources?search=Mine', admin.token)).body.map(
          (s) => s.aliveMinutes,
        ),
      ).toEqual([0]);
      expect(
        (await client.get<ServiceRow[]>('/services?search=Mine', admin.token)).body.map((s) => s.name),
      ).toEqual(['Mine service']);
    });

    it('needs the code of each screen: 2012 servers, 2013 POPs, 2015 sources, 2014 dashboard, 2011 log, 2016 services', async () => {
      const routes: [string, string, unknown, number[]][] = [
        ['GET', '/monitor/servers', undefined, [2012]],
        ['POST', '/monitor/servers', { name: 'X', ip: '127.0.0.93' }, [2012]],
        ['PATCH', `/monitor/servers/${rows.server}`, { name: 'X' }, [2012]],
        ['DELETE', `/monitor/servers/${rows.server}`, undefined, [2012]],
        ['GET', `/monitor/servers/${rows.server}/history`, undefined, [2012]],
        ['GET', '/pops', undefined, [2013]],
        ['POST', '/pops', { name: 'X' }, [2013]],
        ['PATCH', `/pops/${rows.pop}`, { name: 'X' }, [2013]],
        ['DELETE', `/pops/${rows.pop}`, undefined, [2013]],
        ['GET', '/pops/options', undefined, [2011, 2013, 2014, 2015]],
        ['GET', '/pop-sources', undefined, [2015]],
        ['POST', '/pop-sources', { popId: rows.pop, ip: '127.0.0.94', type: 'electric' }, [2015]],
        ['PATCH', `/pop-sources/${rows.source}`, { aliveMinutes: 2 }, [2015]],
        ['DELETE', `/pop-sources/${rows.source}`, undefined, [2015]],
        ['GET', '/pop-monitor', undefined, [2014]],
        ['GET', '/pop-outages', undefined, [2011]],
        ['GET', '/services', undefined, [2016]],
        ['POST', '/services', { name: 'X' }, [2016]],
        ['PATCH', `/services/${rows.service}`, { name: 'X' }, [2016]],
        ['DELETE', `/services/${rows.service}`, undefined, [2016]],
      ];
      const holders = new Map<number, TestAccount>();
      for (const code of [2011, 2012, 2013, 2014, 2015, 2016])
        holders.set(code, await userWithCodes(client, admin, [code]));
      const failures: string[] = [];
      for (const [method, path, body, codes] of routes)
        for (const [code, user] of holders) {
          if (codes.includes(code)) continue;
          const res = await client.request(method, path, { token: user.token, body });
          if (res.status !== 403) failures.push(`${method} ${path} as holder of ${code} → ${res.status}`);
        }
      expect(failures).toEqual([]);
      // Reads each holder may make.
      const popList = holders.get(2015)!;
      expect((await client.get('/pop-sources', popList.token)).status).toBe(200);
      for (const code of [2011, 2013, 2014, 2015])
        expect((await client.get<PopOption[]>('/pops/options', holders.get(code)!.token)).body).toEqual(
          expect.arrayContaining([{ id: rows.pop, name: 'Mine POP' }]),
        );
      expect((await client.get('/pop-outages', holders.get(2011)!.token)).status).toBe(200);
      expect((await client.get('/pop-monitor', holders.get(2014)!.token)).status).toBe(200);
      // A holder of 2015 alone changes sources but never servers.
      const src = await client.patch<PopSourceRow>(
        `/pop-sources/${rows.source}`,
        { aliveMinutes: 4 },
        popList.token,
      );
      expect(src.body.aliveMinutes).toBe(4);
      expect(
        (await client.get<MonitorServer[]>('/monitor/servers?search=Mine', admin.token)).body.map(
          (s) => s.name,
        ),
      ).toEqual(['Mine']);
      const ping = holders.get(2012)!;
      const renamed = await form('PATCH', `/monitor/servers/${rows.server}`, ping.token, {
        name: 'Mine too',
      });
      expect([renamed.status, renamed.body.name]).toEqual([200, 'Mine too']);
    });
  });
});
