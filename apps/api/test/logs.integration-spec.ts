import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { DeviceLogLine, DeviceLogList, LogDevice } from '@pondesk/contracts';
import { ApiClient, registerAccount, userWithCodes, type TestAccount } from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

interface FieldError {
  field: string;
  message: string;
}

/** One stored line, as the worker's receiver writes it; `minutesAgo` counts back from the test's clock. */
interface SeedLine {
  tenantId: string;
  oltId: string;
  device: 'olt' | 'router';
  minutesAgo: number;
  severity: number | null;
  kind: string;
  message: string;
  onu?: string;
  mac?: string;
  pppoeUser?: string;
}

/*
 * The Log List's API over lines written straight into `device_log` (the worker's receiver is not part of
 * this test): tenancy, per-user OLT visibility, every filter, both orders of every sort, paging and the
 * capped count, the device picker's names, and the 400s of bad filters. Expected values are typed by hand
 * from what is inserted below.
 */
describe('device logs: list, filters, visibility, devices', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  let other: TestAccount;
  let tenantId: string;
  /** The test's clock, whole seconds, so times sent in queries match stored ones exactly. */
  const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
  const at = (minutesAgo: number) => new Date(base - minutesAgo * 60_000).toISOString();
  const olt = { x: '', y: '', z: '', hidden: '', otherTenant: '' };

  async function createOlt(owner: TestAccount, name: string, host: string, mikrotikHost?: string) {
    const res = await client.post<{ id: string }>(
      '/olts',
      {
        name,
        host,
        brand: 'vsol',
        mode: 'epon',
        snmpCommunity: 'logs-community',
        ...(mikrotikHost ? { mikrotikHost, mikrotikPort: 8728, mikrotikPassword: 'logs-mk' } : {}),
      },
      owner.token,
    );
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function insert(lines: SeedLine[]): Promise<void> {
    for (const l of lines)
      await db.query(
        `INSERT INTO device_log (tenant_id, received_at, olt_id, device_kind, source_ip, vendor, severity, kind,
           device_time, message, onu, mac, pppoe_user)
         VALUES ($1, $2, $3, $4, '127.0.0.1', $5, $6, $7, NULL, $8, $9, $10, $11)`,
        [
          l.tenantId,
          at(l.minutesAgo),
          l.oltId,
          l.device,
          l.device === 'router' ? 'mikrotik' : 'vsol',
          l.severity,
          l.kind,
          l.message,
          l.onu ?? null,
          l.mac ?? null,
          l.pppoeUser ?? null,
        ],
      );
  }

  const list = async (query: string, token = admin.token) => {
    const res = await client.get<DeviceLogList>(`/logs?${query}`, token);
    if (res.status !== 200) throw new Error(`/logs?${query} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const messages = (page: DeviceLogList) => page.items.map((l) => l.message);

  // The lines of tenant A in the default window, newest first (M1 … M8 below).
  const M1 = 'ONU EPON0/1:3 deregistered, reason: dying-gasp';
  const M2 = '<pppoe-rahim@isp>: disconnected, peer not responding';
  const M3 = 'PON 0/3 link down';
  const M4 = 'karim@isp logged in, 10.0.0.7';
  const M5 = 'User admin logged in from 127.0.0.1';
  const M6 = 'CPU usage 100% on slot_1';
  const M7 = 'CPU usage 1000 on slotA1';
  const M8 = 'Session accounting stop';
  const OLD = 'Old line beyond the default window';
  const HIDDEN = 'Line of an OLT removed from the list';
  const THEIRS = 'ONU EPON0/1:3 deregistered, reason: power-off';

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    [admin, other] = await Promise.all([registerAccount(client, 'logs'), registerAccount(client, 'logsx')]);
    tenantId = admin.auth.user.tenantId!;
    olt.x = await createOlt(admin, 'Uttara OLT', '127.0.10.1', '127.0.10.2');
    olt.y = await createOlt(admin, 'Banani OLT', '127.0.10.3', '127.0.10.4');
    olt.z = await createOlt(admin, 'Gulshan OLT', '127.0.10.5');
    olt.hidden = await createOlt(admin, 'Removed OLT', '127.0.10.6', '127.0.10.7');
    olt.otherTenant = await createOlt(other, 'Their OLT', '127.0.10.8', '127.0.10.9');
    // Short names where set; the others fall back to the OLT's name ('MikroTik <name>' for a router).
    // Set as an operator does, on the OLT's form.
    const named = await Promise.all([
      client.patch(`/olts/${olt.x}`, { logName: 'uttara' }, admin.token),
      client.patch(`/olts/${olt.y}`, { mikrotikLogName: 'banani-core' }, admin.token),
    ]);
    expect(named.map((r) => [r.status, r.body.logName, r.body.mikrotikLogName])).toEqual([
      [200, 'uttara', null],
      [200, null, 'banani-core'],
    ]);
    await db.query(`UPDATE olt SET show = false WHERE id = $1`, [olt.hidden]);
    const a = { tenantId };
    await insert([
      {
        ...a,
        oltId: olt.x,
        device: 'olt',
        minutesAgo: 10,
        severity: 3,
        kind: 'onu-down',
        message: M1,
        onu: 'EPON0/1:3',
        mac: 'aa:bb:cc:00:00:03',
      },
      {
        ...a,
        oltId: olt.x,
        device: 'router',
        minutesAgo: 20,
        severity: 6,
        kind: 'ppp-down',
        message: M2,
        pppoeUser: 'rahim@isp',
      },
      { ...a, oltId: olt.y, device: 'olt', minutesAgo: 30, severity: 4, kind: 'pon-down', message: M3 },
      {
        ...a,
        oltId: olt.y,
        device: 'router',
        minutesAgo: 40,
        severity: 6,
        kind: 'ppp-up',
        message: M4,
        pppoeUser: 'karim@isp',
      },
      { ...a, oltId: olt.z, device: 'olt', minutesAgo: 50, severity: 5, kind: 'admin-login', message: M5 },
      { ...a, oltId: olt.x, device: 'olt', minutesAgo: 60, severity: 7, kind: 'other', message: M6 },
      { ...a, oltId: olt.x, device: 'olt', minutesAgo: 70, severity: null, kind: 'other', message: M7 },
      {
        ...a,
        oltId: olt.y,
        device: 'router',
        minutesAgo: 80,
        severity: 6,
        kind: 'ppp-down',
        message: M8,
        pppoeUser: 'salma@isp',
      },
      { ...a, oltId: olt.x, device: 'olt', minutesAgo: 10 * 1440, severity: 6, kind: 'other', message: OLD },
      { ...a, oltId: olt.hidden, device: 'olt', minutesAgo: 15, severity: 3, kind: 'other', message: HIDDEN },
      {
        tenantId: other.auth.user.tenantId!,
        oltId: olt.otherTenant,
        device: 'olt',
        minutesAgo: 5,
        severity: 3,
        kind: 'onu-down',
        message: THEIRS,
      },
    ]);
  });
  afterAll(() => api.close());

  it('lists the last 7 days newest first, with the device names and what the parser read', async () => {
    const page = await list('');
    expect(messages(page)).toEqual([M1, M2, M3, M4, M5, M6, M7, M8]);
    expect(page).toMatchObject({ total: 8, page: 1, pageSize: 20 });
    expect(page.items.map((l) => l.deviceName)).toEqual([
      'uttara',
      'MikroTik Uttara OLT',
      'Banani OLT',
      'banani-core',
      'Gulshan OLT',
      'uttara',
      'uttara',
      'banani-core',
    ]);
    const [first, second] = page.items;
    expect(first).toEqual<DeviceLogLine>({
      id: expect.any(String) as string,
      receivedAt: at(10),
      deviceTime: null,
      deviceId: `olt:${olt.x}`,
      deviceKind: 'olt',
      oltId: olt.x,
      deviceName: 'uttara',
      severity: 'error',
      kind: 'onu-down',
      message: M1,
      onu: 'EPON0/1:3',
      mac: 'aa:bb:cc:00:00:03',
      serial: null,
      pppoeUser: null,
      reason: null,
    });
    expect(second).toMatchObject({
      deviceId: `router:${olt.x}`,
      deviceKind: 'router',
      severity: 'info',
      pppoeUser: 'rahim@isp',
    });
    expect(page.items.find((l) => l.message === M7)?.severity).toBeNull();
  });

  it('never shows another tenant’s lines, nor lines of a hidden OLT', async () => {
    const mine = await list('pageSize=100');
    expect(messages(mine)).not.toContain(THEIRS);
    expect(messages(mine)).not.toContain(HIDDEN);
    const theirs = await list('pageSize=100', other.token);
    expect(messages(theirs)).toEqual([THEIRS]);
    expect(theirs.total).toBe(1);
    // The same search that finds the other tenant's line finds only the tenant's own.
    expect(messages(await list('search=deregistered', other.token))).toEqual([THEIRS]);
    expect(messages(await list('search=deregistered'))).toEqual([M1]);
    // Another tenant's device, named in the filter, does not exist for them (and vice versa).
    for (const [deviceId, token] of [
      [`olt:${olt.x}`, other.token],
      [`router:${olt.x}`, other.token],
      [`olt:${olt.otherTenant}`, admin.token],
      [`olt:${olt.hidden}`, admin.token],
      [`olt:${randomUUID()}`, admin.token],
    ]) {
      const res = await client.get<{ message: string; code: string }>(`/logs?deviceId=${deviceId}`, token);
      expect([deviceId, res.status, res.body.message, res.body.code]).toEqual([
        deviceId,
        404,
        'Device not found',
        'LOG_DEVICE_NOT_FOUND',
      ]);
    }
  });

  it('shows a user limited to one OLT that OLT’s and its router’s lines only', async () => {
    const staff = await userWithCodes(client, admin, [2002]);
    // Before any OLT is granted: nothing at all.
    expect(await list('', staff.token)).toMatchObject({ items: [], total: 0 });
    expect((await client.get<LogDevice[]>('/logs/devices', staff.token)).body).toEqual([]);
    const granted = await client.put(
      `/users/${staff.auth.user.id}/olt-permissions`,
      { action: 'add', oltIds: [olt.x] },
      admin.token,
    );
    expect(granted.status).toBe(200);
    const page = await list('pageSize=100', staff.token);
    expect(messages(page)).toEqual([M1, M2, M6, M7]);
    expect(page.total).toBe(4);
    // Searches and filters stay within the OLT: M4 names karim, M3 is a PON line of the other OLT.
    expect(messages(await list('search=karim', staff.token))).toEqual([]);
    expect(messages(await list('kind=pon-down', staff.token))).toEqual([]);
    expect(messages(await list(`deviceId=router:${olt.x}`, staff.token))).toEqual([M2]);
    for (const deviceId of [`olt:${olt.y}`, `router:${olt.y}`, `olt:${olt.z}`]) {
      const res = await client.get<{ message: string }>(`/logs?deviceId=${deviceId}`, staff.token);
      expect([deviceId, res.status, res.body.message]).toEqual([deviceId, 404, 'Device not found']);
    }
    const devices = await client.get<LogDevice[]>('/logs/devices', staff.token);
    expect(devices.body.map((d) => [d.id, d.name])).toEqual([
      [`router:${olt.x}`, 'MikroTik Uttara OLT'],
      [`olt:${olt.x}`, 'uttara'],
    ]);
  });

  it('filters by device', async () => {
    expect(messages(await list(`deviceId=olt:${olt.x}`))).toEqual([M1, M6, M7]);
    expect(messages(await list(`deviceId=router:${olt.x}`))).toEqual([M2]);
    // Upper-case ids are the same device.
    expect(messages(await list(`deviceId=ROUTER:${olt.y.toUpperCase()}`))).toEqual([M4, M8]);
    // An OLT without a router has no router lines.
    expect(await list(`deviceId=router:${olt.z}`)).toMatchObject({ items: [], total: 0 });
  });

  it('filters by event kind and by severity (that severity and worse)', async () => {
    expect(messages(await list('kind=ppp-down'))).toEqual([M2, M8]);
    expect(messages(await list('kind=other'))).toEqual([M6, M7]);
    expect(messages(await list('kind=pon-down'))).toEqual([M3]);
    expect((await list('kind=ppp-auth-fail')).total).toBe(0);
    expect(messages(await list('severity=error'))).toEqual([M1]);
    expect(messages(await list('severity=warning'))).toEqual([M1, M3]);
    expect(messages(await list('severity=notice'))).toEqual([M1, M3, M5]);
    // Debug and worse is every line that has a severity.
    expect(messages(await list('severity=debug'))).toEqual([M1, M2, M3, M4, M5, M6, M8]);
    expect((await list('severity=emergency')).total).toBe(0);
    expect(messages(await list(`kind=ppp-down&deviceId=router:${olt.y}&severity=info`))).toEqual([M8]);
  });

  it('filters by receive time: from inclusive, to exclusive, 7 days by default', async () => {
    expect(messages(await list(`from=${at(40)}&to=${at(20)}`))).toEqual([M3, M4]);
    expect(messages(await list(`from=${at(40)}&to=${at(40)}`))).toEqual([]);
    // Another zone is the same instant.
    const plus6 = new Date(base - 30 * 60_000 + 6 * 3600_000).toISOString().replace('Z', '+06:00');
    expect(messages(await list(`from=${encodeURIComponent(plus6)}&to=${at(29)}`))).toEqual([M3]);
    // A from further back reaches the old line; a to alone reads the 7 days before it.
    expect(messages(await list(`from=${at(11 * 1440)}&pageSize=100`))).toEqual([
      M1,
      M2,
      M3,
      M4,
      M5,
      M6,
      M7,
      M8,
      OLD,
    ]);
    expect(messages(await list(`to=${at(9 * 1440)}`))).toEqual([OLD]);
    expect(messages(await list(`to=${at(18 * 1440)}`))).toEqual([]);
  });

  it('searches the message, without case, wildcards taken literally', async () => {
    expect(messages(await list('search=DEREGISTERED'))).toEqual([M1]);
    // The PPPoE user is found in the message that names it.
    expect(messages(await list('search=RAHIM@isp'))).toEqual([M2]);
    expect(messages(await list('search=Session%20accounting'))).toEqual([M8]);
    expect(messages(await list('search=cpu%20usage'))).toEqual([M6, M7]);
    expect(messages(await list('search=100%25'))).toEqual([M6]);
    expect(messages(await list('search=%25'))).toEqual([M6]);
    expect(messages(await list('search=slot_1'))).toEqual([M6]);
    expect(messages(await list('search=_'))).toEqual([M6]);
    expect(messages(await list('search=%5C'))).toEqual([]);
    expect(messages(await list('search=%20%20logged%20in%20'))).toEqual([M4, M5]);
  });

  it('sorts by receive time, device name and message, both ways', async () => {
    expect(messages(await list('sort=receivedAt&order=asc'))).toEqual([M8, M7, M6, M5, M4, M3, M2, M1]);
    expect(messages(await list('sort=receivedAt&order=desc'))).toEqual([M1, M2, M3, M4, M5, M6, M7, M8]);
    // Names without case: banani olt, banani-core, gulshan olt, mikrotik uttara olt, uttara; the lines
    // of one device newest first in either direction.
    expect(messages(await list('sort=device'))).toEqual([M3, M4, M8, M5, M2, M1, M6, M7]);
    expect(messages(await list('sort=device&order=asc'))).toEqual([M3, M4, M8, M5, M2, M1, M6, M7]);
    expect(messages(await list('sort=device&order=desc'))).toEqual([M1, M6, M7, M2, M5, M4, M8, M3]);
    expect(messages(await list('sort=message&order=asc'))).toEqual([M2, M6, M7, M4, M1, M3, M8, M5]);
    expect(messages(await list('sort=message&order=desc'))).toEqual([M5, M8, M3, M1, M4, M7, M6, M2]);
  });

  it('pages on the server without repeating a line', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => list(`page=${p}&pageSize=3`)));
    expect(pages.map(messages)).toEqual([[M1, M2, M3], [M4, M5, M6], [M7, M8], []]);
    expect(pages.map((p) => [p.page, p.pageSize, p.total])).toEqual([
      [1, 3, 8],
      [2, 3, 8],
      [3, 3, 8],
      [4, 3, 8],
    ]);
    const sorted = await Promise.all([1, 2, 3].map((p) => list(`sort=device&page=${p}&pageSize=3`)));
    expect(sorted.map(messages)).toEqual([
      [M3, M4, M8],
      [M5, M2, M1],
      [M6, M7],
    ]);
  });

  it('counts at most 10,000 matches, yet always far enough to tell a next page', async () => {
    const many = await registerAccount(client, 'logsmany');
    const manyOlt = await createOlt(many, 'Busy OLT', '127.0.10.10');
    // 12,050 lines, one a second back from the test's clock.
    await db.query(
      `INSERT INTO device_log (tenant_id, received_at, olt_id, device_kind, source_ip, severity, kind, message)
       SELECT $1, $2::timestamptz - make_interval(secs => g), $3, 'olt', '127.0.10.10', 6, 'other', 'line ' || g
         FROM generate_series(1, 12050) g`,
      [many.auth.user.tenantId, new Date(base).toISOString(), manyOlt],
    );
    const first = await list('', many.token);
    expect([first.total, first.items.length, first.items[0].message]).toEqual([10_001, 20, 'line 1']);
    // Deep pages count to just past themselves: Next stays possible while lines remain.
    const deep = await list('page=600&pageSize=20', many.token);
    expect([deep.total, deep.items.length, deep.items[0].message]).toEqual([12_001, 20, 'line 11981']);
    const last = await list('page=603&pageSize=20', many.token);
    expect([last.total, last.items.length, last.items.at(-1)?.message]).toEqual([12_050, 10, 'line 12050']);
    // A narrow filter is counted exactly.
    expect((await list('search=line%2012000', many.token)).total).toBe(1);
    // By text, the newest 10,000 matches are sorted (line 10001 is older): 'line 10000' is followed by
    // 'line 1001', and the list says so.
    const byText = await list('sort=message&order=asc', many.token);
    expect([byText.total, byText.sortedWithin]).toEqual([10_000, 10_000]);
    expect(byText.items.slice(0, 6).map((l) => l.message)).toEqual([
      'line 1',
      'line 10',
      'line 100',
      'line 1000',
      'line 10000',
      'line 1001',
    ]);
    expect((await list('sort=message&order=desc', many.token)).items[0].message).toBe('line 9999');
    // Fewer matches than that (line 120, 1200-1209, 12000-12050): all sorted, nothing said.
    const few = await list('sort=message&order=desc&search=line%20120', many.token);
    expect([few.total, few.sortedWithin, few.items[0].message]).toEqual([62, null, 'line 1209']);
  });

  it('lists the devices the user may see: OLTs, and routers where set, by name', async () => {
    const res = await client.get<LogDevice[]>('/logs/devices', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual<LogDevice[]>([
      { id: `olt:${olt.y}`, kind: 'olt', oltId: olt.y, name: 'Banani OLT', address: '127.0.10.3' },
      { id: `router:${olt.y}`, kind: 'router', oltId: olt.y, name: 'banani-core', address: '127.0.10.4' },
      { id: `olt:${olt.z}`, kind: 'olt', oltId: olt.z, name: 'Gulshan OLT', address: '127.0.10.5' },
      {
        id: `router:${olt.x}`,
        kind: 'router',
        oltId: olt.x,
        name: 'MikroTik Uttara OLT',
        address: '127.0.10.2',
      },
      { id: `olt:${olt.x}`, kind: 'olt', oltId: olt.x, name: 'uttara', address: '127.0.10.1' },
    ]);
    const theirs = await client.get<LogDevice[]>('/logs/devices', other.token);
    expect(theirs.body.map((d) => d.name)).toEqual(['MikroTik Their OLT', 'Their OLT']);
  });

  it('refuses users without code 2002 (403) and callers without a token (401)', async () => {
    const viewer = await userWithCodes(client, admin, [2000, 2006, 2021]);
    for (const path of ['/logs', '/logs/devices']) {
      expect([path, (await client.get(path, viewer.token)).status]).toEqual([path, 403]);
      expect([path, (await client.get(path)).status]).toEqual([path, 401]);
    }
  });

  it('answers 400 naming the field for bad filters', async () => {
    const cases: [string, string][] = [
      ['deviceId=olt:nope', 'deviceId'],
      [`deviceId=switch:${olt.x}`, 'deviceId'],
      [`deviceId=${olt.x}`, 'deviceId'],
      [`deviceId=olt:${olt.x}&deviceId=olt:${olt.y}`, 'deviceId'],
      ['deviceId=', 'deviceId'],
      ['kind=everything', 'kind'],
      ['kind=', 'kind'],
      ['severity=3', 'severity'],
      ['severity=loud', 'severity'],
      ['from=yesterday', 'from'],
      ['from=2025-03-01', 'from'],
      ['to=2025-02-30T00:00:00Z', 'to'],
      ['to=2025-03-01T10:00:00', 'to'],
      ['from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', 'to'],
      ['sort=time', 'sort'],
      ['order=up', 'order'],
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      [`search=${'a'.repeat(101)}`, 'search'],
      ['oltId=x', 'oltId'],
    ];
    const failures: string[] = [];
    for (const [query, field] of cases) {
      const res = await client.get<{ fields?: FieldError[] }>(`/logs?${query}`, admin.token);
      if (res.status !== 400 || res.body.fields?.[0]?.field !== field)
        failures.push(`${query} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    const reversed = await client.get<{ message: string }>(
      '/logs?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z',
      admin.token,
    );
    expect(reversed.body.message).toBe('To must not be before from');
  });
});
