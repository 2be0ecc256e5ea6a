import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connectRouterOs } from './connect';
import { RouterOsError, RouterOsErrorCode } from './routeros.exception';
import { readInterfaceTraffic, readSystemResource } from './routeros-reads';
import type { RouterOsConnection, RouterOsTarget } from './routeros.types';

/** admin:s3cret, base64 by hand (`printf 'admin:s3cret' | base64`). */
const GOOD_AUTH = 'Basic YWRtaW46czNjcmV0';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

/** A small RouterOS REST stand-in: Basic auth checked, then the test's handler answers. */
class FakeRest {
  readonly seen: Seen[] = [];
  private readonly server: Server;
  port = 0;

  constructor(private readonly handler: Handler) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const seen: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.seen.push(seen);
    if (seen.authorization !== GOOD_AUTH) return json(res, 401, { error: 401, message: 'Unauthorized' });
    if (seen.url === '/rest/system/identity') return json(res, 200, { name: 'BRAS-1' });
    this.handler(seen, res);
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const fakes: FakeRest[] = [];
const connections: RouterOsConnection[] = [];

async function fake(handler: Handler): Promise<FakeRest> {
  const f = await new FakeRest(handler).start();
  fakes.push(f);
  return f;
}

async function connect(
  f: { port: number },
  extra: Partial<RouterOsTarget> = {},
): Promise<RouterOsConnection> {
  const c = await connectRouterOs({
    host: '127.0.0.1',
    port: f.port,
    transport: 'rest',
    restScheme: 'http',
    username: 'admin',
    password: 's3cret',
    timeoutMs: 1000,
    ...extra,
  });
  connections.push(c);
  return c;
}

async function failure(p: Promise<unknown>): Promise<RouterOsError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(RouterOsError);
    return e as RouterOsError;
  }
  throw new Error('expected a rejection');
}

afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.close()));
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
});

describe('REST client', () => {
  it('checks the login on connect, then GETs with ?key=value filters and .proplist', async () => {
    const f = await fake((req, res) =>
      json(res, 200, [{ '.id': '*80000077', name: 'cust-1001', address: '10.30.246.13' }]),
    );
    const c = await connect(f);
    expect(c.transport).toBe('rest');
    expect(c.target).toBe(`127.0.0.1:${f.port}`);
    const rows = await c.print('/ppp/active', {
      where: { name: 'cust-1001', service: 'pppoe' },
      proplist: ['.id', 'name', 'address'],
    });
    expect(rows).toEqual([{ '.id': '*80000077', name: 'cust-1001', address: '10.30.246.13' }]);
    expect(f.seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['GET', '/rest/system/identity', GOOD_AUTH],
      ['GET', '/rest/ppp/active?name=cust-1001&service=pppoe&.proplist=.id,name,address', GOOD_AUTH],
    ]);
  });

  it('reads the REST /system/resource sample of the manual', async () => {
    const f = await fake((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Verbatim from api-replies.txt (REST API block).
      res.end(`[{"architecture-name":"tile","board-name":"CCR1016-12S-1S+",
"build-time":"2020-12-04 14:19:51","cpu":"tilegx","cpu-count":"16",
"cpu-frequency":"1200","cpu-load":"1","free-hdd-space":"83439616",
"free-memory":"1503133696","platform":"MikroTik",
"total-hdd-space":"134217728","total-memory":"2046820352",
"uptime":"2d20h12m20s","version":"7.1beta4 (development)"}]`);
    });
    expect(await readSystemResource(await connect(f))).toEqual({
      uptimeSeconds: 245540,
      version: '7.1beta4 (development)',
      boardName: 'CCR1016-12S-1S+',
      platform: 'MikroTik',
      architecture: 'tile',
      cpu: 'tilegx',
      cpuLoadPercent: 1,
      freeMemoryBytes: 1503133696,
      totalMemoryBytes: 2046820352,
    });
    expect(f.seen[1].url).toBe(
      '/rest/system/resource?.proplist=uptime,version,board-name,platform,architecture-name,cpu,cpu-load,free-memory,total-memory',
    );
  });

  it('a wrong password is LOGIN_FAILED at connect, naming neither user nor password', async () => {
    const f = await fake(() => undefined);
    const e = await failure(connect(f, { password: 'wrong-pw' }));
    expect(e.code).toBe(RouterOsErrorCode.LOGIN_FAILED);
    expect(e.message).toBe(`login to 127.0.0.1:${f.port} refused (HTTP 401: Unauthorized)`);
    expect(e.message).not.toContain('wrong-pw');
    expect(f.seen[0].authorization).toBe('Basic YWRtaW46d3JvbmctcHc=');
  });

  it('403 is NOT_PERMITTED; 400 with {error, message, detail} is COMMAND_FAILED with the detail', async () => {
    const f = await fake((req, res) => {
      if (req.url.startsWith('/rest/user')) return json(res, 403, { error: 403, message: 'Forbidden' });
      json(res, 400, { detail: 'missing =address=', error: 400, message: 'Bad Request' });
    });
    const c = await connect(f);
    const denied = await failure(c.print('/user'));
    expect(denied.code).toBe(RouterOsErrorCode.NOT_PERMITTED);
    const bad = await failure(c.add('/ip/address', { interface: 'ether1' }));
    expect(bad.code).toBe(RouterOsErrorCode.COMMAND_FAILED);
    expect(bad.routerMessage).toBe('missing =address=');
    expect(bad.message).toBe(`PUT /rest/ip/address on 127.0.0.1:${f.port}: missing =address= (HTTP 400)`);
  });

  it('PUT adds and answers the .id, PATCH sets, DELETE removes, POST runs a command', async () => {
    const f = await fake((req, res) => {
      if (req.method === 'PUT')
        return json(res, 200, { '.id': '*1A', name: 'pd-acme', service: 'l2tp', disabled: 'false' });
      if (req.method === 'PATCH') return json(res, 200, { '.id': '*1A', comment: 'Acme ISP' });
      if (req.method === 'DELETE') {
        res.writeHead(204);
        return void res.end();
      }
      json(res, 200, [
        { name: '<pppoe-cust1>', 'rx-bits-per-second': '523000', 'tx-bits-per-second': '7100000' },
      ]);
    });
    const c = await connect(f);
    expect(await c.add('/ppp/secret', { name: 'pd-acme', password: 'x', service: 'l2tp' })).toBe('*1A');
    await c.set('/ppp/secret', '*1A', { comment: 'Acme ISP' });
    await c.remove('/ppp/secret', '*1A');
    expect(await readInterfaceTraffic(c, '<pppoe-cust1>')).toEqual({ upload: 523000, download: 7100000 });
    expect(f.seen.slice(1).map((s) => [s.method, s.url, s.contentType, s.body])).toEqual([
      ['PUT', '/rest/ppp/secret', 'application/json', '{"name":"pd-acme","password":"x","service":"l2tp"}'],
      ['PATCH', '/rest/ppp/secret/*1A', 'application/json', '{"comment":"Acme ISP"}'],
      ['DELETE', '/rest/ppp/secret/*1A', undefined, ''],
      [
        'POST',
        '/rest/interface/monitor-traffic',
        'application/json',
        '{"interface":"<pppoe-cust1>","once":""}',
      ],
    ]);
  });

  it('an unknown interface answers 400: readInterfaceTraffic is null', async () => {
    const f = await fake((req, res) =>
      json(res, 400, {
        detail: 'input does not match any value of interface',
        error: 400,
        message: 'Bad Request',
      }),
    );
    expect(await readInterfaceTraffic(await connect(f), '<pppoe-gone>')).toBeNull();
  });

  it('an answer that is not JSON is PROTOCOL', async () => {
    const f = await fake((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>webfig</html>');
    });
    const e = await failure((await connect(f)).print('/ppp/active'));
    expect(e.code).toBe(RouterOsErrorCode.PROTOCOL);
    expect(e.message).toMatch(/GET \/rest\/ppp\/active on 127\.0\.0\.1:\d+: the answer is not JSON/);
  });

  it('no answer within the timeout is TIMEOUT; after close() calls are CLOSED', async () => {
    const f = await fake(() => undefined);
    const c = await connect(f, { timeoutMs: 300 });
    const t0 = Date.now();
    const e = await failure(c.print('/ppp/active'));
    expect(e.code).toBe(RouterOsErrorCode.TIMEOUT);
    expect(e.message).toBe(`no answer from 127.0.0.1:${f.port} to GET /rest/ppp/active within 300 ms`);
    expect(Date.now() - t0).toBeLessThan(1500);
    await c.close();
    expect(c.closed).toBe(true);
    expect((await failure(c.print('/ppp/active'))).code).toBe(RouterOsErrorCode.CLOSED);
  });

  it('a closed port is UNREACHABLE', async () => {
    const f = await fake(() => undefined);
    const port = f.port;
    await f.stop();
    fakes.splice(fakes.indexOf(f), 1);
    const e = await failure(connect({ port }));
    expect(e.code).toBe(RouterOsErrorCode.UNREACHABLE);
    expect(e.message).toBe(`127.0.0.1:${port}: connection refused`);
  });
});
