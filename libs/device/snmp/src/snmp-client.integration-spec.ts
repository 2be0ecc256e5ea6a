import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SnmpClient } from './snmp-client';
import { SnmpError, SnmpErrorCode } from './snmp.exception';
import { octetsHex, octetsText, valueBigInt, valueText } from './snmp-value';
import { compareOids } from './oid';
import { FaultyUdpProxy, deviceDataPath, startSnmpSimulator, type SnmpSimulator } from './testing';

const DATA = deviceDataPath('snmp');
const BDCOM = 'librenms/tests/snmpsim/bdcom';
const HSGQ = 'derived/hsgq_g02id_gpon';

/** OIDs of a recording below a prefix, straight from the file. */
function recorded(community: string, prefix: string): string[] {
  return readFileSync(resolve(DATA, `${community}.snmprec`), 'utf8')
    .split('\n')
    .map((l) => l.split('|')[0])
    .filter((oid) => oid.startsWith(prefix + '.'));
}

let sim: SnmpSimulator;

beforeAll(async () => {
  // DES is gone from Node's OpenSSL 3: run the v3 user with SHA + AES.
  sim = await startSnmpSimulator({
    dataDir: DATA,
    probeCommunity: BDCOM,
    extraArgs: [
      '--v3-user=simulator',
      '--v3-auth-key=auctoritas',
      '--v3-auth-proto=SHA',
      '--v3-priv-key=privatus',
      '--v3-priv-proto=AES',
    ],
  });
}, 60_000);

afterAll(async () => {
  await sim?.stop();
});

const client = (community: string, extra: Partial<ConstructorParameters<typeof SnmpClient>[0]> = {}) =>
  new SnmpClient({ host: sim.host, port: sim.port, community, timeoutMs: 1000, retries: 0, ...extra });

describe('SnmpClient against snmpsimd serving the real recordings', () => {
  it('reads typed values: text, binary octets as hex, OIDs, Counter64 as bigint', async () => {
    const c = client(BDCOM);
    try {
      const [descr, oid, hc] = await c.get([
        '1.3.6.1.2.1.1.1.0',
        '1.3.6.1.2.1.1.2.0',
        '1.3.6.1.2.1.31.1.1.1.6.97',
      ]);
      expect(valueText(descr.value)).toBe(
        'BDCOM(tm) GP3600-16B Software, Version 74104\nhardware version: A',
      );
      expect(oid.value).toEqual({ type: 'oid', value: '1.3.6.1.4.1.3320.1.390.0' });
      expect(hc.value.type).toBe('counter64');
      expect(valueBigInt(hc.value)).toBe(29481237537808n);
      const missing = await c.get(['1.3.6.1.2.1.1.1.99']);
      expect(['noSuchObject', 'noSuchInstance']).toContain(missing[0].value.type);
    } finally {
      c.close();
    }
    const h = client(HSGQ);
    try {
      const [mac] = await h.get(['1.3.6.1.4.1.50224.3.1.1.1.0']);
      expect(mac.value.type).toBe('octets');
      if (mac.value.type === 'octets') {
        expect(octetsText(mac.value.value)).toBeNull();
        expect(octetsHex(mac.value.value)).toBe('98c7a4312906');
      }
    } finally {
      h.close();
    }
  });

  it('walks a subtree completely, in order, with any max-repetitions', async () => {
    const root = '1.3.6.1.4.1.50224.3.12.2.1';
    const expected = recorded(HSGQ, root).sort(compareOids);
    expect(expected.length).toBe(150 * 25);
    const small = client(HSGQ, { maxRepetitions: 5 });
    const big = client(HSGQ, { maxRepetitions: 60 });
    try {
      const a = await small.walk(root);
      const b = await big.walk(root);
      expect(a.map((v) => v.oid)).toEqual(expected);
      expect(b.map((v) => v.oid)).toEqual(expected);
      expect(big.stats.requests).toBeLessThan(small.stats.requests / 4);
    } finally {
      small.close();
      big.close();
    }
  });

  it('walks several columns at once and stops each at its own end', async () => {
    const c = client(BDCOM);
    try {
      const res = await c.walkColumns([
        '1.3.6.1.2.1.2.2.1.2',
        '1.3.6.1.4.1.3320.10.2.1.1.4',
        '1.3.6.1.4.1.3320.10.2.1.1.5',
      ]);
      expect(res.columns.get('1.3.6.1.2.1.2.2.1.2')!.size).toBe(
        recorded(BDCOM, '1.3.6.1.2.1.2.2.1.2').length,
      );
      expect(res.columns.get('1.3.6.1.4.1.3320.10.2.1.1.4')!.get('111')).toEqual({
        type: 'integer',
        value: 43,
      });
      expect(res.columns.get('1.3.6.1.4.1.3320.10.2.1.1.5')!.get('111')).toEqual({
        type: 'integer',
        value: 8,
      });
      expect(res.truncated).toEqual([]);
    } finally {
      c.close();
    }
  });

  it('survives endOfMibView at the end of the MIB', async () => {
    const c = client(HSGQ);
    try {
      const all = await c.walk('1.3.6.1.4.1.50224');
      expect(all).toHaveLength(recorded(HSGQ, '1.3.6.1.4.1.50224').length);
      const past = await c.walk('1.3.6.1.4.1.99999');
      expect(past).toEqual([]);
    } finally {
      c.close();
    }
  });

  it('speaks SNMPv1 (GETNEXT walk, noSuchName end) and v3 authPriv', async () => {
    const v1 = client(BDCOM, { version: 'v1' });
    const v3 = new SnmpClient({
      host: sim.host,
      port: sim.port,
      version: 'v3',
      context: BDCOM,
      v3: {
        user: 'simulator',
        authProtocol: 'sha',
        authKey: 'auctoritas',
        privProtocol: 'aes',
        privKey: 'privatus',
      },
      timeoutMs: 2000,
      retries: 0,
    });
    try {
      const a = await v1.walk('1.3.6.1.4.1.3320.10.2.1.1.4');
      expect(a).toHaveLength(16);
      expect(valueText((await v1.get(['1.3.6.1.2.1.1.1.0']))[0].value)).toMatch(/^BDCOM/);
      expect((await v1.get(['1.3.6.1.2.1.1.1.99']))[0].value.type).toBe('noSuchObject');
      const b = await v3.walk('1.3.6.1.4.1.3320.10.2.1.1.4');
      expect(b.map((v) => v.value)).toEqual(a.map((v) => v.value));
    } finally {
      v1.close();
      v3.close();
    }
  });

  it('fails with a typed timeout on a wrong community, within timeout × (retries + 1)', async () => {
    const c = client('no/such/community', { timeoutMs: 300, retries: 1 });
    const t0 = Date.now();
    const err = await c.walk('1.3.6.1.2.1.1').catch((e: unknown) => e);
    c.close();
    expect(err).toBeInstanceOf(SnmpError);
    expect((err as SnmpError).code).toBe(SnmpErrorCode.TIMEOUT);
    expect((err as SnmpError).message).toMatch(/wrong community or host unreachable/);
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('fails with a typed error when the host is unreachable', async () => {
    const c = new SnmpClient({ host: '127.0.0.1', port: 9, community: 'public', timeoutMs: 300, retries: 0 });
    const err = await c.get(['1.3.6.1.2.1.1.1.0']).catch((e: unknown) => e);
    c.close();
    expect(err).toBeInstanceOf(SnmpError);
    expect([SnmpErrorCode.TIMEOUT, SnmpErrorCode.UNREACHABLE]).toContain((err as SnmpError).code);
  });

  it('ends in a typed timeout when the agent stops answering mid-walk', async () => {
    const proxy = new FaultyUdpProxy(sim.port, { kind: 'drop-after', responses: 3 });
    const port = await proxy.start();
    const c = new SnmpClient({
      host: '127.0.0.1',
      port,
      community: HSGQ,
      timeoutMs: 300,
      retries: 1,
      maxRepetitions: 10,
    });
    const t0 = Date.now();
    try {
      await expect(c.walk('1.3.6.1.4.1.50224')).rejects.toMatchObject({ code: SnmpErrorCode.TIMEOUT });
      expect(c.stats.requests).toBe(4);
      expect(Date.now() - t0).toBeLessThan(1500);
    } finally {
      c.close();
      proxy.close();
    }
  });

  it('ends in a typed error within the timeout when the agent answers garbage mid-walk', async () => {
    const proxy = new FaultyUdpProxy(sim.port, { kind: 'garbage-after', responses: 2 });
    const port = await proxy.start();
    const c = new SnmpClient({
      host: '127.0.0.1',
      port,
      community: HSGQ,
      timeoutMs: 300,
      retries: 1,
      maxRepetitions: 10,
    });
    const t0 = Date.now();
    try {
      const err = await c.walk('1.3.6.1.4.1.50224').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SnmpError);
      expect((err as SnmpError).code).toBe(SnmpErrorCode.INVALID_RESPONSE);
      expect((err as SnmpError).message).toMatch(/undecodable answer/);
      expect(Date.now() - t0).toBeLessThan(1500);
      // The session stays usable for the next request once the agent is sane again.
      proxy.mode = { kind: 'pass' };
      expect(valueText((await c.get(['1.3.6.1.4.1.50224.3.1.1.3.0']))[0].value)).toBe('40580700');
    } finally {
      c.close();
      proxy.close();
    }
  });

  it('stops instead of looping when the agent goes backwards (stale, out-of-order answers)', async () => {
    const proxy = new FaultyUdpProxy(sim.port, { kind: 'stale-after', responses: 2 });
    const port = await proxy.start();
    const c = new SnmpClient({
      host: '127.0.0.1',
      port,
      community: HSGQ,
      timeoutMs: 500,
      retries: 0,
      maxRepetitions: 10,
    });
    try {
      const res = await c.walkColumns(['1.3.6.1.4.1.50224.3.12.2.1.2']);
      expect(res.truncated).toEqual(['1.3.6.1.4.1.50224.3.12.2.1.2']);
      expect(res.columns.get('1.3.6.1.4.1.50224.3.12.2.1.2')!.size).toBe(20);
      expect(c.stats.requests).toBe(3);
    } finally {
      c.close();
      proxy.close();
    }
  });

  it('keeps every row when the agent answers each batch out of order (no loss, no loop)', async () => {
    const proxy = new FaultyUdpProxy(sim.port, { kind: 'reverse' });
    const port = await proxy.start();
    const c = new SnmpClient({
      host: '127.0.0.1',
      port,
      community: HSGQ,
      timeoutMs: 1000,
      retries: 0,
      maxRepetitions: 7,
    });
    try {
      const root = '1.3.6.1.4.1.50224.3.12.2.1.2';
      const res = await c.walkColumns([root]);
      const got = [...res.columns.get(root)!.keys()].map((i) => `${root}.${i}`).sort(compareOids);
      expect(got).toEqual(recorded(HSGQ, root).sort(compareOids));
      expect(res.truncated).toEqual([]);
    } finally {
      c.close();
      proxy.close();
    }
  });
});
