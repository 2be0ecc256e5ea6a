import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { deviceDataPath } from '@pondesk/device-snmp/testing';
import { HsgqSessionPool, HsgqWebClient, hsgqLoginBody } from './hsgq-web-client';
import { HsgqErrorCode } from './hsgq.exception';

const SAMPLES = deviceDataPath('http/hsgq');
const sample = (name: string): unknown => JSON.parse(readFileSync(resolve(SAMPLES, name), 'utf8'));

interface FakeOptions {
  /** Token lifetime in requests; after that the box answers code -1 (expired). */
  tokenUses?: number;
  /** Always answer code -1, even to a fresh token. */
  alwaysExpired?: boolean;
  maxLogins?: number;
  slowMs?: number;
  /** Closes the connection without an answer the first time this path comes on an already used one. */
  dropOnReusedSocket?: string;
}

/** Speaks the HSGQ web API from the vendor samples: envelope, X-Token header, md5/base64 login, errors as HTTP 200. */
class FakeHsgq {
  server: Server;
  port = 0;
  logins = 0;
  logouts = 0;
  active = new Map<string, number>();
  tokens = 0;
  requests: string[] = [];
  private readonly served = new WeakMap<object, number>();

  constructor(private readonly o: FakeOptions = {}) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    const a = this.server.address();
    this.port = typeof a === 'object' && a ? a.port : 0;
    return this.port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private send(res: ServerResponse, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length
      ? (JSON.parse(Buffer.concat(chunks).toString()) as { param: Record<string, string> })
      : null;
    const url = req.url ?? '';
    this.requests.push(`${req.method} ${url}`);
    const before = this.served.get(req.socket) ?? 0;
    this.served.set(req.socket, before + 1);
    if (before > 0 && url === this.o.dropOnReusedSocket) {
      this.o.dropOnReusedSocket = undefined;
      return void req.socket.destroy();
    }
    if (this.o.slowMs) await new Promise((r) => setTimeout(r, this.o.slowMs));
    if (url === '/userlogin?form=login') {
      const p = body!.param;
      const key = createHash('md5').update(`${p['name']}:admin`).digest('hex');
      if (p['key'] !== key || Buffer.from(p['value'], 'base64').toString() !== 'admin') {
        return this.send(res, { code: 2, message: 'Error, user name or password error' });
      }
      if (this.o.maxLogins !== undefined && this.active.size >= this.o.maxLogins) {
        return this.send(res, { code: 3, message: 'Error, too many users logged in' });
      }
      this.logins++;
      const token = `tok${++this.tokens}`;
      this.active.set(token, 0);
      return this.send(res, { code: 1, message: 'success' }, { 'X-Token': token });
    }
    if (url === '/board_info') return this.send(res, sample('epon-board-system.mock.json'));
    const token = String(req.headers['x-token'] ?? '');
    if (!this.active.has(token)) return this.send(res, { code: 0, message: 'Token Check Failed' });
    const uses = this.active.get(token)! + 1;
    this.active.set(token, uses);
    if (this.o.alwaysExpired || (this.o.tokenUses !== undefined && uses > this.o.tokenUses)) {
      this.active.delete(token);
      return this.send(res, { code: -1, message: 'Login timeout, Please Login' });
    }
    if (url === '/userlogin?form=logout') {
      this.logouts++;
      this.active.delete(token);
      return this.send(res, { code: 1, message: 'success' });
    }
    if (url === '/board?info=system') return this.send(res, sample('epon-board-system.mock.json'));
    if (url === '/onu_allow_list?port_id=1')
      return this.send(res, sample('epon-onu_allow_list.port.mock.json'));
    if (url.startsWith('/onumgmt?form=optical-diagnose'))
      return this.send(res, sample('epon-onumgmt-optical-diagnose.sample.json'));
    if (url === '/pon_mac?form=table') return this.send(res, sample('epon-pon_mac-form-table.mock.json'));
    if (url === '/onumgmt?form=config')
      return this.send(res, { code: 5, message: 'Error, The ONU is offline can not be restarted' });
    if (url === '/garbage') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return void res.end('<html>not json</html>');
    }
    return this.send(res, { code: 2, message: 'Error, unknown path' });
  }
}

const client = (port: number, extra: Partial<ConstructorParameters<typeof HsgqWebClient>[0]> = {}) =>
  new HsgqWebClient({
    host: '127.0.0.1',
    port,
    username: 'root',
    password: 'admin',
    timeoutMs: 1500,
    ...extra,
  });

describe('HsgqWebClient against a local fake of the HSGQ web API', () => {
  it('logs in once with md5 key + base64 value, reuses the token and logs out on close', async () => {
    const fake = new FakeHsgq();
    const c = client(await fake.start());
    try {
      const sys = await c.get<{ product_name: string; device_type: number }>('/board?info=system');
      expect(sys).toMatchObject({ product_name: 'HSGQ-E08', device_type: 1 });
      const rows = await c.get<unknown[]>('/onu_allow_list?port_id=1');
      expect(rows).toHaveLength(35);
      const opt = await c.get<Record<string, string>>('/onumgmt?form=optical-diagnose&port_id=1&onu_id=1');
      expect(opt['receive_power']).toBe('-3.3003 dBm');
      expect((await c.getEnvelope('/pon_mac?form=table')).code).toBe(1);
      expect(fake.logins).toBe(1);
      await c.close();
      expect(fake.logouts).toBe(1);
      expect(fake.active.size).toBe(0);
      await expect(c.get('/board?info=system')).rejects.toMatchObject({ code: HsgqErrorCode.CLOSED });
    } finally {
      await fake.stop();
    }
  });

  it('re-logs in once when the token expires (code -1) and carries on', async () => {
    const fake = new FakeHsgq({ tokenUses: 2 });
    const c = client(await fake.start());
    try {
      for (let i = 0; i < 5; i++)
        expect(await c.get('/board?info=system')).toMatchObject({ product_name: 'HSGQ-E08' });
      expect(fake.logins).toBe(3);
    } finally {
      await c.close();
      await fake.stop();
    }
  });

  it('re-logs in once when the box forgets the token (code 0, e.g. after its own reboot) and carries on', async () => {
    const fake = new FakeHsgq();
    const c = client(await fake.start());
    try {
      expect(await c.get('/board?info=system')).toMatchObject({ product_name: 'HSGQ-E08' });
      fake.active.clear();
      expect(await c.get('/board?info=system')).toMatchObject({ product_name: 'HSGQ-E08' });
      expect(fake.logins).toBe(2);
      expect(fake.requests.filter((r) => r === 'GET /board?info=system')).toHaveLength(3);
    } finally {
      await c.close();
      await fake.stop();
    }
  });

  it('gives a typed SESSION_REJECTED error when a fresh login is rejected again (no loop)', async () => {
    const fake = new FakeHsgq({ alwaysExpired: true });
    const c = client(await fake.start());
    try {
      await expect(c.get('/board?info=system')).rejects.toMatchObject({
        code: HsgqErrorCode.SESSION_REJECTED,
        apiCode: -1,
      });
      expect(fake.logins).toBe(2);
    } finally {
      await c.close();
      await fake.stop();
    }
  });

  it('reports wrong credentials, API errors inside HTTP 200 and non-JSON answers as typed errors', async () => {
    const fake = new FakeHsgq();
    const port = await fake.start();
    try {
      await expect(client(port, { password: 'nope' }).get('/board?info=system')).rejects.toMatchObject({
        code: HsgqErrorCode.AUTH_FAILED,
        apiCode: 2,
      });
      const c = client(port);
      await expect(
        c.post('/onumgmt?form=config', {
          method: 'set',
          param: { port_id: 1, onu_id: 1, flags: 1, fec_mode: 1 },
        }),
      ).rejects.toMatchObject({
        code: HsgqErrorCode.API_ERROR,
        apiCode: 5,
      });
      await expect(c.get('/garbage')).rejects.toMatchObject({ code: HsgqErrorCode.INVALID_RESPONSE });
      // A bad answer does not poison the session.
      expect(await c.get('/board?info=system')).toMatchObject({ device_type: 1 });
      expect(await c.probe('/board_info')).toMatchObject({ product_name: 'HSGQ-E08' });
      await c.close();
    } finally {
      await fake.stop();
    }
  });

  it('serialises concurrent calls and shares one session per OLT through the pool', async () => {
    const fake = new FakeHsgq({ maxLogins: 1, slowMs: 20 });
    const port = await fake.start();
    const pool = new HsgqSessionPool();
    try {
      const a = pool.acquire({ host: '127.0.0.1', port, username: 'root', password: 'admin' });
      const b = pool.acquire({ host: '127.0.0.1', port, username: 'root', password: 'admin' });
      expect(a).toBe(b);
      await Promise.all([
        a.get('/board?info=system'),
        b.get('/onu_allow_list?port_id=1'),
        a.get('/board?info=system'),
      ]);
      expect(fake.logins).toBe(1);
      await pool.closeAll();
      expect(fake.logouts).toBe(1);
    } finally {
      await fake.stop();
    }
  });

  it('sends a read once more when the box dropped the kept-alive connection it went out on', async () => {
    const fake = new FakeHsgq({ dropOnReusedSocket: '/board?info=system' });
    const c = client(await fake.start());
    try {
      expect(await c.get<unknown[]>('/onu_allow_list?port_id=1')).toHaveLength(35);
      const sys = await c.get<{ product_name: string }>('/board?info=system');
      expect(sys.product_name).toBe('HSGQ-E08');
      expect(fake.requests.filter((r) => r === 'GET /board?info=system')).toHaveLength(2);
      expect(fake.logins).toBe(1);
    } finally {
      await c.close();
      await fake.stop();
    }
  });

  it('times out within the configured deadline and reports unreachable hosts', async () => {
    const fake = new FakeHsgq({ slowMs: 2000 });
    const port = await fake.start();
    const t0 = Date.now();
    await expect(client(port, { timeoutMs: 300 }).get('/board?info=system')).rejects.toMatchObject({
      code: HsgqErrorCode.TIMEOUT,
    });
    expect(Date.now() - t0).toBeLessThan(1500);
    await fake.stop();
    await expect(client(port).get('/board?info=system')).rejects.toMatchObject({
      code: HsgqErrorCode.UNREACHABLE,
    });
  });

  it('uses the documented login body', () => {
    expect(hsgqLoginBody('root', 'admin').param).toMatchObject({
      key: '1761d487ba0cde5f285059b5cca9a22c',
      value: 'YWRtaW4=',
    });
  });
});
