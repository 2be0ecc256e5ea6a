/**
 * The syslog datagrams the simulated devices send, per family, built from the real lines in
 * `shared/device-data/syslog/*.log` (see its README). Which parts are real and which are assumed:
 *
 * - BDCOM EPON: real on the wire. RFC 3164 `<190>Mmm dd HH:MM:SS HOST %EPON-ONUREG: ONU xxxx.xxxx.xxxx is
 *   registered on EPON0/P:N. \0` (PRI 190 = local7.info, trailing blank and NUL padding as the OLT sends).
 *   The deregistered line has the same framing (its text is real, seen relayed by syslog-ng).
 * - BDCOM GPON: inferred. No GPON sample exists: the EPON line with `%GPON-ONUREG` and `GPON0/P:N`.
 * - V-SOL, C-Data, HSGQ (AVIES): only the event text is real (CLI alarm / event logs); how these OLTs frame
 *   it on the wire is unknown. ASSUMED framing: an RFC 3164 header `<PRI>Mmm dd HH:MM:SS HOST ` (facility
 *   local7) before the text. V-SOL and C-Data drop the console's own `YYYY/MM/DD HH:MM:SS` column (the header
 *   carries the time); HSGQ keeps its `[YYYY/MM/DD HH:MM:SS]  Level:` prefix, which is part of its event line.
 * - MikroTik: real. RouterOS "default" remote format `<PRI>topics message` (no time, no host), PRI 30 =
 *   daemon.info (RouterOS's default remote facility; the bsd-syslog samples carry `<30>`).
 *
 * Every ONU is named exactly as the OLT's SNMP tables show it (PON and ONU numbers, MAC, serial), so a
 * receiver can find it.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltBrandCode, OltModeCode } from '@pondesk/contracts';
import type { SimReason } from '../model/onu-model';
import { slashTime } from '../brands/device-text';

const { codec, bdcomEpon, bdcomGpon, vsolEpon, vsolGpon, hsgq } = profiles;

/** PRI = facility * 8 + severity. */
export const PRI = {
  local7Err: 23 * 8 + 3,
  local7Warning: 23 * 8 + 4,
  local7Info: 23 * 8 + 6,
  daemonInfo: 3 * 8 + 6,
} as const;

/** What a line needs of one ONU. */
export interface OnuIdent {
  ponPort: number;
  onuId: number;
  /** `a0:94:6a:89:97:d0`. */
  mac: string;
  /** `ZTEGce792257`. */
  serial: string;
}

export interface OltFamily {
  brand: OltBrandCode;
  mode: OltModeCode;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number): string => String(n).padStart(2, '0');

/** RFC 3164 time `Nov  8 17:06:36` (day padded with a blank), of simulated Unix seconds (device clock = UTC). */
export function bsdTimestamp(t: number): string {
  const d = new Date(t * 1000);
  const day = String(d.getUTCDate()).padStart(2, ' ');
  return `${MONTHS[d.getUTCMonth()]} ${day} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
}

/** The header's HOST field: the OLT's hostname with no blanks. */
const headerHost = (hostname: string): string => hostname.trim().replace(/\s+/g, '-') || 'OLT';

/** `<PRI>Mmm dd HH:MM:SS HOST message`. */
export function rfc3164(pri: number, t: number, hostname: string, message: string): string {
  return `<${pri}>${bsdTimestamp(t)} ${headerHost(hostname)} ${message}`;
}

// ---------------------------------------------------------------------------------------------
// BDCOM

/** Real (EPON): `%EPON-ONUREG: ONU a094.6a89.97d0 is registered on EPON0/1:3. \0`; GPON inferred. */
function bdcomReg(f: OltFamily, host: string, u: OnuIdent, up: boolean, t: number): string {
  const gpon = f.mode === 'gpon';
  const tag = gpon ? '%GPON-ONUREG' : '%EPON-ONUREG';
  const ifName = (gpon ? bdcomGpon.ifName : bdcomEpon.ifName).onu(u.ponPort, u.onuId);
  const what = up ? 'registered' : 'deregistered';
  return rfc3164(
    PRI.local7Info,
    t,
    host,
    `${tag}: ONU ${codec.macToDotted(u.mac)} is ${what} on ${ifName}. \0`,
  );
}

// ---------------------------------------------------------------------------------------------
// V-SOL (GPON event text real; EPON's `mac` column and every down event inferred)

const vsolColumn = (event: string): string => event.padEnd(25);

/** `PON 0/2 ONU 1 sn GPON00929978` (GPON), `PON 0/2 ONU 1 mac a0:94:6a:89:97:d0` (EPON, inferred). */
const vsolOnu = (f: OltFamily, u: OnuIdent): string =>
  `PON 0/${u.ponPort} ONU ${u.onuId} ${f.mode === 'gpon' ? `sn ${u.serial}` : `mac ${u.mac}`}`;

function vsolDown(f: OltFamily, u: OnuIdent, reason: SimReason): string {
  if (reason === 'power-off') return `${vsolColumn('ONU Dying Gasp')}${vsolOnu(f, u)}`;
  if (reason === 'los' && f.mode === 'gpon') return `${vsolColumn('ONU LOS')}${vsolOnu(f, u)}`;
  // The EPON firmware knows only power-off and wire-down (as its `show onu status` does).
  const word =
    f.mode === 'gpon'
      ? vsolGpon.reasonWords[reason]
      : vsolEpon.statusReasonWords[vsolEpon.eponReason(reason)];
  return `${vsolColumn('ONU Offline')}${vsolOnu(f, u)}  ${word}`;
}

// ---------------------------------------------------------------------------------------------
// C-Data (alarm text real for GPON; EPON assumed to write the same)

const DGI = 'Dying gasp(DGi)';
const LOSI = 'Loss of signal for ONU(LOSi)';
const LOFI = 'Loss of frame for ONU(LOFi)';

/** Power loss raises DGi, LOSi and LOFi in one second; any other loss LOSi and LOFi (the real alarm log). */
const cdataAlarms = (reason: SimReason): { text: string; pri: number }[] => [
  ...(reason === 'power-off' ? [{ text: DGI, pri: PRI.local7Warning }] : []),
  { text: LOSI, pri: PRI.local7Err },
  { text: LOFI, pri: PRI.local7Err },
];

const cdataOnu = (u: OnuIdent): string => `PON 0/0/${u.ponPort} ONU ${u.onuId}`;

// ---------------------------------------------------------------------------------------------
// HSGQ (AVIES): the newer firmware's lines (`, Reason:` always, Warning for faults), real for EPON up,
// deregister (Laser out) and dying gasp, and for the GPON deregister (`ONT … ONT deregister, Reason:LOS`).

function hsgqLine(f: OltFamily, u: OnuIdent, t: number, level: string, event: string): string {
  const id =
    f.mode === 'gpon' ? `ONT ${u.ponPort}/${u.onuId} ${u.serial}` : `ONU ${u.ponPort}/${u.onuId} ${u.mac}`;
  return `[${slashTime(t)}]  ${level}: ${id} ${event}`;
}

function hsgqDown(f: OltFamily, u: OnuIdent, reason: SimReason, t: number): { text: string; pri: number } {
  const word = f.mode === 'gpon' ? 'ONT' : 'ONU';
  if (reason === 'power-off')
    return { text: hsgqLine(f, u, t, 'Warning', `${word} dying gasp, Reason:`), pri: PRI.local7Warning };
  const why = f.mode === 'gpon' && reason === 'los' ? 'LOS' : hsgq.snmpReasonWords[reason];
  const dereg = f.mode === 'gpon' ? 'ONT deregister' : 'Onu deregister';
  // A deregistration from the console (the reboot) is an Info line on the real OLT.
  const level = reason === 'reboot' ? 'Info' : 'Warning';
  return {
    text: hsgqLine(f, u, t, level, `${dereg}, Reason:${why}`),
    pri: level === 'Info' ? PRI.local7Info : PRI.local7Warning,
  };
}

// ---------------------------------------------------------------------------------------------

/** The datagrams an OLT sends when an ONU goes offline for `reason`. */
export function onuDownLines(
  f: OltFamily,
  hostname: string,
  u: OnuIdent,
  reason: SimReason,
  t: number,
): string[] {
  switch (f.brand) {
    case 'bdcom':
      return [bdcomReg(f, hostname, u, false, t)];
    case 'vsol':
      return [rfc3164(PRI.local7Warning, t, hostname, vsolDown(f, u, reason))];
    case 'cdata':
      return cdataAlarms(reason).map((a) => rfc3164(a.pri, t, hostname, `${cdataOnu(u)} ${a.text}`));
    case 'avies': {
      const d = hsgqDown(f, u, reason, t);
      return [rfc3164(d.pri, t, hostname, d.text)];
    }
  }
}

/** The datagrams an OLT sends when an ONU is back online; `lastReason`: why it had gone (C-Data clears those). */
export function onuUpLines(
  f: OltFamily,
  hostname: string,
  u: OnuIdent,
  lastReason: SimReason,
  t: number,
): string[] {
  switch (f.brand) {
    case 'bdcom':
      return [bdcomReg(f, hostname, u, true, t)];
    case 'vsol':
      return [rfc3164(PRI.local7Info, t, hostname, `${vsolColumn('ONU Online')}${vsolOnu(f, u)}`)];
    case 'cdata':
      return cdataAlarms(lastReason).map((a) =>
        rfc3164(PRI.local7Info, t, hostname, `${cdataOnu(u)} ${a.text} clear`),
      );
    case 'avies': {
      const word = f.mode === 'gpon' ? 'ONT' : 'ONU';
      return [
        rfc3164(
          PRI.local7Info,
          t,
          hostname,
          hsgqLine(f, u, t, 'Info', `${word} authorization success, Reason:`),
        ),
      ];
    }
  }
}

/**
 * A harmless line now and then, so a live log moves: BDCOM an ONU's OAM line (real EPON text; GPON inferred),
 * V-SOL an admin login (real text, its severity column left to the PRI), C-Data `The ONT Tx power becomes
 * normal` (real text), HSGQ `Uni port link up` (the vendor catalogue's `… link down` turned up: assumed).
 * `u`: an online ONU to speak of, or null when the OLT has none (then only V-SOL has a line).
 */
export function oltNoiseLine(
  f: OltFamily,
  hostname: string,
  u: OnuIdent | null,
  t: number,
  adminFrom: string,
): string | null {
  if (f.brand === 'vsol')
    return rfc3164(
      PRI.local7Info,
      t,
      hostname,
      `${vsolColumn('User Login')}User admin logged in from ${adminFrom} on vty`,
    );
  if (!u) return null;
  switch (f.brand) {
    case 'bdcom': {
      const ifName = (f.mode === 'gpon' ? bdcomGpon.ifName : bdcomEpon.ifName).onu(u.ponPort, u.onuId);
      return rfc3164(
        PRI.local7Info,
        t,
        hostname,
        `%OLT: Interface ${ifName}'s OAM Operational Status: Operational \0`,
      );
    }
    case 'cdata':
      return rfc3164(PRI.local7Info, t, hostname, `${cdataOnu(u)} The ONT Tx power becomes normal`);
    case 'avies': {
      const id = f.mode === 'gpon' ? u.serial : u.mac;
      return rfc3164(
        PRI.local7Info,
        t,
        hostname,
        `[${slashTime(t)}]  Info: ONU ${u.ponPort}/${u.onuId} Port 1 ${id} Uni port link up`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// MikroTik (RouterOS default remote format)

/** `<30>pppoe,ppp,info <pppoe-USER>: connected` / `disconnected`. */
export function routerPppLine(user: string, action: 'up' | 'down'): string {
  return `<${PRI.daemonInfo}>pppoe,ppp,info <pppoe-${user}>: ${action === 'up' ? 'connected' : 'disconnected'}`;
}

/** `<30>system,info,account user admin logged in from 127.0.0.1 via winbox` (and `logged out`). */
export function routerAdminLine(loggedIn: boolean, from: string): string {
  return `<${PRI.daemonInfo}>system,info,account user admin logged ${loggedIn ? 'in' : 'out'} from ${from} via winbox`;
}
