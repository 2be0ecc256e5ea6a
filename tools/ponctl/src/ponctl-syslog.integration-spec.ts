import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { deviceDataPath } from '@pondesk/device-snmp/testing';
import { runPonctl } from './ponctl';

const ROOT = resolve(__dirname, '../../..');

/** Real lines of the shared syslog samples (checked below to be in them, verbatim). */
const LINES = {
  mikrotik: 'pppoe,ppp,info <pppoe-skn001>: terminating... - peer is not responding',
  mikrotikBsd: '<30>Sep 25 01:37:18 MikroTik user abc logged in from 192.168.88.1 via api',
  bdcom: '172.20.0.171,20180605134749, ONU 8479.7399.af6e is deregistered on EPON0/1:3.',
  hsgq: '[2026/05/18 17:08:05]  Warning: ONT 1/12 XPONa4388257 ONT deregister, Reason:LOS',
  vsol: '2026/02/04 10:46:15   ONU Online               PON 0/2 ONU 1 sn GPON00929978',
  cdata: '2026-10-02 13:09:21 PON 0/0/8 ONU 66 Dying gasp(DGi)',
};
const FILE_OF: Record<keyof typeof LINES, string> = {
  mikrotik: 'mikrotik-ppp.log',
  mikrotikBsd: 'mikrotik-ppp.log',
  bdcom: 'bdcom.log',
  hsgq: 'hsgq.log',
  vsol: 'vsol.log',
  cdata: 'cdata.log',
};

const NONE = {
  vendor: null,
  kind: 'other',
  time: null,
  host: null,
  user: null,
  onu: null,
  mac: null,
  serial: null,
  reason: null,
  severity: null,
};

const EXPECTED = {
  mikrotik: {
    ...NONE,
    vendor: 'mikrotik',
    kind: 'ppp-terminating',
    user: 'skn001',
    reason: 'peer is not responding',
    severity: 'info',
  },
  mikrotikBsd: {
    ...NONE,
    vendor: 'mikrotik',
    kind: 'admin-login',
    time: 'Sep 25 01:37:18',
    host: 'MikroTik',
    user: 'abc',
    severity: 'info',
  },
  bdcom: {
    ...NONE,
    vendor: 'bdcom',
    kind: 'onu-down',
    time: '20180605134749',
    host: '172.20.0.171',
    onu: 'EPON0/1:3',
    mac: '84:79:73:99:af:6e',
  },
  hsgq: {
    ...NONE,
    vendor: 'hsgq',
    kind: 'onu-down',
    time: '2026/05/18 17:08:05',
    onu: '1/12',
    serial: 'XPONa4388257',
    reason: 'LOS',
    severity: 'warning',
  },
  vsol: {
    ...NONE,
    vendor: 'vsol',
    kind: 'onu-up',
    time: '2026/02/04 10:46:15',
    onu: 'PON 0/2 ONU 1',
    serial: 'GPON00929978',
  },
  cdata: {
    ...NONE,
    vendor: 'cdata',
    kind: 'onu-down',
    time: '2026-10-02 13:09:21',
    onu: 'PON 0/0/8 ONU 66',
    reason: 'Dying gasp(DGi)',
  },
};

const KEYS = Object.keys(LINES) as (keyof typeof LINES)[];

async function run(argv: string[], input: NodeJS.ReadableStream) {
  const out: string[] = [];
  let err = '';
  const code = await runPonctl(argv, { out: (t) => out.push(t), err: (t) => (err += t + '\n'), in: input });
  return { code, out, err };
}

describe('ponctl syslog', () => {
  it('uses real sample lines', () => {
    for (const k of KEYS)
      expect(readFileSync(deviceDataPath(`syslog/${FILE_OF[k]}`), 'utf8').split('\n')).toContain(LINES[k]);
  });

  it('`npx ponctl syslog` prints one JSON object per input line, in order, and exits 0 (real process)', () => {
    const input = KEYS.map((k) => LINES[k]).join('\n') + '\n\nnot a device line\n';
    const r = spawnSync('npx', ['ponctl', 'syslog'], { cwd: ROOT, input, encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const objects = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(objects).toEqual([...KEYS.map((k) => EXPECTED[k]), NONE, NONE]);
    // The documented key order, for scripts that read columns.
    expect(Object.keys(objects[0] as object)).toEqual([
      'vendor',
      'kind',
      'time',
      'host',
      'user',
      'onu',
      'mac',
      'serial',
      'reason',
      'severity',
    ]);
  });

  it('streams: a line is answered before the input ends; --vendor needs no --host', async () => {
    const input = new PassThrough();
    const out: string[] = [];
    const done = runPonctl(['syslog', '--vendor', 'hsgq'], {
      out: (t) => out.push(t),
      err: () => undefined,
      in: input,
    });
    input.write(LINES.hsgq + '\r\n');
    const deadline = Date.now() + 5000;
    while (out.length === 0 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 5));
    expect(out.map((l) => JSON.parse(l))).toEqual([EXPECTED.hsgq]);
    input.end(LINES.cdata);
    expect(await done).toBe(0);
    expect(out.map((l) => JSON.parse(l))).toEqual([EXPECTED.hsgq, EXPECTED.cdata]);
  });

  it('refuses an unknown --vendor with a usage error naming the flag', async () => {
    const r = await run(['syslog', '--vendor', 'zte'], new PassThrough());
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err.trim().split('\n')).toEqual([
      'ponctl: --vendor must be one of mikrotik, bdcom, vsol, cdata, hsgq, got "zte" (ponctl --help for usage)',
    ]);
    const d = await run(['onus', '--host', 'x', '--vendor', 'bdcom'], new PassThrough());
    expect(d.code).toBe(2);
    expect(d.err).toMatch(/--vendor is for syslog/);
  });
});
