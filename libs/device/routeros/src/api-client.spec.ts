import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectRouterOs } from './connect';
import { RouterOsError, RouterOsErrorCode } from './routeros.exception';
import { readInterfaceTraffic, readSystemResource } from './routeros-reads';
import type { RouterOsConnection, RouterOsTarget } from './routeros.types';
import { ScriptedPeer, acceptingLogin, type PeerScript } from './testing/scripted-peer';

const PASSWORD = 's3cret-pw';
const peers: ScriptedPeer[] = [];
const connections: RouterOsConnection[] = [];

async function peer(script: PeerScript, tls?: { key: string; cert: string }): Promise<ScriptedPeer> {
  const p = await ScriptedPeer.start(script, tls);
  peers.push(p);
  return p;
}

async function connect(
  p: { port: number },
  extra: Partial<RouterOsTarget> = {},
): Promise<RouterOsConnection> {
  const c = await connectRouterOs({
    host: '127.0.0.1',
    port: p.port,
    username: 'admin',
    password: PASSWORD,
    timeoutMs: 1000,
    ...extra,
  });
  connections.push(c);
  return c;
}

/** The error a promise rejects with (fails the test when it resolves). */
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
  await Promise.all(peers.splice(0).map((p) => p.stop()));
});

describe('API client: login', () => {
  it('logs in with the plain method, then prints with where and proplist as query and proplist words', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        if (s[0] !== '/ppp/active/print') return;
        r.reply('!re', { '.id': '*80000077', name: 'cust-1001', address: '10.30.246.13' });
        r.reply('!done');
      }),
    );
    const c = await connect(p);
    const rows = await c.print('/ppp/active', {
      where: { name: 'cust-1001', service: 'pppoe' },
      proplist: ['.id', 'name', 'address'],
    });
    expect(rows).toEqual([{ '.id': '*80000077', name: 'cust-1001', address: '10.30.246.13' }]);
    expect(p.received).toEqual([
      ['/login', '=name=admin', '=password=s3cret-pw', '.tag=1'],
      ['/ppp/active/print', '=.proplist=.id,name,address', '?name=cust-1001', '?service=pppoe', '.tag=2'],
    ]);
    expect(c.target).toBe(`127.0.0.1:${p.port}`);
    expect(c.transport).toBe('api');
  });

  it('refused login: LOGIN_FAILED with the router message, never the password', async () => {
    const p = await peer((s, r) => {
      r.reply('!trap', { message: 'invalid user name or password (6)' });
      r.reply('!done');
    });
    const e = await failure(connect(p));
    expect(e.code).toBe(RouterOsErrorCode.LOGIN_FAILED);
    expect(e.message).toBe(`login to 127.0.0.1:${p.port} refused: invalid user name or password (6)`);
    expect(e.target).toBe(`127.0.0.1:${p.port}`);
    expect(JSON.stringify({ ...e, message: e.message, stack: e.stack })).not.toContain(PASSWORD);
  });

  it('answers a pre-6.43 challenge with the MD5 response of the manual example', async () => {
    // The manual's example: password '' and challenge 93b438ec…, response checked with printf | md5sum.
    const p = await peer((s, r) => {
      if (s[0] !== '/login') return r.reply('!done');
      if (s.some((w) => w.startsWith('=password=')))
        return r.reply('!done', { ret: '93b438ec9b80057c06dd9fe67d56aa9a' });
      if (s.includes('=response=00e134102a9d330dd7b1849fedfea3cb57')) return r.reply('!done');
      r.reply('!trap', { message: 'cannot log in' });
      r.reply('!done');
    });
    const c = await connect(p, { password: '' });
    await c.print('/system/identity');
    expect(p.received).toEqual([
      ['/login', '=name=admin', '=password=', '.tag=1'],
      ['/login', '=name=admin', '=response=00e134102a9d330dd7b1849fedfea3cb57', '.tag=2'],
      ['/system/identity/print', '.tag=3'],
    ]);
    // A wrong password gives another response, which the router refuses.
    const e = await failure(connect(p, { password: 'wrong' }));
    expect(e.code).toBe(RouterOsErrorCode.LOGIN_FAILED);
    expect(e.message).toMatch(/refused: cannot log in$/);
  });

  it('a challenge that is not 16 bytes of hex is a protocol error', async () => {
    const p = await peer((s, r) => r.reply('!done', { ret: 'zz' }));
    expect((await failure(connect(p))).code).toBe(RouterOsErrorCode.PROTOCOL);
  });
});

describe('API client: replies', () => {
  it('!trap: COMMAND_FAILED with category and message; the connection carries on', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        if (s[0] === '/ip/address/add') {
          r.reply('!trap', { category: '1', message: 'input does not match any value of interface' });
          return r.reply('!done');
        }
        if (s[0] === '/user/print') {
          r.reply('!trap', { message: 'not enough permissions (9)' });
          return r.reply('!done');
        }
        r.reply('!re', { name: 'BRAS-1' });
        r.reply('!done');
      }),
    );
    const c = await connect(p);
    const e = await failure(c.add('/ip/address', { address: '192.168.88.1', interface: 'asdf' }));
    expect(e.code).toBe(RouterOsErrorCode.COMMAND_FAILED);
    expect(e.category).toBe(1);
    expect(e.routerMessage).toBe('input does not match any value of interface');
    expect(e.message).toBe(
      `/ip/address/add on 127.0.0.1:${p.port}: input does not match any value of interface`,
    );
    const denied = await failure(c.print('/user'));
    expect(denied.code).toBe(RouterOsErrorCode.NOT_PERMITTED);
    expect(denied.category).toBeUndefined();
    expect(await c.print('/system/identity')).toEqual([{ name: 'BRAS-1' }]);
    expect(c.closed).toBe(false);
  });

  it('matches interleaved replies of concurrent commands by tag', async () => {
    const held: { tag: string | undefined; reply: (t: string, a?: Record<string, string>) => void }[] = [];
    const p = await peer(
      acceptingLogin((s, r) => {
        held.push({ tag: r.tag, reply: r.reply });
        if (held.length < 2) return;
        const [a, b] = held;
        b.reply('!re', { name: 'b1' });
        a.reply('!re', { name: 'a1' });
        b.reply('!re', { name: 'b2' });
        b.reply('!done');
        a.reply('!re', { name: 'a2' });
        a.reply('!done');
      }),
    );
    const c = await connect(p);
    const [ra, rb] = await Promise.all([c.print('/ppp/active'), c.print('/ppp/secret')]);
    expect(ra).toEqual([{ name: 'a1' }, { name: 'a2' }]);
    expect(rb).toEqual([{ name: 'b1' }, { name: 'b2' }]);
    expect(held.map((h) => h.tag)).toEqual(['2', '3']);
  });

  it('!empty (7.18+) is no rows', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        r.reply('!empty');
        r.reply('!done');
      }),
    );
    expect(await (await connect(p)).print('/ppp/active')).toEqual([]);
  });

  it('add answers =ret=; set, remove and run send the documented words', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        if (s[0] === '/ppp/secret/add') return r.reply('!done', { ret: '*1A' });
        if (s[0] === '/interface/monitor-traffic')
          r.reply('!re', {
            name: '<pppoe-cust1>',
            'rx-bits-per-second': '523000',
            'tx-bits-per-second': '7100000',
          });
        r.reply('!done');
      }),
    );
    const c = await connect(p);
    expect(await c.add('/ppp/secret', { name: 'pd-acme', password: 'x', service: 'l2tp' })).toBe('*1A');
    await c.set('/ppp/secret', '*1A', { comment: 'Acme ISP' });
    await c.remove('ppp secret', '*1A');
    expect(await readInterfaceTraffic(c, '<pppoe-cust1>')).toEqual({ upload: 523000, download: 7100000 });
    expect(p.received.slice(1)).toEqual([
      ['/ppp/secret/add', '=name=pd-acme', '=password=x', '=service=l2tp', '.tag=2'],
      ['/ppp/secret/set', '=.id=*1A', '=comment=Acme ISP', '.tag=3'],
      ['/ppp/secret/remove', '=.id=*1A', '.tag=4'],
      ['/interface/monitor-traffic', '=interface=<pppoe-cust1>', '=once=', '.tag=5'],
    ]);
  });

  it('reads the /system/resource reply of RouterOS 6.27 (api-replies.txt) end to end', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        // The words of the sample, with the tag the client gave (the sample's was "sss").
        r.send(
          '!re',
          `.tag=${r.tag}`,
          '=uptime=4d15h20m38s',
          '=version=6.27',
          '=build-time=Feb/11/2015 13:24:13',
          '=free-memory=36741120',
          '=total-memory=67108864',
          '=cpu=MIPS 24Kc V7.4',
          '=cpu-count=1',
          '=cpu-frequency=400',
          '=cpu-load=28',
          '=free-hdd-space=116649984',
          '=total-hdd-space=134217728',
          '=write-sect-since-reboot=1070',
          '=write-sect-total=8926',
          '=bad-blocks=0',
          '=architecture-name=mipsbe',
          '=board-name=RB OmniTIK UPA-5HnD',
          '=platform=MikroTik',
        );
        r.reply('!done');
      }),
    );
    expect(await readSystemResource(await connect(p))).toEqual({
      uptimeSeconds: 400838,
      version: '6.27',
      boardName: 'RB OmniTIK UPA-5HnD',
      platform: 'MikroTik',
      architecture: 'mipsbe',
      cpu: 'MIPS 24Kc V7.4',
      cpuLoadPercent: 28,
      freeMemoryBytes: 36741120,
      totalMemoryBytes: 67108864,
    });
  });
});

describe('API client: failures', () => {
  it('!fatal: every waiting command rejects with CLOSED, and so does any later one', async () => {
    let seen = 0;
    const p = await peer(
      acceptingLogin((s, r) => {
        if (++seen === 2) r.send('!fatal', 'session terminated on request');
      }),
    );
    const c = await connect(p);
    const [a, b] = await Promise.all([failure(c.print('/ppp/active')), failure(c.print('/ppp/secret'))]);
    expect(a.code).toBe(RouterOsErrorCode.CLOSED);
    expect(a.message).toBe(`127.0.0.1:${p.port} ended the session: session terminated on request`);
    expect(b.code).toBe(RouterOsErrorCode.CLOSED);
    expect(c.closed).toBe(true);
    expect((await failure(c.print('/ppp/active'))).code).toBe(RouterOsErrorCode.CLOSED);
  });

  it('the socket closing mid-command is CLOSED', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        r.reply('!re', { name: 'half' });
        r.destroy();
      }),
    );
    const c = await connect(p);
    const e = await failure(c.print('/ppp/active'));
    expect(e.code).toBe(RouterOsErrorCode.CLOSED);
    expect(e.message).toBe(`127.0.0.1:${p.port} closed the connection`);
  });

  it('a peer that never answers: TIMEOUT within the timeout, at login and per command', async () => {
    const silent = await peer(() => undefined);
    let t0 = Date.now();
    const e = await failure(connect(silent, { timeoutMs: 300 }));
    const elapsed = Date.now() - t0;
    expect(e.code).toBe(RouterOsErrorCode.TIMEOUT);
    expect(e.message).toBe(`no answer from 127.0.0.1:${silent.port} to /login within 300 ms`);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);

    const p = await peer(acceptingLogin());
    const c = await connect(p, { timeoutMs: 300 });
    t0 = Date.now();
    const slow = await failure(c.print('/ppp/active'));
    expect(slow.code).toBe(RouterOsErrorCode.TIMEOUT);
    expect(Date.now() - t0).toBeLessThan(1500);
    // The router is asked to stop the command nobody waits for.
    await new Promise((r) => setTimeout(r, 50));
    expect(p.received.at(-1)).toEqual(['/cancel', '=tag=2', '.tag=3']);
    expect(c.closed).toBe(false);
  });

  it('a closed port is UNREACHABLE', async () => {
    const server = createTcpServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((r) => server.close(() => r()));
    const e = await failure(connect({ port }));
    expect(e.code).toBe(RouterOsErrorCode.UNREACHABLE);
    expect(e.message).toBe(`127.0.0.1:${port}: connection refused`);
  });

  it('an HTTP server on the port is PROTOCOL', async () => {
    const http = createHttpServer((_req, res) => res.end('hello'));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (http.address() as { port: number }).port;
      const e = await failure(connect({ port }));
      expect(e.code).toBe(RouterOsErrorCode.PROTOCOL);
      expect(e.message).toMatch(/does not speak the RouterOS API \(its answer begins "HTTP\/1\.1 400/);
    } finally {
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    }
  });

  it('a control byte mid-session is PROTOCOL and ends the session', async () => {
    const p = await peer(acceptingLogin((s, r) => r.raw(Buffer.from([0xf8, 0x00]))));
    const c = await connect(p);
    const e = await failure(c.print('/ppp/active'));
    expect(e.code).toBe(RouterOsErrorCode.PROTOCOL);
    expect(e.message).toMatch(/control byte 0xf8/);
    expect(c.closed).toBe(true);
  });

  it('close(): answers already given stand, the peer sees the end, later commands are CLOSED', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        r.reply('!re', { name: 'x' });
        r.reply('!done');
      }),
    );
    const c = await connect(p);
    const rows = await c.print('/ppp/active');
    await c.close();
    expect(rows).toEqual([{ name: 'x' }]);
    expect(c.closed).toBe(true);
    expect(p.ended).toBe(1);
    expect((await failure(c.print('/ppp/active'))).code).toBe(RouterOsErrorCode.CLOSED);
    await c.close();
  });
});

describe('API client over TLS (api-ssl)', () => {
  let dir: string;
  let tls: { key: string; cert: string } | null = null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'routeros-tls-'));
    // A self-signed certificate, as RouterOS makes its own.
    const r = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=router.test',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    tls = {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts the router self-signed certificate by default, and refuses it when asked to verify', async () => {
    const p = await peer(
      acceptingLogin((s, r) => {
        r.reply('!re', { name: 'BRAS-ssl' });
        r.reply('!done');
      }),
      tls!,
    );
    const c = await connect(p, { transport: 'api-ssl' });
    expect(c.transport).toBe('api-ssl');
    expect(await c.print('/system/identity')).toEqual([{ name: 'BRAS-ssl' }]);
    const e = await failure(connect(p, { transport: 'api-ssl', tls: { rejectUnauthorized: true } }));
    expect(e.code).toBe(RouterOsErrorCode.PROTOCOL);
    expect(e.message).toMatch(/^TLS with 127\.0\.0\.1:\d+ failed: self[- ]signed certificate/);
    // The same certificate given as the CA verifies (it names 127.0.0.1).
    const verified = await connect(p, {
      transport: 'api-ssl',
      tls: { rejectUnauthorized: true, ca: tls!.cert },
    });
    expect(await verified.print('/system/identity')).toEqual([{ name: 'BRAS-ssl' }]);
  });
});
