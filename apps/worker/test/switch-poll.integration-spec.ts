import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdapter } from '@socket.io/redis-adapter';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import {
  permissionRoom,
  type ServerToClientEvents,
  type SwitchPortsChanged,
  type SwitchStatusChanged,
} from '@pondesk/contracts';
import { SecretBox, loadConfig } from '@pondesk/server-config';
import { createDataSource } from '@pondesk/server-database';
import { JobName, QueueName, queuePrefix, redisOptionsFromUrl } from '@pondesk/server-queue';
import {
  SimulatorProcess,
  createMigratedDatabase,
  freePort,
  startWorkerProcess,
  testEnv,
  waitFor,
  type EntrypointProcess,
  type TestDatabase,
} from '@pondesk/server-testing';
import { MaintenanceService } from '../src/maintenance/maintenance.service';

jest.setTimeout(120_000);

/**
 * Switch polling with the real worker process, Postgres, Redis and the simulator. Everything here is
 * plumbing on SIMULATED switches (the simulator's SNR and Cisco tables, read through the same drivers):
 * that the worker stores what the devices say, turns link changes into events and pushes them. Whether
 * the drivers read real SNR and Cisco switches right is proven on the REAL recordings in
 * libs/device/drivers/src/drivers/switch-optics.driver.integration-spec.ts.
 *
 * Events are read as the API's gateway delivers them: a Socket.IO server on the same Redis adapter whose
 * sockets join the rooms a user's permissions give (2004 switch list, 2009 dashboard).
 */

/** The worker's SNMP wait, long enough that a poll waiting for a dead switch would show. */
const SNMP_TIMEOUT_MS = 5000;
/** The switches' Db Alert Range (the default): rx below it is critical. */
const ALERT_DBM = -20;

interface SimPort {
  port: number;
  link: 'up' | 'down';
  sfp: boolean;
  alias: string;
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
}

interface PortRow {
  id: string;
  name: string;
  if_index: number;
  description: string | null;
  link: string;
  rx_dbm: number | null;
  tx_dbm: number | null;
  temperature_c: number | null;
  voltage_v: number | null;
  bias_ma: number | null;
  power: string;
}

interface Listener {
  socket: Socket<ServerToClientEvents>;
  ports: SwitchPortsChanged[];
  status: SwitchStatusChanged[];
}

/** What each simulated brand calls port `p` and its ifIndex (as its MIB in the simulator writes them). */
const NAMING = {
  snr: (p: number) => ({ name: `Ethernet1/0/${p}`, ifIndex: p }),
  cisco: (p: number) => ({ name: `Gi1/0/${p}`, ifIndex: 10100 + p }),
} as const;

const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

describe('switch polling (worker, Postgres, Redis, simulated switches)', () => {
  let sim: SimulatorProcess;
  let simDir: string;
  let database: TestDatabase;
  let db: DataSource;
  let worker: EntrypointProcess;
  let http: HttpServer;
  let ioServer: Server;
  const redisClients: Redis[] = [];
  let pollQueue: Queue;
  let actionQueue: Queue;
  let actionEvents: QueueEvents;
  const listeners: Listener[] = [];
  let both: Listener;
  let only2009: Listener;
  let otherTenant: Listener;
  let tenantA: string;
  let tenantB: string;
  const ids: Record<string, string> = {};
  let box: SecretBox;
  let workerStartedAt: number;

  const simState = async (name: string): Promise<SimPort[]> =>
    ((await (await fetch(`${sim.control}/devices/${name}/state`)).json()) as { ports: SimPort[] }).ports;
  const portRows = (switchId: string): Promise<PortRow[]> =>
    db.query(
      `SELECT id, name, if_index, description, link, rx_dbm, tx_dbm, temperature_c, voltage_v, bias_ma, power
       FROM switch_port WHERE switch_id = $1 ORDER BY if_index`,
      [switchId],
    );
  const switchRow = async (id: string) =>
    (
      await db.query(
        `SELECT status, last_error, last_polled_at, last_good_poll_at, port_count, alert_port_count, sys_descr
         FROM switch WHERE id = $1`,
        [id],
      )
    )[0] as {
      status: string;
      last_error: string | null;
      last_polled_at: Date | null;
      last_good_poll_at: Date | null;
      port_count: number;
      alert_port_count: number;
      sys_descr: string | null;
    };

  const listen = async (rooms: string[]): Promise<Listener> => {
    const { port } = http.address() as AddressInfo;
    const socket: Socket<ServerToClientEvents> = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      auth: { rooms },
      reconnection: false,
    });
    const l: Listener = { socket, ports: [], status: [] };
    socket.on('switch.ports.changed', (e) => l.ports.push(e));
    socket.on('switch.status.changed', (e) => l.status.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    listeners.push(l);
    return l;
  };

  const insertSwitch = async (
    tenantId: string,
    name: string,
    brand: string,
    ip: string,
    snmpPort: number,
    community: string,
  ) =>
    (
      await db.query(
        `INSERT INTO switch (tenant_id, name, ip, snmp_port, snmp_community_enc, brand) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id`,
        [tenantId, name, ip, snmpPort, box.seal(community), brand],
      )
    )[0].id as string;

  /** What the API's "poll now" does: one PollSwitch job for the switch. */
  const pollNow = async (switchId: string, tenantId: string) => {
    const before = (await switchRow(switchId)).last_polled_at?.getTime() ?? 0;
    await pollQueue.add(JobName.PollSwitch, { switchId, tenantId }, { removeOnComplete: true });
    await waitFor(async () => ((await switchRow(switchId)).last_polled_at?.getTime() ?? 0) > before, {
      timeoutMs: 20_000,
      what: 'the poll to be stored',
    });
  };

  const check = async (payload: { ip: string; snmpPort: number; community: string; detect: boolean }) => {
    const job = await actionQueue.add(JobName.CheckSwitch, payload);
    return (await job.waitUntilFinished(actionEvents, 20_000)) as Record<string, unknown>;
  };

  beforeAll(async () => {
    simDir = mkdtempSync(join(tmpdir(), 'pondesk-switch-it-'));
    const fleet = join(simDir, 'fleet.json');
    writeFileSync(
      fleet,
      JSON.stringify({
        name: 'switch-it',
        seed: 5,
        devices: [
          { name: 'snr-it', brand: 'snr', ports: 12, sfpPorts: 6, portAliases: { '12': 'uplink olt-it' } },
          { name: 'cisco-it', brand: 'cisco', ports: 12, sfpPorts: 6 },
          { name: 'olt-it', brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 2 },
        ],
      }),
    );
    // Simulated time frozen: what the worker stores and what the control API says are of the same instant.
    sim = await SimulatorProcess.start({ file: fleet }, { timeScale: 0 });
    database = await createMigratedDatabase('pondesk_switches');
    db = createDataSource(database.url);
    await db.initialize();
    const env = testEnv({ DATABASE_URL: database.url });
    box = new SecretBox(env.ENCRYPTION_KEY);

    // The gateway's stand-in: sockets join the rooms they name.
    http = createServer();
    const pub = new Redis(env.REDIS_URL);
    const sub = new Redis(env.REDIS_URL);
    redisClients.push(pub, sub);
    ioServer = new Server(http, { adapter: createAdapter(pub, sub), transports: ['websocket'] });
    ioServer.on('connection', (socket) => {
      for (const room of (socket.handshake.auth as { rooms?: string[] }).rooms ?? []) void socket.join(room);
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));

    const insertTenant = async (name: string) =>
      (
        await db.query(`INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ($1, 'x') RETURNING id`, [
          name,
        ])
      )[0].id as string;
    tenantA = await insertTenant('Switches A');
    tenantB = await insertTenant('Switches B');
    both = await listen([permissionRoom(tenantA, 2004), permissionRoom(tenantA, 2009)]);
    only2009 = await listen([permissionRoom(tenantA, 2009)]);
    otherTenant = await listen([permissionRoom(tenantB, 2004), permissionRoom(tenantB, 2009)]);

    const snr = await sim.device('snr-it');
    const cisco = await sim.device('cisco-it');
    ids.snr = await insertSwitch(tenantA, 'SNR core', 'snr', snr.host, snr.snmpPort, snr.community);
    ids.cisco = await insertSwitch(
      tenantA,
      'Cisco agg',
      'cisco',
      cisco.host,
      cisco.snmpPort,
      cisco.community,
    );
    // A loopback port nothing listens on: no answer, only the timeout.
    ids.dead = await insertSwitch(tenantA, 'Dead', 'snr', '127.0.0.1', await freePort(), 'public');
    // Deleted (hidden): never polled.
    ids.hidden = await insertSwitch(tenantB, 'Hidden', 'snr', snr.host, snr.snmpPort, snr.community);
    await db.query('UPDATE switch SET show = false WHERE id = $1', [ids.hidden]);

    const connection = redisOptionsFromUrl(env.REDIS_URL, { maxRetriesPerRequest: null });
    const prefix = queuePrefix({ DATABASE_URL: database.url, REDIS_NAMESPACE: env.REDIS_NAMESPACE });
    pollQueue = new Queue(QueueName.SwitchPoll, { connection, prefix });
    actionQueue = new Queue(QueueName.DeviceAction, { connection, prefix });
    actionEvents = new QueueEvents(QueueName.DeviceAction, { connection, prefix });
    await actionEvents.waitUntilReady();

    // The worker's scheduler sync finds the switches in Postgres at start and polls each at once.
    workerStartedAt = Date.now();
    worker = await startWorkerProcess({
      DATABASE_URL: database.url,
      SNMP_TIMEOUT_MS: String(SNMP_TIMEOUT_MS),
      SNMP_RETRIES: '0',
      POLL_CONCURRENCY: '8',
    });
  });

  afterAll(async () => {
    for (const l of listeners) l.socket.close();
    await ioServer?.close();
    await worker?.stop(8000);
    await actionEvents?.close();
    await pollQueue?.close();
    await actionQueue?.close();
    for (const r of redisClients) r.disconnect();
    await db?.destroy();
    await database?.drop();
    await sim?.stop();
    if (simDir) rmSync(simDir, { recursive: true, force: true });
  });

  it('[simulator plumbing] a dead switch goes Offline while the others are stored without waiting for it', async () => {
    const stored = async () =>
      (await switchRow(ids.snr)).last_good_poll_at !== null &&
      (await switchRow(ids.cisco)).last_good_poll_at !== null;
    await waitFor(stored, { timeoutMs: 30_000, intervalMs: 50, what: 'both reachable switches stored' });
    const storedAfter = Date.now() - workerStartedAt;
    // The dead switch's poll was running alongside (the queue runs POLL_CONCURRENCY at once): still waiting.
    expect((await switchRow(ids.dead)).status).toBe('unknown');
    const active = await pollQueue.getJobs(['active']);
    expect(active.map((j) => (j.data as { switchId: string }).switchId)).toContain(ids.dead);
    await waitFor(async () => (await switchRow(ids.dead)).status === 'offline', {
      timeoutMs: SNMP_TIMEOUT_MS * 4,
      what: 'the dead switch offline',
    });
    const offlineAfter = Date.now() - workerStartedAt;
    expect(offlineAfter - storedAfter).toBeGreaterThan(SNMP_TIMEOUT_MS / 4);
    const dead = await switchRow(ids.dead);
    expect(dead.last_error).toMatch(/^no SNMP response from 127\.0\.0\.1:\d+ within 5000 ms/);
    expect(dead.last_polled_at).not.toBeNull();
    expect(dead.last_good_poll_at).toBeNull();
    expect(await portRows(ids.dead)).toEqual([]);
    // Status changes pushed once per socket, to tenant A's switch viewers only.
    await waitFor(async () => both.status.length >= 3, { what: 'three status events' });
    const byId = (l: Listener) =>
      Object.fromEntries(l.status.map((e) => [e.switchId, [e.previous, e.status, e.error !== null]]));
    expect(both.status).toHaveLength(3);
    expect(byId(both)).toEqual({
      [ids.snr]: ['unknown', 'online', false],
      [ids.cisco]: ['unknown', 'online', false],
      [ids.dead]: ['unknown', 'offline', true],
    });
    expect(byId(only2009)).toEqual(byId(both));
    expect(otherTenant.status).toEqual([]);
    // The hidden switch has no scheduler and was never polled.
    expect((await pollQueue.getJobSchedulers(0, -1)).map((s) => s.id ?? s.key).sort()).toEqual(
      [ids.snr, ids.cisco, ids.dead].map((id) => `switch-poll-${id}`).sort(),
    );
    expect((await switchRow(ids.hidden)).last_polled_at).toBeNull();
  });

  it.each(['snr', 'cisco'] as const)(
    "[simulator plumbing] %s: one poll stores every SFP port's optics as the simulator holds them, no copper port",
    async (brand) => {
      const id = ids[brand];
      await waitFor(async () => (await switchRow(id)).last_good_poll_at !== null, { what: 'the first poll' });
      const want = (await simState(`${brand}-it`)).filter((p) => p.sfp);
      expect(want).toHaveLength(6);
      const rows = await portRows(id);
      expect(
        rows.map((r) => ({
          name: r.name,
          ifIndex: r.if_index,
          description: r.description,
          link: r.link,
          rx: r2(r.rx_dbm),
          tx: r2(r.tx_dbm),
          temperature: r2(r.temperature_c),
          voltage: r2(r.voltage_v),
          bias: r2(r.bias_ma),
        })),
      ).toEqual(
        want.map((p) => ({
          ...NAMING[brand](p.port),
          description: p.alias || null,
          link: p.link,
          rx: r2(p.rxDbm),
          tx: r2(p.txDbm),
          temperature: r2(p.temperatureC),
          voltage: r2(p.voltageV),
          bias: r2(p.biasMa),
        })),
      );
      if (brand === 'snr') expect(rows.find((r) => r.if_index === 12)?.description).toBe('uplink olt-it');
      // The badge by hand: no link red, below -20 dBm red, up to 3 dB above amber, else green; no rx grey.
      const badge = (p: SimPort) =>
        p.link === 'down'
          ? 'down'
          : p.rxDbm === null
            ? 'none'
            : p.rxDbm < ALERT_DBM
              ? 'critical'
              : p.rxDbm < ALERT_DBM + 3
                ? 'warning'
                : 'good';
      expect(rows.map((r) => r.power)).toEqual(want.map(badge));
      const sw = await switchRow(id);
      expect(sw).toMatchObject({
        status: 'online',
        last_error: null,
        port_count: 6,
        alert_port_count: want.filter((p) => ['down', 'critical'].includes(badge(p))).length,
      });
      expect(sw.sys_descr).toMatch(brand === 'snr' ? /^SNR-S2990X/ : /^Cisco IOS Software, C2960X/);
      // One sample per SFP port at the poll's time.
      const samples = await db.query(
        'SELECT count(*)::int AS n, count(DISTINCT sampled_at)::int AS times FROM switch_port_sample WHERE switch_id = $1',
        [id],
      );
      expect(samples).toEqual([{ n: 6, times: 1 }]);
      // Nothing happened to any port yet: first sightings make no event.
      expect(await db.query('SELECT id FROM switch_port_event WHERE switch_id = $1', [id])).toEqual([]);
    },
  );

  it('[simulator plumbing] a link pulled on the simulator is a link-down event, a red badge and a live push; back up is link-up', async () => {
    const start = await simState('snr-it');
    const port = start.find((p) => p.sfp && p.link === 'up' && p.rxDbm !== null)!;
    expect(port).toBeDefined();
    const name = `Ethernet1/0/${port.port}`;
    both.ports.length = 0;
    only2009.ports.length = 0;

    const pulled = (await sim.send('PUT', `/devices/snr-it/ports/${port.port}/link`, {
      up: false,
    })) as SimPort;
    expect(pulled).toMatchObject({ port: port.port, link: 'down', rxDbm: null });
    await pollNow(ids.snr, tenantA);
    const stored = (await portRows(ids.snr)).find((r) => r.name === name)!;
    expect(stored).toMatchObject({ link: 'down', power: 'down', rx_dbm: null });
    const events = await db.query(
      'SELECT kind, port_id FROM switch_port_event WHERE switch_id = $1 ORDER BY id',
      [ids.snr],
    );
    expect(events).toEqual([{ kind: 'link-down', port_id: stored.id }]);
    expect((await switchRow(ids.snr)).alert_port_count).toBeGreaterThanOrEqual(1);

    await waitFor(async () => both.ports.length > 0 && only2009.ports.length > 0, { what: 'the push' });
    await new Promise((r) => setTimeout(r, 300));
    // One message for the poll, once to a socket in both rooms; only the changed port in it.
    expect(both.ports).toHaveLength(1);
    const pushed = both.ports[0];
    expect(pushed.switchId).toBe(ids.snr);
    expect(pushed.ports.map((p) => [p.name, p.link, p.power, p.rxDbm, p.switchName])).toEqual([
      [name, 'down', 'down', null, 'SNR core'],
    ]);
    expect(pushed.events.map((e) => [e.kind, e.portId, e.portName])).toEqual([
      ['link-down', stored.id, name],
    ]);
    expect(only2009.ports).toEqual(both.ports);
    expect(otherTenant.ports).toEqual([]);

    both.ports.length = 0;
    await sim.send('PUT', `/devices/snr-it/ports/${port.port}/link`, { up: null });
    await pollNow(ids.snr, tenantA);
    const back = (await portRows(ids.snr)).find((r) => r.name === name)!;
    expect(back).toMatchObject({ link: 'up', rx_dbm: port.rxDbm });
    expect(back.power).not.toBe('down');
    expect(
      (await db.query('SELECT kind FROM switch_port_event WHERE port_id = $1 ORDER BY id', [stored.id])).map(
        (e: { kind: string }) => e.kind,
      ),
    ).toEqual(['link-down', 'link-up']);
    await waitFor(async () => both.ports.length > 0, { what: 'the link-up push' });
    expect(both.ports[0].events.map((e) => e.kind)).toEqual(['link-up']);
  });

  it('[simulator plumbing] the SNMP check answers open with sysDescr, detects the brand, and says when it is an OLT', async () => {
    const snr = await sim.device('snr-it');
    const cisco = await sim.device('cisco-it');
    const olt = await sim.device('olt-it');
    const at = (d: { host: string; snmpPort: number; community: string }, detect: boolean) => ({
      ip: d.host,
      snmpPort: d.snmpPort,
      community: d.community,
      detect,
    });
    const open = await check(at(snr, false));
    expect(open).toMatchObject({ status: 'open', brand: null });
    expect(open.sysDescr).toMatch(/^SNR-S2990X-24FQ/);
    expect(typeof open.latencyMs).toBe('number');
    expect(await check(at(snr, true))).toMatchObject({ status: 'open', brand: 'snr' });
    expect(await check(at(cisco, true))).toMatchObject({ status: 'open', brand: 'cisco' });
    expect(await check(at(olt, true))).toMatchObject({
      status: 'open',
      brand: null,
      error: 'This device is an OLT (VSOL EPON), not a switch',
    });
    // A wrong community gets no answer from an SNMPv2c agent.
    expect(await check({ ...at(snr, false), community: 'wrong' })).toMatchObject({
      status: 'closed',
      latencyMs: null,
      sysDescr: null,
      brand: null,
    });
  });

  it('rolls an hour of hand-inserted samples into one hourly row per port, re-runnably; partitions by month', async () => {
    const maintenance = new MaintenanceService(db, loadConfig(testEnv({ DATABASE_URL: database.url })));
    const port = '6f9d2c1e-0000-4000-8000-0000000000a1';
    const insert = (at: string, linkUp: boolean, rx: number | null, tx: number | null) =>
      db.query(
        `INSERT INTO switch_port_sample (port_id, tenant_id, switch_id, sampled_at, link_up, rx_dbm, tx_dbm)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [port, tenantA, ids.snr, at, linkUp, rx, tx],
      );
    await insert('2031-03-21T08:00:00Z', true, -10, -3);
    await insert('2031-03-21T08:20:00Z', true, -12, -4);
    await insert('2031-03-21T08:40:00Z', true, -14, -5);
    await insert('2031-03-21T08:50:00Z', false, null, -6);
    await insert('2031-03-21T09:00:00Z', true, -30, -7); // the next hour
    for (let i = 0; i < 2; i++) await maintenance.rollupSwitchPorts(new Date('2031-03-21T08:59:59Z'));
    const hourly = () =>
      db.query(
        `SELECT hour, tenant_id, rx_min, rx_avg, rx_max, tx_avg, sample_count, down_count FROM switch_port_hourly
         WHERE port_id = $1`,
        [port],
      );
    expect(await hourly()).toEqual([
      {
        hour: new Date('2031-03-21T08:00:00Z'),
        tenant_id: tenantA,
        rx_min: -14,
        rx_avg: -12,
        rx_max: -10,
        tx_avg: -4.5,
        sample_count: 4,
        down_count: 1,
      },
    ]);
    // A sample that arrived late is in the hour when it is rolled up again.
    await insert('2031-03-21T08:55:00Z', true, -18, -7);
    await maintenance.rollupSwitchPorts(new Date('2031-03-21T08:30:00Z'));
    expect(await hourly()).toMatchObject([{ rx_min: -18, rx_avg: -13.5, sample_count: 5, down_count: 1 }]);

    const made = await maintenance.maintainSwitchSamples(new Date('2031-03-10T00:00:00Z'));
    expect(made.created).toEqual([
      'switch_port_sample_y2031m03',
      'switch_port_sample_y2031m04',
      'switch_port_sample_y2031m05',
    ]);
    const where = await db.query(
      'SELECT DISTINCT tableoid::regclass::text AS part FROM switch_port_sample WHERE port_id = $1',
      [port],
    );
    expect(where).toEqual([{ part: 'switch_port_sample_y2031m03' }]);
    // Past SAMPLE_RETENTION_DAYS (90) the month is dropped with its samples.
    const later = await maintenance.maintainSwitchSamples(new Date('2031-07-15T00:00:00Z'));
    expect(later.dropped).toEqual(['switch_port_sample_y2031m03']);
  });
});
