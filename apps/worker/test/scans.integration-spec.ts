import type {
  InactiveScanResults,
  MacFindStarted,
  OltDetail,
  ScanOltFinishedEvent,
  ScanOlts,
  ScanOltStartedEvent,
  ScanStarted,
} from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  connectSocket,
  registerAccount,
  startTestStack,
  userWithCodes,
  waitFor,
  type SimOnuState,
  type SimulatorProcess,
  type TestAccount,
  type TestSocket,
  type TestStack,
} from '@pondesk/server-testing';
import type { DataSource } from 'typeorm';

jest.setTimeout(120_000);

/**
 * Scans against the simulated fleet, through the real API, worker, Redis and sockets. Expected values
 * are the simulator's held state (the ONUs, their client MACs, their down reasons): checks of the scan
 * plumbing and of the drivers against the simulator, not against a real OLT (the drivers' parsers are
 * checked on recordings in libs/device).
 */
const FLEET = [
  { name: 'scan-bdcom-gpon', brand: 'bdcom', mode: 'gpon' },
  { name: 'scan-bdcom-epon', brand: 'bdcom', mode: 'epon' },
  { name: 'scan-vsol-gpon', brand: 'vsol', mode: 'gpon' },
  { name: 'scan-vsol-epon', brand: 'vsol', mode: 'epon' },
  { name: 'scan-cdata-epon', brand: 'cdata', mode: 'epon' },
  { name: 'scan-avies-epon', brand: 'avies', mode: 'epon' },
] as const;

describe('scans over the simulated fleet', () => {
  let stack: TestStack;
  let client: ApiClient;
  let sim: SimulatorProcess;
  let db: DataSource;
  let admin: TestAccount;
  let socket: TestSocket;
  const olts = new Map<string, OltDetail>();
  const started: ScanOltStartedEvent[] = [];
  const finished: ScanOltFinishedEvent[] = [];

  const oltOf = (device: string) => olts.get(device)!;
  const answers = (scanId: string) => finished.filter((e) => e.scanId === scanId);
  const allAnswered = (scanId: string, n: number) =>
    waitFor(async () => new Set(answers(scanId).map((e) => e.oltId)).size >= n, {
      timeoutMs: 60_000,
      what: `every OLT's answer to scan ${scanId}`,
    });

  beforeAll(async () => {
    // One scan job at a time, so a cancel lands before the later OLTs begin.
    stack = await startTestStack({
      fleet: FLEET.map((d) => ({ ...d, ponPorts: 2, onusPerPort: 8 })),
      env: { POLL_CONCURRENCY: '1' },
    });
    sim = stack.simulator!;
    client = new ApiClient(stack.url);
    db = createDataSource(stack.database.url);
    await db.initialize();
    admin = await registerAccount(client, 'scans');
    for (const d of FLEET) {
      const device = await sim.device(d.name);
      const res = await client.post<OltDetail>(
        '/olts',
        {
          name: d.name,
          host: device.host,
          brand: d.brand,
          mode: d.mode,
          snmpPort: device.snmpPort,
          snmpCommunity: device.community,
          telnetPort: device.telnetPort,
          ...(device.httpPort ? { httpPort: device.httpPort } : {}),
          username: device.username,
          password: device.password,
        },
        admin.token,
      );
      expect(res.status).toBe(201);
      olts.set(d.name, res.body);
    }
    await waitFor(
      async () =>
        (await db.query('SELECT count(*)::int AS n FROM olt WHERE onu_count = 16'))[0].n === FLEET.length,
      { timeoutMs: 60_000, what: 'the first poll of every OLT' },
    );
    socket = await connectSocket(stack.url, admin.token);
    socket.on('scan.olt.started', (e) => started.push(e));
    socket.on('scan.olt.finished', (e) => finished.push(e));
  });

  afterAll(async () => {
    socket?.close();
    await db?.destroy();
    await stack?.stop();
  });

  it('finds a client MAC learned behind an ONU on its OLT and port, with the ONU’s PPPoE ids and live optics', async () => {
    const device = 'scan-bdcom-gpon';
    const onus = await sim.onus(device);
    const u = onus.find((o) => o.status === 'online' && o.clientMacs.length > 0)!;
    const mac = u.clientMacs[0].mac;
    const [stored] = await db.query(
      'SELECT id, pppoe_ids AS "pppoeIds" FROM onu WHERE olt_id = $1 AND pon_port = $2 AND onu_id = $3',
      [oltOf(device).id, u.ponPort, u.onuId],
    );
    // Typed as an operator copies it from a router: upper-case, dashes.
    const res = await client.post<MacFindStarted>(
      '/scans/mac-find',
      { mac: mac.toUpperCase().replace(/:/g, '-') },
      admin.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.mac).toBe(mac);
    expect(res.body.olts.map((o) => o.id).sort()).toEqual([...olts.values()].map((o) => o.id).sort());
    expect(res.body.stored).toEqual([]); // a client MAC is no ONU's own
    await allAnswered(res.body.scanId, FLEET.length);
    const got = answers(res.body.scanId);
    expect(got.every((e) => e.ok && e.kind === 'mac-find')).toBe(true);
    const withHits = got.filter((e) => e.hits!.length > 0);
    expect(withHits.map((e) => e.oltId)).toEqual([oltOf(device).id]);
    expect(withHits[0].hits).toEqual([
      expect.objectContaining({
        source: 'live',
        kind: 'learned',
        mac,
        vlan: u.clientMacs[0].vlan,
        ponPort: u.ponPort,
        onuId: u.onuId,
        onuRef: stored.id,
        pppoeIds: stored.pppoeIds,
        opticsSource: 'live',
      }),
    ]);
    const optics = withHits[0].hits![0].optics!;
    expect(optics.rxDbm).toBeCloseTo(u.rxDbm!, 1);
    // Each OLT said when its part began (progress), before its answer.
    expect(new Set(started.filter((e) => e.scanId === res.body.scanId).map((e) => e.oltId)).size).toBe(
      FLEET.length,
    );
  });

  it('answers an ONU’s own MAC from the last poll at once, then confirms it live', async () => {
    const device = 'scan-bdcom-epon';
    const u = (await sim.onus(device)).find((o) => o.status === 'online')!;
    const dotted = u.mac.replace(/:/g, '').replace(/(.{4})(?!$)/g, '$1.');
    const res = await client.post<MacFindStarted>('/scans/mac-find', { mac: dotted }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body.stored).toEqual([
      expect.objectContaining({
        oltId: oltOf(device).id,
        source: 'stored',
        kind: 'onu',
        mac: u.mac,
        ponPort: u.ponPort,
        onuId: u.onuId,
        opticsSource: 'stored',
      }),
    ]);
    await allAnswered(res.body.scanId, FLEET.length);
    const live = answers(res.body.scanId).flatMap((e) => e.hits!);
    expect(live).toContainEqual(
      expect.objectContaining({
        oltId: oltOf(device).id,
        source: 'live',
        kind: 'onu',
        ponPort: u.ponPort,
        onuId: u.onuId,
      }),
    );
  });

  it('ends an unknown MAC with every OLT answered and no hit; refuses text that is no MAC, naming the field', async () => {
    const res = await client.post<MacFindStarted>(
      '/scans/mac-find',
      { mac: '02:00:5e:00:53:99' },
      admin.token,
    );
    expect(res.status).toBe(201);
    await allAnswered(res.body.scanId, FLEET.length);
    expect(answers(res.body.scanId).map((e) => [e.ok, e.hits!.length])).toEqual(FLEET.map(() => [true, 0]));
    for (const mac of ['', 'aa:bb:cc', 'zz:bb:cc:dd:ee:ff', 'aa:bb-cc:dd:ee:ff', 42]) {
      const bad = await client.post('/scans/mac-find', { mac }, admin.token);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ fields: [expect.objectContaining({ field: 'mac' })] });
    }
  });

  it('shows an unreachable OLT’s error while the others answer', async () => {
    const down = 'scan-vsol-epon';
    await sim.send('PUT', `/devices/${down}/faults`, { unreachable: true });
    try {
      const res = await client.post<MacFindStarted>(
        '/scans/mac-find',
        { mac: '02:00:5e:00:53:98' },
        admin.token,
      );
      await allAnswered(res.body.scanId, FLEET.length);
      const failed = answers(res.body.scanId).filter((e) => !e.ok);
      expect(failed.map((e) => [e.oltId, e.code])).toEqual([[oltOf(down).id, 'DEVICE']]);
      expect(failed[0].error).toBeTruthy();
    } finally {
      await sim.send('PUT', `/devices/${down}/faults`, { unreachable: false });
    }
  });

  it('lists every OLT’s inactive ONUs with their reasons and stored PPPoE ids, and keeps them per OLT', async () => {
    const res = await client.post<ScanStarted>('/scans/inactive', {}, admin.token);
    expect(res.status).toBe(201);
    await allAnswered(res.body.scanId, FLEET.length);
    const got = answers(res.body.scanId);
    expect(got.every((e) => e.ok)).toBe(true);
    for (const d of FLEET) {
      const want = (await sim.onus(d.name))
        .filter((o: SimOnuState) => o.status === 'offline')
        .map((o) => [o.ponPort, o.onuId, o.lastDeregReason]);
      const result = got.find((e) => e.oltId === oltOf(d.name).id)!.result!;
      expect([d.name, result.rows.map((r) => [r.ponPort, r.onuId, r.reason])]).toEqual([d.name, want]);
      const stored: { pon_port: number; onu_id: number; pppoe_ids: string[] }[] = await db.query(
        'SELECT pon_port, onu_id, pppoe_ids FROM onu WHERE olt_id = $1',
        [oltOf(d.name).id],
      );
      for (const r of result.rows)
        expect(r.pppoeIds).toEqual(
          stored.find((s) => s.pon_port === r.ponPort && s.onu_id === r.onuId)?.pppoe_ids,
        );
    }
    const kept = await client.get<InactiveScanResults>('/scans/inactive/results', admin.token);
    expect(kept.status).toBe(200);
    expect(kept.body.results.map((r) => [r.oltId, r.rows.length]).sort()).toEqual(
      got.map((e) => [e.oltId, e.result!.rows.length]).sort(),
    );
  });

  it('stops a scan: OLTs not yet begun answer CANCELLED; a second scan cancels the first', async () => {
    // Each OLT answers over a slow link while the second scan is asked for: on the instant simulator a busy
    // machine could finish several OLTs between the first one's start event and the cancel, a race the
    // test is not about.
    await sim.send('PUT', '/link', { rttMs: 150 });
    const first = await client.post<ScanStarted>('/scans/inactive', {}, admin.token);
    await waitFor(async () => started.some((e) => e.scanId === first.body.scanId), {
      timeoutMs: 20_000,
      what: 'the first OLT to begin',
    });
    const second = await client
      .post<ScanStarted>('/scans/inactive', { oltIds: [oltOf('scan-bdcom-gpon').id] }, admin.token)
      .finally(() => sim.send('PUT', '/link', { rttMs: 0 }));
    expect(second.body.olts.map((o) => o.id)).toEqual([oltOf('scan-bdcom-gpon').id]);
    await allAnswered(first.body.scanId, FLEET.length);
    const codes = answers(first.body.scanId).map((e) => e.code);
    expect(codes.filter((c) => c === 'CANCELLED').length).toBeGreaterThanOrEqual(FLEET.length - 2);
    await allAnswered(second.body.scanId, 1);
    expect(answers(second.body.scanId)[0].ok).toBe(true);
    // Retry of one stopped OLT runs it under the same scan id; the stop still holds for the rest.
    const skipped = answers(first.body.scanId).find((e) => e.code === 'CANCELLED')!.oltId;
    const retried = await client.post(`/scans/${first.body.scanId}/retry`, { oltId: skipped }, admin.token);
    expect(retried.status).toBe(202);
    await waitFor(async () => answers(first.body.scanId).some((e) => e.oltId === skipped && e.ok), {
      timeoutMs: 30_000,
      what: 'the retried OLT',
    });
    // An explicit stop, and the scan is only its starter's to stop.
    const other = await registerAccount(client, 'scanother');
    expect((await client.delete(`/scans/${second.body.scanId}`, other.token)).status).toBe(404);
    expect((await client.delete(`/scans/${second.body.scanId}`, admin.token)).status).toBe(204);
  });

  it('keeps a user permitted on one OLT to that OLT', async () => {
    const mine = oltOf('scan-cdata-epon');
    const staff = await userWithCodes(client, admin, [2020]);
    const put = await client.put(
      `/users/${staff.auth.user.id}/olt-permissions`,
      { action: 'add', oltIds: [mine.id] },
      admin.token,
    );
    expect(put.status).toBeLessThan(300);
    const list = await client.get<ScanOlts>('/scans/olts', staff.token);
    expect(list.body.olts.map((o) => o.id)).toEqual([mine.id]);
    const staffSocket = await connectSocket(stack.url, staff.token);
    const theirs: ScanOltFinishedEvent[] = [];
    staffSocket.on('scan.olt.finished', (e) => theirs.push(e));
    try {
      const res = await client.post<ScanStarted>('/scans/inactive', {}, staff.token);
      expect(res.body.olts.map((o) => o.id)).toEqual([mine.id]);
      await waitFor(async () => theirs.some((e) => e.scanId === res.body.scanId), {
        timeoutMs: 30_000,
        what: 'the staff scan',
      });
      // The admin's socket is not told of the staff member's scan.
      expect(finished.some((e) => e.scanId === res.body.scanId)).toBe(false);
      const kept = await client.get<InactiveScanResults>('/scans/inactive/results', staff.token);
      expect(kept.body.results.map((r) => r.oltId)).toEqual([mine.id]);
      const other = oltOf('scan-bdcom-gpon').id;
      expect((await client.post('/scans/inactive', { oltIds: [other] }, staff.token)).status).toBe(404);
      expect((await client.get(`/scans/inactive/results?oltIds=${other}`, staff.token)).status).toBe(404);
      // MAC find needs an ONU-reading code; 2020 alone does not give it.
      expect((await client.post('/scans/mac-find', { mac: 'aa:bb:cc:dd:ee:ff' }, staff.token)).status).toBe(
        403,
      );
    } finally {
      staffSocket.close();
    }
  });
});
