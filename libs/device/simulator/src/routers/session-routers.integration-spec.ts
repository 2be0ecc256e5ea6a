/**
 * The simulated MikroTik routers over real HTTP: configured through the control API, they post PPPoE session
 * events to a receiver on loopback exactly as RouterOS `/tool fetch` in the PPP profile scripts does, when an
 * ONU loses power, when a PON goes down and up, and on a PPP-only drop.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parsePppoeIds } from '@pondesk/contracts';
import { startFleet, type RunningFleet } from '../index';
import type { SimOnu } from '../model/olt-state';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const INGEST = '/api/v1/ingest/session-events';
const KEY = 'pdk_it_0123456789abcdef';

/** The control API's answers as the tests read them. */
interface Answer {
  error?: string;
  status?: string;
  onus?: SimOnu[];
  posted?: number;
  accepted?: number;
}

async function http(url: string, method = 'GET', body?: unknown): Promise<{ status: number; json: Answer }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

async function until(what: string, ok: () => boolean, timeoutMs = 6000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The body the routers' scripts post for one subscriber (URL-encoded as `URLSearchParams` writes it). */
function expectedBody(action: 'up' | 'down', onu: SimOnu, router: string, remoteAddress: string): string {
  return new URLSearchParams([
    ['action', action],
    ['user', parsePppoeIds(onu.description)[0]],
    // The router's MAC as the OLT learned it behind the ONU ('' when it has learned none).
    ['caller-id', onu.clientMacs[0]?.mac.toUpperCase() ?? ''],
    ['remote-address', remoteAddress],
    ['router', router],
  ]).toString();
}

const field = (body: string, name: string): string | null => new URLSearchParams(body).get(name);

describe('simulated MikroTik routers', () => {
  let fleet: RunningFleet;
  let receiver: Server;
  let received: Received[] = [];
  let answer = 202;
  let control: string;
  let ingestUrl: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const body = answer === 202 ? '{"accepted":true}' : '{"message":"This ingest key is not valid"}';
        res.writeHead(answer, { 'Content-Type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    ingestUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${INGEST}`;
    fleet = await startFleet(
      {
        seed: 31,
        timeScale: 0,
        devices: [
          { name: 'olt-a', brand: 'bdcom', mode: 'epon', ponPorts: 3, onusPerPort: 24 },
          { name: 'olt-b', brand: 'vsol', mode: 'gpon', ponPorts: 2, onusPerPort: 16 },
        ],
      },
      { timeScale: 0 },
    );
    control = fleet.controlUrl!;
  });

  afterAll(async () => {
    await fleet?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  const onus = async (device: string): Promise<SimOnu[]> =>
    (await http(`${control}/devices/${device}/state`)).json.onus!;
  const hasSession = (o: SimOnu) => o.status === 'online' && parsePppoeIds(o.description).length > 0;
  const isSubscriber = (o: SimOnu) => hasSession(o) && o.clientMacs.length > 0;

  it('refuses to post anywhere but loopback', async () => {
    const r = await http(`${control}/routers`, 'PUT', {
      url: 'http://203.0.113.7/api/v1/ingest/session-events',
      key: KEY,
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/loopback/);
    expect((await http(`${control}/routers`)).json).toMatchObject({ enabled: false });
  });

  it('posts down when an ONU loses power and up when it is back, exactly as the router scripts do', async () => {
    const on = await http(`${control}/routers`, 'PUT', { url: ingestUrl, key: KEY });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ enabled: true, url: ingestUrl, key: 'pdk_************', routers: 2 });
    expect(JSON.stringify(on.json)).not.toContain(KEY);

    // The first pass only records the state it finds.
    await new Promise((r) => setTimeout(r, 1300));
    expect(received).toEqual([]);

    const onu = (await onus('olt-a')).find(isSubscriber)!;
    const off = await http(`${control}/onu-changes`, 'POST', {
      changes: [{ device: 'olt-a', ponPort: onu.ponPort, onuId: onu.onuId, down: 'power-off' }],
    });
    expect(off.json.onus![0]).toMatchObject({ status: 'offline', reason: 'power-off' });
    await until('the down', () => received.length === 1);
    const [down] = received;
    expect(down.method).toBe('POST');
    expect(down.path).toBe(INGEST);
    expect(down.headers['x-ingest-key']).toBe(KEY);
    expect(down.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const address = field(down.body, 'remote-address')!;
    expect(address).toMatch(/^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.\d{1,3}\.\d{1,3}$/);
    expect(down.body).toBe(expectedBody('down', onu, 'BRAS-olt-a', address));
    expect(field(down.body, 'caller-id')).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);

    // Power back: the ONU registers a simulated second later.
    await http(`${control}/onu-changes`, 'POST', {
      changes: [{ device: 'olt-a', ponPort: onu.ponPort, onuId: onu.onuId, down: null }],
    });
    await http(`${control}/clock`, 'PUT', { advanceSeconds: 1 });
    await until('the up', () => received.length === 2);
    expect(received[1].body).toBe(expectedBody('up', onu, 'BRAS-olt-a', address));
    expect(received[1].headers['x-ingest-key']).toBe(KEY);
  });

  it('a PON down posts a down for every subscriber online on it, and its return an up each', async () => {
    received = [];
    const before = (await onus('olt-b')).filter((o) => o.ponPort === 2 && hasSession(o));
    expect(before.filter(isSubscriber).length).toBeGreaterThan(3);
    expect((await http(`${control}/devices/olt-b/pons/2/down`, 'POST')).status).toBe(200);
    await until('the downs', () => received.length === before.length);
    const bodies = (action: 'up' | 'down') =>
      before.map((o) => {
        const mine = received.find((r) => field(r.body, 'user') === parsePppoeIds(o.description)[0])!;
        return expectedBody(action, o, 'BRAS-olt-b', field(mine.body, 'remote-address')!);
      });
    expect(received.map((r) => r.body).sort()).toEqual(bodies('down').sort());
    expect(new Set(received.map((r) => field(r.body, 'remote-address'))).size).toBe(before.length);

    const downs = received;
    received = [];
    await http(`${control}/devices/olt-b/pons/2/up`, 'POST');
    await http(`${control}/clock`, 'PUT', { advanceSeconds: 1 });
    await until('the ups', () => received.length === before.length);
    expect(received.map((r) => r.body).sort()).toEqual(
      downs.map((r) => r.body.replace('action=down', 'action=up')).sort(),
    );
    await new Promise((r) => setTimeout(r, 1200));
    expect(received).toHaveLength(before.length);
  });

  it('POST /routers/ppp-drop: down now, up 3 s later, the ONU online throughout', async () => {
    received = [];
    const onu = (await onus('olt-b')).find((o) => o.ponPort === 1 && isSubscriber(o))!;
    const t0 = Date.now();
    const r = await http(`${control}/routers/ppp-drop`, 'POST', {
      device: 'olt-b',
      ponPort: onu.ponPort,
      onuId: onu.onuId,
    });
    expect(r.status).toBe(200);
    await until('the down', () => received.length === 1);
    const address = field(received[0].body, 'remote-address')!;
    expect(received[0].body).toBe(expectedBody('down', onu, 'BRAS-olt-b', address));
    await until('the up', () => received.length === 2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2900);
    expect(received[1].body).toBe(expectedBody('up', onu, 'BRAS-olt-b', address));
    expect((await http(`${control}/devices/olt-b/onus/${onu.ponPort}/${onu.onuId}`)).json.status).toBe(
      'online',
    );

    const nameless = (await onus('olt-a')).find((o) => parsePppoeIds(o.description).length === 0);
    if (nameless)
      expect(
        (
          await http(`${control}/routers/ppp-drop`, 'POST', {
            device: 'olt-a',
            ponPort: nameless.ponPort,
            onuId: nameless.onuId,
          })
        ).status,
      ).toBe(404);
  });

  it('counts what it posted, what was accepted and what failed, and stops on DELETE', async () => {
    const stats = (await http(`${control}/routers`)).json;
    expect(stats).toMatchObject({ enabled: true, failed: 0, lastError: null });
    expect(stats.posted).toBe(stats.accepted);
    expect(stats.posted).toBeGreaterThanOrEqual(4);

    received = [];
    answer = 401;
    const onu = (await onus('olt-a')).find(isSubscriber)!;
    await http(`${control}/routers/ppp-drop`, 'POST', {
      device: 'olt-a',
      ponPort: onu.ponPort,
      onuId: onu.onuId,
    });
    await until('the refused post', () => received.length === 1);
    await until('the failure counted', () => fleet.routers.view().failed === 1);
    expect((await http(`${control}/routers`)).json).toMatchObject({
      failed: 1,
      lastError: 'HTTP 401 This ingest key is not valid',
      byStatus: { '401': 1 },
    });
    answer = 202;

    const off = await http(`${control}/routers`, 'DELETE');
    expect(off.json).toMatchObject({ enabled: false, failed: 1 });
    received = [];
    await http(`${control}/devices/olt-a/pons/1/down`, 'POST');
    await new Promise((r) => setTimeout(r, 1500));
    expect(received).toEqual([]);
  });
});
