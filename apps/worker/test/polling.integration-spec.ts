import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { DataSource } from 'typeorm';
import { createOltDriver, type OnuRecord } from '@pondesk/device-drivers';
import type { OltDetail } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  registerAccount,
  startTestStack,
  waitFor,
  type JsonResponse,
  type TestRedisServer,
  type TestStack,
} from '@pondesk/server-testing';
import { deviceDataPath, startSnmpSimulator, type SnmpSimulator } from '@pondesk/device-snmp/testing';
import { waitForPollScheduler } from './support/poll-scheduler';

// A real recording of an HSGQ-family (AVIES) G02ID GPON OLT: 150 ONUs, 143 with an rx reading,
// served over SNMP by snmpsimd.
const COMMUNITY = 'derived/hsgq_g02id_gpon';
const DATA_DIR = deviceDataPath('snmp');

/** The JSON body of a successful call; anything else fails the test with the server's answer. */
async function ok<T>(res: Promise<JsonResponse<T>>): Promise<T> {
  const r = await res;
  if (r.status >= 400) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A UDP port that swallows requests: an OLT that does not answer. */
async function blackHole(): Promise<{ port: number; close: () => void }> {
  const s: UdpSocket = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  return { port: s.address().port, close: () => s.close() };
}

describe('polling pipeline (API → queue → worker → driver → Postgres)', () => {
  let sim: SnmpSimulator;
  let stack: TestStack;
  let redis: TestRedisServer;
  let db: DataSource;
  let token: string;
  let client: ApiClient;
  let device: OnuRecord[];
  let olt: OltDetail;

  beforeAll(async () => {
    sim = await startSnmpSimulator({ dataDir: DATA_DIR, probeCommunity: COMMUNITY });
    stack = await startTestStack({
      ownRedis: true,
      // Long enough that an unreachable OLT is still hanging while a reachable one is polled.
      env: { SNMP_TIMEOUT_MS: '8000', SNMP_RETRIES: '0' },
    });
    redis = stack.redis!;
    db = createDataSource(stack.database.url);
    await db.initialize();
    client = new ApiClient(stack.url);
    token = (await registerAccount(client, 'poll')).token;
    const driver = createOltDriver('avies', 'gpon', {
      host: sim.host,
      snmp: { port: sim.port, community: COMMUNITY },
    });
    device = await driver.listOnus();
    await driver.close();
  });

  afterAll(async () => {
    await db?.destroy();
    await stack?.stop();
    await sim?.stop();
  });

  it("stores every ONU with the device's values within one poll of adding the OLT", async () => {
    olt = await ok(
      client.post<OltDetail>(
        '/olts',
        {
          name: 'G02ID',
          host: sim.host,
          snmpPort: sim.port,
          snmpCommunity: COMMUNITY,
          brand: 'avies',
          mode: 'gpon',
        },
        token,
      ),
    );
    await waitFor(
      async () =>
        (await db.query('SELECT onu_count FROM olt WHERE id = $1', [olt.id]))[0].onu_count === device.length,
      {
        timeoutMs: 20000,
        what: 'the first poll to store the ONUs',
      },
    ).catch(async (e: Error) => {
      throw new Error(
        `${e.message}; olt row: ${JSON.stringify(await db.query('SELECT status, onu_count, last_error, last_poll_duration_ms FROM olt WHERE id = $1', [olt.id]))}`,
      );
    });
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT pon_port, onu_id, if_name, mac, serial, status, reason, reason_raw, rx_dbm, tx_dbm, distance_m, vendor, model
       FROM onu WHERE olt_id = $1 ORDER BY pon_port, onu_id`,
      [olt.id],
    );
    expect(device.length).toBe(150);
    // What the driver reads straight from the device, in the poller's vocabulary (offline carries a reason).
    const expected = [...device]
      .sort((a, b) => a.ponPort - b.ponPort || a.onuId - b.onuId)
      .map((o) => {
        const online = o.status === 'online';
        return {
          pon_port: o.ponPort,
          onu_id: o.onuId,
          if_name: o.ifName,
          mac: o.mac,
          serial: o.serial,
          status: online ? 'online' : 'offline',
          reason: online ? null : (o.lastDeregReason ?? 'unknown'),
          reason_raw: online ? null : (o.lastDeregReasonRaw ?? (o.status === 'unknown' ? o.statusRaw : null)),
          rx_dbm: o.rxDbm,
          tx_dbm: o.txDbm,
          distance_m: o.distanceM === null ? null : Math.round(o.distanceM),
          vendor: o.vendor,
          model: o.model,
        };
      });
    // real columns hold single precision
    const approx = (rows_: Record<string, unknown>[]) =>
      rows_.map((r) => ({
        ...r,
        rx_dbm: r.rx_dbm === null ? null : Math.round(Number(r.rx_dbm) * 100) / 100,
        tx_dbm: r.tx_dbm === null ? null : Math.round(Number(r.tx_dbm) * 100) / 100,
      }));
    expect(approx(rows)).toEqual(approx(expected));
    const samples: { n: number }[] = await db.query(
      'SELECT count(*)::int AS n FROM onu_signal_sample WHERE olt_id = $1',
      [olt.id],
    );
    expect(samples[0].n).toBe(device.filter((d) => d.rxDbm !== null).length);
    const [stored] = await db.query(
      'SELECT online_onu_count, pon_port_count, status FROM olt WHERE id = $1',
      [olt.id],
    );
    expect(stored.online_onu_count).toBe(device.filter((d) => d.status === 'online').length);
    expect(stored.pon_port_count).toBeGreaterThan(0);
    // Offline ONUs of the first poll are recorded as events with the device's reason.
    const events: { n: number }[] = await db.query(
      "SELECT count(*)::int AS n FROM onu_status_event WHERE olt_id = $1 AND to_status = 'offline'",
      [olt.id],
    );
    expect(events[0].n).toBe(device.filter((d) => d.status !== 'online').length);
    // Offline since the OLT's own last-deregistration time, when the recording carries one: ONU 1/29's
    // `…12.2.1.21` is `2026/06/08 10:30:01+07:00`; ONU 1/0 has `-` (no time), so it is dated at the poll.
    const [polled] = await db.query('SELECT last_polled_at FROM olt WHERE id = $1', [olt.id]);
    const down: { onu_id: number; status_changed_at: Date; last_down_at: Date; occurred_at: Date }[] =
      await db.query(
        `SELECT o.onu_id, o.status_changed_at, o.last_down_at, e.occurred_at
         FROM onu o JOIN onu_status_event e ON e.onu_ref = o.id
         WHERE o.olt_id = $1 AND o.status = 'offline' ORDER BY o.pon_port, o.onu_id`,
        [olt.id],
      );
    expect(down.map((d) => [d.onu_id, d.status_changed_at, d.last_down_at, d.occurred_at])).toEqual([
      [0, polled.last_polled_at, polled.last_polled_at, polled.last_polled_at],
      [
        29,
        new Date('2026-06-08T03:30:01Z'),
        new Date('2026-06-08T03:30:01Z'),
        new Date('2026-06-08T03:30:01Z'),
      ],
    ]);
  });

  it('does not let an unreachable OLT delay the others', async () => {
    const hole = await blackHole();
    try {
      const dead = await ok(
        client.post<OltDetail>(
          '/olts',
          {
            name: 'Unreachable',
            host: '127.0.0.1',
            snmpPort: hole.port,
            snmpCommunity: 'x',
            brand: 'bdcom',
            mode: 'epon',
          },
          token,
        ),
      );
      const before = new Date();
      await ok(client.post(`/olts/${olt.id}/poll`, {}, token));
      await waitFor(
        async () => {
          const [r] = await db.query('SELECT last_polled_at, last_poll_duration_ms FROM olt WHERE id = $1', [
            olt.id,
          ]);
          return (
            r.last_polled_at &&
            new Date(r.last_polled_at) >= new Date(before.getTime() - 1000) &&
            r.last_poll_duration_ms !== null
          );
        },
        { timeoutMs: 10000, what: 'the reachable OLT to be polled while the other hangs' },
      );
      // The reachable OLT finished while the unreachable one's first poll was still waiting on its timeout.
      const [deadRow] = await db.query('SELECT last_polled_at, last_error FROM olt WHERE id = $1', [dead.id]);
      expect(deadRow).toEqual({ last_polled_at: null, last_error: null });
      await waitFor(
        async () => (await db.query('SELECT last_error FROM olt WHERE id = $1', [dead.id]))[0].last_error,
        {
          timeoutMs: 15000,
          what: 'the unreachable OLT to report its error',
        },
      );
    } finally {
      hole.close();
    }
  });

  it('restarting Redis loses no schedule and a repeated poll duplicates no sample', async () => {
    const samplesBefore: number = (
      await db.query('SELECT count(*)::int AS n FROM onu_signal_sample WHERE olt_id = $1', [olt.id])
    )[0].n;
    await redis.stop();
    await redis.start(); // this Redis keeps nothing on disk: every scheduler is gone now
    await waitForPollScheduler(stack, olt.id, 15000);
    const polledAt = (await db.query('SELECT last_polled_at FROM olt WHERE id = $1', [olt.id]))[0]
      .last_polled_at;
    await ok(client.post(`/olts/${olt.id}/poll`, {}, token));
    await waitFor(
      async () => {
        const [r] = await db.query('SELECT last_polled_at FROM olt WHERE id = $1', [olt.id]);
        return new Date(r.last_polled_at) > new Date(polledAt);
      },
      { timeoutMs: 15000, what: 'a poll after the restart' },
    );
    // Values did not move, so the repeated polls add no samples (and the first poll's are all still there).
    expect(samplesBefore).toBe(device.filter((d) => d.rxDbm !== null).length);
    const samplesAfter: number = (
      await db.query('SELECT count(*)::int AS n FROM onu_signal_sample WHERE olt_id = $1', [olt.id])
    )[0].n;
    expect(samplesAfter).toBe(samplesBefore);
  });
});
