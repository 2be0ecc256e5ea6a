import { createSocket } from 'node:dgram';
import { DataSource } from 'typeorm';
import type { OltDetail, OltReachabilityChangedEvent } from '@pondesk/contracts';
import { createDataSource } from '@pondesk/server-database';
import {
  ApiClient,
  connectSocket,
  registerAccount,
  startTestStack,
  waitFor,
  type SimulatorProcess,
  type TestAccount,
  type TestSocket,
  type TestStack,
} from '@pondesk/server-testing';

const DEVICE = 'vsol-epon-reach';
// Short health interval and SNMP timeout so an outage is seen in seconds, as configured in .env.example.
const HEALTH_INTERVAL_S = 5;
const SNMP_TIMEOUT_MS = 1000;

/** A UDP port on loopback that nothing listens on (bound once to learn a free one, then closed). */
async function closedUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

interface OltRow {
  status: string;
  last_error: string | null;
  consecutive_failures: number;
}

describe('OLT reachability', () => {
  let stack: TestStack;
  let sim: SimulatorProcess;
  let client: ApiClient;
  let db: DataSource;
  let account: TestAccount;
  let socket: TestSocket;
  const changes: OltReachabilityChangedEvent[] = [];

  const row = async (id: string): Promise<OltRow> =>
    (await db.query('SELECT status, last_error, consecutive_failures FROM olt WHERE id = $1', [id]))[0];

  beforeAll(async () => {
    stack = await startTestStack({
      fleet: [{ name: DEVICE, brand: 'vsol', mode: 'epon', ponPorts: 1, onusPerPort: 4 }],
      env: {
        OLT_HEALTH_INTERVAL_SECONDS: String(HEALTH_INTERVAL_S),
        SNMP_TIMEOUT_MS: String(SNMP_TIMEOUT_MS),
        SNMP_RETRIES: '1',
      },
    });
    sim = stack.simulator!;
    client = new ApiClient(stack.url);
    db = createDataSource(stack.database.url);
    await db.initialize();
    account = await registerAccount(client, 'reach');
    socket = await connectSocket(stack.url, account.token);
    socket.on('olt.reachability.changed', (e) => changes.push(e));
  });

  afterAll(async () => {
    socket?.close();
    await db?.destroy();
    await stack?.stop();
  });

  it('shows an OLT that never answered offline after its first failed attempt, with the error', async () => {
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name: 'Nobody home',
        host: '127.0.0.1',
        snmpPort: await closedUdpPort(),
        snmpCommunity: 'public',
        brand: 'bdcom',
        mode: 'epon',
      },
      account.token,
    );
    expect(res.status).toBe(201);
    const olt = res.body;
    expect((await row(olt.id)).status).toBe('unknown');
    const started = Date.now();
    // One attempt = the request and its retry, each timing out: well inside one health interval.
    await waitFor(async () => (await row(olt.id)).status === 'offline', {
      timeoutMs: HEALTH_INTERVAL_S * 1000 + 4 * SNMP_TIMEOUT_MS + 3000,
      what: 'the unreachable OLT to be offline',
    });
    expect(Date.now() - started).toBeLessThan(HEALTH_INTERVAL_S * 1000 + 4 * SNMP_TIMEOUT_MS + 3000);
    const stored = await row(olt.id);
    expect(stored.last_error).toMatch(/time|no answer|unreachable/i);
    await waitFor(async () => changes.some((c) => c.oltId === olt.id), {
      timeoutMs: 3000,
      what: 'the reachability event',
    });
    expect(changes.find((c) => c.oltId === olt.id)).toMatchObject({
      oltId: olt.id,
      status: 'offline',
      previous: 'unknown',
    });
    // The API answers the same status the console shows.
    const detail = await client.get<OltDetail>(`/olts/${olt.id}`, account.token);
    expect(detail.body.status).toBe('offline');
  });

  it('takes an online OLT offline after three failed attempts once it stops answering, and back', async () => {
    const device = await sim.device(DEVICE);
    const res = await client.post<OltDetail>(
      '/olts',
      {
        name: 'Goes dark',
        host: device.host,
        brand: 'vsol',
        mode: 'epon',
        snmpPort: device.snmpPort,
        snmpCommunity: device.community,
        telnetPort: device.telnetPort,
        username: device.username,
        password: device.password,
      },
      account.token,
    );
    expect(res.status).toBe(201);
    const olt = res.body;
    await waitFor(async () => (await row(olt.id)).status === 'online', {
      timeoutMs: 20000,
      what: 'the simulated OLT to be online',
    });
    expect((await row(olt.id)).last_error).toBeNull();

    await sim.send('PUT', `/devices/${DEVICE}/faults`, { unreachable: true });
    const started = Date.now();
    // Three attempts, one per health interval, each a request and a retry timing out.
    const budget = 3 * (HEALTH_INTERVAL_S * 1000 + 2 * SNMP_TIMEOUT_MS) + 5000;
    await waitFor(async () => (await row(olt.id)).status === 'offline', {
      timeoutMs: budget,
      what: 'the silent OLT to be offline',
    });
    expect(Date.now() - started).toBeLessThan(budget);
    const stored = await row(olt.id);
    expect(stored.consecutive_failures).toBeGreaterThanOrEqual(3);
    expect(stored.last_error).toMatch(/time|no answer|unreachable/i);
    await waitFor(async () => changes.some((c) => c.oltId === olt.id && c.status === 'offline'), {
      timeoutMs: 3000,
      what: 'the offline event',
    });
    expect(changes.filter((c) => c.oltId === olt.id).map((c) => [c.previous, c.status])).toEqual([
      ['unknown', 'online'],
      ['online', 'offline'],
    ]);

    // It answers again: the next check (the first back-off is one interval) brings it back online.
    await sim.send('PUT', `/devices/${DEVICE}/faults`, { unreachable: false });
    await waitFor(async () => (await row(olt.id)).status === 'online', {
      timeoutMs: 2 * HEALTH_INTERVAL_S * 1000 + 5000,
      what: 'the OLT to be online again',
    });
    // The event goes out after the row is written, through Redis and the API's socket: it may trail it.
    await waitFor(async () => changes.filter((c) => c.oltId === olt.id).at(-1)?.status === 'online', {
      timeoutMs: 3000,
      what: 'the online event',
    });
    expect(changes.filter((c) => c.oltId === olt.id).at(-1)).toMatchObject({
      previous: 'offline',
      status: 'online',
    });
  });
});
