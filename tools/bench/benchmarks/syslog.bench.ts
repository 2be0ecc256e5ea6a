import { randomBytes } from 'node:crypto';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Client } from 'pg';
import { LOG_SEVERITIES, type LogVendor } from '@pondesk/contracts';
import { parseSyslogLine, type ParsedLogLine } from '@pondesk/device-syslog';
import {
  createMigratedDatabase,
  freePort,
  startApiProcess,
  startWorkerProcess,
  testEnv,
  waitFor,
  type ApiProcess,
  type EntrypointProcess,
} from '@pondesk/server-testing';
import { cpuMs, dropRedisNamespace, median, p95, prng } from '../bench-stats';
import type { Benchmark } from '../bench-types';

// ---------------------------------------------------------------------------------------------
// The devices and the lines they send
// ---------------------------------------------------------------------------------------------

/** OLTs of the tenant, each with its MikroTik router: 100 senders. */
const OLTS = 50;
/** Network safety: every sender is a loopback address, every datagram goes to 127.0.0.1. */
const oltAddress = (i: number) => `127.0.1.${i + 1}`;
const routerAddress = (i: number) => `127.0.2.${i + 1}`;
/** OLT i is of brand `BRANDS[i % 4]` (AVIES runs HSGQ firmware and logs as HSGQ). */
const BRANDS = ['bdcom', 'vsol', 'cdata', 'avies'] as const;
const BRAND_MODE = { bdcom: 'epon', vsol: 'gpon', cdata: 'gpon', avies: 'epon' } as const;
const BRAND_VENDOR: Record<(typeof BRANDS)[number], LogVendor> = {
  bdcom: 'bdcom',
  vsol: 'vsol',
  cdata: 'cdata',
  avies: 'hsgq',
};
/** Share of the lines that come from the routers (PPPoE sessions outnumber ONU events). */
const ROUTER_PERCENT = 65;
/** PPPoE subscribers behind each router; an OLT's lines name ONUs 0…1023 of it. */
const SUBSCRIBERS_PER_ROUTER = 2000;
/** Area prefixes of the PPPoE user names (`mir0042`), as ISPs name their subscribers. */
const AREAS = ['mir', 'dhn', 'utt', 'gul', 'bnn', 'mdp', 'skn', 'jat', 'kha', 'bsb'];

/**
 * What one line is about: the OLT (and its router) 0…49, a subscriber of it 0…1999 (whose ONU is
 * `sub % 1024` on the OLT), a random number for counters and ids, and the time.
 */
interface Vars {
  olt: number;
  sub: number;
  r: number;
  t: Date;
}

/**
 * A piece of a line, computed in TypeScript (to send it) and in SQL (to seed millions of stored lines
 * with it). The SQL sees the columns `olt`, `sub`, `g` (olt * 2000 + sub), `k` (sub % 1024), `r`, `t`.
 */
interface Part {
  ts(v: Vars): string;
  sql: string;
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const part = (ts: (v: Vars) => string, sql: string): Part => ({ ts, sql });

/** Text with parts in it: `` text`${USER} logged in` ``. */
function text(strings: TemplateStringsArray, ...parts: Part[]): Part {
  return {
    ts: (v) => strings.reduce((out, s, i) => out + s + (i < parts.length ? parts[i].ts(v) : ''), ''),
    sql: `(${strings
      .flatMap((s, i) => [...(s ? [sqlText(s)] : []), ...(i < parts.length ? [parts[i].sql] : [])])
      .join(' || ')})`,
  };
}

const hex2 = (n: number) => (n & 255).toString(16).padStart(2, '0');
const hex2Sql = (x: string) => `lpad(to_hex((${x}) & 255), 2, '0')`;
const pad2 = (n: number) => String(n).padStart(2, '0');
const gOf = (v: Vars) => v.olt * SUBSCRIBERS_PER_ROUTER + v.sub;
const kOf = (v: Vars) => v.sub % 1024;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const UTC_T = `(t AT TIME ZONE 'UTC')`;

/** The PPPoE user: `mir0042`; unique in the tenant (olt / 10 picks a block of numbers). */
const USER = part(
  (v) =>
    `${AREAS[v.olt % 10]}${String(Math.floor(v.olt / 10) * SUBSCRIBERS_PER_ROUTER + v.sub).padStart(4, '0')}`,
  `((ARRAY[${AREAS.map(sqlText).join(',')}])[olt % 10 + 1] || lpad(((olt / 10) * ${SUBSCRIBERS_PER_ROUTER} + sub)::text, 4, '0'))`,
);
/** The subscriber's router (caller id), as RouterOS writes it: upper case. */
const CALLER = part(
  (v) => `E8:65:D4:${hex2(gOf(v) >> 16)}:${hex2(gOf(v) >> 8)}:${hex2(gOf(v))}`.toUpperCase(),
  `upper('E8:65:D4:' || ${hex2Sql('g >> 16')} || ':' || ${hex2Sql('g >> 8')} || ':' || ${hex2Sql('g')})`,
);
const CALLER_LOWER = part((v) => CALLER.ts(v).toLowerCase(), `lower(${CALLER.sql})`);
const IP = part(
  (v) => `100.${64 + (gOf(v) >> 16)}.${(gOf(v) >> 8) & 255}.${gOf(v) & 255}`,
  `('100.' || (64 + (g >> 16)) || '.' || ((g >> 8) & 255) || '.' || (g & 255))`,
);
const SECONDS = part((v) => String(v.r % 604800), `(r % 604800)::text`);
const BYTES_IN = part((v) => String((v.r * 7) % 900_000_000), `((r * 7) % 900000000)::text`);
const BYTES_OUT = part((v) => String((v.r * 13) % 90_000_000), `((r * 13) % 90000000)::text`);
const PACKETS_IN = part((v) => String((v.r * 3) % 700_000), `((r * 3) % 700000)::text`);
const PACKETS_OUT = part((v) => String((v.r * 5) % 300_000), `((r * 5) % 300000)::text`);
/** A PPPoE session before authentication: `<00e9>`. */
const SESSION = part((v) => (v.r & 0xffff).toString(16).padStart(4, '0'), `lpad(to_hex(r & 65535), 4, '0')`);
const ADMIN_FROM = part((v) => `10.0.${v.olt}.${2 + (v.r % 3)}`, `('10.0.' || olt || '.' || (2 + r % 3))`);
/** The ONU: PON port 1…16, ONU 1…64. */
const PON = part((v) => String(1 + (kOf(v) % 16)), `(1 + k % 16)::text`);
const ONU_NO = part((v) => String(1 + Math.floor(kOf(v) / 16)), `(1 + k / 16)::text`);
const ONU_MAC = part(
  (v) => `d0:60:8c:${hex2(v.olt)}:${hex2(kOf(v) >> 8)}:${hex2(kOf(v))}`,
  `('d0:60:8c:' || ${hex2Sql('olt')} || ':' || ${hex2Sql('k >> 8')} || ':' || ${hex2Sql('k')})`,
);
/** BDCOM writes the ONU's MAC dotted: `d060.8c05.0123`. */
const ONU_MAC_DOTTED = part(
  (v) => `d060.8c${hex2(v.olt)}.${hex2(kOf(v) >> 8)}${hex2(kOf(v))}`,
  `('d060.8c' || ${hex2Sql('olt')} || '.' || ${hex2Sql('k >> 8')} || ${hex2Sql('k')})`,
);
const GPON_SN = part(
  (v) => `GPON00${String(v.olt * 1024 + kOf(v)).padStart(6, '0')}`,
  `('GPON00' || lpad((olt * 1024 + k)::text, 6, '0'))`,
);
const XPON_SN = part(
  (v) => `XPON${(0xa4000000 + v.olt * 1024 + kOf(v)).toString(16)}`,
  `('XPON' || to_hex(${0xa4000000}::bigint + olt * 1024 + k))`,
);
/** RFC 3164 time, the day padded with a blank: `Feb  9 03:01:05` (UTC). */
const TIME_3164 = part(
  (v) =>
    `${MONTHS[v.t.getUTCMonth()]} ${String(v.t.getUTCDate()).padStart(2, ' ')} ${pad2(v.t.getUTCHours())}:${pad2(v.t.getUTCMinutes())}:${pad2(v.t.getUTCSeconds())}`,
  `(to_char(${UTC_T}, 'Mon ') || lpad(extract(day FROM ${UTC_T})::int::text, 2, ' ') || to_char(${UTC_T}, ' HH24:MI:SS'))`,
);
const ymd = (v: Vars, sep: string) =>
  `${v.t.getUTCFullYear()}${sep}${pad2(v.t.getUTCMonth() + 1)}${sep}${pad2(v.t.getUTCDate())} ${pad2(v.t.getUTCHours())}:${pad2(v.t.getUTCMinutes())}:${pad2(v.t.getUTCSeconds())}`;
const TIME_SLASH = part((v) => ymd(v, '/'), `to_char(${UTC_T}, 'YYYY/MM/DD HH24:MI:SS')`);
const TIME_DASH = part((v) => ymd(v, '-'), `to_char(${UTC_T}, 'YYYY-MM-DD HH24:MI:SS')`);
const OLT_HOST = part((v) => `BDCOM-${pad2(v.olt + 1)}`, `('BDCOM-' || lpad((olt + 1)::text, 2, '0'))`);
const lit = (s: string): Part => part(() => s, sqlText(s));

type Field = 'time' | 'onu' | 'mac' | 'serial' | 'user' | 'reason';

/**
 * One kind of line, in the formats of the shared samples (device-data/syslog): what precedes the message
 * (PRI, header, time), the message as stored, what follows it (BDCOM's NUL padding), and the parts the
 * parser reads out of it, as stored (the MAC lower case, the user, the reason).
 */
interface Template {
  name: string;
  weight: number;
  head: Part;
  message: Part;
  tail?: string;
  fields: Partial<Record<Field, Part>>;
}

const ROUTER_TEMPLATES: Template[] = [
  {
    name: 'account logged in',
    weight: 18,
    head: lit('<30>pppoe,ppp,info,account '),
    message: text`${USER} logged in, ${IP} from ${CALLER}`,
    fields: { user: USER, mac: CALLER_LOWER },
  },
  {
    name: 'account logged out',
    weight: 18,
    head: lit('<30>pppoe,ppp,info,account '),
    message: text`${USER} logged out, ${SECONDS} ${BYTES_IN} ${BYTES_OUT} ${PACKETS_IN} ${PACKETS_OUT} from ${CALLER}`,
    fields: { user: USER, mac: CALLER_LOWER },
  },
  {
    name: 'connected',
    weight: 14,
    head: lit('<30>pppoe,ppp,info '),
    message: text`<pppoe-${USER}>: connected`,
    fields: { user: USER },
  },
  {
    name: 'disconnected',
    weight: 14,
    head: lit('<30>pppoe,ppp,info '),
    message: text`<pppoe-${USER}>: disconnected`,
    fields: { user: USER },
  },
  {
    name: 'terminating, peer not responding',
    weight: 10,
    head: lit('<30>pppoe,ppp,info '),
    message: text`<pppoe-${USER}>: terminating... - peer is not responding`,
    fields: { user: USER, reason: lit('peer is not responding') },
  },
  {
    name: 'terminating',
    weight: 4,
    head: lit('<30>pppoe,ppp,info '),
    message: text`<pppoe-${USER}>: terminating...`,
    fields: { user: USER },
  },
  {
    name: 'authenticated',
    weight: 12,
    head: lit('<30>pppoe,ppp,info '),
    message: text`<pppoe-${USER}>: authenticated`,
    fields: { user: USER },
  },
  {
    name: 'authentication failed',
    weight: 4,
    head: lit('<27>pppoe,ppp,error '),
    message: text`<${SESSION}>: user ${USER} authentication failed`,
    fields: { user: USER },
  },
  {
    name: 'discovery',
    weight: 5,
    head: lit('<30>pppoe,info '),
    message: text`PPPoE connection established from ${CALLER}`,
    fields: { mac: CALLER_LOWER },
  },
  {
    name: 'admin login',
    weight: 1,
    head: lit('<30>system,info,account '),
    message: text`user admin logged in from ${ADMIN_FROM} via winbox`,
    fields: {},
  },
];

const bdcomHead = (tag: string) => text`<190>${TIME_3164} ${OLT_HOST} ${lit(tag)}: `;
const EPON_IF = text`EPON0/${PON}:${ONU_NO}`;
const VSOL_ONU = text`PON 0/${PON} ONU ${ONU_NO}`;
const HSGQ_ONU = text`${PON}/${ONU_NO}`;
const CDATA_ONU = text`PON 0/0/${PON} ONU ${ONU_NO}`;

const OLT_TEMPLATES: Record<(typeof BRANDS)[number], Template[]> = {
  bdcom: [
    {
      name: 'registered',
      weight: 40,
      head: bdcomHead('%EPON-ONUREG'),
      message: text`ONU ${ONU_MAC_DOTTED} is registered on ${EPON_IF}.`,
      tail: ' \0',
      fields: { time: TIME_3164, onu: EPON_IF, mac: ONU_MAC },
    },
    {
      name: 'deregistered',
      weight: 40,
      head: bdcomHead('%EPON-ONUREG'),
      message: text`ONU ${ONU_MAC_DOTTED} is deregistered on ${EPON_IF}.`,
      tail: ' \0',
      fields: { time: TIME_3164, onu: EPON_IF, mac: ONU_MAC },
    },
    {
      name: 'OAM operational',
      weight: 12,
      head: bdcomHead('%OLT'),
      message: text`Interface ${EPON_IF}'s OAM Operational Status: Operational`,
      tail: ' \0',
      fields: { time: TIME_3164, onu: EPON_IF },
    },
    {
      name: 'CTC OAM',
      weight: 8,
      head: bdcomHead('%OLT'),
      message: text`Interface ${EPON_IF}'s CTC OAM extension negotiated successfully!`,
      tail: ' \0',
      fields: { time: TIME_3164, onu: EPON_IF },
    },
  ],
  vsol: [
    {
      name: 'ONU online',
      weight: 60,
      head: text`${TIME_SLASH}   `,
      message: text`ONU Online               ${VSOL_ONU} sn ${GPON_SN}`,
      fields: { time: TIME_SLASH, onu: VSOL_ONU, serial: GPON_SN },
    },
    {
      name: 'ONU port LOS',
      weight: 35,
      head: text`${TIME_SLASH}   `,
      message: text`ONU Port Los   ${VSOL_ONU} sn ${GPON_SN} LAN1 LINK DOWN`,
      fields: { time: TIME_SLASH, onu: VSOL_ONU, serial: GPON_SN, reason: lit('LINK DOWN') },
    },
    {
      name: 'user login',
      weight: 5,
      head: text`${TIME_SLASH} major       `,
      message: text`User Login               User admin logged in from ${ADMIN_FROM} on vty`,
      fields: { time: TIME_SLASH },
    },
  ],
  cdata: [
    {
      name: 'dying gasp',
      weight: 18,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} Dying gasp(DGi)`,
      fields: { time: TIME_DASH, onu: CDATA_ONU, reason: lit('Dying gasp(DGi)') },
    },
    {
      name: 'LOSi',
      weight: 18,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} Loss of signal for ONU(LOSi)`,
      fields: { time: TIME_DASH, onu: CDATA_ONU, reason: lit('Loss of signal for ONU(LOSi)') },
    },
    {
      name: 'LOFi',
      weight: 14,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} Loss of frame for ONU(LOFi)`,
      fields: { time: TIME_DASH, onu: CDATA_ONU, reason: lit('Loss of frame for ONU(LOFi)') },
    },
    {
      name: 'LOSi clear',
      weight: 18,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} Loss of signal for ONU(LOSi) clear`,
      fields: { time: TIME_DASH, onu: CDATA_ONU },
    },
    {
      name: 'LOFi clear',
      weight: 10,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} Loss of frame for ONU(LOFi) clear`,
      fields: { time: TIME_DASH, onu: CDATA_ONU },
    },
    {
      name: 'dying gasp clear',
      weight: 10,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} Dying gasp(DGi) clear`,
      fields: { time: TIME_DASH, onu: CDATA_ONU },
    },
    {
      name: 'UNI down',
      weight: 8,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} UNI 0/1 The Ethernet port link status is down`,
      fields: { time: TIME_DASH, onu: CDATA_ONU, reason: lit('LINK DOWN') },
    },
    {
      name: 'UNI up',
      weight: 4,
      head: text`${TIME_DASH} `,
      message: text`${CDATA_ONU} UNI 0/1 The Ethernet port link status is up`,
      fields: { time: TIME_DASH, onu: CDATA_ONU },
    },
  ],
  avies: [
    {
      name: 'authorization success',
      weight: 30,
      head: text`[${TIME_SLASH}]  Info: `,
      message: text`ONU ${HSGQ_ONU} ${ONU_MAC} ONU authorization success, Reason:`,
      fields: { time: TIME_SLASH, onu: HSGQ_ONU, mac: ONU_MAC },
    },
    {
      name: 'link up',
      weight: 20,
      head: text`[${TIME_SLASH}]  Info: `,
      message: text`ONU ${HSGQ_ONU} ${ONU_MAC} ONU link up`,
      fields: { time: TIME_SLASH, onu: HSGQ_ONU, mac: ONU_MAC },
    },
    {
      name: 'deregister, laser out',
      weight: 15,
      head: text`[${TIME_SLASH}]  Warning: `,
      message: text`ONU ${HSGQ_ONU} ${ONU_MAC} Onu deregister, Reason:Laser out`,
      fields: { time: TIME_SLASH, onu: HSGQ_ONU, mac: ONU_MAC, reason: lit('Laser out') },
    },
    {
      name: 'dying gasp',
      weight: 24,
      head: text`[${TIME_SLASH}]  Warning: `,
      message: text`ONU ${HSGQ_ONU} ${ONU_MAC} ONU dying gasp, Reason:`,
      fields: { time: TIME_SLASH, onu: HSGQ_ONU, mac: ONU_MAC, reason: lit('dying gasp') },
    },
    {
      name: 'ONT deregister, LOS',
      weight: 10,
      head: text`[${TIME_SLASH}]  Warning: `,
      message: text`ONT ${HSGQ_ONU} ${XPON_SN} ONT deregister, Reason:LOS`,
      fields: { time: TIME_SLASH, onu: HSGQ_ONU, serial: XPON_SN, reason: lit('LOS') },
    },
    {
      name: 'PON link down',
      weight: 1,
      head: text`[${TIME_SLASH}]  Critical: `,
      message: text`PON ${PON} PON link down and all onu will be offline  maybe fiber signal los`,
      fields: { time: TIME_SLASH, reason: lit('maybe fiber signal los') },
    },
  ],
};

/** Every template in one list (its index names it in SQL), with the device kind and parser it goes with. */
const TEMPLATES = [
  ...ROUTER_TEMPLATES.map((t) => ({ ...t, device: 'router' as const, vendor: 'mikrotik' as LogVendor })),
  ...BRANDS.flatMap((b) =>
    OLT_TEMPLATES[b].map((t) => ({
      ...t,
      name: `${b} ${t.name}`,
      device: 'olt' as const,
      vendor: BRAND_VENDOR[b],
    })),
  ),
];
type AnyTemplate = (typeof TEMPLATES)[number];

/** The row the worker stores for a line: what the parser reads, as `SyslogService` keeps it. */
interface StoredRow {
  vendor: string | null;
  severity: number | null;
  kind: string;
  device_time: string | null;
  message: string;
  onu: string | null;
  mac: string | null;
  serial: string | null;
  pppoe_user: string | null;
  reason: string | null;
}

const lineOf = (t: Template, v: Vars) => t.head.ts(v) + t.message.ts(v) + (t.tail ?? '');

function storedOf(t: AnyTemplate, v: Vars): StoredRow {
  const p: ParsedLogLine = parseSyslogLine(lineOf(t, v), { vendor: t.vendor });
  const admin = p.kind === 'admin-login' || p.kind === 'admin-logout';
  return {
    vendor: p.vendor ?? t.vendor,
    severity: p.severity === null ? null : LOG_SEVERITIES.indexOf(p.severity),
    kind: p.kind,
    device_time: p.time,
    message: p.message,
    onu: p.onu,
    mac: p.mac,
    serial: p.serial,
    pppoe_user: admin ? null : p.user,
    reason: p.reason,
  };
}

/** Picks a template of `list` by weight from a number in [0, 100). */
function byWeight<T extends { weight: number }>(list: T[], w: number): T {
  let acc = 0;
  for (const t of list) {
    acc += t.weight;
    if (w < acc) return t;
  }
  return list[list.length - 1];
}

for (const list of [ROUTER_TEMPLATES, ...Object.values(OLT_TEMPLATES)])
  if (list.reduce((n, t) => n + t.weight, 0) !== 100) throw new Error('template weights must add up to 100');

/** The OLTs of the tenant, as an admin enters them: each with its router's address. */
async function insertOlts(db: Client, tenantId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < OLTS; i++) {
    const brand = BRANDS[i % BRANDS.length];
    const { rows } = await db.query(
      `INSERT INTO olt (tenant_id, code, name, host, brand, mode, snmp_community_enc, mikrotik_host, poll_interval_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, 'v1.x.x.x', $7, 3600) RETURNING id`,
      [
        tenantId,
        `SYS-${pad2(i)}`,
        `${AREAS[i % 10].toUpperCase()} ${brand.toUpperCase()} ${pad2(i + 1)}`,
        oltAddress(i),
        brand,
        BRAND_MODE[brand],
        routerAddress(i),
      ],
    );
    ids.push((rows[0] as { id: string }).id);
  }
  return ids;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Datagrams the kernel dropped because a receiving socket's buffer was full (the whole machine's UDP). */
function udpReceiveBufferErrors(): number {
  const udp = readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('Udp: '));
  const [names, values] = udp.map((l) => l.split(/\s+/).slice(1));
  return Number(values?.[names?.indexOf('RcvbufErrors') ?? -1] ?? 0);
}

// ---------------------------------------------------------------------------------------------
// syslog.lines_per_s, syslog.lost_at_5000: one worker receiving
// ---------------------------------------------------------------------------------------------

/** Paced rates tried, lines per second, each for STEP_SECONDS, until lines are lost or storing falls behind. */
const RATES = [2000, 3000, 4000, 5000, 6500, 8000, 10_000, 12_500, 15_000, 20_000, 25_000, 30_000, 40_000];
const STEP_SECONDS = 10;
/** The stored count is final once it has not changed for this long. */
const SETTLED_MS = 3000;
const LOST_RATE = 5000;

interface SyslogStack {
  db: Client;
  dbName: string;
  tenantId: string;
  worker: EntrypointProcess;
  /** One socket per device, bound to its address, connected to the receiver. */
  senders: { olt: UdpSocket[]; router: UdpSocket[] };
  rnd: () => number;
  stop(): Promise<void>;
}

interface Step {
  rate: number;
  sent: number;
  sendSeconds: number;
  stored: number;
  /** From the first line sent until the stored count reached its final value. */
  storeSeconds: number;
  lost: number;
  kernelDropped: number;
  workerCpuMs: number;
  postgresCpuMs: number;
  senderCpuMs: number;
}

let syslogStack: Promise<SyslogStack> | undefined;
let ramp: Promise<number> | undefined;

async function bindSender(address: string, port: number): Promise<UdpSocket> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, address, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.connect(port, '127.0.0.1', () => resolve());
  });
  // A refused datagram (receiver gone) is the run's failure, found by the counts; not a crash.
  socket.on('error', () => undefined);
  return socket;
}

async function startSyslog(log: (l: string) => void): Promise<SyslogStack> {
  const database = await createMigratedDatabase('pondesk_bench_syslog');
  const namespace = `pondesk:bench-syslog-${randomBytes(4).toString('hex')}`;
  const db = new Client({ connectionString: database.url });
  let worker: EntrypointProcess | undefined;
  const sockets: UdpSocket[] = [];
  const stop = async () => {
    sockets.forEach((s) => s.close());
    await worker?.stop(10_000);
    await db.end().catch(() => undefined);
    await database.drop();
    await dropRedisNamespace(namespace);
  };
  try {
    await db.connect();
    const { rows } = await db.query(
      `INSERT INTO tenant (isp_name, ingest_secret_enc) VALUES ('syslog_bench_isp', 'unused') RETURNING id`,
    );
    const tenantId = (rows[0] as { id: string }).id;
    await insertOlts(db, tenantId);
    const port = await freePort();
    worker = await startWorkerProcess({
      DATABASE_URL: database.url,
      REDIS_NAMESPACE: namespace,
      SYSLOG_PORT: String(port),
      SYSLOG_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    });
    const started = worker;
    await waitFor(async () => started.output().includes('syslog receiver listening'), {
      timeoutMs: 20_000,
      what: 'the syslog receiver to listen',
    });
    const olt: UdpSocket[] = [];
    const router: UdpSocket[] = [];
    for (let i = 0; i < OLTS; i++) {
      olt.push(await bindSender(oltAddress(i), port));
      sockets.push(olt[i]);
      router.push(await bindSender(routerAddress(i), port));
      sockets.push(router[i]);
    }
    log(
      `worker listening on 127.0.0.1:${port} (UDP); ${OLTS} OLTs and ${OLTS} routers sending from 127.0.1.x/127.0.2.x`,
    );
    return { db, dbName: database.name, tenantId, worker, senders: { olt, router }, rnd: prng(42), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Sends one line from a random device: a router's PPPoE line, or an ONU event in its OLT's format. */
function sendOne(s: SyslogStack): void {
  const rnd = s.rnd;
  const olt = Math.floor(rnd() * OLTS);
  const v: Vars = {
    olt,
    sub: Math.floor(rnd() * SUBSCRIBERS_PER_ROUTER),
    r: Math.floor(rnd() * 0x7fff_ffff),
    t: new Date(),
  };
  const router = rnd() * 100 < ROUTER_PERCENT;
  const list = router ? ROUTER_TEMPLATES : OLT_TEMPLATES[BRANDS[olt % BRANDS.length]];
  const line = lineOf(byWeight(list, rnd() * 100), v);
  (router ? s.senders.router : s.senders.olt)[olt].send(line);
}

async function backendPids(s: SyslogStack): Promise<number[]> {
  const { rows } = await s.db.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [s.dbName],
  );
  return rows.map((r: { pid: number }) => r.pid);
}

const storedSince = async (s: SyslogStack, since: Date): Promise<number> =>
  (
    await s.db.query('SELECT count(*)::int AS n FROM device_log WHERE tenant_id = $1 AND received_at >= $2', [
      s.tenantId,
      since,
    ])
  ).rows[0].n as number;

/**
 * `rate` lines a second for `seconds`, paced (each millisecond the lines due by then), each its own
 * datagram as devices send them; then the stored count is followed until it has settled.
 */
async function step(s: SyslogStack, rate: number, seconds: number): Promise<Step> {
  const pids = await backendPids(s);
  const workerPid = s.worker.pid ?? 0;
  const snapshot = () => ({
    worker: cpuMs(workerPid),
    postgres: pids.reduce((n, pid) => n + cpuMs(pid), 0),
  });
  const since = new Date();
  const dropped0 = udpReceiveBufferErrors();
  const cpu0 = snapshot();
  const gen0 = process.cpuUsage();
  const t0 = performance.now();
  let sent = 0;
  const total = rate * seconds;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate));
    while (sent < due) {
      sendOne(s);
      sent++;
    }
    await sleep(1);
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  const gen = process.cpuUsage(gen0);
  let stored = -1;
  let storedAt = performance.now();
  let cpuAt = snapshot();
  const deadline = performance.now() + 180_000;
  for (;;) {
    const n = await storedSince(s, since);
    const now = performance.now();
    if (n !== stored) {
      stored = n;
      storedAt = now;
      cpuAt = snapshot();
    }
    // Every line stored (the count can grow no further), or no line more for SETTLED_MS.
    if (stored >= sent || now - storedAt >= SETTLED_MS) break;
    if (now > deadline) throw new Error(`stored count still changing after 180 s (${n} of ${sent})`);
    await sleep(100);
  }
  return {
    rate,
    sent,
    sendSeconds,
    stored,
    storeSeconds: (storedAt - t0) / 1000,
    lost: sent - stored,
    kernelDropped: udpReceiveBufferErrors() - dropped0,
    workerCpuMs: cpuAt.worker - cpu0.worker,
    postgresCpuMs: cpuAt.postgres - cpu0.postgres,
    senderCpuMs: (gen.user + gen.system) / 1000,
  };
}

function describeStep(r: Step): string {
  const per = (ms: number) => (r.stored ? ((ms * 1000) / r.stored).toFixed(0) : '-');
  return (
    `paced ${r.rate}/s: sent ${r.sent} in ${r.sendSeconds.toFixed(1)} s (${(r.sent / r.sendSeconds).toFixed(0)}/s), ` +
    `stored ${r.stored} in ${r.storeSeconds.toFixed(1)} s (${(r.stored / r.storeSeconds).toFixed(0)}/s), lost ${r.lost}` +
    `${r.lost ? ` (UDP receive-buffer drops meanwhile: ${r.kernelDropped})` : ''}; ` +
    `CPU µs per stored line: worker ${per(r.workerCpuMs)}, Postgres ${per(r.postgresCpuMs)}, sender ${per(r.senderCpuMs)}`
  );
}

/** The machine's load when a figure is taken (other work may share its cores). */
const loadNow = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function warm(s: SyslogStack, log: (l: string) => void): Promise<void> {
  // The source map is loaded and the connection pool open: a few seconds at a modest rate, all stored.
  const r = await step(s, 1000, 3);
  if (r.lost) throw new Error(`warm-up: ${r.lost} of ${r.sent} lines not stored`);
  log(`warm-up: ${describeStep(r)}`);
}

async function measureRamp(log: (l: string) => void): Promise<number> {
  const s = await (syslogStack ??= startSyslog(log));
  await warm(s, log);
  let best: Step | undefined;
  const rateOf = (r: Step) => r.stored / r.storeSeconds;
  for (const rate of RATES) {
    const r = await step(s, rate, STEP_SECONDS);
    log(`${describeStep(r)}; load ${loadNow()}`);
    if (r.lost > 0) {
      log(`  lines lost at ${rate}/s: the ramp stops`);
      break;
    }
    // Past what the worker keeps up with, lines wait in its queue and are stored after the sending: the
    // step's rate is then what it stores when saturated. A step that stores no faster ends the ramp.
    const gained = !best || rateOf(r) >= 1.05 * rateOf(best);
    if (!best || rateOf(r) > rateOf(best)) best = r;
    if (!gained) {
      log(`  stored no faster than at ${best.rate}/s: the ramp stops`);
      break;
    }
    if (r.sent / r.sendSeconds < 0.95 * rate) {
      log(`  the sender could not keep ${rate}/s on these cores: the ramp stops`);
      break;
    }
  }
  if (!best) throw new Error('lines were lost at every rate');
  const out = s.worker.output();
  const summaries = out.match(/syslog: received [^"\n]*/g) ?? [];
  if (summaries.length) log(`worker's last summary: ${summaries[summaries.length - 1]}`);
  if (out.includes('syslog queue full')) log('the worker reported its queue full (lines dropped)');
  log(`best lossless step: ${describeStep(best)}`);
  return best.stored / best.storeSeconds;
}

// ---------------------------------------------------------------------------------------------
// api.log_search_p95: the Log List over 10 million stored lines
// ---------------------------------------------------------------------------------------------

/** Stored lines, over the last 30 days (BENCH_LOG_LINES lowers it while developing). */
const SEARCH_LINES = Number(process.env.BENCH_LOG_LINES ?? 10_000_000);
const SEARCH_DAYS = 30;
/** The daily partitions the worker makes ahead of today (MaintenanceService, DEVICE_LOG_DAYS_AHEAD). */
const DAYS_AHEAD = 2;
const SEARCH_REQUESTS = 200;
const SEARCH_WARM_REQUESTS = 30;
const ADMIN = { email: 'log-bench@example.test', password: 'bench-pass-123' };
const DAY_MS = 86_400_000;

interface SearchStack {
  base: string;
  url: string;
  dbName: string;
  tenantId: string;
  token: string;
  oltIds: string[];
  stop(): Promise<void>;
}

let searchStack: Promise<SearchStack> | undefined;

const dayStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};
/** As MaintenanceService names a day's partition: `device_log_y2026m01d05` (UTC). */
const partitionName = (ms: number) => {
  const d = new Date(ms);
  return `device_log_y${d.getUTCFullYear()}m${pad2(d.getUTCMonth() + 1)}d${pad2(d.getUTCDate())}`;
};

const COLUMNS = [
  'vendor',
  'severity',
  'kind',
  'device_time',
  'message',
  'onu',
  'mac',
  'serial',
  'pppoe_user',
  'reason',
] as const;

/** A stored column of template `t`: a constant the parser gives every line of it, or a part of the line. */
function columnSql(t: AnyTemplate, sample: StoredRow, column: (typeof COLUMNS)[number]): string {
  const field: Partial<Record<(typeof COLUMNS)[number], Part | undefined>> = {
    device_time: t.fields.time,
    message: t.message,
    onu: t.fields.onu,
    mac: t.fields.mac,
    serial: t.fields.serial,
    pppoe_user: t.fields.user,
    reason: t.fields.reason,
  };
  const p = field[column];
  if (p) return p.sql;
  const value = sample[column];
  if (value === null) return 'NULL';
  return typeof value === 'number' ? String(value) : sqlText(value);
}

/**
 * The SELECT that makes lines `$1…$2` of the seed: line i at `$3 + i * $4` ms, from a device and of a
 * template picked by hashes of i (routers 65%, each OLT's lines in its brand's formats), its columns as
 * the worker stores them.
 */
function seedSelect(samples: StoredRow[]): string {
  const pick = (list: { index: number; weight: number }[]) => {
    let acc = 0;
    return `CASE ${list.map((t) => `WHEN w < ${(acc += t.weight)} THEN ${t.index}`).join(' ')} ELSE ${list[list.length - 1].index} END`;
  };
  const indexed = TEMPLATES.map((t, index) => ({ ...t, index }));
  const routerPick = pick(indexed.filter((t) => t.device === 'router'));
  const brandPick = BRANDS.map(
    (b, i) =>
      `WHEN olt % ${BRANDS.length} = ${i} THEN ${pick(indexed.filter((t) => t.device === 'olt' && t.vendor === BRAND_VENDOR[b]))}`,
  ).join(' ');
  const column = (c: (typeof COLUMNS)[number]) =>
    `CASE tpl ${indexed.map((t) => `WHEN ${t.index} THEN ${columnSql(t, samples[t.index], c)}`).join(' ')} END`;
  return `
    SELECT i AS id, $5::uuid AS tenant_id, t AS received_at, ($6::uuid[])[olt + 1] AS olt_id,
           CASE WHEN router THEN 'router' ELSE 'olt' END AS device_kind,
           CASE WHEN router THEN '127.0.2.' ELSE '127.0.1.' END || (olt + 1) AS source_ip,
           ${COLUMNS.map((c) => `${column(c)} AS ${c}`).join(',\n           ')}
    FROM (
      SELECT i, t, olt, sub, r, router, olt * ${SUBSCRIBERS_PER_ROUTER} + sub AS g, sub % 1024 AS k,
             CASE WHEN router THEN ${routerPick} ${brandPick} END AS tpl
      FROM (
        SELECT i, to_timestamp(($3::float8 + i * $4::float8) / 1000) AS t,
               ((h1 >> 8) % ${OLTS})::int AS olt, ((h1 >> 16) % ${SUBSCRIBERS_PER_ROUTER})::int AS sub,
               h1 % 100 < ${ROUTER_PERCENT} AS router, (h2 % 100)::int AS w, h2 >> 7 AS r
        FROM generate_series($1::bigint, $2::bigint) i,
             LATERAL (SELECT hashint8extended(i, 11) & 2147483647 AS h1, hashint8extended(i, 12) & 2147483647 AS h2) h
      ) a
    ) v`;
}

/**
 * The seed makes what the worker would have stored: each template's SQL gives, for sample lines, the row
 * the parser makes of the line as sent (as `SyslogService` stores it). A difference is a bug of this file.
 */
async function checkTemplates(db: Client): Promise<StoredRow[]> {
  const rnd = prng(99);
  const samples: StoredRow[] = [];
  for (const t of TEMPLATES) {
    for (let n = 0; n < 4; n++) {
      const v: Vars = {
        olt: Math.floor(rnd() * OLTS),
        sub: Math.floor(rnd() * SUBSCRIBERS_PER_ROUTER),
        r: Math.floor(rnd() * 0x7fff_ffff),
        t: new Date(
          Date.UTC(2026, Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28), 0, 0, 0) +
            Math.floor(rnd() * DAY_MS),
        ),
      };
      const want = storedOf(t, v);
      if (n === 0) samples.push(want);
      // The first sample's constants (kind, severity, vendor) must hold for the others too.
      const columns = COLUMNS.map(
        (c) => `(${columnSql(t, samples[samples.length - 1], c)})::text AS ${c}`,
      ).join(', ');
      const { rows } = await db.query(
        `SELECT ${columns} FROM (SELECT $1::int AS olt, $2::int AS sub, $1::int * ${SUBSCRIBERS_PER_ROUTER} + $2::int AS g,
           $2::int % 1024 AS k, $3::bigint AS r, $4::timestamptz AS t) v`,
        [v.olt, v.sub, v.r, v.t],
      );
      const got = rows[0] as Record<string, string | null>;
      for (const c of COLUMNS) {
        const expected = want[c] === null ? null : String(want[c]);
        if (got[c] !== expected)
          throw new Error(
            `seed of "${t.name}" gives ${c} ${JSON.stringify(got[c])}, the parser ${JSON.stringify(expected)}`,
          );
      }
      if (t.device === 'olt' && want.kind === 'other' && !t.name.endsWith('UNI up'))
        throw new Error(`"${t.name}" is not recognised by the parser`);
    }
  }
  return samples;
}

async function seedLogs(
  url: string,
  tenantId: string,
  oltIds: string[],
  log: (l: string) => void,
): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const samples = await checkTemplates(db);
    const now = Date.now();
    const start = now - SEARCH_DAYS * DAY_MS;
    const stepMs = (now - start) / SEARCH_LINES;
    const select = seedSelect(samples);
    const t0 = Date.now();
    // Each day as the worker makes it (LIKE device_log, attached for the UTC day), filled before it is
    // attached so its indexes are built once rather than row by row; then today's partition and the
    // days ahead.
    for (let day = dayStart(start); day <= dayStart(now) + DAYS_AHEAD * DAY_MS; day += DAY_MS) {
      const name = partitionName(day);
      const next = day + DAY_MS;
      await db.query(`CREATE TABLE "${name}" (LIKE device_log INCLUDING DEFAULTS)`);
      const lo = Math.max(0, Math.ceil((day - start) / stepMs));
      const hi = Math.min(SEARCH_LINES - 1, Math.ceil((next - start) / stepMs) - 1);
      if (lo <= hi)
        await db.query(`INSERT INTO "${name}" ${select}`, [
          lo + 1,
          hi + 1,
          start - stepMs,
          stepMs,
          tenantId,
          oltIds,
        ]);
      await db.query(
        `ALTER TABLE device_log ATTACH PARTITION "${name}" FOR VALUES FROM ('${new Date(day).toISOString()}') TO ('${new Date(next).toISOString()}')`,
      );
    }
    await db.query(`ALTER TABLE device_log ALTER COLUMN id RESTART WITH ${SEARCH_LINES + 1}`);
    const t1 = Date.now();
    // This machine's Postgres runs with autovacuum off; an install's autovacuum does this by itself.
    await db.query('VACUUM ANALYZE device_log');
    await db.query('VACUUM ANALYZE olt');
    await db.query('CHECKPOINT');
    const { rows } = await db.query(
      `SELECT count(*)::int AS parts, pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS size
       FROM pg_inherits WHERE inhparent = 'device_log'::regclass`,
    );
    log(
      `seeded ${SEARCH_LINES.toLocaleString('en')} lines over ${SEARCH_DAYS} days in ${((t1 - t0) / 1000).toFixed(0)} s, vacuumed in ${((Date.now() - t1) / 1000).toFixed(0)} s; ${rows[0].parts} partitions, ${rows[0].size} with indexes`,
    );
  } finally {
    await db.end();
  }
}

/** Kept-alive connections, as a browser keeps its own; compressed answers welcome. */
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const DECODERS: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

function call(
  base: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ ms: number; status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/v1${path}`,
      {
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'accept-encoding': 'br, gzip, deflate',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(parts);
          const decode = DECODERS[String(res.headers['content-encoding'] ?? '')];
          resolve({
            ms: performance.now() - t0,
            status: res.statusCode ?? 0,
            text: (decode ? decode(raw) : raw).toString(),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function startSearch(log: (l: string) => void): Promise<SearchStack> {
  const database = await createMigratedDatabase('pondesk_bench_logs');
  const keep = process.env.BENCH_KEEP_LOG_DB === '1';
  let api: ApiProcess | undefined;
  const stop = async () => {
    await api?.stop();
    if (keep) process.stderr.write(`bench: kept the log search database: ${database.url}\n`);
    else await database.drop();
  };
  try {
    api = await startApiProcess(
      testEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'info', NODE_ENV: 'production' }),
    );
    const base = api.url;
    const reg = await call(base, '/auth/register', '', {
      name: 'log_bench_isp',
      email: ADMIN.email,
      password: ADMIN.password,
      passwordConfirmation: ADMIN.password,
      acceptTerms: true,
    });
    const auth = JSON.parse(reg.text) as { accessToken?: string; user?: { tenantId: string } };
    if (!auth.accessToken || !auth.user)
      throw new Error(`register → ${reg.status} ${reg.text.slice(0, 200)}`);
    const tenantId = auth.user.tenantId;
    const db = new Client({ connectionString: database.url });
    await db.connect();
    const oltIds = await insertOlts(db, tenantId).finally(() => db.end());
    await seedLogs(database.url, tenantId, oltIds, log);
    return {
      base,
      url: database.url,
      dbName: database.name,
      tenantId,
      token: auth.accessToken,
      oltIds,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Seeding outlasts an access token: sign in again, as the operator would. */
async function signIn(s: SearchStack): Promise<void> {
  const res = await call(s.base, '/auth/login', '', { username: ADMIN.email, password: ADMIN.password });
  if (res.status !== 200) throw new Error(`login → ${res.status} ${res.text.slice(0, 200)}`);
  s.token = (JSON.parse(res.text) as { accessToken: string }).accessToken;
}

/** How many of each kind of request the timed run makes (200 in all), roughly as operators use the list. */
const SEARCH_MIX: [string, number][] = [
  ['first page', 30],
  ['device', 30],
  ['search user', 24],
  ['search MAC', 16],
  ['search word', 20],
  ['kind', 20],
  ['severity', 16],
  ['sort device', 12],
  ['sort message', 12],
  ['deep page', 10],
  ['from/to range', 10],
];

/** Searches as operators type them: a word of the lines they look for. */
const WORDS = ['deregistered', 'dying gasp', 'peer is not responding', 'authentication failed', 'LOSi'];
const KINDS = ['onu-down', 'ppp-auth-fail', 'pon-down', 'ppp-terminating', 'onu-port-down', 'ppp-up'];
const SEVERITIES = ['warning', 'error', 'critical'];

/** The Log List's request for `kind`: page, page size, order and filters as the web app sends them. */
function logRequest(kind: string, rnd: () => number, oltIds: string[]): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const olt = Math.floor(rnd() * OLTS);
  const v: Vars = { olt, sub: Math.floor(rnd() * SUBSCRIBERS_PER_ROUTER), r: 0, t: new Date() };
  const q = new URLSearchParams({ page: '1', pageSize: '20', sort: 'receivedAt', order: 'desc' });
  switch (kind) {
    case 'first page':
      break;
    case 'device':
      q.set('deviceId', `${rnd() < 0.5 ? 'router' : 'olt'}:${oltIds[olt]}`);
      q.set('page', String(1 + Math.floor(rnd() * 3)));
      break;
    case 'search user':
      q.set('search', USER.ts(v));
      break;
    case 'search MAC': {
      const form = Math.floor(rnd() * 3);
      // The subscriber's router as a router line shows it, in either case; or a BDCOM ONU's dotted MAC.
      const bdcom = { ...v, olt: olt - (olt % BRANDS.length) };
      q.set('search', form === 0 ? CALLER.ts(v) : form === 1 ? CALLER_LOWER.ts(v) : ONU_MAC_DOTTED.ts(bdcom));
      break;
    }
    case 'search word':
      q.set('search', pick(WORDS));
      break;
    case 'kind':
      q.set('kind', pick(KINDS));
      break;
    case 'severity':
      q.set('severity', pick(SEVERITIES));
      break;
    case 'sort device':
      q.set('sort', 'device');
      q.set('order', rnd() < 0.5 ? 'asc' : 'desc');
      break;
    case 'sort message':
      q.set('sort', 'message');
      q.set('order', rnd() < 0.5 ? 'asc' : 'desc');
      break;
    case 'deep page':
      q.set('page', '50');
      break;
    case 'from/to range': {
      // A local-minute window of an hour to a day, anywhere in the 30 days (the older ones too).
      const to = Math.floor((Date.now() - rnd() * (SEARCH_DAYS - 1) * DAY_MS) / 60_000) * 60_000;
      const hours = pick([1, 3, 12, 24]);
      q.set('from', new Date(to - hours * 3_600_000).toISOString());
      q.set('to', new Date(to).toISOString());
      break;
    }
    default:
      throw new Error(`unknown request kind ${kind}`);
  }
  return `/logs?${q.toString()}`;
}

/** The mix in a fixed shuffled order. */
function searchPlan(seed: number, count: number, oltIds: string[]): { kind: string; path: string }[] {
  const rnd = prng(seed);
  const total = SEARCH_MIX.reduce((n, [, c]) => n + c, 0);
  const kinds = SEARCH_MIX.flatMap(([kind, c]) => Array<string>(Math.round((c * count) / total)).fill(kind));
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  return kinds.map((kind) => ({ kind, path: logRequest(kind, rnd, oltIds) }));
}

async function measureSearch(log: (l: string) => void): Promise<number> {
  const s = await (searchStack ??= startSearch(log));
  await signIn(s);
  const get = async (path: string) => {
    const r = await call(s.base, path, s.token);
    if (r.status !== 200) throw new Error(`${path} → ${r.status} ${r.text.slice(0, 200)}`);
    return { ms: r.ms, total: (JSON.parse(r.text) as { total: number }).total };
  };
  for (const { path } of searchPlan(7, SEARCH_WARM_REQUESTS, s.oltIds)) await get(path);
  const times: number[] = [];
  const byKind = new Map<string, { ms: number[]; totals: number[]; slowest: { ms: number; path: string } }>();
  for (const { kind, path } of searchPlan(1, SEARCH_REQUESTS, s.oltIds)) {
    const r = await get(path);
    times.push(r.ms);
    const k = byKind.get(kind) ?? { ms: [], totals: [], slowest: { ms: 0, path } };
    k.ms.push(r.ms);
    k.totals.push(r.total);
    if (r.ms > k.slowest.ms) k.slowest = { ms: r.ms, path };
    byKind.set(kind, k);
  }
  log(`${times.length} requests one at a time, median ${median(times).toFixed(1)} ms; load ${loadNow()}`);
  for (const [kind, k] of byKind)
    log(
      `  ${kind}: ${k.ms.length} requests, p95 ${p95(k.ms).toFixed(1)} ms, max ${Math.max(...k.ms).toFixed(1)} ms, median total ${median(k.totals)}${p95(k.ms) > 200 ? `; slowest ${k.slowest.path}` : ''}`,
    );
  return p95(times);
}

export async function teardown(): Promise<void> {
  const [syslog, search] = await Promise.all([
    syslogStack?.catch(() => undefined),
    searchStack?.catch(() => undefined),
  ]);
  await syslog?.stop();
  await search?.stop();
  agent.destroy();
}

export const benchmarks: Benchmark[] = [
  {
    name: 'syslog.lines_per_s',
    unit: '/s',
    budget: 10_000,
    better: 'higher',
    description: `Syslog lines one worker stores per second with none lost, counted in device_log: ${OLTS} OLTs (BDCOM, V-SOL, C-Data, HSGQ) and their ${OLTS} MikroTik routers send real-format lines over UDP from their own loopback addresses (${ROUTER_PERCENT}% PPPoE session lines, the rest ONU events), one line a datagram, paced at ${RATES[0]}…${RATES[RATES.length - 1]}/s for ${STEP_SECONDS} s a step; the figure is the best step with nothing lost: its lines stored over the time from its first line sent until its last line was stored (past what the worker keeps up with, lines wait in its queue and are stored after the sending, so that is its storing rate), the ramp ending at the first loss or the first step that stores no faster`,
    async run(log) {
      return (ramp ??= measureRamp(log));
    },
  },
  {
    name: 'syslog.lost_at_5000',
    unit: 'lines',
    budget: 0,
    better: 'lower',
    description: `Lines sent but not stored when the same devices send a paced ${LOST_RATE.toLocaleString('en')} lines/s for ${STEP_SECONDS} s to one worker (counted once device_log has not grown for ${SETTLED_MS / 1000} s)`,
    async run(log) {
      const s = await (syslogStack ??= startSyslog(log));
      if (!ramp) await warm(s, log);
      const r = await step(s, LOST_RATE, STEP_SECONDS);
      log(`${describeStep(r)}; load ${loadNow()}`);
      return r.lost;
    },
  },
  {
    name: 'api.log_search_p95',
    unit: 'ms',
    budget: 200,
    better: 'lower',
    description: `p95 latency of GET /logs (the Log List: first page, device, searches for a user, a MAC and a word, kind, severity, sort by device and by message, page 50, a from/to range), ${SEARCH_REQUESTS} requests one at a time as the tenant admin, with ${SEARCH_LINES.toLocaleString('en')} lines from ${OLTS} OLTs and ${OLTS} routers over ${SEARCH_DAYS} days in daily partitions`,
    async run(log) {
      return measureSearch(log);
    },
  },
];
