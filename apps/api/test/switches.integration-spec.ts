import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  addDaysToDay,
  billingDay,
  type SwitchCatalogue,
  type SwitchCheckResponse,
  type SwitchList,
  type SwitchOption,
  type SwitchPortHistory,
  type SwitchPortList,
  type SwitchRow,
} from '@pondesk/contracts';
import { portSortName } from '@pondesk/server-database';
import { QueueName, switchPollSchedulerId } from '@pondesk/server-queue';
import {
  ApiClient,
  SimulatorProcess,
  registerAccount,
  startWorker,
  userWithCodes,
  type RunningWorker,
  type TestAccount,
} from '@pondesk/server-testing';
import { offerOltPackages } from './support/billing-catalogue';
import { startApi, type RunningApi } from './support/test-app';

type ErrorBody = { message: string; code?: string; fields: { field: string; message: string }[] };

const COMMUNITY = 'switch-secret-community';
/** Loopback only: the workers of other test files share this database and poll every shown switch. */
const validSwitch = {
  name: 'Uttara core switch',
  ip: '127.0.0.61',
  community: COMMUNITY,
  brand: 'snr',
  description: 'Core of the Uttara POP',
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const redisPort = () => Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);

describe('switches API', () => {
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let queue: Queue;
  let a: TestAccount;
  let b: TestAccount;
  let oltA = '';
  let oltB = '';

  const fieldsOf = (body: unknown) => (body as ErrorBody).fields.map((f) => f.field);
  const countSwitches = async (tenantId: string) =>
    (
      (await db.query('SELECT count(*)::int AS n FROM switch WHERE tenant_id = $1', [tenantId])) as {
        n: number;
      }[]
    )[0].n;
  const addOlt = async (owner: TestAccount, name: string, host: string, extra: object = {}) => {
    const res = await client.post<{ id: string }>(
      '/olts',
      {
        ...extra,
        name,
        host,
        brand: 'vsol',
        mode: 'epon',
        snmpPort: 1,
        snmpCommunity: 'olt-community',
        telnetPort: 1,
      },
      owner.token,
    );
    if (res.status !== 201) throw new Error(`OLT: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const addSwitch = async (owner: TestAccount, body: Record<string, unknown>) => {
    const res = await client.post<SwitchRow>('/switches', { ...validSwitch, ...body }, owner.token);
    if (res.status !== 201) throw new Error(`switch: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    await offerOltPackages(db, ['Gold']);
    queue = api.app.get<Queue>(getQueueToken(QueueName.SwitchPoll));
    [a, b] = await Promise.all([registerAccount(client, 'swa'), registerAccount(client, 'swb')]);
    [oltA, oltB] = await Promise.all([
      addOlt(a, 'Uttara OLT', '127.0.0.62'),
      addOlt(b, 'Other tenant OLT', '127.0.0.63'),
    ]);
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    [{ ip: '999.1.1.1' }, 'ip'],
    [{ ip: 'not a host!' }, 'ip'],
    [{ snmpPort: 70000 }, 'snmpPort'],
    [{ snmpPort: 0 }, 'snmpPort'],
    [{ brand: 'huawei' }, 'brand'],
    [{ dataCollectionRatio: 0 }, 'dataCollectionRatio'],
    [{ dataCollectionRatio: 61 }, 'dataCollectionRatio'],
    [{ dataCollectionRatio: 2.5 }, 'dataCollectionRatio'],
    [{ dbAlertRange: 5 }, 'dbAlertRange'],
    [{ dbAlertRange: -41 }, 'dbAlertRange'],
    [{ oltId: 'not-a-uuid' }, 'oltId'],
    [{ community: undefined }, 'community'],
    [{ community: 'line\nbreak' }, 'community'],
    [{ name: '' }, 'name'],
    [{ isAdmin: true }, 'isAdmin'],
  ])('refuses a bad field with a 400 naming it and stores nothing (%#)', async (patch, field) => {
    const res = await client.post('/switches', { ...validSwitch, ...patch }, a.token);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect(await countSwitches(a.auth.user.tenantId!)).toBe(0);
  });

  it('refuses an OLT of another tenant, or one that does not exist, naming oltId', async () => {
    for (const oltId of [oltB, '5b0c1f9e-4a8e-4f4e-9d55-0d3c8f1b2a77']) {
      const res = await client.post('/switches', { ...validSwitch, oltId }, a.token);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['oltId']);
    }
    // An address the device-target policy refuses (the platform's Redis) is named too.
    const refused = await client.post(
      '/switches',
      { ...validSwitch, ip: '127.0.0.1', snmpPort: redisPort() },
      a.token,
    );
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['snmpPort']);
    expect(await countSwitches(a.auth.user.tenantId!)).toBe(0);
  });

  describe('a switch through its life', () => {
    let sw: SwitchRow;

    it('adds a switch with the defaults, seals the community and schedules its poll', async () => {
      const res = await client.post<SwitchRow>('/switches', { ...validSwitch, oltId: oltA }, a.token);
      expect(res.status).toBe(201);
      sw = res.body;
      expect(sw).toMatchObject({
        name: 'Uttara core switch',
        ip: '127.0.0.61',
        snmpPort: 161,
        hasCommunity: true,
        brand: 'snr',
        description: 'Core of the Uttara POP',
        oltId: oltA,
        oltName: 'Uttara OLT',
        whatsappId: null,
        telegramId: null,
        dataCollectionRatio: 5,
        dbAlertRange: -20,
        billingPackage: null,
        expiresOn: null,
        expireStatus: 'active',
        expiryState: 'active',
        status: 'unknown',
        portCount: 0,
        alertPortCount: 0,
      });
      expect(JSON.stringify(res.body)).not.toContain(COMMUNITY);
      expect(Object.keys(res.body)).not.toContain('community');
      const [stored]: { snmp_community_enc: string }[] = await db.query(
        'SELECT snmp_community_enc FROM switch WHERE id = $1',
        [sw.id],
      );
      expect(stored.snmp_community_enc).not.toContain(COMMUNITY);
      expect(stored.snmp_community_enc.length).toBeGreaterThan(COMMUNITY.length);
      const scheduler = await queue.getJobScheduler(switchPollSchedulerId(sw.id));
      expect(Number(scheduler?.every)).toBe(5 * 60_000);
      const got = await client.get<SwitchRow>(`/switches/${sw.id}`, a.token);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(sw);
    });

    it('edits: an empty community keeps the stored one, a new address asks for it again', async () => {
      const [before]: { snmp_community_enc: string }[] = await db.query(
        'SELECT snmp_community_enc FROM switch WHERE id = $1',
        [sw.id],
      );
      const kept = await client.patch<SwitchRow>(
        `/switches/${sw.id}`,
        { community: '', description: null, whatsappId: '+8801700000001', dataCollectionRatio: 10 },
        a.token,
      );
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({
        description: null,
        whatsappId: '+8801700000001',
        dataCollectionRatio: 10,
        hasCommunity: true,
      });
      const [after]: { snmp_community_enc: string }[] = await db.query(
        'SELECT snmp_community_enc FROM switch WHERE id = $1',
        [sw.id],
      );
      expect(after.snmp_community_enc).toBe(before.snmp_community_enc);
      // The interval change moved the scheduler.
      expect(Number((await queue.getJobScheduler(switchPollSchedulerId(sw.id)))?.every)).toBe(10 * 60_000);

      const moved = await client.patch<ErrorBody>(`/switches/${sw.id}`, { ip: '127.0.0.64' }, a.token);
      expect(moved.status).toBe(400);
      expect(moved.body.fields).toEqual([
        { field: 'community', message: "Re-enter the SNMP community: the switch's address changed" },
      ]);
      const port = await client.patch<ErrorBody>(
        `/switches/${sw.id}`,
        { snmpPort: 1161, community: '' },
        a.token,
      );
      expect(port.status).toBe(400);
      expect(fieldsOf(port.body)).toEqual(['community']);
      const retyped = await client.patch<SwitchRow>(
        `/switches/${sw.id}`,
        { ip: '127.0.0.64', community: 'new-community', oltId: null, dbAlertRange: -24.5 },
        a.token,
      );
      expect(retyped.status).toBe(200);
      expect(retyped.body).toMatchObject({
        ip: '127.0.0.64',
        oltId: null,
        oltName: null,
        dbAlertRange: -24.5,
      });
      const [changed]: { snmp_community_enc: string }[] = await db.query(
        'SELECT snmp_community_enc FROM switch WHERE id = $1',
        [sw.id],
      );
      expect(changed.snmp_community_enc).not.toBe(before.snmp_community_enc);

      for (const [body, field] of [
        [{ name: null }, 'name'],
        [{ ip: null }, 'ip'],
        [{ brand: 'juniper' }, 'brand'],
        [{ dataCollectionRatio: 0 }, 'dataCollectionRatio'],
        [{ dbAlertRange: 1 }, 'dbAlertRange'],
        [{ oltId: oltB }, 'oltId'],
      ] as const) {
        const res = await client.patch(`/switches/${sw.id}`, body, a.token);
        expect([res.status, fieldsOf(res.body)]).toEqual([400, [field]]);
      }
      // Null puts the settings back to their defaults.
      const reset = await client.patch<SwitchRow>(
        `/switches/${sw.id}`,
        { dataCollectionRatio: null, dbAlertRange: null },
        a.token,
      );
      expect(reset.body).toMatchObject({ dataCollectionRatio: 5, dbAlertRange: -20 });
    });

    it('lists the switches with counts, search, sort and the expiry status', async () => {
      const second = await addSwitch(a, { name: 'banani access', ip: '127.0.0.65', brand: 'cisco' });
      // Billing writes the expiry; here, directly: yesterday (a Dhaka day) is expired, today still active.
      const today = billingDay();
      await db.query(`UPDATE switch SET expires_on = $2 WHERE id = $1`, [second.id, addDaysToDay(today, -1)]);
      await db.query(`UPDATE switch SET expires_on = $2 WHERE id = $1`, [sw.id, today]);
      const list = await client.get<SwitchList>('/switches', a.token);
      expect(list.status).toBe(200);
      expect(list.body.items.map((s) => [s.name, s.expireStatus, s.expiryState])).toEqual([
        ['banani access', 'expired', 'grace'],
        ['Uttara core switch', 'active', 'expiring'],
      ]);
      expect(list.body.counts).toEqual({ total: 2, online: 0, offline: 0, expired: 1 });
      expect(list.body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      const byIp = await client.get<SwitchList>('/switches?sort=ip&order=desc', a.token);
      expect(byIp.body.items.map((s) => s.ip)).toEqual(['127.0.0.65', '127.0.0.64']);
      const searched = await client.get<SwitchList>('/switches?search=CISCO', a.token);
      expect(searched.body.items.map((s) => s.name)).toEqual(['banani access']);
      expect(searched.body.total).toBe(1);
      expect(searched.body.counts.total).toBe(2);
      const wildcard = await client.get<SwitchList>('/switches?search=%25', a.token);
      expect(wildcard.body.items).toEqual([]);
      expect(JSON.stringify(list.body)).not.toContain('community');
    });

    it('queues a poll now', async () => {
      const res = await client.post(`/switches/${sw.id}/poll`, {}, a.token);
      expect([res.status, res.body]).toEqual([202, { queued: true }]);
      const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      expect(jobs.some((j) => j.id?.startsWith(`poll-now-${sw.id}-`) && j.data.switchId === sw.id)).toBe(
        true,
      );
    });

    it('answers 404 to another tenant on every route naming the switch, and changes nothing', async () => {
      const routes: [string, string, unknown][] = [
        ['GET', `/switches/${sw.id}`, undefined],
        ['PATCH', `/switches/${sw.id}`, { name: 'taken over' }],
        ['DELETE', `/switches/${sw.id}`, undefined],
        ['POST', `/switches/${sw.id}/poll`, {}],
        ['POST', '/switches/check', { ip: '127.0.0.64', snmpPort: 161, switchId: sw.id }],
      ];
      for (const [method, path, body] of routes) {
        const res = await client.request(method, path, { token: b.token, body });
        expect([method, path, res.status]).toEqual([method, path, 404]);
      }
      const mine = await client.get<SwitchRow>(`/switches/${sw.id}`, a.token);
      expect(mine.body.name).toBe('Uttara core switch');
      const theirs = await client.get<SwitchList>('/switches', b.token);
      expect(theirs.body.items).toEqual([]);
      expect(theirs.body.counts.total).toBe(0);
    });

    it('deletes softly: hidden, unscheduled, audited without the community', async () => {
      const res = await client.delete(`/switches/${sw.id}`, a.token);
      expect(res.status).toBe(204);
      expect((await client.get(`/switches/${sw.id}`, a.token)).status).toBe(404);
      expect((await client.delete(`/switches/${sw.id}`, a.token)).status).toBe(404);
      expect(await queue.getJobScheduler(switchPollSchedulerId(sw.id))).toBeFalsy();
      const [row]: { show: boolean }[] = await db.query('SELECT show FROM switch WHERE id = $1', [sw.id]);
      expect(row.show).toBe(false);
      const list = await client.get<SwitchList>('/switches', a.token);
      expect(list.body.items.map((s) => s.name)).toEqual(['banani access']);
      const audit: { action: string; before: unknown; after: unknown }[] = await db.query(
        `SELECT action, before, after FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id`,
        [sw.id],
      );
      expect(audit.map((r) => r.action)).toEqual([
        'switch.create',
        'switch.update',
        'switch.update',
        'switch.update',
        'switch.delete',
      ]);
      const text = JSON.stringify(audit);
      expect(text).not.toContain(COMMUNITY);
      expect(text).not.toContain('new-community');
      expect(text).not.toContain('snmpCommunityEnc');
      expect(audit[2].after).toMatchObject({ ip: '127.0.0.64', communityChanged: true });
    });
  });

  it('offers the form its choices and the filters their switches and ports', async () => {
    const owner = await registerAccount(client, 'swc');
    const olt = await addOlt(owner, 'Mirpur OLT', '127.0.0.66', { billingPackage: 'Gold', billingMonths: 1 });
    const zeta = await addSwitch(owner, { name: 'zeta', ip: '127.0.0.67', billingPackage: 'Silver' });
    const eta = await addSwitch(owner, { name: 'Eta', ip: '127.0.0.68' });
    await insertPorts(db, owner.auth.user.tenantId!, zeta.id, [
      { name: 'Gi1/0/10' },
      { name: 'Gi1/0/2' },
      { name: 'Gi1/0/9' },
    ]);
    const catalogue = await client.get<SwitchCatalogue>('/switches/catalogue', owner.token);
    expect(catalogue.body).toEqual({
      brands: [
        { code: 'snr', label: 'SNR' },
        { code: 'cisco', label: 'Cisco' },
        { code: 'mikrotik', label: 'MikroTik' },
        { code: 'bdcom', label: 'BDCOM' },
        { code: 'fs', label: 'FS' },
        { code: 'other', label: 'Other (ENTITY-SENSOR-MIB)' },
      ],
      olts: [{ id: olt, name: 'Mirpur OLT' }],
      billingPackages: ['Gold', 'Silver'],
    });
    const viewer = await userWithCodes(client, owner, [2009]);
    const options = await client.get<SwitchOption[]>('/switches/options', viewer.token);
    expect(options.status).toBe(200);
    expect(options.body.map((o) => [o.id, o.name, o.ports.map((p) => p.name)])).toEqual([
      [eta.id, 'Eta', []],
      [zeta.id, 'zeta', ['Gi1/0/2', 'Gi1/0/9', 'Gi1/0/10']],
    ]);
  });

  it('holds every /switches route to code 2004, and the port reads to 2004 or 2009', async () => {
    const owner = await registerAccount(client, 'swp');
    const sw = await addSwitch(owner, { ip: '127.0.0.69' });
    const [port] = await insertPorts(db, owner.auth.user.tenantId!, sw.id, [{ name: 'Gi0/1' }]);
    const viewer = await userWithCodes(client, owner, [2009]);
    const other = await userWithCodes(client, owner, [2000, 2001, 2006]);
    const manager = await userWithCodes(client, owner, [2004]);
    const management: [string, string, unknown][] = [
      ['GET', '/switches', undefined],
      ['GET', '/switches/catalogue', undefined],
      ['POST', '/switches', { ...validSwitch, ip: '127.0.0.70' }],
      ['GET', `/switches/${sw.id}`, undefined],
      ['PATCH', `/switches/${sw.id}`, { name: 'renamed' }],
      ['DELETE', `/switches/${sw.id}`, undefined],
      ['POST', `/switches/${sw.id}/poll`, {}],
      ['POST', '/switches/check', { ip: '127.0.0.69', snmpPort: 161, switchId: sw.id }],
    ];
    const reads: [string, string, unknown][] = [
      ['GET', '/switch-ports', undefined],
      ['GET', `/switch-ports/${port}/history`, undefined],
      ['GET', '/switches/options', undefined],
    ];
    for (const [method, path, body] of management) {
      for (const user of [viewer, other]) {
        const res = await client.request(method, path, { token: user.token, body });
        expect([method, path, res.status]).toEqual([method, path, 403]);
      }
    }
    for (const [method, path, body] of reads) {
      expect([path, (await client.request(method, path, { token: other.token, body })).status]).toEqual([
        path,
        403,
      ]);
      expect([path, (await client.request(method, path, { token: viewer.token, body })).status]).toEqual([
        path,
        200,
      ]);
      expect([path, (await client.request(method, path, { token: manager.token, body })).status]).toEqual([
        path,
        200,
      ]);
    }
    expect((await client.get(`/switches/${sw.id}`, manager.token)).status).toBe(200);
    expect(await countSwitches(owner.auth.user.tenantId!)).toBe(1);
  });

  describe('the form check', () => {
    let owner: TestAccount;
    let sw: SwitchRow;

    beforeAll(async () => {
      owner = await registerAccount(client, 'swk');
      sw = await addSwitch(owner, { ip: '127.0.0.71', snmpPort: 1161 });
    });

    it('needs a community, or a stored switch at its own address', async () => {
      const none = await client.post<ErrorBody>(
        '/switches/check',
        { ip: '127.0.0.71', snmpPort: 1161 },
        owner.token,
      );
      expect([none.status, fieldsOf(none.body)]).toEqual([400, ['community']]);
      const elsewhere = await client.post<ErrorBody>(
        '/switches/check',
        { ip: '127.0.0.72', snmpPort: 1161, switchId: sw.id },
        owner.token,
      );
      expect([elsewhere.status, fieldsOf(elsewhere.body)]).toEqual([400, ['community']]);
      const otherPort = await client.post<ErrorBody>(
        '/switches/check',
        { ip: '127.0.0.71', snmpPort: 161, switchId: sw.id },
        owner.token,
      );
      expect([otherPort.status, fieldsOf(otherPort.body)]).toEqual([400, ['community']]);
      for (const [body, field] of [
        [{ ip: 'x y', snmpPort: 161, community: 'c' }, 'ip'],
        [{ ip: '127.0.0.71', snmpPort: 0, community: 'c' }, 'snmpPort'],
        [{ ip: '127.0.0.71', snmpPort: 161, community: 'c', detect: 'yes' }, 'detect'],
        [{ ip: '127.0.0.71', snmpPort: 161, switchId: 'nope' }, 'switchId'],
      ] as const) {
        const res = await client.post('/switches/check', body, owner.token);
        expect([res.status, fieldsOf(res.body)]).toEqual([400, [field]]);
      }
    });

    it('refuses an address the device-target policy forbids, and audits the refusal', async () => {
      const res = await client.post<ErrorBody>(
        '/switches/check',
        { ip: '127.0.0.1', snmpPort: redisPort(), community: 'probe-community' },
        owner.token,
      );
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['snmpPort']);
      const rows: { action: string; after: Record<string, unknown> }[] = await db.query(
        `SELECT action, after FROM audit_log WHERE tenant_id = $1 AND action = 'switch.check.refused'`,
        [owner.auth.user.tenantId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].after).toMatchObject({ ip: '127.0.0.1', snmpPort: redisPort() });
      expect(JSON.stringify(rows)).not.toContain('probe-community');
    });
  });

  describe('the port list', () => {
    let owner: TestAccount;
    const ids: Record<string, string> = {};
    let switches: Record<string, string> = {};
    let foreignSwitch = '';

    const names = (list: SwitchPortList) =>
      list.items.map((p) => Object.keys(ids).find((k) => ids[k] === p.id));
    const list = async (query: string) => {
      const res = await client.get<SwitchPortList>(`/switch-ports${query}`, owner.token);
      expect(res.status).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      owner = await registerAccount(client, 'swl');
      const tenantId = owner.auth.user.tenantId!;
      const alpha = await addSwitch(owner, { name: 'alpha-sw', ip: '127.0.0.81' });
      const bravo = await addSwitch(owner, { name: 'Bravo-sw', ip: '127.0.0.82', dbAlertRange: -25 });
      const charlie = await addSwitch(owner, { name: 'charlie-sw', ip: '127.0.0.83' });
      const delta = await addSwitch(owner, { name: 'delta-sw', ip: '127.0.0.84' });
      switches = { alpha: alpha.id, bravo: bravo.id, charlie: charlie.id };
      // As the worker stores them: power judged by each switch's alert level (alpha/charlie -20, bravo -25).
      const [a1, a2, a3] = await insertPorts(db, tenantId, alpha.id, [
        { name: 'Gi1/0/2', link: 'up', rx: -5.5, tx: -3.1, power: 'good', description: 'uplink core' },
        { name: 'Gi1/0/10', link: 'up', rx: -21, tx: -2, power: 'critical', description: 'to OLT Uttara_%' },
        { name: 'Gi1/0/9', link: 'down', rx: null, tx: -4, power: 'down' },
      ]);
      const [b1, b2] = await insertPorts(db, tenantId, bravo.id, [
        { name: 'Te1/1', link: 'up', rx: -23.5, tx: -1.5, power: 'warning', description: 'Mirpur POP' },
        { name: 'Te1/2', link: 'unknown', rx: null, tx: null, power: 'none' },
      ]);
      const [c1, c2] = await insertPorts(db, tenantId, charlie.id, [
        { name: 'Gi1/0/1', link: 'up', rx: -12.25, tx: -6, power: 'good', description: 'UPLINK backup' },
        { name: 'Gi1/0/2', link: 'down', rx: -35.5, tx: null, power: 'down' },
      ]);
      Object.assign(ids, { a1, a2, a3, b1, b2, c1, c2 });
      // A deleted switch's ports, and another tenant's, are never listed.
      await insertPorts(db, tenantId, delta.id, [
        { name: 'Gi1/0/1', link: 'up', rx: -3, tx: -3, power: 'good' },
      ]);
      expect((await client.delete(`/switches/${delta.id}`, owner.token)).status).toBe(204);
      const foreign = await addSwitch(b, { name: 'alpha-sw', ip: '127.0.0.85' });
      foreignSwitch = foreign.id;
      await insertPorts(db, b.auth.user.tenantId!, foreign.id, [
        { name: 'Gi1/0/2', description: 'uplink core' },
      ]);
    });

    it('pages on the server in natural port order with the counts', async () => {
      const all = await list('');
      expect(names(all)).toEqual(['a1', 'a3', 'a2', 'b1', 'b2', 'c1', 'c2']);
      expect(all).toMatchObject({ total: 7, page: 1, pageSize: 20 });
      expect(all.counts).toEqual({ total: 7, up: 4, down: 2, critical: 1, warning: 1 });
      expect(all.items[2]).toEqual({
        id: ids.a2,
        switchId: switches.alpha,
        switchName: 'alpha-sw',
        ifIndex: 2,
        name: 'Gi1/0/10',
        description: 'to OLT Uttara_%',
        link: 'up',
        rxDbm: -21,
        txDbm: -2,
        temperatureC: 35.5,
        voltageV: 3.3,
        biasMa: 12.5,
        power: 'critical',
        alertDbm: -20,
        changedAt: null,
        updatedAt: '2026-11-20T10:00:00.000Z',
      });
      expect(all.items.find((p) => p.id === ids.b1)?.alertDbm).toBe(-25);
      expect(names(await list('?pageSize=3&page=2'))).toEqual(['b1', 'b2', 'c1']);
      const last = await list('?pageSize=3&page=3');
      expect(names(last)).toEqual(['c2']);
      expect(last.total).toBe(7);
      expect(names(await list('?pageSize=3&page=4'))).toEqual([]);
    });

    it.each([
      ['switch', 'asc', ['a1', 'a3', 'a2', 'b1', 'b2', 'c1', 'c2']],
      ['switch', 'desc', ['c1', 'c2', 'b1', 'b2', 'a1', 'a3', 'a2']],
      ['port', 'asc', ['c1', 'a1', 'c2', 'a3', 'a2', 'b1', 'b2']],
      ['port', 'desc', ['b2', 'b1', 'a2', 'a3', 'a1', 'c2', 'c1']],
      ['status', 'asc', ['a1', 'a2', 'b1', 'c1', 'a3', 'c2', 'b2']],
      ['status', 'desc', ['a3', 'c2', 'a1', 'a2', 'b1', 'c1', 'b2']],
      ['rx', 'asc', ['c2', 'b1', 'a2', 'c1', 'a1', 'a3', 'b2']],
      ['rx', 'desc', ['a1', 'c1', 'a2', 'b1', 'c2', 'a3', 'b2']],
      ['tx', 'asc', ['c1', 'a3', 'a1', 'a2', 'b1', 'b2', 'c2']],
      ['tx', 'desc', ['b1', 'a2', 'a1', 'a3', 'c1', 'b2', 'c2']],
      ['power', 'asc', ['a3', 'c2', 'a2', 'b1', 'a1', 'c1', 'b2']],
      ['power', 'desc', ['a1', 'c1', 'b1', 'a2', 'a3', 'c2', 'b2']],
    ])('sorts by %s %s, blanks last and ties in a stable order', async (sort, order, expected) => {
      expect(names(await list(`?sort=${sort}&order=${order}`))).toEqual(expected);
      // Pages of the same sort join up to the whole list.
      const pages = [1, 2, 3].map((page) => list(`?sort=${sort}&order=${order}&pageSize=3&page=${page}`));
      expect((await Promise.all(pages)).flatMap(names)).toEqual(expected);
    });

    it('searches switch names, port names and descriptions, with wildcards taken literally', async () => {
      const uplink = await list('?search=uplink');
      expect(names(uplink)).toEqual(['a1', 'c1']);
      expect(uplink.counts).toEqual({ total: 2, up: 2, down: 0, critical: 0, warning: 0 });
      expect(names(await list('?search=BRAVO'))).toEqual(['b1', 'b2']);
      expect(names(await list('?search=te1%2F'))).toEqual(['b1', 'b2']);
      expect(names(await list('?search=_%25'))).toEqual(['a2']);
      expect(names(await list('?search=%25'))).toEqual(['a2']);
      expect(names(await list('?search=nothing-like-this'))).toEqual([]);
    });

    it('filters by switch and by exact port name', async () => {
      const charlie = await list(`?switchId=${switches.charlie}`);
      expect(names(charlie)).toEqual(['c1', 'c2']);
      expect(charlie.counts).toEqual({ total: 2, up: 1, down: 1, critical: 0, warning: 0 });
      expect(names(await list('?port=Gi1%2F0%2F2'))).toEqual(['a1', 'c2']);
      expect(names(await list(`?port=Gi1%2F0%2F2&switchId=${switches.alpha}`))).toEqual(['a1']);
      expect(names(await list('?port=Gi1%2F0'))).toEqual([]);
      // Another tenant's switch id filters to nothing.
      const foreign = await list(`?switchId=${foreignSwitch}`);
      expect([foreign.total, foreign.items]).toEqual([0, []]);
      for (const bad of ['?pageSize=101', '?sort=olt', '?order=up', '?switchId=abc', '?page=0']) {
        const res = await client.get<ErrorBody>(`/switch-ports${bad}`, owner.token);
        expect([bad, res.status]).toEqual([bad, 400]);
        expect(fieldsOf(res.body)).toEqual([bad.slice(1).split('=')[0]]);
      }
    });

    describe('a port history', () => {
      let uttara = '';
      const now = Date.now();
      const at = (ms: number) => new Date(now - ms).toISOString();
      /** The hour `days` before now, on the hour. */
      const hourAgo = (days: number) => new Date(Math.floor((now - days * DAY) / HOUR) * HOUR).toISOString();

      beforeAll(async () => {
        const tenantId = owner.auth.user.tenantId!;
        uttara = await addOlt(owner, 'Uttara', '127.0.0.86');
        await addOlt(owner, 'Banani', '127.0.0.87');
        // Three ONUs behind Uttara, two online (the poll keeps these counts; here, directly).
        for (const [onuId, status] of [
          [1, 'online'],
          [2, 'online'],
          [3, 'offline'],
        ] as const)
          await db.query(
            `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status) VALUES ($1, $2, 1, $3, $4, $5)`,
            [tenantId, uttara, onuId, `EPON0/1:${onuId}`, status],
          );
        await db.query('UPDATE olt SET onu_count = 3, online_onu_count = 2 WHERE id = $1', [uttara]);
        await db.query(
          `INSERT INTO switch_port_sample (port_id, tenant_id, switch_id, sampled_at, link_up, rx_dbm, tx_dbm)
           VALUES ($1, $2, $3, $4, true, -20.5, -2.25), ($1, $2, $3, $5, true, -21, -2), ($1, $2, $3, $6, false, NULL, -2),
                  ($1, $2, $3, $7, true, -19, -2)`,
          [ids.a2, tenantId, switches.alpha, at(3 * HOUR), at(2 * HOUR), at(HOUR), at(30 * HOUR)],
        );
        await db.query(
          `INSERT INTO switch_port_hourly (port_id, hour, tenant_id, rx_min, rx_avg, rx_max, tx_avg, sample_count, down_count)
           VALUES ($1, $3, $2, -21.5, -20.75, -20, -2.5, 12, 0), ($1, $4, $2, -22, -21.5, -21, -2.25, 12, 2),
                  ($1, $5, $2, -19.5, -19.25, -19, -2, 12, 0)`,
          [ids.a2, tenantId, hourAgo(5), hourAgo(4), hourAgo(3)],
        );
        await db.query(
          `INSERT INTO switch_port_event (tenant_id, switch_id, port_id, kind, rx_dbm, at)
           VALUES ($1, $2, $3, 'link-down', NULL, $4), ($1, $2, $3, 'rx-low', -21, $5), ($1, $2, $3, 'link-up', -19, $6)`,
          [tenantId, switches.alpha, ids.a2, at(HOUR), at(5 * HOUR), at(10 * DAY)],
        );
      });

      it('gives the last 24 hours of raw samples, its events newest first and the OLTs its description names', async () => {
        const res = await client.get<SwitchPortHistory>(`/switch-ports/${ids.a2}/history`, owner.token);
        expect(res.status).toBe(200);
        const h = res.body;
        expect(h.resolution).toBe('raw');
        expect(Date.parse(h.to) - Date.parse(h.from)).toBe(DAY);
        expect(h.port).toMatchObject({
          id: ids.a2,
          name: 'Gi1/0/10',
          switchName: 'alpha-sw',
          power: 'critical',
        });
        expect(h.points).toEqual([
          { at: at(3 * HOUR), rxDbm: -20.5, txDbm: -2.25, linkUp: true },
          { at: at(2 * HOUR), rxDbm: -21, txDbm: -2, linkUp: true },
          { at: at(HOUR), rxDbm: null, txDbm: -2, linkUp: false },
        ]);
        expect(h.events.map((e) => [e.kind, e.rxDbm, e.at, e.portName, e.portId])).toEqual([
          ['link-down', null, at(HOUR), 'Gi1/0/10', ids.a2],
          ['rx-low', -21, at(5 * HOUR), 'Gi1/0/10', ids.a2],
        ]);
        expect(h.olts).toEqual([{ id: uttara, name: 'Uttara', onuCount: 3, onlineOnuCount: 2 }]);
        // Up to 48 hours stays raw.
        const twoDays = await client.get<SwitchPortHistory>(
          `/switch-ports/${ids.a2}/history?from=${at(48 * HOUR)}&to=${at(0)}`,
          owner.token,
        );
        expect(twoDays.body.resolution).toBe('raw');
        expect(twoDays.body.points.map((p) => p.rxDbm)).toEqual([-19, -20.5, -21, null]);
      });

      it('reads hourly rollups beyond 48 hours', async () => {
        const res = await client.get<SwitchPortHistory>(
          `/switch-ports/${ids.a2}/history?from=${at(7 * DAY)}&to=${at(2.5 * DAY)}`,
          owner.token,
        );
        expect(res.status).toBe(200);
        expect(res.body.resolution).toBe('hour');
        expect(res.body.points).toEqual([
          { at: hourAgo(5), rxDbm: -20.75, txDbm: -2.5, rxMin: -21.5, rxMax: -20, linkUp: true },
          { at: hourAgo(4), rxDbm: -21.5, txDbm: -2.25, rxMin: -22, rxMax: -21, linkUp: false },
          { at: hourAgo(3), rxDbm: -19.25, txDbm: -2, rxMin: -19.5, rxMax: -19, linkUp: true },
        ]);
        expect(res.body.events).toEqual([]);
        const long = await client.get<SwitchPortHistory>(
          `/switch-ports/${ids.a2}/history?from=${at(11 * DAY)}&to=${at(9 * DAY)}`,
          owner.token,
        );
        expect(long.body.events.map((e) => e.kind)).toEqual(['link-up']);
      });

      it('refuses bad ranges naming the field, and ports it cannot see', async () => {
        const cases: [string, string][] = [
          [`?from=${at(DAY)}&to=${at(DAY)}`, 'to'],
          [`?from=${at(DAY)}&to=${at(2 * DAY)}`, 'to'],
          [`?from=${at(91 * DAY)}&to=${at(0)}`, 'from'],
          [`?from=${at(91 * DAY)}`, 'from'],
          [`?from=${new Date(now + DAY).toISOString()}`, 'from'],
          ['?from=2026-02-30T00:00:00Z', 'from'],
          ['?to=yesterday', 'to'],
        ];
        for (const [query, field] of cases) {
          const res = await client.get<ErrorBody>(`/switch-ports/${ids.a2}/history${query}`, owner.token);
          expect([query, res.status, fieldsOf(res.body)]).toEqual([query, 400, [field]]);
        }
        expect(
          (await client.get(`/switch-ports/${ids.a2}/history?from=${at(90 * DAY)}&to=${at(0)}`, owner.token))
            .status,
        ).toBe(200);
        expect((await client.get(`/switch-ports/${ids.a2}/history`, b.token)).status).toBe(404);
        // A staff member without code 2000 nor OLT grants sees the port but no OLT behind it.
        const viewer = await userWithCodes(client, owner, [2009]);
        const seen = await client.get<SwitchPortHistory>(`/switch-ports/${ids.a2}/history`, viewer.token);
        expect(seen.status).toBe(200);
        expect(seen.body.olts).toEqual([]);
      });
    });
  });

  /** Last: the worker's SNMP check of a simulated switch (the worker also polls the stored switches). */
  describe('the live check against a simulated switch', () => {
    let sim: SimulatorProcess;
    let worker: RunningWorker;
    let dir = '';
    let owner: TestAccount;
    let device: { host: string; snmpPort: number; community: string };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'pondesk-switch-it-'));
      const fleet = join(dir, 'fleet.json');
      writeFileSync(
        fleet,
        JSON.stringify({
          name: 'switch-check',
          seed: 7,
          devices: [{ name: 'snr-check-1', brand: 'snr', ports: 28, sfpPorts: 4, hostname: 'SNR-S2965' }],
        }),
      );
      [sim, worker] = await Promise.all([
        SimulatorProcess.start({ file: fleet }),
        startWorker({ DATABASE_URL: process.env.DATABASE_URL! }),
      ]);
      const [d] = await sim.devices();
      device = { host: d.host, snmpPort: d.snmpPort, community: d.community };
      owner = await registerAccount(client, 'swd');
    });
    afterAll(async () => {
      await worker?.stop();
      await sim?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('answers open with the brand found, closed for a wrong community, and uses a stored community', async () => {
      const body = { ip: device.host, snmpPort: device.snmpPort, community: device.community, detect: true };
      const open = await client.post<SwitchCheckResponse>('/switches/check', body, owner.token);
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({
        ip: device.host,
        snmpPort: device.snmpPort,
        status: 'open',
        brand: 'snr',
      });
      expect(open.body.sysDescr).toEqual(expect.any(String));
      const wrong = await client.post<SwitchCheckResponse>(
        '/switches/check',
        { ...body, community: 'not-the-community', detect: false },
        owner.token,
      );
      expect(wrong.status).toBe(200);
      expect(wrong.body).toMatchObject({ status: 'closed', brand: null });
      const sw = await addSwitch(owner, {
        name: 'snr-check-1',
        ip: device.host,
        snmpPort: device.snmpPort,
        community: device.community,
      });
      const stored = await client.post<SwitchCheckResponse>(
        '/switches/check',
        { ip: device.host, snmpPort: device.snmpPort, switchId: sw.id },
        owner.token,
      );
      expect(stored.status).toBe(200);
      expect(stored.body.status).toBe('open');
    }, 60000);
  });
});

interface PortSeed {
  name: string;
  link?: 'up' | 'down' | 'unknown';
  rx?: number | null;
  tx?: number | null;
  power?: 'down' | 'critical' | 'warning' | 'good' | 'none';
  description?: string | null;
}

/** Ports as a poll stores them (ifIndex in order, fixed optics extras); answers their ids in order. */
async function insertPorts(
  db: DataSource,
  tenantId: string,
  switchId: string,
  ports: PortSeed[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, p] of ports.entries()) {
    const [row]: { id: string }[] = await db.query(
      `INSERT INTO switch_port (tenant_id, switch_id, port_key, if_index, name, sort_name, description, link, rx_dbm,
         tx_dbm, temperature_c, voltage_v, bias_ma, power, changed_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 35.5, 3.3, 12.5, $11, NULL, '2026-11-20T10:00:00Z')
       RETURNING id`,
      [
        tenantId,
        switchId,
        `if${i + 1}`,
        i + 1,
        p.name,
        portSortName(p.name),
        p.description ?? null,
        p.link ?? 'up',
        p.rx ?? null,
        p.tx ?? null,
        p.power ?? 'none',
      ],
    );
    ids.push(row.id);
  }
  return ids;
}
