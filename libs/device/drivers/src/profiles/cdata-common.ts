/**
 * C-Data (NSCRTV tree 17409, FD tree 34592). The real recording has system + ifTable only (SNMP.md §6);
 * ONU tables follow the NSCRTV MIBs. CLI is the Huawei-like `ont …` dialect (CLI.md §3).
 */
import type { PonMode } from '../types';
import type { TelnetProfile } from '@pondesk/device-telnet';
import {
  COMMON_REASON_RULES,
  distanceMetres,
  normalizeMac,
  textOrNull,
  type ReasonRule,
  type ReasonWords,
  macOrRaw,
} from './codec';
import { GENERIC_PRIVILEGED_PROMPT, GENERIC_PROMPT, LOGIN_PROMPT, col, lines } from './cli-common';

export const CDATA_ENTERPRISES = ['1.3.6.1.4.1.17409', '1.3.6.1.4.1.34592'] as const;

export const cdataDetect = {
  /** The real FD box answers sysObjectID `.1.3.6.1.4.1.17409` exactly. */
  sysObjectIdPrefixes: CDATA_ENTERPRISES,
  sysDescr: /\bFD1[1-6]\d\d\w*|C-?Data/i,
  gponModel: /\bFD16\d\d\w*/i,
  eponModel: /\bFD1[1-5]\d\d\w*/i,
  eponProbeOid: '1.3.6.1.4.1.17409.2.3.4.1.1.2',
  gponProbeOid: '1.3.6.1.4.1.17409.2.8.4.1.1.2',
} as const;

/**
 * NSCRTV DeviceIndex: `device(8) | card(8) | port(8) | onu(8)`. The PON ifIndex is `device<<24 | card<<16 | seq<<8`,
 * where seq counts every front port (8 GE + 4 XGE before PON 1 on the recorded box).
 */
/**
 * System load scalars of NSCRTV-PON-TREE-EXT-MIB `systemGlobalExtObjects` (34592.1.3.100.1.8), answered by the
 * 17409 firmware too: [REC] `cdata.snmprec` has cpuUsage 19, memTotalSize 242 and memFreeSize 86 (MB), which
 * LibreNMS reads as 19 % CPU and 64 % memory.
 */
export const healthOids = {
  cpuUsage: '1.3.6.1.4.1.34592.1.3.100.1.8.1.0',
  memTotalMb: '1.3.6.1.4.1.34592.1.3.100.1.8.2.0',
  memFreeMb: '1.3.6.1.4.1.34592.1.3.100.1.8.3.0',
} as const;

export const deviceIndex = {
  ponIfIndex: (
    ponPort: number,
    opts: { uplinkPorts?: number; device?: number; card?: number } = {},
  ): number =>
    ((opts.device ?? 1) << 24) | ((opts.card ?? 0) << 16) | ((ponPort + (opts.uplinkPorts ?? 12)) << 8),
  encode: (ponIfIndex: number, onuId: number): number => (ponIfIndex & 0xffffff00) | (onuId & 0xff),
  decode: (onuDeviceIndex: number): { ponIfIndex: number; onuId: number } => ({
    ponIfIndex: onuDeviceIndex & 0xffffff00,
    onuId: onuDeviceIndex & 0xff,
  }),
  /** `pon0/0/3` → 3. */
  ponPortFromName(name: string): number | null {
    const m = /^pon\s*\d+\/\d+\/(\d+)$/i.exec(name.trim());
    return m ? Number(m[1]) : null;
  },
  ponName: (ponPort: number, slot = 0): string => `pon0/${slot}/${ponPort}`,
  onuName: (ponPort: number, onuId: number, slot = 0): string => `pon0/${slot}/${ponPort}:${onuId}`,
};

export const cdataTelnet: TelnetProfile = {
  loginPrompt: LOGIN_PROMPT,
  passwordPrompt: /(?:user )?password\s*:\s*$/i,
  prompt: GENERIC_PROMPT,
  privilegedPrompt: GENERIC_PRIVILEGED_PROMPT,
  loginFailed:
    /(?:Username or password (?:is )?(?:invalid|error)|Login failed|Authentication failed|Bad password)/i,
  enableCommand: 'enable',
  enableFailed: /Password error|Access denied/i,
  pagers: [/\s*--More \( Press 'Q' to quit \)--\s*/],
  pagerAnswer: ' ',
  // No page-length command is known on C-Data; the pager is answered instead.
  disablePagerCommands: [],
  confirmations: [{ match: /\((?:y\/n)\)\s*(?:\[[yn]\])?\s*[:?]?\s*$|Are you sure.*$/i, answer: 'y' }],
  eventLines: [/^\s*\[?\d{4}[-/]\d{2}[-/]\d{2} \d{2}:\d{2}:\d{2}\]?\s+\S+.*(?:alarm|ONT|ONU).*$/i],
  errorLines: [/^\s*Unknown command/i, /The ONT is not exist/i, /^\s*% ?(?:Unknown|Incomplete|Invalid)/i],
  newline: '\r\n',
};

export const CDATA_REASON_RULES: readonly ReasonRule[] = [...COMMON_REASON_RULES];

/**
 * Down-cause words of the CLI `Last down cause` and the GPON vendor column `…4.1.1.103`: `dying-gasp` [P, OLTCMDRead
 * paste], `LOS` [3P]; wire-down, reboot and admin (`deactive`) assumed.
 */
export const downCauseWords: ReasonWords = {
  'power-off': 'dying-gasp',
  los: 'LOS',
  'wire-down': 'wire-down',
  reboot: 'reboot',
  admin: 'deactive',
};

export const commands = {
  enterConfig: 'config',
  enterInterface: (mode: PonMode, slot = '0/0') => `interface ${mode} ${slot}`,
  /** From (config)#. */
  ontInfoAll: (ponPort: number, slot = '0/0') => `show ont info ${slot} ${ponPort} all`,
  /** Inside the interface. */
  ontInfoOne: (ponPort: number, onuId: number) => `show ont info ${ponPort} ${onuId}`,
  ontByMac: (upperColonMac: string) => `show ont info by-mac ${upperColonMac}`,
  /** Only the relative form inside `interface epon|gpon` works (live-confirmed). */
  optical: (ponPort: number, onuId: number) => `show ont optical-info ${ponPort} ${onuId}`,
  opticalAll: (ponPort: number) => `show ont optical-info ${ponPort} all`,
  macOfOnt: (ponPort: number, onuId: number, slot = '0/0') =>
    `show mac-address ont ${slot}/${ponPort} ${onuId}`,
  reboot: (ponPort: number, onuId: number) => `ont reboot ${ponPort} ${onuId}`,
  delete: (ponPort: number, onuId: number) => `ont delete ${ponPort} ${onuId}`,
  version: 'show version',
  device: 'show device',
  time: 'show time',
  save: 'save',
} as const;

export interface CdataOntInfoRow {
  frameSlot: string;
  ponPort: number;
  onuId: number;
  mac: string | null;
  serial: string | null;
  controlFlag: string;
  runState: string;
  configState: string;
  matchState: string;
  lastDownCause: string | null;
  description: string | null;
}

/** `show ont info … all` / `by-mac`: `F/S P ONT MAC Control Run Config Match [Last-down] Desc`. */
export function parseOntInfoTable(text: string): CdataOntInfoRow[] {
  const out: CdataOntInfoRow[] = [];
  // Firmware with a last-down column (`LAST_DOWN DESC`, or `Last down-cause` over two header lines) puts
  // the cause first: without this, `dying-gasp` or `--  SERVER-PENJAWI` would be read as the description.
  const hasLastDown = /last[_ ]down|down-cause/i.test(text);
  for (const line of lines(text)) {
    const m =
      /^\s*(\d+\/\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(online|offline|\S+)\s+(\S+)\s+(\S+)\s*(.*?)\s*$/i.exec(
        line,
      );
    if (!m || !/^[0-9A-F:]{17}$|^[A-Z0-9]{4}[0-9A-F]{8}$/i.test(m[4])) continue;
    const mac = normalizeMac(m[4]);
    out.push({
      frameSlot: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      mac: mac && /:/.test(m[4]) ? mac : null,
      serial: /:/.test(m[4]) ? null : m[4],
      controlFlag: m[5],
      runState: m[6],
      configState: m[7],
      matchState: m[8],
      ...tail(m[9], hasLastDown),
    });
  }
  return out;
}

function tail(
  rest: string,
  hasLastDown: boolean,
): { lastDownCause: string | null; description: string | null } {
  if (!hasLastDown) return { lastDownCause: null, description: textOrNull(rest) };
  const m = /^(\S*)\s*(.*)$/.exec(rest.trim());
  return { lastDownCause: textOrNull(m?.[1] ?? ''), description: textOrNull(m?.[2] ?? '') };
}

/** Key : value blocks (`show ont info <p> <o>`, `show ont optical-info <p> <o>`). */
export function parseKeyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(text)) {
    const m = /^\s*([A-Za-z][\w /()-]*?)\s*:\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1].trim()] = m[2];
  }
  return out;
}

const num = (s: string | undefined): number | null => {
  if (s === undefined) return null;
  const m = /^[-+]?\d+(?:\.\d+)?/.exec(s.trim());
  return m ? Number(m[0]) : null;
};

export function parseOntDetail(text: string): {
  ponPort: number | null;
  onuId: number | null;
  runState: string | null;
  distanceM: number | null;
  mac: string | null;
  lastUpTime: string | null;
  lastDownTime: string | null;
  lastDyingGaspTime: string | null;
  lastDownCause: string | null;
  description: string | null;
} {
  const kv = parseKeyValues(text);
  return {
    ponPort: num(kv['Port']),
    onuId: num(kv['ONT-ID']),
    runState: textOrNull(kv['Run state']),
    distanceM: distanceMetres.decode(num(kv['ONT distance'])),
    mac: normalizeMac(kv['MAC'] ?? null),
    lastUpTime: textOrNull(kv['Last up time']),
    lastDownTime: textOrNull(kv['Last down time']),
    lastDyingGaspTime: textOrNull(kv['Last dying gasp time']),
    lastDownCause: textOrNull(kv['Last down cause']),
    description: textOrNull(kv['Description']),
  };
}

export function parseOntOptical(text: string): {
  voltageV: number | null;
  txDbm: number | null;
  rxDbm: number | null;
  biasMa: number | null;
  temperatureC: number | null;
} {
  const kv = parseKeyValues(text);
  return {
    voltageV: num(kv['Voltage(V)']),
    txDbm: num(kv['Tx optical power(dBm)']),
    rxDbm: num(kv['Rx optical power(dBm)']),
    biasMa: num(kv['Laser bias current(mA)']),
    temperatureC: num(kv['Temperature(C)']),
  };
}

/** `show mac-address ont`: `MAC VLAN Port ONT-Id MAC-Type`. */
export function parseOntMacTable(
  text: string,
): { mac: string; vlan: number; ponPort: number; onuId: number }[] {
  const out: { mac: string; vlan: number; ponPort: number; onuId: number }[] = [];
  for (const line of lines(text)) {
    const m = /^\s*([0-9A-F:]{17})\s+(\d+)\s+pon\d+\/\d+\/(\d+)\s+(\d+)\s+\S+\s*$/i.exec(line);
    if (m) out.push({ mac: macOrRaw(m[1]), vlan: Number(m[2]), ponPort: Number(m[3]), onuId: Number(m[4]) });
  }
  return out;
}

/** `show mac-address ont 0/0/<port> <ont>` (OLTCMDRead test layout). */
export function renderOntMacTable(
  rows: readonly { mac: string; vlan: number; ponPort: number; onuId: number }[],
): string {
  const sep = '-----------------------------------------------------------------------------';
  return [
    sep,
    ` Total: ${rows.length}`,
    sep,
    ' MAC                 VLAN   Port          ONT-Id  MAC-Type',
    sep,
    ...rows.map(
      (r) =>
        ` ${col((normalizeMac(r.mac) ?? r.mac).toUpperCase(), 20)}${col(r.vlan, 7)}${col(deviceIndex.ponName(r.ponPort), 14)}${col(r.onuId, 8)}dynamic`,
    ),
    sep,
  ].join('\r\n');
}

export function renderOntInfoTable(
  rows: readonly { ponPort: number; onuId: number; mac: string; online: boolean; description?: string }[],
): string {
  const sep = '-----------------------------------------------------------------------------';
  return [
    sep,
    '  F/S  P  ONT MAC               Control   Run        Config   Match     Desc',
    '          ID                    flag      state      state    state',
    ' ----------------------------------------------------------------------------',
    ...rows.map((r) =>
      `  0/0  ${String(r.ponPort).padEnd(3)}${String(r.onuId).padEnd(4)}${(normalizeMac(r.mac) ?? r.mac).toUpperCase()} active    ${(r.online ? 'online' : 'offline').padEnd(11)}${(r.online ? 'success' : 'failed').padEnd(9)}match     ${r.description ?? ''}`.trimEnd(),
    ),
    sep,
  ].join('\r\n');
}

export function renderOntOptical(v: {
  ponPort: number;
  onuId: number;
  mac: string;
  voltageV: number;
  txDbm: number;
  rxDbm: number;
  biasMa: number;
  temperatureC: number;
}): string {
  const sep = '-----------------------------------------------------------------------------';
  return [
    sep,
    'Frame/Slot                 : 0/0',
    `Port                       : ${v.ponPort}`,
    `ONT-ID                     : ${v.onuId}`,
    `ONT-MAC                    : ${(normalizeMac(v.mac) ?? v.mac).toUpperCase()}`,
    `Voltage(V)                 : ${v.voltageV.toFixed(2)}`,
    `Tx optical power(dBm)      : ${v.txDbm.toFixed(2)}`,
    `Rx optical power(dBm)      : ${v.rxDbm.toFixed(2)}`,
    `Laser bias current(mA)     : ${v.biasMa.toFixed(2)}`,
    `Temperature(C)             : ${v.temperatureC.toFixed(2)}`,
    sep,
  ].join('\r\n');
}

export function renderOntDetail(v: {
  ponPort: number;
  onuId: number;
  online: boolean;
  distanceM: number;
  mac: string;
  lastUpTime: string;
  lastDownTime: string;
  lastDownCause: string;
  description?: string;
}): string {
  const sep = '-----------------------------------------------------------------------------';
  return [
    sep,
    'Frame/Slot           : 0/0',
    `Port                 : ${v.ponPort}`,
    `ONT-ID               : ${v.onuId}`,
    'Control flag         : active',
    `Run state            : ${v.online ? 'online' : 'offline'}`,
    `ONT distance         : ${v.distanceM}m`,
    `MAC                  : ${(normalizeMac(v.mac) ?? v.mac).toUpperCase()}`,
    `Last up time         : ${v.lastUpTime}`,
    `Last down time       : ${v.lastDownTime}`,
    `Description          :${v.description ? ` ${v.description}` : ''}`,
    `Last down cause      : ${v.lastDownCause}`,
    sep,
  ].join('\r\n');
}
