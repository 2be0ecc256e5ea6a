/**
 * A recording served on loopback, read back with the production clients. The recording is hand-typed from real
 * samples: C-Data's system rows (librenms cdata.snmprec), C-Data's `show ont info 0/0 1 all` table and its
 * unknown-command line (cli/cdata, CLI.md), and the HSGQ web UI's `/board?info=cpu` mock (http/hsgq).
 */
import { HsgqError, HsgqWebClient } from '@pondesk/device-http';
import { SnmpClient, octetsText } from '@pondesk/device-snmp';
import { TelnetError, TelnetSession } from '@pondesk/device-telnet';
import { profiles } from '@pondesk/device-drivers';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  decodeRecording,
  encodeRecording,
  type DeviceRecording,
} from './recording-format';
import { startRecordedDevice, type RecordedDevice } from './recorded-device';

const ONT_TABLE = [
  '-----------------------------------------------------------------------------',
  '  F/S  P  ONT MAC               Control   Run        Config   Match     Desc',
  '          ID                    flag      state      state    state',
  ' ----------------------------------------------------------------------------',
  '  0/0  1  1   C4:70:0B:6C:80:48 active    online     success  match',
  '  0/0  1  6   00:6D:61:BB:0D:E8 active    offline    failed   match',
  '-----------------------------------------------------------------------------',
].join('\n');

const CPU = '{"code":1,"msg":"success","data":{"cpu_usage":25,"memory_usage":70}}';

const RECORDING: DeviceRecording = {
  format: RECORDING_FORMAT,
  version: RECORDING_VERSION,
  meta: {
    kind: 'olt',
    brand: 'cdata',
    mode: 'epon',
    ponctlVersion: '0.1.0',
    recordedAt: '2026-11-20T00:00:00.000Z',
    transports: { snmp: true, telnet: true, http: true },
    reads: [{ what: 'listOnus', ok: true, items: 2 }],
    redaction: { macs: 2, serials: 0, hostnames: 1, ipv4: 0, secrets: 0 },
    onus: 2,
  },
  snmprec: [
    '1.3.6.1.2.1.1.1.0|4|zaporojskoe-olt',
    '1.3.6.1.2.1.1.2.0|6|.1.3.6.1.4.1.17409',
    '1.3.6.1.2.1.1.3.0|67|60468',
    '1.3.6.1.2.1.1.7.0|2|6',
    '1.3.6.1.2.1.31.1.1.1.6.1|70|18446744073709551615',
    '',
  ].join('\n'),
  cli: [
    { prompt: null, command: '', output: '', next: 'OLT>' },
    { prompt: 'OLT>', command: 'enable', output: '', next: 'OLT#' },
    { prompt: 'OLT#', command: 'config', output: '', next: 'OLT(config)#' },
    { prompt: 'OLT(config)#', command: 'show ont info 0/0 1 all', output: ONT_TABLE, next: 'OLT(config)#' },
  ],
  http: [{ method: 'GET', path: '/board?info=cpu', body: null, status: 200, response: CPU }],
};

const CREDS = { community: 'replay', username: 'tester', password: 'pw-1' };
let dev: RecordedDevice;

beforeAll(async () => {
  // Through the file format both ways, as `npm run sim -- --archive` reads it.
  dev = await startRecordedDevice(decodeRecording(encodeRecording(RECORDING)), CREDS);
});
afterAll(() => dev?.stop());

const port = (p: number | null): number => {
  if (p === null) throw new Error('endpoint not started');
  return p;
};

describe('a recorded device', () => {
  it('answers SNMP GET, GETNEXT and walks from the snmprec, and nothing else', async () => {
    const c = new SnmpClient({ host: '127.0.0.1', port: dev.info().snmpPort, community: 'replay' });
    try {
      const [descr, missing] = await c.get(['1.3.6.1.2.1.1.1.0', '1.3.6.1.2.1.1.4.0']);
      expect(descr?.value.type === 'octets' && octetsText(descr.value.value)).toBe('zaporojskoe-olt');
      expect(missing?.value.type).toBe('noSuchInstance');
      const system = await c.walk('1.3.6.1.2.1.1');
      expect(system.map((v) => v.oid)).toEqual([
        '1.3.6.1.2.1.1.1.0',
        '1.3.6.1.2.1.1.2.0',
        '1.3.6.1.2.1.1.3.0',
        '1.3.6.1.2.1.1.7.0',
      ]);
      expect(system[1]?.value).toEqual({ type: 'oid', value: '1.3.6.1.4.1.17409' });
      expect(system[2]?.value).toEqual({ type: 'timeticks', value: 60468 });
      const [hc] = await c.get(['1.3.6.1.2.1.31.1.1.1.6.1']);
      expect(hc?.value).toEqual({ type: 'counter64', value: 18446744073709551615n });
      const [end] = await c.getNext(['1.3.6.1.2.1.31.1.1.1.6.1']);
      expect(end?.value.type).toBe('endOfMibView');
    } finally {
      c.close();
    }
  });

  it('replays the CLI in the brand’s dialect for the credentials it was given', async () => {
    const s = new TelnetSession({
      host: '127.0.0.1',
      port: port(dev.info().telnetPort),
      username: 'tester',
      password: 'pw-1',
      profile: profiles.cdataEpon.telnet,
    });
    await s.open();
    try {
      expect(s.prompt).toBe('OLT#');
      await s.exec('config');
      expect(await s.exec('show ont info 0/0 1 all')).toBe(ONT_TABLE);
      // Not recorded: C-Data's own error line (tokens glued, as the live device prints it).
      await expect(s.exec('show ont optical-info 0/0 8 20')).rejects.toThrow(
        'Unknown command: (vtysh)showontoptical-info0/0820',
      );
    } finally {
      await s.close();
    }
    const wrong = new TelnetSession({
      host: '127.0.0.1',
      port: port(dev.info().telnetPort),
      username: 'tester',
      password: 'nope',
      profile: profiles.cdataEpon.telnet,
      loginTimeoutMs: 3000,
    });
    await expect(wrong.open()).rejects.toBeInstanceOf(TelnetError);
  });

  it('replays the web API behind a login; what was not recorded is an API error', async () => {
    const w = new HsgqWebClient({
      host: '127.0.0.1',
      port: port(dev.info().httpPort),
      username: 'tester',
      password: 'pw-1',
    });
    try {
      expect(await w.get('/board?info=cpu')).toEqual({ cpu_usage: 25, memory_usage: 70 });
      const e = await w.get('/board?info=system').catch((x: unknown) => x);
      expect(e).toBeInstanceOf(HsgqError);
      expect((e as HsgqError).message).toMatch(/not in the recording/);
    } finally {
      await w.close();
    }
  });

  it('refuses an address off loopback', async () => {
    await expect(startRecordedDevice(RECORDING, { host: '192.0.2.1' })).rejects.toThrow(/loopback only/);
  });
});
