/**
 * `ponctl record … --out FILE`: runs the driver's reads against a device (never a write) while the SNMP,
 * telnet and web clients report what they receive, then writes one redacted recording the simulator can
 * serve (`npm run sim -- --archive FILE`). The file format is described in the simulator's
 * `recorded/recording-format.ts`; what is redacted in `record-redact.ts` and the README.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  closeHsgqSessions,
  openDevice,
  type OltDriver,
  type OnuRecord,
  type OnuRef,
  type SwitchDriver,
} from '@pondesk/device-drivers';
import { observeHsgq, type HsgqExchange } from '@pondesk/device-http';
import { observeSnmp, type SnmpValue } from '@pondesk/device-snmp';
import { observeTelnet, type TelnetExchange } from '@pondesk/device-telnet';
import {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  formatSnmprec,
  snmprecLine,
  writeRecording,
  type DeviceRecording,
  type RecordedRead,
} from '@pondesk/device-simulator';
import type { Io } from './ponctl';
import type { PonctlArgs } from './ponctl-args';
import { Pseudonymiser, REDACTED } from './record-redact';

const SYS_NAME = '1.3.6.1.2.1.1.5.0';
/** ONUs whose optics and history are read over the CLI: enough to show the formats, few enough to be quick. */
const SAMPLE_ONUS = 3;

/** Everything the clients received, before redaction. */
interface Capture {
  snmp: Map<string, SnmpValue>;
  cli: TelnetExchange[];
  http: HsgqExchange[];
  reads: RecordedRead[];
  /** MACs and serials the driver reported (known real values, whatever form the raw answers use). */
  macs: Set<string>;
  serials: Set<string>;
  hostnames: Set<string>;
  onus: number;
  describe: Describe;
}

/** What the recording says the device is. */
type Identity = Pick<DeviceRecording['meta'], 'kind' | 'brand' | 'mode'>;

function ponctlVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** One line saying why something failed (ponctl's own wording, passed in by the caller). */
type Describe = (e: unknown) => string;

/** One read; a failure is noted in the recording (a bug report wants it) and the next read goes on. */
async function attempt<T>(cap: Capture, what: string, fn: () => Promise<T>, onu?: OnuRef): Promise<T | null> {
  const read: RecordedRead = { what, ok: false, ...(onu ? { onu: `${onu.ponPort}:${onu.onuId}` } : {}) };
  cap.reads.push(read);
  try {
    const v = await fn();
    read.ok = true;
    if (Array.isArray(v)) read.items = v.length;
    return v;
  } catch (e) {
    read.error = cap.describe(e);
    return null;
  }
}

function noteOnus(cap: Capture, onus: readonly OnuRecord[] | null): void {
  for (const o of onus ?? []) {
    if (o.mac) cap.macs.add(o.mac);
    if (o.serial) cap.serials.add(o.serial);
  }
}

/** A few ONUs to read one by one: online and offline ones, so both kinds of answer are in the recording. */
function sampleOnus(active: readonly OnuRecord[], inactive: readonly OnuRecord[]): OnuRef[] {
  const picks = [
    active.find((o) => o.status === 'online'),
    inactive[0] ?? active.find((o) => o.status !== 'online'),
    ...active,
  ];
  const out: OnuRef[] = [];
  for (const o of picks) {
    if (!o || out.some((r) => r.ponPort === o.ponPort && r.onuId === o.onuId)) continue;
    out.push({ ponPort: o.ponPort, onuId: o.onuId });
    if (out.length === SAMPLE_ONUS) break;
  }
  return out;
}

/** The driver's reads, in the order the console uses them. Never a write. */
async function readOlt(cap: Capture, d: OltDriver, cliOrWeb: boolean): Promise<void> {
  const id = await attempt(cap, 'identify', () => d.identify());
  if (id?.sysName) cap.hostnames.add(id.sysName);
  await attempt(cap, 'listPonPorts', () => d.listPonPorts());
  const active = await attempt(cap, 'listOnus', () => d.listOnus());
  const inactive = await attempt(cap, 'listInactiveOnus', () => d.listInactiveOnus());
  noteOnus(cap, active);
  noteOnus(cap, inactive);
  cap.onus = active?.length ?? 0;
  await attempt(cap, 'systemHealth', () => d.systemHealth());
  if (!cliOrWeb) return;
  for (const onu of sampleOnus(active ?? [], inactive ?? [])) {
    await attempt(cap, 'readOnuOptics', () => d.readOnuOptics(onu), onu);
    await attempt(cap, 'onuHistory', () => d.onuHistory(onu), onu);
  }
}

async function readSwitch(cap: Capture, d: SwitchDriver): Promise<void> {
  const id = await attempt(cap, 'identify', () => d.identify());
  if (id?.sysName) cap.hostnames.add(id.sysName);
  await attempt(cap, 'listPorts', () => d.listPorts());
}

/**
 * Runs the reads with every client reporting to `cap`; the device is opened inside, so its clients report.
 * A device the drivers do not recognise is still recorded: its detection answers are what a report needs.
 */
async function capture(a: PonctlArgs, cap: Capture): Promise<Identity> {
  const run = async (): Promise<Identity> => {
    const dev = await attempt(cap, 'openDevice', () =>
      openDevice(a.connection, { brand: a.brand, mode: a.mode }),
    );
    if (!dev) return { kind: 'olt', brand: a.brand ?? null, mode: a.mode ?? null };
    try {
      if (dev.kind === 'olt') {
        await readOlt(cap, dev.driver, a.connection.telnet !== undefined || a.connection.http !== undefined);
        return { kind: 'olt', brand: dev.driver.brand, mode: dev.driver.mode };
      }
      await readSwitch(cap, dev.driver);
      return { kind: 'switch', brand: dev.driver.kind, mode: null };
    } finally {
      await dev.driver.close().catch(() => undefined);
      await closeHsgqSessions().catch(() => undefined);
    }
  };
  return observeSnmp(
    (vbs) => {
      // The first answer for an OID wins: what the reads saw when they first asked.
      for (const vb of vbs) if (!cap.snmp.has(vb.oid)) cap.snmp.set(vb.oid, vb.value);
    },
    () =>
      observeTelnet(
        (x) => cap.cli.push(x),
        () => observeHsgq((x) => cap.http.push(x), run),
      ),
  );
}

/** The prompt's host name (`pop-olt` of `pop-olt(config)#`). */
const promptHost = (prompt: string | null): string | null => /^([^\s#>(]+)/.exec(prompt ?? '')?.[1] ?? null;

function secretsOf(a: PonctlArgs): string[] {
  const c = a.connection;
  return [
    c.host,
    c.snmp?.community,
    c.snmp?.writeCommunity,
    c.telnet?.username,
    c.telnet?.password,
    c.telnet?.enablePassword,
    c.http?.username,
    c.http?.password,
  ].filter((s): s is string => typeof s === 'string' && s.length > 0);
}

/** Pass 1: every real value the recording would carry. */
function collect(p: Pseudonymiser, cap: Capture): void {
  for (const h of cap.hostnames) p.noteHostname(h);
  for (const x of cap.cli)
    for (const pr of [x.prompt, x.next]) if (promptHost(pr)) p.noteHostname(promptHost(pr) ?? '');
  for (const m of cap.macs) p.noteMac(m);
  for (const s of cap.serials) p.noteSerial(s);
  for (const [oid, v] of cap.snmp) {
    if (oid === SYS_NAME && v.type === 'octets') p.noteHostname(v.value.toString('utf8'));
    if (v.type === 'octets') p.collectOctets(v.value);
    else if (v.type === 'ipAddress') p.collectIp(v.value);
  }
  for (const x of cap.cli)
    for (const t of [x.command, x.output, x.prompt ?? '', x.next ?? '']) p.collectText(t);
  for (const x of cap.http) for (const t of [x.path, x.body ?? '', x.response]) p.collectText(t);
  for (const r of cap.reads) if (r.error) p.collectText(r.error);
}

/** Pass 2: the redacted SNMP answers as snmprec text. */
function redactSnmp(
  p: Pseudonymiser,
  snmp: ReadonlyMap<string, SnmpValue>,
): { text: string; varbinds: number } {
  const lines = new Map<string, string>();
  for (const [oid, v] of snmp) {
    const value: SnmpValue =
      v.type === 'octets'
        ? {
            type: 'octets',
            value:
              oid === SYS_NAME
                ? Buffer.from(p.hostname(v.value.toString('utf8')), 'utf8')
                : p.octets(v.value),
          }
        : v.type === 'ipAddress'
          ? { type: 'ipAddress', value: p.ip(v.value) }
          : v;
    const target = p.oid(oid);
    const line = snmprecLine(target, value);
    if (line) lines.set(target, line);
  }
  return { text: formatSnmprec(lines), varbinds: lines.size };
}

/**
 * The last line of defence: the written file must hold no credential and no real MAC or serial the driver
 * reported. Throws (nothing is written) when one got through.
 */
function assertClean(json: string, secrets: readonly string[], cap: Capture): void {
  const hex = (s: string): string => s.replace(/[^0-9a-f]/gi, '').toLowerCase();
  const macForms = [...cap.macs]
    .filter((m) => hex(m).length === 12 && !/^(0{12}|f{12})$/.test(hex(m)))
    .flatMap((m) => [m, hex(m)]);
  // A GPON serial also travels as its 8 bytes in hex (`48575443…` for `HWTC…`).
  const serialForms = [...cap.serials].flatMap((s) =>
    /^[A-Za-z]{4}[0-9A-Fa-f]{8}$/.test(s)
      ? [s, Buffer.from(s.slice(0, 4), 'latin1').toString('hex') + s.slice(4)]
      : [s],
  );
  const text = json.toLowerCase();
  const leaks = [
    ...secrets.filter((s) => s.length >= 4 && s !== REDACTED),
    ...macForms,
    ...serialForms,
  ].filter((s) => text.includes(s.toLowerCase()));
  if (leaks.length > 0)
    throw new Error(`redaction missed ${leaks.length} value(s); nothing was written (please report this)`);
}

function buildRecording(
  a: PonctlArgs,
  id: Identity,
  cap: Capture,
): { rec: DeviceRecording; varbinds: number } {
  const secrets = secretsOf(a);
  const p = new Pseudonymiser(randomBytes(32), secrets);
  collect(p, cap);
  p.seal();
  const snmp = redactSnmp(p, cap.snmp);
  const rec: DeviceRecording = {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    meta: {
      ...id,
      ponctlVersion: ponctlVersion(),
      recordedAt: new Date().toISOString(),
      transports: { snmp: true, telnet: cap.cli.length > 0, http: cap.http.length > 0 },
      reads: cap.reads.map((r) => (r.error ? { ...r, error: p.text(r.error) } : r)),
      redaction: { macs: 0, serials: 0, hostnames: 0, ipv4: 0, secrets: 0 },
      onus: cap.onus,
    },
    snmprec: snmp.text,
    cli: cap.cli.map((x) => ({
      prompt: x.prompt === null ? null : p.prompt(x.prompt),
      command: p.text(x.command),
      output: p.text(x.output),
      next: x.next === null ? null : p.prompt(x.next),
    })),
    http: cap.http.map((x) => ({
      method: x.method,
      path: p.text(x.path),
      body: x.body === null ? null : p.json(x.body),
      status: x.status,
      response: p.json(x.response),
    })),
  };
  rec.meta.redaction = p.counts();
  assertClean(JSON.stringify(rec), secrets, cap);
  return { rec, varbinds: snmp.varbinds };
}

function summary(out: string, rec: DeviceRecording, varbinds: number): string {
  const m = rec.meta;
  const r = m.redaction;
  const reads = m.reads
    .map(
      (x) =>
        `${x.what}${x.onu ? ` ${x.onu}` : ''} ${x.ok ? `ok${x.items === undefined ? '' : ` (${x.items})`}` : `failed: ${x.error}`}`,
    )
    .join('\n    ');
  const kb = (statSync(out).size / 1024).toFixed(1);
  return [
    `recorded ${m.brand ?? '?'}${m.mode ? ` ${m.mode}` : ''} (${m.kind}) to ${out} (${kb} KiB)`,
    `  SNMP varbinds: ${varbinds}   CLI commands: ${rec.cli.filter((x) => x.prompt !== null).length}   ` +
      `HTTP exchanges: ${rec.http.length}   ONUs: ${m.onus}`,
    `  reads:\n    ${reads}`,
    `  pseudonymised: ${r.macs} MACs, ${r.serials} serials, ${r.hostnames} host names, ${r.ipv4} IPv4 addresses`,
    `  removed: ${r.secrets} occurrence(s) of the community, user names, passwords or host; none of them is stored`,
    `  serve it: npm run sim -- --archive ${out}`,
  ].join('\n');
}

/** `ponctl record`: returns the exit code (0 when the file was written, even if some reads failed). */
export async function runRecord(a: PonctlArgs, io: Io, describe: Describe): Promise<number> {
  const out = a.out;
  if (!out) {
    io.err('ponctl: record needs --out FILE');
    return 2;
  }
  const cap: Capture = {
    snmp: new Map(),
    cli: [],
    http: [],
    reads: [],
    macs: new Set(),
    serials: new Set(),
    hostnames: new Set(),
    onus: 0,
    describe,
  };
  try {
    const id = await capture(a, cap);
    if (cap.snmp.size === 0 && cap.cli.length === 0 && cap.http.length === 0)
      throw new Error(
        `no answer to record (${cap.reads.find((r) => r.error)?.error ?? 'nothing was read'}); no file written`,
      );
    const { rec, varbinds } = buildRecording(a, id, cap);
    writeRecording(out, rec);
    io.out(summary(out, rec, varbinds));
    return 0;
  } catch (e) {
    io.err(`ponctl: ${describe(e)}`);
    return 1;
  }
}
