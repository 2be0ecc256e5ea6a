import { DataSource } from 'typeorm';
import {
  parsePppoeIds,
  type OltDetail,
  type OnuDetail,
  type OnuFilters,
  type OnuList,
  type OnuRealtime,
  type OnuSignalReading,
  type OltWritePaths,
  type OnuStatusChange,
  type OnuWriteStarted,
  type OnuWriteVerified,
  type PppoeLookup,
  type PppoeSuggestions,
  type SignalDay,
  type SignalHistory,
  type TelnetCheckResult,
} from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  SimulatorProcess,
  waitFor,
  type SimOnuState,
  ApiClient,
  registerAccount,
  userWithCodes,
  type TestAccount,
  connectSocket,
  type TestSocket,
  startWorker,
  type RunningWorker,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

const GPON = 'bdcom-gpon-mon';
const EPON = 'vsol-epon-mon';

/** One change as a socket heard it, with the OLT of the message that carried it. */
type SeenChange = OnuStatusChange & { oltId: string };

describe('one ONU: PPPoE lookup, live reads and device actions', () => {
  let api: RunningApi;
  let worker: RunningWorker;
  let client: ApiClient;
  let db: DataSource;
  let sim: SimulatorProcess;
  let admin: TestAccount;
  let gpon: OltDetail;
  let epon: OltDetail;
  const sockets: TestSocket[] = [];

  async function addOlt(name: string, brand: string, mode: string): Promise<OltDetail> {
    const d = await sim.device(name);
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name,
        host: d.host,
        brand,
        mode,
        snmpPort: d.snmpPort,
        snmpCommunity: d.community,
        telnetPort: d.telnetPort,
        username: d.username,
        password: d.password,
      },
      admin.token,
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  const onuRow = async (oltId: string, ponPort: number, onuId: number) =>
    (
      await db.query(
        'SELECT id, pppoe_ids, status FROM onu WHERE olt_id = $1 AND pon_port = $2 AND onu_id = $3',
        [oltId, ponPort, onuId],
      )
    )[0] as { id: string; pppoe_ids: string[]; status: string } | undefined;

  /** Polls the OLT now and waits for that poll to be stored. */
  async function pollNow(olt: OltDetail): Promise<void> {
    const before = (await db.query('SELECT last_polled_at FROM olt WHERE id = $1', [olt.id]))[0]
      .last_polled_at as Date | null;
    expect((await client.post(`/olts/${olt.id}/poll`, {}, admin.token)).status).toBe(202);
    await waitFor(
      async () => {
        const at = (await db.query('SELECT last_polled_at FROM olt WHERE id = $1', [olt.id]))[0]
          .last_polled_at as Date | null;
        return at !== null && (before === null || at > before);
      },
      { timeoutMs: 30000, what: `a poll of ${olt.name}` },
    );
  }

  /** A simulated ONU on the GPON OLT whose description carries a PPPoE id, and online. */
  async function subscriber(skip = 0): Promise<SimOnuState & { pppoe: string }> {
    const found = (await sim.onus(GPON))
      .filter((o) => o.status === 'online' && parsePppoeIds(o.description).length === 1)
      .slice(skip)[0];
    if (!found) throw new Error('the simulated OLT has no online ONU with a PPPoE id');
    return { ...found, pppoe: parsePppoeIds(found.description)[0] };
  }

  /** Every ONU status change the account's socket hears (each message carries one poll's changes of one OLT). */
  async function listen(account: TestAccount): Promise<SeenChange[]> {
    const socket = await connectSocket(api.url, account.token);
    sockets.push(socket);
    const seen: SeenChange[] = [];
    socket.on('onu.status.changed', (e) => seen.push(...e.changes.map((c) => ({ ...c, oltId: e.oltId }))));
    return seen;
  }

  beforeAll(async () => {
    sim = await SimulatorProcess.start([
      { name: GPON, brand: 'bdcom', mode: 'gpon', ponPorts: 2, onusPerPort: 8 },
      { name: EPON, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 8 },
    ]);
    [api, worker] = await Promise.all([
      startApi(),
      startWorker({
        DATABASE_URL: process.env.DATABASE_URL!,
        SNMP_TIMEOUT_MS: '3000',
        ONU_REBOOT_OFFLINE_WITHIN_SECONDS: '10',
      }),
    ]);
    client = new ApiClient(api.url);
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
    admin = await registerAccount(client, 'mon');
    gpon = await addOlt(GPON, 'bdcom', 'gpon');
    epon = await addOlt(EPON, 'vsol', 'epon');
    await waitFor(
      async () =>
        (
          await db.query('SELECT count(*)::int AS n FROM olt WHERE id = ANY($1) AND onu_count > 0', [
            [gpon.id, epon.id],
          ])
        )[0].n === 2,
      { timeoutMs: 30000, what: 'the first polls' },
    );
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await db?.destroy();
    await worker?.stop();
    await api?.close();
    await sim?.stop();
  });

  it('finds a subscriber by part of a PPPoE id, then their ONU with port usage', async () => {
    const sub = await subscriber();
    const part = sub.pppoe.slice(1, Math.max(3, sub.pppoe.length - 1)).toUpperCase();
    const suggestions = await client.get<PppoeSuggestions>(
      `/pppoe?q=${encodeURIComponent(part)}`,
      admin.token,
    );
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.items).toContain(sub.pppoe);
    expect(suggestions.body.items.length).toBeLessThanOrEqual(20);
    expect(suggestions.body.items.every((id) => id.toLowerCase().includes(part.toLowerCase()))).toBe(true);

    const lookup = await client.get<PppoeLookup>(`/pppoe/${encodeURIComponent(sub.pppoe)}`, admin.token);
    expect(lookup.status).toBe(200);
    expect(lookup.body.matches).toHaveLength(1);
    const onu = lookup.body.matches[0];
    expect(onu).toMatchObject({
      oltId: gpon.id,
      oltBrand: 'bdcom',
      oltMode: 'gpon',
      ponPort: sub.ponPort,
      onuId: sub.onuId,
      serial: sub.serial,
      status: 'online',
      distanceM: sub.distanceM,
      pppoeIds: [sub.pppoe],
      pppoeManual: false,
      portUsage: { count: 8, capacity: 128, warning: 100, danger: 120 },
      downCount: 0,
    });
    expect(onu.rxDbm).toBeCloseTo(sub.rxDbm!, 1);
    // The same id in another case still finds the line.
    const upper = await client.get<PppoeLookup>(
      `/pppoe/${encodeURIComponent(sub.pppoe.toUpperCase())}`,
      admin.token,
    );
    expect(upper.body.matches.map((m) => m.id)).toEqual([onu.id]);

    const detail = await client.get<OnuDetail>(`/onus/${onu.id}`, admin.token);
    expect(detail.body).toEqual(onu);
    expect((await client.get('/pppoe/nobody-has-this-id', admin.token)).status).toBe(404);
    const bad = await client.get<{ fields: { field: string }[] }>('/pppoe/a%20b', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f) => f.field)).toEqual(['pppoeId']);
    const empty = await client.get<{ fields: { field: string }[] }>('/pppoe?q=', admin.token);
    expect(empty.status).toBe(400);
    expect(empty.body.fields.map((f) => f.field)).toEqual(['q']);
  });

  it('reads the signal live from the OLT, not from the stored row, and the realtime record', async () => {
    const sub = await subscriber();
    const row = (await onuRow(gpon.id, sub.ponPort, sub.onuId))!;
    await sim.send('PUT', `/devices/${GPON}/onus/${sub.ponPort}/${sub.onuId}/rx`, { rxDbm: -27.4 });
    const read = await client.post<OnuSignalReading>(`/onus/${row.id}/read-signal`, {}, admin.token);
    expect(read.status).toBe(200);
    expect(read.body.rxDbm).toBeCloseTo(-27.4, 1);
    expect(Date.now() - Date.parse(read.body.readAt)).toBeLessThan(60000);

    const live = await client.post<OnuRealtime>(`/onus/${row.id}/realtime`, {}, admin.token);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({
      mode: 'gpon',
      status: 'online',
      serial: sub.serial,
      distanceM: sub.distanceM,
    });
    expect(live.body.optics.rxDbm).toBeCloseTo(-27.4, 1);
    expect(Array.isArray(live.body.history)).toBe(true);
    const counts = live.body.history!.reduce((c, e) => ({ ...c, [e.event]: c[e.event] + 1 }), {
      up: 0,
      down: 0,
      other: 0,
    });
    expect(live.body.historyCounts).toEqual(counts);
    expect(live.body.reasonSummary.reduce((n, r) => n + r.count, 0)).toBe(counts.down);
    // The realtime read stored what it saw: the list shows the new rx without waiting for a poll.
    const stored = await client.get<OnuDetail>(`/onus/${row.id}`, admin.token);
    expect(stored.body.rxDbm).toBeCloseTo(-27.4, 1);

    const audit: { action: string }[] = await db.query(
      "SELECT action FROM audit_log WHERE entity_id = $1 AND action IN ('onu.read-signal', 'onu.realtime')",
      [row.id],
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['onu.read-signal', 'onu.realtime']);
  });

  it('reboots an ONU by its evidenced path; it goes offline and comes back, and only then is the reboot confirmed', async () => {
    const sub = await subscriber(1);
    const row = (await onuRow(gpon.id, sub.ponPort, sub.onuId))!;
    const all = await listen(admin);
    const seen = {
      filter: (f: (e: SeenChange) => boolean) => all.filter((e) => e.onuRef === row.id).filter(f),
    };
    const verdicts: OnuWriteVerified[] = [];
    sockets.at(-1)!.on('onu.write.verified', (v) => verdicts.push(v));

    // BDCOM GPON with a telnet login and no write community: the CLI reboot third-party tools run live.
    const paths = await client.get<OltWritePaths>(`/olts/${gpon.id}/write-paths`, admin.token);
    expect(paths.status).toBe(200);
    expect(paths.body.reboot).toMatchObject({ via: 'cli', evidence: 'production' });
    expect(paths.body.clearPort).toBeNull();
    expect(paths.body.missing.clearPort).toMatch(/no port clear command with evidence/i);

    const res = await client.post<OnuWriteStarted>(`/onus/${row.id}/reboot`, {}, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, verification: 'watching', path: { via: 'cli' } });
    expect(res.body.message).toMatch(/^Reboot sent to /);
    await waitFor(async () => seen.filter((e) => e.to === 'offline').length > 0, {
      timeoutMs: 20000,
      what: 'the offline event after the reboot',
    });
    expect(seen.filter(() => true)[0]).toMatchObject({
      from: 'online',
      to: 'offline',
      oltId: gpon.id,
      pppoeIds: [sub.pppoe],
    });
    // Gone down is not yet confirmed: the verdict waits for the ONU to come back.
    expect(verdicts).toEqual([]);
    // The simulated ONU needs 90 simulated seconds to come back; time is frozen, so move it on.
    await sim.send('POST', '/clock', { advanceSeconds: 95 });
    await waitFor(async () => seen.filter((e) => e.to === 'online').length > 0, {
      timeoutMs: 20000,
      what: 'the ONU to come back',
    });
    await waitFor(async () => verdicts.length > 0, { timeoutMs: 20000, what: 'the reboot verdict' });
    expect(verdicts).toEqual([
      expect.objectContaining({
        onuId: row.id,
        oltId: gpon.id,
        kind: 'reboot',
        verdict: 'confirmed',
        message: 'Reboot Successfully',
      }),
    ]);
    const events: { from_status: string; to_status: string }[] = await db.query(
      'SELECT from_status, to_status FROM onu_status_event WHERE onu_ref = $1 ORDER BY occurred_at',
      [row.id],
    );
    expect(events).toEqual([
      { from_status: 'online', to_status: 'offline' },
      { from_status: 'offline', to_status: 'online' },
    ]);
    const detail = await client.get<OnuDetail>(`/onus/${row.id}`, admin.token);
    expect(detail.body).toMatchObject({ status: 'online', downCount: 1 });
    const audit = await db.query(
      "SELECT action, after, actor_user_id FROM audit_log WHERE entity_id = $1 AND action LIKE 'onu.reboot%' ORDER BY created_at",
      [row.id],
    );
    expect(audit).toEqual([
      {
        action: 'onu.reboot',
        after: { ok: true, via: 'cli', evidence: 'production' },
        actor_user_id: admin.auth.user.id,
      },
      {
        action: 'onu.reboot.verified',
        after: { ok: true, verdict: 'confirmed' },
        actor_user_id: admin.auth.user.id,
      },
    ]);
  });

  it("keeps an operator's PPPoE ids across polls, moves them to another ONU, and names bad input", async () => {
    const sub = await subscriber(2);
    const row = (await onuRow(gpon.id, sub.ponPort, sub.onuId))!;
    const other = (await sim.onus(GPON)).find((o) => o.ponPort !== sub.ponPort)!;
    const otherIf = (
      await db.query('SELECT if_name FROM onu WHERE olt_id = $1 AND pon_port = $2 AND onu_id = $3', [
        gpon.id,
        other.ponPort,
        other.onuId,
      ])
    )[0].if_name as string;

    const set = await client.patch<OnuDetail>(
      `/onus/${row.id}`,
      {
        pppoeIds: [' line-7@isp ', 'backup-7'],
        ifName: (await client.get<OnuDetail>(`/onus/${row.id}`, admin.token)).body.ifName,
      },
      admin.token,
    );
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ pppoeIds: ['line-7@isp', 'backup-7'], pppoeManual: true });
    await pollNow(gpon);
    expect((await onuRow(gpon.id, sub.ponPort, sub.onuId))!.pppoe_ids).toEqual(['line-7@isp', 'backup-7']);
    expect((await client.get<PppoeLookup>('/pppoe/backup-7', admin.token)).body.matches[0].id).toBe(row.id);

    const moved = await client.patch<OnuDetail>(
      `/onus/${row.id}`,
      { pppoeIds: ['line-7@isp'], ifName: otherIf.toLowerCase() },
      admin.token,
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      ponPort: other.ponPort,
      onuId: other.onuId,
      pppoeIds: ['line-7@isp'],
    });
    const back = await client.get<OnuDetail>(`/onus/${row.id}`, admin.token);
    expect(back.body).toMatchObject({ pppoeIds: [sub.pppoe], pppoeManual: false });

    const missing = await client.patch<{ fields: { field: string }[] }>(
      `/onus/${row.id}`,
      { pppoeIds: ['x-1'], ifName: 'GPON0/9:99' },
      admin.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.fields.map((f) => f.field)).toEqual(['ifName']);
    const bad = await client.patch<{ fields: { field: string }[] }>(
      `/onus/${row.id}`,
      { pppoeIds: 'not-a-list', ifName: 5, extra: true },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f) => f.field).sort()).toEqual(['extra', 'ifName', 'pppoeIds']);
    const spaced = await client.patch<{ fields: { field: string }[] }>(
      `/onus/${row.id}`,
      { pppoeIds: ['two words'], ifName: otherIf },
      admin.token,
    );
    expect(spaced.status).toBe(400);
    expect((await onuRow(gpon.id, sub.ponPort, sub.onuId))!.pppoe_ids).toEqual([sub.pppoe]);
  });

  it('clears an ONU on the OLT after the telnet check; Delete Only Port forgets the record until the next poll', async () => {
    const [cleared, forgotten] = (await sim.onus(EPON)).filter((o) => o.status === 'online');
    const clearRow = (await onuRow(epon.id, cleared.ponPort, cleared.onuId))!;
    const check = await client.post<TelnetCheckResult>(`/olts/${epon.id}/telnet-check`, {}, admin.token);
    expect(check.status).toBe(200);
    expect(check.body.ok).toBe(true);

    // V-SOL EPON with a telnet login and no write community: only the inferred CLI delete is left, which is
    // refused, with nothing sent, until the operator accepts it.
    const paths = await client.get<OltWritePaths>(`/olts/${epon.id}/write-paths`, admin.token);
    expect(paths.body.delete).toMatchObject({ via: 'cli', evidence: 'inferred' });
    const refused = await client.post<{ code: string; message: string }>(
      `/onus/${clearRow.id}/clear`,
      {},
      admin.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WRITE_INFERRED_NOT_ACCEPTED');
    expect(refused.body.message).toMatch(/inferred/);
    expect(
      (await fetch(`${sim.control}/devices/${EPON}/onus/${cleared.ponPort}/${cleared.onuId}`)).status,
    ).toBe(200);
    const bad = await client.post<{ fields: { field: string }[] }>(
      `/onus/${clearRow.id}/clear`,
      { acceptInferred: 'yes' },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f) => f.field)).toEqual(['acceptInferred']);

    const res = await client.post<{ message: string }>(
      `/onus/${clearRow.id}/clear`,
      { acceptInferred: true },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Deleted Successfully!');
    expect(
      (await fetch(`${sim.control}/devices/${EPON}/onus/${cleared.ponPort}/${cleared.onuId}`)).status,
    ).toBe(404);
    expect(await onuRow(epon.id, cleared.ponPort, cleared.onuId)).toBeUndefined();

    const forgetRow = (await onuRow(epon.id, forgotten.ponPort, forgotten.onuId))!;
    expect((await client.delete(`/onus/${forgetRow.id}`, admin.token)).status).toBe(204);
    expect(await onuRow(epon.id, forgotten.ponPort, forgotten.onuId)).toBeUndefined();
    expect((await client.get(`/onus/${forgetRow.id}`, admin.token)).status).toBe(404);

    await pollNow(epon);
    // The cleared ONU is gone from the OLT for good; the forgotten record is read again.
    expect(await onuRow(epon.id, cleared.ponPort, cleared.onuId)).toBeUndefined();
    const again = await onuRow(epon.id, forgotten.ponPort, forgotten.onuId);
    expect(again?.id).toEqual(expect.any(String));
    expect(again?.id).not.toBe(forgetRow.id);
    const [{ onu_count }] = await db.query('SELECT onu_count FROM olt WHERE id = $1', [epon.id]);
    expect(onu_count).toBe((await sim.onus(EPON)).length);
    const actions: { action: string }[] = await db.query(
      "SELECT action FROM audit_log WHERE entity_id = ANY($1) AND action IN ('onu.clear', 'onu.delete-record') ORDER BY created_at",
      [[clearRow.id, forgetRow.id]],
    );
    expect(actions.map((a) => a.action)).toEqual(['onu.clear', 'onu.delete-record']);
  });

  it('reports no effect seen, never success, when the OLT takes a write and nothing changes', async () => {
    const gponOnu = (await sim.onus(GPON)).filter((o) => o.status === 'online').at(-1)!;
    const eponOnu = (await sim.onus(EPON)).filter((o) => o.status === 'online').at(-1)!;
    const rebootRow = (await onuRow(gpon.id, gponOnu.ponPort, gponOnu.onuId))!;
    const clearRow = (await onuRow(epon.id, eponOnu.ponPort, eponOnu.onuId))!;
    await listen(admin);
    const verdicts: OnuWriteVerified[] = [];
    sockets.at(-1)!.on('onu.write.verified', (v) => verdicts.push(v));
    // Both OLTs answer every write as accepted and change nothing (as an HSGQ GPON echoes a CLI reboot).
    for (const name of [GPON, EPON])
      await sim.send('PUT', `/devices/${name}/faults`, { writesIgnored: true });
    try {
      const res = await client.post<OnuWriteStarted>(`/onus/${rebootRow.id}/reboot`, {}, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.message).not.toBe('Reboot Successfully');
      await waitFor(async () => verdicts.length > 0, { timeoutMs: 40000, what: 'the reboot verdict' });
      expect(verdicts[0]).toMatchObject({ onuId: rebootRow.id, verdict: 'no_effect_seen' });
      expect(verdicts[0].message).toMatch(/^No effect seen: .* stayed online/);

      const cleared = await client.post<{ code: string; message: string }>(
        `/onus/${clearRow.id}/clear`,
        { acceptInferred: true },
        admin.token,
      );
      expect(cleared.status).toBe(409);
      expect(cleared.body.code).toBe('WRITE_NO_EFFECT');
      expect(cleared.body.message).toMatch(/No effect seen: the OLT still lists/);
      // The stored record stays: the OLT still has the ONU.
      expect((await onuRow(epon.id, eponOnu.ponPort, eponOnu.onuId))?.id).toBe(clearRow.id);
    } finally {
      for (const name of [GPON, EPON])
        await sim.send('PUT', `/devices/${name}/faults`, { writesIgnored: false });
    }
    const audit: { action: string; code: string }[] = await db.query(
      "SELECT action, after->>'code' AS code FROM audit_log WHERE entity_id = ANY($1) AND action IN ('onu.reboot.verified', 'onu.clear') ORDER BY created_at",
      [[rebootRow.id, clearRow.id]],
    );
    expect(audit).toEqual([
      { action: 'onu.reboot.verified', code: 'NO_EFFECT' },
      { action: 'onu.clear', code: 'NO_EFFECT' },
    ]);
  });

  it('draws one day of samples and 90 days from hourly rollups plus the hours not rolled up yet', async () => {
    const sub = await subscriber();
    const row = (await onuRow(gpon.id, sub.ponPort, sub.onuId))!;
    await db.query('DELETE FROM onu_signal_sample WHERE onu_ref = $1', [row.id]);
    // Dhaka is UTC+6: 2026-11-10 20:30 UTC is already 11 November there.
    const samples: [string, number][] = [
      ['2026-11-10T17:30:00Z', -20.5],
      ['2026-11-10T20:30:00Z', -21.5],
      ['2026-11-11T02:00:00Z', -22.5],
    ];
    for (const [at, rx] of samples)
      await db.query(
        'INSERT INTO onu_signal_sample (onu_ref, tenant_id, olt_id, sampled_at, rx_dbm) VALUES ($1, $2, $3, $4, $5)',
        [row.id, admin.auth.user.tenantId, gpon.id, at, rx],
      );
    await db.query(
      `INSERT INTO onu_signal_hourly (onu_ref, hour, tenant_id, rx_min, rx_avg, rx_max, sample_count)
       VALUES ($1, '2026-11-10T17:00:00Z', $2, -20.5, -20.5, -20.5, 1)`,
      [row.id, admin.auth.user.tenantId],
    );
    const days = await client.get<SignalDay[]>(`/onus/${row.id}/signal-days?tz=Asia/Dhaka`, admin.token);
    expect(days.body).toEqual([
      { day: '2026-11-11', count: 2 },
      { day: '2026-11-10', count: 1 },
    ]);
    const day = await client.get<SignalHistory>(
      `/onus/${row.id}/signal?day=2026-11-11&tz=Asia/Dhaka`,
      admin.token,
    );
    expect(day.body.resolution).toBe('raw');
    expect(day.body.points).toEqual([
      { at: '2026-11-10T20:30:00.000Z', rxDbm: -21.5 },
      { at: '2026-11-11T02:00:00.000Z', rxDbm: -22.5 },
    ]);
    const all = await client.get<SignalHistory>(`/onus/${row.id}/signal`, admin.token);
    expect(all.body.resolution).toBe('hourly');
    // The 17:00 hour from the rollup table; the later hours aggregated from raw samples.
    expect(all.body.points.map((p) => [p.at, p.rxDbm])).toEqual([
      ['2026-11-10T17:00:00.000Z', -20.5],
      ['2026-11-10T20:00:00.000Z', -21.5],
      ['2026-11-11T02:00:00.000Z', -22.5],
    ]);
    // 'Previous dBm': the last poll (now) stored no sample, so the reading before it is the newest sample.
    const detail = await client.get<OnuDetail>(`/onus/${row.id}`, admin.token);
    expect(detail.body.previous).toEqual({ rxDbm: -22.5, at: '2026-11-11T02:00:00.000Z' });
    const badDay = await client.get<{ fields: { field: string }[] }>(
      `/onus/${row.id}/signal?day=11-11-2026&tz=Mars/Base`,
      admin.token,
    );
    expect(badDay.status).toBe(400);
    expect(badDay.body.fields.map((f) => f.field).sort()).toEqual(['day', 'tz']);
  });

  it("shows staff only their OLTs' ONUs, needs 2010 to clear, and hides everything from another ISP", async () => {
    const sub = await subscriber();
    const row = (await onuRow(gpon.id, sub.ponPort, sub.onuId))!;
    const staff = await userWithCodes(client, admin, [2007]);
    const grant = await client.put(
      `/users/${staff.auth.user.id}/olt-permissions`,
      { action: 'add', oltIds: [epon.id] },
      admin.token,
    );
    expect(grant.status).toBe(200);
    const mine = await client.get<OnuFilters>('/onus/filters', staff.token);
    expect(mine.body.olts.map((o) => o.id)).toEqual([epon.id]);
    const all = await client.get<OnuFilters>('/onus/filters', admin.token);
    expect(all.body.olts.find((o) => o.id === gpon.id)).toMatchObject({ mode: 'gpon', ponPorts: [1, 2] });
    expect((await client.get(`/onus/${row.id}`, staff.token)).status).toBe(404);
    expect((await client.get(`/pppoe/${encodeURIComponent(sub.pppoe)}`, staff.token)).status).toBe(404);
    expect((await client.post(`/onus/${row.id}/reboot`, {}, staff.token)).status).toBe(404);
    const suggestions = await client.get<PppoeSuggestions>(
      `/pppoe?q=${encodeURIComponent(sub.pppoe)}`,
      staff.token,
    );
    expect(suggestions.body.items).toEqual([]);
    const eponOnu = (await db.query('SELECT id FROM onu WHERE olt_id = $1 LIMIT 1', [epon.id]))[0] as {
      id: string;
    };
    expect((await client.get(`/onus/${eponOnu.id}`, staff.token)).status).toBe(200);
    expect((await client.post(`/onus/${eponOnu.id}/clear`, {}, staff.token)).status).toBe(403);
    expect((await client.post(`/olts/${epon.id}/telnet-check`, {}, staff.token)).status).toBe(403);
    expect((await client.get(`/olts/${epon.id}/write-paths`, staff.token)).status).toBe(200);
    expect((await client.get(`/olts/${gpon.id}/write-paths`, staff.token)).status).toBe(404);

    const oltOnly = await userWithCodes(client, admin, [2006]);
    expect((await client.get(`/onus/${row.id}`, oltOnly.token)).status).toBe(403);
    const other = await registerAccount(client, 'monb');
    expect((await client.get(`/onus/${row.id}`, other.token)).status).toBe(404);
    expect((await client.get(`/pppoe/${encodeURIComponent(sub.pppoe)}`, other.token)).status).toBe(404);
  });

  it("pushes an OLT's live events only to users who may see that OLT, following permission changes at once", async () => {
    const staff = await userWithCodes(client, admin, [2007]);
    const grant = (action: 'add' | 'remove') =>
      client.put(`/users/${staff.auth.user.id}/olt-permissions`, { action, oltIds: [epon.id] }, admin.token);
    expect((await grant('add')).status).toBe(200);
    const [adminSaw, staffSaw] = [await listen(admin), await listen(staff)];

    await sim.send('POST', `/devices/${GPON}/pons/2/down`);
    await pollNow(gpon);
    await waitFor(async () => adminSaw.some((e) => e.oltId === gpon.id), {
      timeoutMs: 10000,
      what: 'GPON events',
    });
    await sim.send('POST', `/devices/${EPON}/pons/1/down`);
    await pollNow(epon);
    await waitFor(async () => staffSaw.some((e) => e.oltId === epon.id), {
      timeoutMs: 10000,
      what: 'EPON events',
    });
    expect(staffSaw.every((e) => e.oltId === epon.id)).toBe(true);
    expect(adminSaw.some((e) => e.oltId === epon.id)).toBe(true);

    // Taking the OLT away stops its events on the already open socket.
    expect((await grant('remove')).status).toBe(200);
    const before = staffSaw.length;
    await sim.send('POST', `/devices/${EPON}/pons/1/up`);
    // ONUs re-register a while after the light returns; simulated time is frozen, so move it on.
    await sim.send('POST', '/clock', { advanceSeconds: 300 });
    await pollNow(epon);
    await waitFor(async () => adminSaw.some((e) => e.oltId === epon.id && e.to === 'online'), {
      timeoutMs: 10000,
      what: 'the EPON ONUs to come back',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(staffSaw).toHaveLength(before);
  });

  it("counts a search again once a poll changes its ONUs, and once an operator changes an ONU's PPPoE ids", async () => {
    const sub = await subscriber();
    const row = (await onuRow(gpon.id, sub.ponPort, sub.onuId))!;
    // The ONUs of one PON whose search text holds the subscriber's PPPoE id (a few, or just theirs).
    const search = async (text: string) =>
      (
        await client.get<OnuList>(
          `/onus?oltId=${gpon.id}&ponPort=${sub.ponPort}&search=${encodeURIComponent(text)}&pageSize=100`,
          admin.token,
        )
      ).body;
    // Asked twice, as paging and sorting ask it: the second answer may be the counted one.
    const up = await search(sub.pppoe);
    expect(up.items.map((o) => o.id)).toContain(row.id);
    expect(up.counts.online).toBeGreaterThan(0);
    expect((await search(sub.pppoe)).counts).toEqual(up.counts);

    await sim.send('POST', `/devices/${GPON}/pons/${sub.ponPort}/down`);
    await pollNow(gpon);
    const down = await search(sub.pppoe);
    expect(down.counts).toMatchObject({ total: up.counts.total, online: 0, offline: up.counts.total });
    expect(down.items.map((o) => o.id)).toContain(row.id);

    expect((await search('renamed-line-9')).total).toBe(0);
    const set = await client.patch<OnuDetail>(
      `/onus/${row.id}`,
      {
        pppoeIds: ['renamed-line-9'],
        ifName: (await client.get<OnuDetail>(`/onus/${row.id}`, admin.token)).body.ifName,
      },
      admin.token,
    );
    expect(set.status).toBe(200);
    const renamed = await search('renamed-line-9');
    expect(renamed.total).toBe(1);
    expect(renamed.items.map((o) => o.id)).toEqual([row.id]);
  });
});
