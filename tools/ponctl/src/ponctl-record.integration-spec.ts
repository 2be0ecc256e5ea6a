/**
 * `ponctl record` → the simulator serving the recording → the same ponctl reads.
 *
 * Simulator only: the "device" recorded here is the simulator itself, built from the drivers' own profiles, so
 * this proves capture → replay fidelity (every answer the drivers needed was captured, redacted consistently
 * and served back), not that any real OLT answers this way. The secrets, MACs, serials and host names the
 * archive must not contain are the ones this test gives the simulator.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  readRecording,
  startFleet,
  startRecordedTestDevice,
  type RecordedTestDevice,
  type RunningFleet,
} from '@pondesk/device-simulator';
import { runPonctl } from './ponctl';

/** What the "real" devices use; none of it may be in a recording. */
const SECRETS = {
  community: 'rec-C0mmunity-x71',
  username: 'noc-recorder',
  password: 'Pw-9f2k1xQ',
  enablePassword: 'En-7q3m8zR',
};
const HOSTNAMES = { vsol: 'pop7-vsol-east', cdata: 'pop7-cdata-west' };
/** The recorded device is logged into with other credentials: it accepts whatever it is given. */
const REPLAY = { community: 'replay-public', username: 'tester', password: 'tester-pw' };

let fleet: RunningFleet;
let dir: string;
const served: RecordedTestDevice[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ponctl-record-'));
  fleet = await startFleet(
    {
      devices: [
        {
          name: 'vsol',
          brand: 'vsol',
          mode: 'epon',
          ponPorts: 2,
          onusPerPort: 8,
          community: SECRETS.community,
          hostname: HOSTNAMES.vsol,
        },
        {
          name: 'cdata',
          brand: 'cdata',
          mode: 'epon',
          ponPorts: 2,
          onusPerPort: 8,
          ...SECRETS,
          hostname: HOSTNAMES.cdata,
        },
      ],
    },
    // Frozen clock: the live device answers the same later as when it was recorded.
    { timeScale: 0, controlPort: null },
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(served.map((s) => s.stop()));
  await fleet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runPonctl(argv, { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n') });
  return { code, out, err };
}

async function json<T>(...argv: string[]): Promise<T> {
  const r = await run(...argv, '--json');
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as T;
}

function liveArgs(name: 'vsol' | 'cdata'): string[] {
  const d = fleet.devices.find((x) => x.name === name)!;
  const args = ['--host', d.host, '--port', String(d.snmpPort), '--community', SECRETS.community];
  args.push('--brand', name, '--mode', 'epon');
  if (name === 'cdata')
    args.push(
      '--telnet-port',
      String(d.telnetPort),
      '--user',
      SECRETS.username,
      '--password',
      SECRETS.password,
      '--enable-password',
      SECRETS.enablePassword,
    );
  return args;
}

async function recordAndServe(name: 'vsol' | 'cdata'): Promise<{ file: string; replay: RecordedTestDevice }> {
  const file = join(dir, `${name}.ponrec.json.gz`);
  const r = await run('record', ...liveArgs(name), '--out', file);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/pseudonymised: \d+ MACs/);
  const replay = await startRecordedTestDevice(file, REPLAY);
  served.push(replay);
  return { file, replay };
}

/** Every form a MAC or serial could be written in (the recording must hold none of them). */
function forms(onu: { mac: string; serial: string }): string[] {
  const hex = onu.mac.replace(/:/g, '');
  return [
    onu.mac,
    hex,
    `${hex.slice(0, 4)}.${hex.slice(4, 8)}.${hex.slice(8)}`,
    onu.mac.replace(/:/g, '-'),
    onu.serial,
    Buffer.from(onu.serial.slice(0, 4), 'latin1').toString('hex') + onu.serial.slice(4),
  ];
}

function assertNothingSecret(file: string, name: 'vsol' | 'cdata'): void {
  const text = gunzipSync(readFileSync(file)).toString('utf8').toLowerCase();
  const snap = fleet.snapshot(name);
  expect(snap.kind).toBe('olt');
  const onus = snap.kind === 'olt' ? snap.onus : [];
  expect(onus.length).toBe(16);
  const mustNotContain = [
    ...Object.values(SECRETS),
    HOSTNAMES[name],
    ...onus.flatMap((o) => forms({ mac: o.mac, serial: o.serial })),
  ];
  for (const s of mustNotContain)
    expect({ found: s, in: text.includes(s.toLowerCase()) }).toEqual({ found: s, in: false });
}

type Row = Record<string, unknown> & { ifName: string; mac: string | null; serial: string | null };

/**
 * Live and replayed rows agree in every field but mac and serial, and those map one-to-one onto pseudonyms
 * (never the real value). `pseudonyms` carries the mapping across calls, so it must hold between commands too.
 */
function assertSameUpToPseudonyms(live: Row[], replayed: Row[], pseudonyms: Map<string, string>): void {
  expect(replayed.map((r) => r.ifName)).toEqual(live.map((r) => r.ifName));
  live.forEach((l, i) => {
    const r = replayed[i]!;
    const { mac: lm, serial: ls, ...lRest } = l;
    const { mac: rm, serial: rs, ...rRest } = r;
    expect(rRest).toEqual(lRest);
    for (const [real, fake] of [
      [lm, rm],
      [ls, rs],
    ] as const) {
      expect(fake === null).toBe(real === null);
      if (real === null || fake === null) continue;
      expect(fake).not.toBe(real);
      expect(pseudonyms.get(real) ?? fake).toBe(fake);
      pseudonyms.set(real, fake);
    }
  });
  const fakes = [...pseudonyms.values()];
  expect(new Set(fakes).size).toBe(fakes.length);
}

describe('ponctl record → simulator replay (simulator only: capture/replay fidelity)', () => {
  it('is listed by --help and needs --out', async () => {
    const help = await run('--help');
    expect(help.out).toMatch(/^usage: ponctl <[^>]*\|record> --host H/);
    expect(help.out).toContain('--out FILE');
    const noOut = await run('record', ...liveArgs('vsol'));
    expect(noOut.code).toBe(2);
    expect(noOut.err).toMatch(/record needs --out FILE/);
  });

  it('V-SOL EPON over SNMP: `onus --json` reads the same from the recording; no secret in the archive', async () => {
    const { file, replay } = await recordAndServe('vsol');
    assertNothingSecret(file, 'vsol');
    const rec = readRecording(file);
    expect(rec.meta).toMatchObject({ kind: 'olt', brand: 'vsol', mode: 'epon', onus: 16 });
    expect(rec.meta.transports).toEqual({ snmp: true, telnet: false, http: false });
    expect(rec.meta.redaction.macs).toBeGreaterThanOrEqual(16);

    const pseudonyms = new Map<string, string>();
    const live = await json<Row[]>('onus', ...liveArgs('vsol'));
    expect(live).toHaveLength(16);
    assertSameUpToPseudonyms(live, await json<Row[]>('onus', ...replay.ponctlArgs), pseudonyms);
    // Pseudonymised MACs are locally administered unicast addresses.
    for (const fake of pseudonyms.values()) expect(parseInt(fake.slice(0, 2), 16) & 0x03).toBe(0x02);

    const [liveId] = await json<{ sysName: string; model: string }[]>('identify', ...liveArgs('vsol'));
    const [replayId] = await json<{ sysName: string; model: string }[]>('identify', ...replay.ponctlArgs);
    expect(liveId!.sysName).toBe(HOSTNAMES.vsol);
    expect(replayId!.sysName).toMatch(/^olt-[0-9a-f]{6}$/);
    expect(replayId!.model).toBe(liveId!.model);
  });

  it('C-Data EPON with telnet: onus, inactive and the CLI history read the same from the recording', async () => {
    const { file, replay } = await recordAndServe('cdata');
    assertNothingSecret(file, 'cdata');
    const rec = readRecording(file);
    expect(rec.meta.transports.telnet).toBe(true);
    // The CLI transcript has the prompts with the pseudonymous host name, and no login line.
    const prompts = rec.cli.flatMap((x) => [x.prompt, x.next]).filter((p): p is string => p !== null);
    expect(prompts.length).toBeGreaterThan(0);
    for (const p of prompts) expect(p).toMatch(/^olt-[0-9a-f]{6}[#>(]/);

    const pseudonyms = new Map<string, string>();
    const live = await json<Row[]>('onus', ...liveArgs('cdata'));
    expect(live).toHaveLength(16);
    assertSameUpToPseudonyms(live, await json<Row[]>('onus', ...replay.ponctlArgs), pseudonyms);
    assertSameUpToPseudonyms(
      await json<Row[]>('inactive', ...liveArgs('cdata')),
      await json<Row[]>('inactive', ...replay.ponctlArgs),
      pseudonyms,
    );

    const sampled = rec.meta.reads.find((r) => r.what === 'onuHistory' && r.ok && r.onu);
    expect(sampled).toBeDefined();
    const history = async (args: string[]): Promise<unknown> =>
      json('history', ...args, '--onu', sampled!.onu!);
    const liveHistory = await history(liveArgs('cdata'));
    expect(liveHistory).not.toEqual([]);
    expect(await history(replay.ponctlArgs)).toEqual(liveHistory);

    // A command the recording does not have gets the brand's error line, so the driver reports it as such.
    const missing = await run('history', ...replay.ponctlArgs, '--onu', '9:99');
    expect(missing.code).toBe(1);
  });
});
