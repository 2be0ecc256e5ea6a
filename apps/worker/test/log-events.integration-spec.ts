import { createSocket } from 'node:dgram';
import type { DataSource } from 'typeorm';
import type { IngestSetup, OltDetail, OnuStatusChangesEvent, SessionEventPushed } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  connectSocket,
  freePort,
  registerAccount,
  startTestStack,
  waitFor,
  type SimulatorProcess,
  type TestAccount,
  type TestSocket,
  type TestStack,
} from '@pondesk/server-testing';

jest.setTimeout(120_000);

/**
 * What syslog lines set going, through the real receiver, worker, Redis, API sockets and a simulated OLT:
 * a router's PPPoE disconnect becomes one Down Count event, and an OLT's deregistration line reads that
 * ONU's port at once. The lines are typed here in the formats of the shared real samples; the ONU's
 * status after the read is the simulator's (a check of the plumbing, not of a real OLT).
 */
const DEVICE = 'logs-bdcom-epon';
/** The OLT's MikroTik router: an address of its own on loopback (nothing leaves this machine). */
const ROUTER = '127.0.1.51';

describe('events read from syslog lines', () => {
  let stack: TestStack;
  let sim: SimulatorProcess;
  let db: DataSource;
  let admin: TestAccount;
  let olt: OltDetail;
  let socket: TestSocket;
  let syslogPort: number;
  const sessionEvents: SessionEventPushed[] = [];
  const statusEvents: OnuStatusChangesEvent[] = [];

  const send = async (from: string, line: string): Promise<void> => {
    const s = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.bind(0, from, () => resolve());
    });
    await new Promise<void>((resolve, reject) =>
      s.send(line, syslogPort, '127.0.0.1', (e) => (e ? reject(e) : resolve())),
    );
    await new Promise<void>((r) => s.close(() => r()));
  };

  beforeAll(async () => {
    syslogPort = await freePort();
    stack = await startTestStack({
      fleet: [{ name: DEVICE, brand: 'bdcom', mode: 'epon', ponPorts: 2, onusPerPort: 4 }],
      env: { SYSLOG_PORT: String(syslogPort), SYSLOG_HOST: '127.0.0.1' },
      databasePrefix: 'pondesk_logevents',
    });
    sim = stack.simulator!;
    const client = new ApiClient(stack.url);
    db = createDataSource(stack.database.url);
    await db.initialize();
    admin = await registerAccount(client, 'logevents');
    const device = await sim.device(DEVICE);
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name: 'Syslog OLT',
        host: device.host,
        brand: 'bdcom',
        mode: 'epon',
        snmpPort: device.snmpPort,
        snmpCommunity: device.community,
        telnetPort: device.telnetPort,
        username: device.username,
        password: device.password,
        mikrotikHost: ROUTER,
        // Far apart: what changes within a test is what the lines set going, not a poll.
        pollIntervalSeconds: 3600,
      },
      admin.token,
    );
    expect(res.status).toBe(201);
    olt = res.body;
    await waitFor(
      async () => (await db.query('SELECT onu_count AS n FROM olt WHERE id = $1', [olt.id]))[0]?.n === 8,
      { timeoutMs: 60_000, what: 'the first poll' },
    );
    socket = await connectSocket(stack.url, admin.token);
    socket.on('session.events', (e) => sessionEvents.push(...e.events));
    socket.on('onu.status.changed', (e) => statusEvents.push(e));
  });

  afterAll(async () => {
    socket?.close();
    await db?.destroy();
    await stack?.stop();
  });

  it("counts a router's PPPoE disconnect once, though its PPP and accounting lines both report it", async () => {
    await send(ROUTER, '<134>pppoe,ppp,info <pppoe-skn002>: disconnected');
    await send(ROUTER, '<134>pppoe,ppp,info,account skn002 logged out, 300 52300 911231 1203 1789');
    // A VPN user's session on the same router is no subscriber's drop.
    await send(ROUTER, '<134>pptp,ppp,info <pptp-vpnuser>: disconnected');
    await waitFor(
      async () =>
        (await db.query(`SELECT count(*)::int AS n FROM device_log WHERE olt_id = $1`, [olt.id]))[0].n === 3,
      { what: 'the three lines stored' },
    );
    const stored = await waitFor(
      async () => {
        const rows: { pppoe_id: string; action: string; router: string }[] = await db.query(
          `SELECT pppoe_id, action, router FROM session_event WHERE tenant_id = $1`,
          [admin.auth.user.tenantId],
        );
        return rows.length ? rows : undefined;
      },
      { what: 'the session event' },
    );
    // The accounting line came within the same moment: no second row is coming.
    await new Promise((r) => setTimeout(r, 500));
    expect(
      await db.query(`SELECT pppoe_id, action, router FROM session_event WHERE tenant_id = $1`, [
        admin.auth.user.tenantId,
      ]),
    ).toEqual(stored);
    expect(stored).toEqual([{ pppoe_id: 'skn002', action: 'down', router: 'MikroTik Syslog OLT' }]);
    const [day] = await db.query(
      `SELECT downs FROM session_down_daily WHERE tenant_id = $1 AND pppoe_id = 'skn002'`,
      [admin.auth.user.tenantId],
    );
    expect(day).toEqual({ downs: 1 });
    await waitFor(async () => sessionEvents.some((e) => e.pppoeId === 'skn002' && e.action === 'down'), {
      what: 'session.events on the socket',
    });
    expect(sessionEvents.filter((e) => e.pppoeId === 'vpnuser')).toEqual([]);
  });

  it("counts a drop once when the router's script posts it and its syslog reports it too", async () => {
    const setup = await new ApiClient(stack.url).get<IngestSetup>('/ingest/setup', admin.token);
    const posted = await fetch(`${stack.url}/api/v1/ingest/session-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-ingest-key': setup.body.key },
      body: new URLSearchParams({ action: 'down', user: 'skn003', router: 'BRAS-1' }).toString(),
    });
    expect(posted.status).toBe(202);
    await send(ROUTER, '<134>pppoe,ppp,info <pppoe-skn003>: disconnected');
    await waitFor(
      async () =>
        (await db.query(`SELECT 1 FROM device_log WHERE olt_id = $1 AND pppoe_user = 'skn003'`, [olt.id]))
          .length === 1,
      { what: 'the syslog line stored' },
    );
    // Lines are read for events in the order they came: once a later line's drop is stored, this one's
    // has had its turn.
    await send(ROUTER, '<134>pppoe,ppp,info <pppoe-skn004>: disconnected');
    await waitFor(
      async () =>
        (
          await db.query(`SELECT 1 FROM session_event WHERE tenant_id = $1 AND pppoe_id = 'skn004'`, [
            admin.auth.user.tenantId,
          ])
        ).length === 1,
      { what: 'the later drop stored' },
    );
    const rows: { router: string }[] = await db.query(
      `SELECT router FROM session_event WHERE tenant_id = $1 AND pppoe_id = 'skn003'`,
      [admin.auth.user.tenantId],
    );
    expect(rows).toEqual([{ router: 'BRAS-1' }]);
  });

  it("reads an ONU's port as soon as its OLT logs it deregistered, long before the next poll", async () => {
    const onu = (await sim.onus(DEVICE)).find((o) => o.status === 'online' && o.ponPort === 2)!;
    const [row]: { id: string; status: string; if_name: string }[] = await db.query(
      'SELECT id, status, if_name FROM onu WHERE olt_id = $1 AND pon_port = $2 AND onu_id = $3',
      [olt.id, onu.ponPort, onu.onuId],
    );
    expect(row.status).toBe('online');
    await sim.send('POST', '/onu-changes', {
      changes: [{ device: DEVICE, ponPort: onu.ponPort, onuId: onu.onuId, down: 'power-off' }],
    });
    // BDCOM's words (bdcom.log): the MAC dotted, the ONU's interface.
    const dotted = onu.mac.replace(/:/g, '').replace(/(.{4})(?!$)/g, '$1.');
    const sentAt = Date.now();
    await send(
      '127.0.0.1',
      `<190>Nov 27 08:00:00 OLT %EPON-ONUREG: ONU ${dotted} is deregistered on ${row.if_name}. \0`,
    );
    await waitFor(
      async () =>
        (await db.query('SELECT status FROM onu WHERE id = $1', [row.id]))[0].status === 'offline'
          ? true
          : undefined,
      { timeoutMs: 10_000, what: 'the ONU stored offline' },
    );
    const took = Date.now() - sentAt;
    expect(took).toBeLessThan(5000);
    const change = await waitFor(
      async () =>
        statusEvents.flatMap((e) => e.changes).find((c) => c.onuRef === row.id && c.to === 'offline'),
      { what: 'onu.status.changed on the socket' },
    );
    expect(change.reason).toBe('power-off');
    // The next poll is an hour away: the read came from the line.
    const [{ polled }] = await db.query('SELECT last_polled_at AS polled FROM olt WHERE id = $1', [olt.id]);
    expect(new Date(polled).getTime()).toBeLessThan(sentAt);
  });
});
