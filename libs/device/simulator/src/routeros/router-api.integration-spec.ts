/**
 * The simulated MikroTiks' RouterOS API over real TCP, spoken with a plain socket and the protocol's own
 * framing (`encodeSentence`, `SentenceReader`): logins, print with queries and `.proplist`, sessions that
 * follow the ONUs as the simulator's control changes them, the faults, `/cancel`, `!fatal`, and the VPN
 * concentrator's secrets and auto-dial.
 */
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { parsePppoeIds } from '@pondesk/contracts';
import { encodeSentence, parseReply, SentenceReader, type ReplySentence } from '@pondesk/device-routeros';
import { startFleet, type RunningFleet } from '../index';
import type { OltState } from '../model/olt-state';

/** A bare API client: sends sentences, hands back each reply sentence as it comes. */
class RawApi {
  private readonly reader = new SentenceReader();
  private readonly got: ReplySentence[] = [];
  private waiting: (() => void) | null = null;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const words of this.reader.push(chunk)) this.got.push(parseReply(words));
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => undefined);
  }

  static open(host: string, port: number): Promise<RawApi> {
    return new Promise((resolve, reject) => {
      const s = connect(port, host);
      s.once('connect', () => resolve(new RawApi(s)));
      s.once('error', reject);
    });
  }

  send(...words: string[]): void {
    this.socket.write(encodeSentence(words));
  }

  sendRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** The next reply sentence (null once the router has closed the connection and nothing is left). */
  async next(timeoutMs = 4000): Promise<ReplySentence | null> {
    const end = Date.now() + timeoutMs;
    while (!this.got.length) {
      if (this.closed) return null;
      if (Date.now() > end) throw new Error('no reply in time');
      await new Promise<void>((r) => {
        const t = setTimeout(r, 50);
        this.waiting = () => {
          clearTimeout(t);
          r();
        };
      });
      this.waiting = null;
    }
    return this.got.shift() ?? null;
  }

  /** Replies up to and including `!done` (or `!fatal`). */
  async untilDone(): Promise<ReplySentence[]> {
    const out: ReplySentence[] = [];
    for (;;) {
      const s = await this.next();
      if (!s) return out;
      out.push(s);
      if (s.type === '!done' || s.type === '!fatal') return out;
    }
  }

  command(...words: string[]): Promise<ReplySentence[]> {
    this.send(...words);
    return this.untilDone();
  }

  async login(user: string, password: string): Promise<ReplySentence[]> {
    return this.command('/login', `=name=${user}`, `=password=${password}`);
  }

  close(): void {
    this.socket.destroy();
  }
}

const DONE: ReplySentence = { type: '!done', attributes: {}, other: [] };
const USER = 'pondesk';
const PASSWORD = 'pondesk-api';

/** The control API's answers, as far as these tests read them. */
interface Answer {
  apis: { port: number }[];
  sessions: number;
  secrets: unknown[];
}

async function http(url: string, method = 'GET', body?: unknown): Promise<{ status: number; json: Answer }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

describe('simulated MikroTik RouterOS APIs', () => {
  let fleet: RunningFleet;
  let control: string;
  const open: RawApi[] = [];
  /** A connection to the BRAS of this OLT (closed after the test). */
  const bras = async (olt: string): Promise<RawApi> => {
    const ep = fleet.routerApis.endpoint(olt)!;
    const c = await RawApi.open(ep.host, ep.port);
    open.push(c);
    return c;
  };
  const concentrator = async (): Promise<RawApi> => {
    const v = fleet.routerApis.concentratorView()!;
    const c = await RawApi.open(v.host, v.port);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    fleet = await startFleet(
      {
        seed: 21,
        timeScale: 0,
        concentrator: { autoDial: true },
        devices: [
          { name: 'olt-a', brand: 'bdcom', mode: 'epon', ponPorts: 2, onusPerPort: 16 },
          { name: 'sw', brand: 'snr', ports: 8, sfpPorts: 2 },
          {
            name: 'olt-b',
            brand: 'vsol',
            mode: 'gpon',
            ponPorts: 1,
            onusPerPort: 8,
            router: { username: 'noc', password: 'b-secret' },
          },
        ],
      },
      { timeScale: 0 },
    );
    control = fleet.controlUrl!;
  });

  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });

  afterAll(async () => {
    await fleet?.stop();
  });

  it('GET /routers lists each BRAS\u2019s API on loopback with its login; GET /concentrator the concentrator', async () => {
    const { json } = await http(`${control}/routers`);
    expect(json.apis).toEqual([
      {
        olt: 'olt-a',
        identity: 'BRAS-olt-a',
        host: '127.0.0.1',
        port: expect.any(Number),
        username: USER,
        password: PASSWORD,
      },
      {
        olt: 'olt-b',
        identity: 'BRAS-olt-b',
        host: '127.0.0.1',
        port: expect.any(Number),
        username: 'noc',
        password: 'b-secret',
      },
    ]);
    expect(json.apis[0].port).not.toBe(json.apis[1].port);
    const one = await http(`${control}/routers/olt-a`);
    expect(one.json).toMatchObject({
      olt: 'olt-a',
      faults: { down: false, wrongPassword: false, delayMs: 0, legacyLogin: false },
    });
    expect(one.json.sessions).toBeGreaterThan(0);
    expect((await http(`${control}/routers/nope`)).status).toBe(404);
    const c = await http(`${control}/concentrator`);
    expect(c.json).toMatchObject({
      identity: 'vpn-concentrator',
      host: '127.0.0.1',
      username: USER,
      password: PASSWORD,
      profile: 'pondesk-vpn',
      autoDial: true,
      autoDialDelayMs: 3000,
      secrets: [],
      active: [],
    });
  });

  it('logs in with the plain (6.43+) login; a wrong password or user is refused; nothing works before', async () => {
    const c = await bras('olt-a');
    expect(await c.command('/ppp/active/print')).toEqual([
      { type: '!trap', attributes: { message: 'not logged in' }, other: [] },
      DONE,
    ]);
    expect(await c.login(USER, 'wrong')).toEqual([
      { type: '!trap', attributes: { message: 'invalid user name or password (6)' }, other: [] },
      DONE,
    ]);
    expect(await c.login('admin', PASSWORD)).toEqual([
      { type: '!trap', attributes: { message: 'invalid user name or password (6)' }, other: [] },
      DONE,
    ]);
    expect(await c.login(USER, PASSWORD)).toEqual([DONE]);
    expect(await c.command('/system/identity/print')).toEqual([
      { type: '!re', attributes: { name: 'BRAS-olt-a' }, other: [] },
      DONE,
    ]);
    // Each router has its own login.
    const b = await bras('olt-b');
    expect((await b.login(USER, PASSWORD))[0]?.type).toBe('!trap');
    expect(await b.login('noc', 'b-secret')).toEqual([DONE]);
  });

  it('/ppp/active/print with ?name= and .proplist, tagged; an ONU taken down leaves it, and comes back', async () => {
    const st = fleet.device('olt-a').state as OltState;
    const onu = st
      .onus()
      .find((o) => o.status === 'online' && parsePppoeIds(o.description).length && o.clientMacs.length)!;
    const user = parsePppoeIds(onu.description)[0]!;
    const c = await bras('olt-a');
    await c.login(USER, PASSWORD);
    const print = () =>
      c.command('/ppp/active/print', `?name=${user}`, '=.proplist=name,service,caller-id,address', '.tag=7');
    expect(await print()).toEqual([
      {
        type: '!re',
        attributes: {
          name: user,
          service: 'pppoe',
          'caller-id': onu.clientMacs[0]!.mac.toUpperCase(),
          // Fleet position 0: 100.64.PON.ONU.
          address: `100.64.${onu.ponPort}.${onu.onuId}`,
        },
        tag: '7',
        other: [],
      },
      { ...DONE, tag: '7' },
    ]);
    const down = await http(`${control}/onu-changes`, 'POST', {
      changes: [{ device: 'olt-a', ponPort: onu.ponPort, onuId: onu.onuId, down: 'power-off' }],
    });
    expect(down.status).toBe(200);
    expect(await print()).toEqual([{ ...DONE, tag: '7' }]);
    await http(`${control}/onu-changes`, 'POST', {
      changes: [{ device: 'olt-a', ponPort: onu.ponPort, onuId: onu.onuId, down: null }],
    });
    await http(`${control}/clock`, 'PUT', { advanceSeconds: 61 });
    const back = await c.command('/ppp/active/print', `?name=${user}`, '=.proplist=uptime');
    expect(back).toEqual([{ type: '!re', attributes: { uptime: '1m' }, other: [] }, DONE]);
    expect(st.online(onu.ponPort, onu.onuId)).toBe(true);
    // count-only, and the session's queue and interface by its <pppoe-NAME>.
    const count = await c.command('/ppp/active/print', '=count-only=');
    expect(Number(count[0]?.attributes['ret'])).toBe(
      st.onus().filter((o) => o.status === 'online' && parsePppoeIds(o.description).length).length,
    );
    const queue = await c.command(
      '/queue/simple/print',
      `?target=<pppoe-${user}>`,
      '=.proplist=name,dynamic',
    );
    expect(queue).toEqual([
      { type: '!re', attributes: { name: `<pppoe-${user}>`, dynamic: 'true' }, other: [] },
      DONE,
    ]);
    const traffic = await c.command('/interface/monitor-traffic', `=interface=<pppoe-${user}>`, '=once=');
    expect(traffic[0]?.attributes).toMatchObject({
      name: `<pppoe-${user}>`,
      'rx-bits-per-second': expect.stringMatching(/^\d+$/),
      'tx-bits-per-second': expect.stringMatching(/^\d+$/),
    });
    expect(await c.command('/interface/monitor-traffic', '=interface=<pppoe-nobody>', '=once=')).toEqual([
      {
        type: '!trap',
        attributes: { category: '1', message: 'input does not match any value of interface' },
        other: [],
      },
      DONE,
    ]);
  });

  it('an unknown command is !trap category 0; /cancel ends a running command; /quit and bad framing are !fatal', async () => {
    const c = await bras('olt-a');
    await c.login(USER, PASSWORD);
    expect(await c.command('/ip/adress/print')).toEqual([
      { type: '!trap', attributes: { category: '0', message: 'no such command' }, other: [] },
      DONE,
    ]);
    c.send('/interface/monitor-traffic', '=interface=sfp-sfpplus1', '.tag=m');
    const first = await c.next();
    expect(first).toMatchObject({ type: '!re', tag: 'm', attributes: { name: 'sfp-sfpplus1' } });
    expect(await c.next()).toMatchObject({ type: '!re', tag: 'm' });
    c.send('/cancel', '=tag=m', '.tag=c');
    const rest: ReplySentence[] = [];
    for (;;) {
      const s = (await c.next())!;
      rest.push(s);
      if (s.type === '!done' && s.tag === 'c') break;
    }
    const ends = rest.filter((s) => s.type !== '!re');
    expect(ends).toEqual([
      { type: '!trap', attributes: { category: '2', message: 'interrupted' }, tag: 'm', other: [] },
      { ...DONE, tag: 'm' },
      { ...DONE, tag: 'c' },
    ]);
    expect(await c.command('/quit')).toEqual([
      { type: '!fatal', attributes: {}, other: ['session terminated on request'] },
    ]);
    expect(await c.next()).toBeNull();

    const d = await bras('olt-a');
    d.sendRaw(Buffer.from([0xf8, 0x01, 0x02]));
    const fatal = await d.next();
    expect(fatal?.type).toBe('!fatal');
    expect(await d.next()).toBeNull();
  });

  it('faults: down refuses connections, wrongPassword refuses logins, delayMs slows replies, legacyLogin asks MD5', async () => {
    const ep = fleet.routerApis.endpoint('olt-b')!;
    const bad = await http(`${control}/routers/olt-b/faults`, 'PUT', { down: 'yes' });
    expect(bad).toEqual({ status: 400, json: { error: 'down must be a boolean' } });
    expect((await http(`${control}/routers/olt-b/faults`, 'PUT', { dowm: true })).status).toBe(400);

    expect((await http(`${control}/routers/olt-b/faults`, 'PUT', { down: true })).json).toMatchObject({
      down: true,
    });
    await expect(RawApi.open(ep.host, ep.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await http(`${control}/routers/olt-b/faults`, 'PUT', { down: false });
    const up = await RawApi.open(ep.host, ep.port);
    open.push(up);
    expect(await up.login('noc', 'b-secret')).toEqual([DONE]);

    await http(`${control}/routers/olt-b/faults`, 'PUT', { wrongPassword: true });
    const refused = await bras('olt-b');
    expect((await refused.login('noc', 'b-secret'))[0]).toMatchObject({
      type: '!trap',
      attributes: { message: 'invalid user name or password (6)' },
    });
    await http(`${control}/routers/olt-b/faults`, 'PUT', { wrongPassword: false, delayMs: 400 });
    const slow = await bras('olt-b');
    const t0 = Date.now();
    expect(await slow.login('noc', 'b-secret')).toEqual([DONE]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(380);

    await http(`${control}/routers/olt-b/faults`, 'PUT', { delayMs: 0, legacyLogin: true });
    const old = await bras('olt-b');
    // A plain login to an old router is answered with the challenge, not a login.
    const challenge = await old.login('noc', 'b-secret');
    expect(challenge).toEqual([
      { type: '!done', attributes: { ret: expect.stringMatching(/^[0-9a-f]{32}$/) }, other: [] },
    ]);
    expect(await old.command('/system/identity/print')).toMatchObject([{ type: '!trap' }, DONE]);
    const again = await old.command('/login');
    const ret = again[0]!.attributes['ret']!;
    const md5 = createHash('md5')
      .update(Buffer.concat([Buffer.from([0]), Buffer.from('b-secret'), Buffer.from(ret, 'hex')]))
      .digest('hex');
    expect(await old.command('/login', '=name=noc', `=response=00${md5}`)).toEqual([DONE]);
    expect(await old.command('/system/resource/print', '=.proplist=version')).toEqual([
      { type: '!re', attributes: { version: '6.42.12 (long-term)' }, other: [] },
      DONE,
    ]);
    const wrong = await bras('olt-b');
    await wrong.command('/login');
    expect((await wrong.command('/login', '=name=noc', `=response=00${'0'.repeat(32)}`))[0]).toMatchObject({
      type: '!trap',
      attributes: { message: 'cannot log in' },
    });
    await http(`${control}/routers/olt-b/faults`, 'PUT', { legacyLogin: false });
  });

  it('the concentrator: secrets over the API (duplicate refused), auto-dial 3 s after an add, control connect/disconnect', async () => {
    const c = await concentrator();
    expect(await c.login(USER, PASSWORD)).toEqual([DONE]);
    const add = (name: string) =>
      c.command(
        '/ppp/secret/add',
        `=name=${name}`,
        '=password=tunnel-pass-1',
        '=service=l2tp',
        '=profile=pondesk-vpn',
        '=comment=tenant 1',
      );
    expect(await add('isp-acme')).toEqual([{ type: '!done', attributes: { ret: '*1' }, other: [] }]);
    expect(await add('isp-acme')).toEqual([
      {
        type: '!trap',
        attributes: { message: 'failure: secret with the same name already exists' },
        other: [],
      },
      DONE,
    ]);
    expect(await add('isp-gone')).toEqual([{ type: '!done', attributes: { ret: '*2' }, other: [] }]);
    expect(await c.command('/ppp/secret/remove', '=.numbers=*2')).toEqual([DONE]);
    expect(await c.command('/ppp/active/print')).toEqual([DONE]);
    const t0 = Date.now();
    for (;;) {
      const rows = await c.command('/ppp/active/print', '=.proplist=name,service,address');
      if (rows.length > 1) {
        expect(rows).toEqual([
          { type: '!re', attributes: { name: 'isp-acme', service: 'l2tp', address: '10.99.0.2' }, other: [] },
          DONE,
        ]);
        break;
      }
      expect(Date.now() - t0).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2500);
    const view = (await http(`${control}/concentrator`)).json;
    expect(view.secrets).toEqual([
      {
        id: '*1',
        name: 'isp-acme',
        password: 'tunnel-pass-1',
        service: 'l2tp',
        profile: 'pondesk-vpn',
        disabled: false,
        comment: 'tenant 1',
        connected: true,
      },
    ]);
    expect((await http(`${control}/concentrator/disconnect`, 'POST', { name: 'isp-acme' })).json).toEqual({
      disconnected: true,
    });
    expect(await c.command('/ppp/active/print')).toEqual([DONE]);
    const again = await http(`${control}/concentrator/connect`, 'POST', {
      name: 'isp-acme',
      callerId: '198.51.100.7',
    });
    expect(again.json).toMatchObject({
      name: 'isp-acme',
      service: 'l2tp',
      callerId: '198.51.100.7',
      already: false,
    });
    expect((await http(`${control}/concentrator/connect`, 'POST', { name: 'isp-nobody' })).status).toBe(404);
    expect((await http(`${control}/concentrator/connect`, 'POST', {})).status).toBe(400);
    await http(`${control}/concentrator/faults`, 'PUT', { wrongPassword: true });
    const refused = await concentrator();
    expect((await refused.login(USER, PASSWORD))[0]?.type).toBe('!trap');
    await http(`${control}/concentrator/faults`, 'PUT', { wrongPassword: false });
  });
});

describe('simulated MikroTiks with addresses of their own', () => {
  it('each BRAS listens on its router address at the API port (8728)', async () => {
    const fleet = await startFleet(
      {
        timeScale: 0,
        devices: [
          { name: 'sw', brand: 'snr', ports: 8, sfpPorts: 2 },
          { name: 'olt-{n}', brand: 'cdata', mode: 'epon', ponPorts: 1, onusPerPort: 4, repeat: 2 },
        ],
      },
      {
        ports: 'fixed',
        addresses: 'per-device',
        addressBase: '127.0.76.1',
        routerAddressBase: '127.0.77.1',
        concentratorPort: 0,
        controlPort: null,
      },
    );
    try {
      expect(fleet.routerApis.list().map((r) => `${r.olt} ${r.host}:${r.port}`)).toEqual([
        'olt-1 127.0.77.2:8728',
        'olt-2 127.0.77.3:8728',
      ]);
      const c = await RawApi.open('127.0.77.3', 8728);
      try {
        expect(await c.login(USER, PASSWORD)).toEqual([DONE]);
        expect(await c.command('/system/identity/print')).toEqual([
          { type: '!re', attributes: { name: 'BRAS-olt-2' }, other: [] },
          DONE,
        ]);
      } finally {
        c.close();
      }
    } finally {
      await fleet.stop();
    }
  });
});
