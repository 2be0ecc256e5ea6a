import { randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { DataSource } from 'typeorm';
import type { DeviceLogLinesEvent } from '@pondesk/contracts';
import { loadConfig } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  connectSocket,
  freePort,
  registerAccount,
  startTestStack,
  startWorkerProcess,
  testEnv,
  waitFor,
  type TestAccount,
  type TestSocket,
  type TestStack,
} from '@pondesk/server-testing';
import { MaintenanceService } from '../src/maintenance/maintenance.service';

// Lines copied from the shared samples (device-data/syslog): a BDCOM deregistration as syslog-ng relays
// it, a BDCOM RFC 3164 datagram with its NUL padding, and MikroTik PPPoE lines.
const BDCOM_DOWN = '172.20.0.171,20180605134749, ONU 8479.7399.af6e is deregistered on EPON0/1:3.';
const BDCOM_UP =
  '<190>Feb 29 23:31:55 device-redacted %EPON-ONUREG: ONU 0200.0000.0001 is registered on EPON0/5:29. \0';
const MIKROTIK_UP = 'pppoe,ppp,info,account skn001 logged in, 10.99.0.2 from 52:54:00:AA:00:03';
const MIKROTIK_TERMINATING = 'pppoe,ppp,info <pppoe-skn001>: terminating... - peer is not responding';
const VSOL_ONLINE = '2026/02/04 10:46:15   ONU Online   PON 0/2 ONU 1 sn GPON00929978';

/** Loopback addresses the devices send from (network safety: nothing leaves this machine). */
const ADDR = {
  oltA: '127.0.1.11',
  routerA: '127.0.1.12',
  oltB: '127.0.1.21',
  /** An address both tenants gave one of their OLTs. */
  shared: '127.0.1.30',
  unknown: '127.0.1.99',
};

interface LogRow {
  id: string;
  tenant_id: string;
  olt_id: string;
  received_at: Date;
  device_kind: string;
  source_ip: string;
  vendor: string | null;
  severity: number | null;
  kind: string;
  device_time: string | null;
  message: string;
  onu: string | null;
  mac: string | null;
  serial: string | null;
  pppoe_user: string | null;
  reason: string | null;
  part: string;
}

describe('syslog receiver', () => {
  let stack: TestStack;
  let db: DataSource;
  let port: number;
  let a: TestAccount;
  let b: TestAccount;
  let tenantA: string;
  let tenantB: string;
  let oltA: string;
  let oltB: string;
  const sockets: TestSocket[] = [];
  const gotA: DeviceLogLinesEvent[] = [];
  const gotB: DeviceLogLinesEvent[] = [];

  const insertOlt = async (
    tenantId: string,
    fields: { name: string; host: string; brand: string; mikrotikHost?: string; logName?: string },
  ): Promise<string> => {
    const [{ id }]: { id: string }[] = await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, mikrotik_host, log_name,
         poll_interval_seconds)
       VALUES ($1, $2, $3, $4, $5, 'epon', 'v1.x.x.x', $6, $7, 3600) RETURNING id`,
      [
        tenantId,
        `S-${randomUUID().slice(0, 8)}`,
        fields.name,
        fields.host,
        fields.brand,
        fields.mikrotikHost ?? null,
        fields.logName ?? null,
      ],
    );
    return id;
  };

  /** One datagram from `from` to the receiver. */
  const sendUdp = async (from: string, payload: string | Buffer): Promise<void> => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, from, () => resolve());
    });
    await new Promise<void>((resolve, reject) =>
      socket.send(payload, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
    );
    await new Promise<void>((r) => socket.close(() => r()));
  };

  /** A TCP connection from `from` to the receiver. */
  const connectTcp = (from: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => resolve(socket));
      socket.once('error', reject);
    });

  const rows = (where: string, params: unknown[]): Promise<LogRow[]> =>
    db.query(
      `SELECT id::text, tenant_id, olt_id, received_at, device_kind, source_ip, vendor, severity, kind,
         device_time, message, onu, mac, serial, pppoe_user, reason, tableoid::regclass::text AS part
       FROM device_log WHERE ${where} ORDER BY id`,
      params,
    );
  const stored = (message: string) => rows('message = $1', [message]);
  const waitStored = async (message: string, count = 1): Promise<LogRow[]> =>
    waitFor(async () => ((await stored(message)).length >= count ? stored(message) : undefined), {
      timeoutMs: 15000,
      what: `"${message.slice(0, 60)}" in device_log`,
    });

  beforeAll(async () => {
    port = await freePort();
    stack = await startTestStack({
      env: { SYSLOG_PORT: String(port), SYSLOG_HOST: '127.0.0.1' },
      databasePrefix: 'pondesk_syslog',
    });
    db = createDataSource(stack.database.url);
    await db.initialize();
    const client = new ApiClient(stack.url);
    [a, b] = await Promise.all([registerAccount(client, 'sysloga'), registerAccount(client, 'syslogb')]);
    tenantA = a.auth.user.tenantId!;
    tenantB = b.auth.user.tenantId!;
    // Sockets first: their rooms are joined by the time lines arrive.
    const [sa, sb] = await Promise.all([
      connectSocket(stack.url, a.token),
      connectSocket(stack.url, b.token),
    ]);
    sockets.push(sa, sb);
    sa.on('device.log.lines', (e) => gotA.push(e));
    sb.on('device.log.lines', (e) => gotB.push(e));
    // Added after the worker started: the receiver finds them on the first line (map rebuilt on a miss).
    oltA = await insertOlt(tenantA, {
      name: 'Tenant A OLT',
      host: ADDR.oltA,
      brand: 'bdcom',
      mikrotikHost: ADDR.routerA,
      logName: 'OLT-A',
    });
    oltB = await insertOlt(tenantB, { name: 'Tenant B OLT', host: ADDR.oltB, brand: 'vsol' });
    await insertOlt(tenantA, { name: 'A at the shared address', host: ADDR.shared, brand: 'bdcom' });
    await insertOlt(tenantB, { name: 'B at the shared address', host: ADDR.shared, brand: 'cdata' });
    await waitFor(() => connectTcp(ADDR.oltA).then((s) => !!s.destroy()), {
      timeoutMs: 10000,
      what: 'the syslog receiver to listen',
    });
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await db?.destroy();
    await stack?.stop();
  });

  it("stores an OLT's BDCOM line under its tenant and OLT and pushes it to the OLT's staff", async () => {
    await sendUdp(ADDR.oltA, BDCOM_DOWN);
    const [row] = await waitStored('ONU 8479.7399.af6e is deregistered on EPON0/1:3.');
    expect(row).toMatchObject({
      tenant_id: tenantA,
      olt_id: oltA,
      device_kind: 'olt',
      source_ip: ADDR.oltA,
      vendor: 'bdcom',
      kind: 'onu-down',
      device_time: '20180605134749',
      onu: 'EPON0/1:3',
      mac: '84:79:73:99:af:6e',
      pppoe_user: null,
    });
    // Stored in today's partition, which the worker made at start.
    const today = new Date();
    const day = `y${today.getUTCFullYear()}m${String(today.getUTCMonth() + 1).padStart(2, '0')}d${String(today.getUTCDate()).padStart(2, '0')}`;
    expect([`device_log_${day}`, 'device_log_default']).toContain(row.part);
    expect((await db.query(`SELECT 1 FROM pg_class WHERE relname = $1`, [`device_log_${day}`])).length).toBe(
      1,
    );

    const event = await waitFor(async () => gotA.find((e) => e.lines.some((l) => l.id === row.id)), {
      timeoutMs: 10000,
      what: 'device.log.lines on the socket of tenant A',
    });
    expect(event.oltId).toBe(oltA);
    expect(event.lines.find((l) => l.id === row.id)).toEqual({
      id: row.id,
      receivedAt: row.received_at.toISOString(),
      deviceTime: '20180605134749',
      deviceId: `olt:${oltA}`,
      deviceKind: 'olt',
      oltId: oltA,
      deviceName: 'OLT-A',
      severity: null,
      kind: 'onu-down',
      message: 'ONU 8479.7399.af6e is deregistered on EPON0/1:3.',
      onu: 'EPON0/1:3',
      mac: '84:79:73:99:af:6e',
      serial: null,
      pppoeUser: null,
      reason: null,
    });
  });

  it('takes an RFC 3164 datagram padded with NUL, several lines in one datagram each stored', async () => {
    await sendUdp(ADDR.oltA, `${BDCOM_UP}\n${BDCOM_UP.replace('0200.0000.0001', '0200.0000.0002')}\r\n`);
    const [first] = await waitStored('ONU 0200.0000.0001 is registered on EPON0/5:29.');
    await waitStored('ONU 0200.0000.0002 is registered on EPON0/5:29.');
    expect(first).toMatchObject({
      olt_id: oltA,
      kind: 'onu-up',
      severity: 6, // info, from <190>
      device_time: 'Feb 29 23:31:55',
      onu: 'EPON0/5:29',
    });
  });

  it("stores the MikroTik router's PPPoE lines as the OLT's router, with the user", async () => {
    await sendUdp(ADDR.routerA, `${MIKROTIK_UP}\n${MIKROTIK_TERMINATING}`);
    const [up] = await waitStored('skn001 logged in, 10.99.0.2 from 52:54:00:AA:00:03');
    expect(up).toMatchObject({
      tenant_id: tenantA,
      olt_id: oltA,
      device_kind: 'router',
      source_ip: ADDR.routerA,
      vendor: 'mikrotik',
      kind: 'ppp-up',
      pppoe_user: 'skn001',
      mac: '52:54:00:aa:00:03',
    });
    const [down] = await waitStored('<pppoe-skn001>: terminating... - peer is not responding');
    expect(down).toMatchObject({
      kind: 'ppp-terminating',
      pppoe_user: 'skn001',
      reason: 'peer is not responding',
    });
    const event = await waitFor(async () => gotA.find((e) => e.lines.some((l) => l.id === up.id)), {
      what: 'the router line on the socket',
    });
    expect(event.lines.find((l) => l.id === up.id)).toMatchObject({
      deviceId: `router:${oltA}`,
      deviceKind: 'router',
      deviceName: 'MikroTik Tenant A OLT',
      pppoeUser: 'skn001',
    });
  });

  it('drops and reports lines from an address that is no OLT or router', async () => {
    const marker = `ONU 0bad.0bad.0bad is deregistered on EPON0/9:${Date.now() % 100}.`;
    await sendUdp(ADDR.unknown, marker);
    await waitFor(async () => stack.worker.output().includes(`syslog from ${ADDR.unknown} dropped`), {
      timeoutMs: 15000,
      what: 'the warning about the unknown sender',
    });
    expect(await stored(marker)).toEqual([]);
    expect(await rows('source_ip = $1', [ADDR.unknown])).toEqual([]);
  });

  it("keeps tenants apart: B's lines under B only, on B's sockets only; a shared address under neither", async () => {
    await sendUdp(ADDR.oltB, VSOL_ONLINE);
    const [row] = await waitStored('ONU Online   PON 0/2 ONU 1 sn GPON00929978');
    expect(row).toMatchObject({ tenant_id: tenantB, olt_id: oltB, vendor: 'vsol', kind: 'onu-up' });
    await waitFor(async () => gotB.some((e) => e.lines.some((l) => l.id === row.id)), {
      what: "the line on tenant B's socket",
    });

    await sendUdp(ADDR.shared, BDCOM_DOWN.replace('EPON0/1:3', 'EPON0/7:7'));
    await waitFor(async () => stack.worker.output().includes(`syslog from ${ADDR.shared} is dropped`), {
      timeoutMs: 15000,
      what: 'the warning about the address of two tenants',
    });
    // A line sent after it from A's OLT is stored: the shared one had its turn and was dropped.
    await sendUdp(ADDR.oltA, BDCOM_DOWN.replace('EPON0/1:3', 'EPON0/8:8'));
    await waitStored('ONU 8479.7399.af6e is deregistered on EPON0/8:8.');
    expect(await rows('source_ip = $1', [ADDR.shared])).toEqual([]);

    const underA = await rows('tenant_id = $1', [tenantA]);
    expect(underA.length).toBeGreaterThan(0);
    expect(underA.every((r) => r.olt_id === oltA)).toBe(true);
    expect(gotA.flatMap((e) => e.lines).some((l) => l.oltId !== oltA)).toBe(false);
    expect(gotB.flatMap((e) => e.lines).every((l) => l.oltId === oltB)).toBe(true);
    expect((await rows('tenant_id = $1', [tenantB])).every((r) => r.olt_id === oltB)).toBe(true);
  });

  it('survives a 64 KB datagram, binary garbage and an over-long TCP frame', async () => {
    await sendUdp(ADDR.oltA, Buffer.alloc(65507, 'x'));
    await sendUdp(ADDR.oltA, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 151 + 7) % 256)));
    const tcp = await connectTcp(ADDR.oltA);
    tcp.write(Buffer.alloc(200_000, 'y'));
    tcp.write('\nONU 0200.0000.0003 is registered on EPON0/5:30. after the long frame\n');
    await sendUdp(ADDR.oltA, 'ONU 0200.0000.0004 is registered on EPON0/5:31. after the big datagram');
    await waitStored('ONU 0200.0000.0004 is registered on EPON0/5:31. after the big datagram');
    await waitStored('ONU 0200.0000.0003 is registered on EPON0/5:30. after the long frame');
    tcp.destroy();
    // The big datagram and the long frame are kept cut to LOG_LINE_MAX_CHARS; the garbage is not kept.
    expect(await stored('x'.repeat(2048))).toHaveLength(1);
    expect(await stored('y'.repeat(2048))).toHaveLength(1);
    const all = await rows('olt_id = $1', [oltA]);
    const binary = (text: string) => [...text].some((c) => c < '\t' || c === '\ufffd');
    expect(all.filter((r) => binary(r.message))).toEqual([]);
  });

  it('stores octet-counted TCP frames (RFC 6587), split across writes', async () => {
    const tcp = await connectTcp(ADDR.routerA);
    const frames = [1, 2, 3]
      .map((n) => `<30>Sep 25 01:37:18 MikroTik user admin${n} logged in from 192.168.88.1 via winbox`)
      .map((m) => `${Buffer.byteLength(m)} ${m}`)
      .join('');
    for (let i = 0; i < frames.length; i += 37) {
      tcp.write(frames.slice(i, i + 37));
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const n of [1, 2, 3]) {
      const [row] = await waitStored(`user admin${n} logged in from 192.168.88.1 via winbox`);
      // An admin's login is no subscriber's: no PPPoE user.
      expect(row).toMatchObject({ device_kind: 'router', kind: 'admin-login', pppoe_user: null });
    }
    tcp.destroy();
  });

  it('lets a second worker on the same port start without a receiver, the first receiving on', async () => {
    const second = await startWorkerProcess({
      DATABASE_URL: stack.database.url,
      REDIS_URL: stack.env.REDIS_URL,
      SYSLOG_PORT: String(port),
      SYSLOG_HOST: '127.0.0.1',
    });
    try {
      await waitFor(async () => second.output().includes('syslog receiver not listening'), {
        what: "the second worker's warning",
      });
      expect(second.exitCode).toBeNull();
      await sendUdp(ADDR.oltA, 'ONU 0200.0000.0005 is registered on EPON0/5:32. two workers');
      await waitStored('ONU 0200.0000.0005 is registered on EPON0/5:32. two workers');
    } finally {
      await second.stop(8000);
    }
  });

  it('makes daily partitions ahead, moves early rows into them, drops days past retention', async () => {
    // Days long past: the partitions of today, which the worker writes to, are not touched.
    const maintenance = new MaintenanceService(
      db,
      loadConfig(testEnv({ DATABASE_URL: stack.database.url, LOG_RETENTION_DAYS: '30' })),
    );
    const insertAt = async (at: string) =>
      (
        await db.query(
          `INSERT INTO device_log (tenant_id, received_at, olt_id, device_kind, source_ip, kind, message)
           VALUES ($1, $2, $3, 'olt', '127.0.1.11', 'other', 'partition test') RETURNING id::text`,
          [tenantA, at, oltA],
        )
      )[0].id as string;
    const partOf = async (id: string) =>
      (await db.query('SELECT tableoid::regclass::text AS part FROM device_log WHERE id = $1', [id]))[0]
        ?.part;
    const tooOld = await insertAt('2020-01-05T10:00:00Z'); // a day with no partition: past retention later
    const early = await insertAt('2020-01-11T10:00:00Z'); // before its day's partition exists
    expect(await partOf(early)).toBe('device_log_default');

    const first = await maintenance.maintainPartitions(new Date('2020-01-10T12:00:00Z'));
    expect(first.deleted).toBe(0);
    expect(first.created.filter((n) => n.startsWith('device_log'))).toEqual([
      'device_log_y2020m01d10',
      'device_log_y2020m01d11',
      'device_log_y2020m01d12',
    ]);
    expect(await partOf(early)).toBe('device_log_y2020m01d11');
    // Again on the same day: nothing more to do.
    expect((await maintenance.maintainPartitions(new Date('2020-01-10T18:00:00Z'))).created).toEqual([]);

    // 30 days later than the 11th and a half: the 10th and the 11th are past retention, the 12th is not.
    const later = await maintenance.maintainPartitions(new Date('2020-02-11T12:00:00Z'));
    expect(later.created.filter((n) => n.startsWith('device_log'))).toEqual([
      'device_log_y2020m02d11',
      'device_log_y2020m02d12',
      'device_log_y2020m02d13',
    ]);
    expect(later.dropped).toEqual(['device_log_y2020m01d10', 'device_log_y2020m01d11']);
    expect(later.deleted).toBe(1);
    expect(await partOf(early)).toBeUndefined();
    expect(await partOf(tooOld)).toBeUndefined();
    const left: { name: string }[] = await db.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'device_log'::regclass AND c.relname LIKE 'device_log_y2020%' ORDER BY 1`,
    );
    expect(left.map((r) => r.name)).toEqual([
      'device_log_y2020m01d12',
      'device_log_y2020m02d11',
      'device_log_y2020m02d12',
      'device_log_y2020m02d13',
    ]);
  });
});
