/**
 * AVIES = HSGQ-family firmware (hypothesis, CLI.md §4 / HTTP.md): web JSON API first, SNMP enterprise 50224
 * (real HSGQ G02ID GPON recording, SNMP.md §8) and the HSGQ XE04I telnet CLI.
 */
import type { TelnetProfile } from '@pondesk/device-telnet';
import type { DeregReason, OnuStatus, PonMode } from '../types';
import {
  COMMON_REASON_RULES,
  distanceMetres,
  integerScale,
  mapReasonText,
  normalizeMac,
  textOrNull,
  type ReasonRule,
  type ReasonWords,
} from './codec';
import { GENERIC_PRIVILEGED_PROMPT, GENERIC_PROMPT, lines } from './cli-common';
import { type RowTableGuard, rowsOrUnsupported } from '../parse/row-table-guard';

export const brand = 'avies' as const;
export const HSGQ_ENTERPRISE = '1.3.6.1.4.1.50224';

export const detect = {
  sysObjectIdPrefixes: [HSGQ_ENTERPRISE + '.'],
  sysDescr: /\b(?:HSGQ|AVIES|AVEIS|HSAirpo)\b/i,
  /** Model scalar, answered even where the system group is absent (the G02ID walk has none). */
  modelOid: '1.3.6.1.4.1.50224.3.1.1.19.0',
  gponProbeOid: '1.3.6.1.4.1.50224.3.12.2.1.2',
  /** `HSGQ-G02ID` → GPON (G), `HSGQ-E04I`/`XE04I` → EPON (E). */
  modeFromModel(model: string): PonMode | null {
    const m = /(?:^|[-_\s])X?([EG])\d{2}/i.exec(model);
    if (!m) return null;
    return m[1].toUpperCase() === 'G' ? 'gpon' : 'epon';
  },
} as const;

// ---------------------------------------------------------------------------------------------
// SNMP (GPON G02ID, [REC])

const H = '1.3.6.1.4.1.50224.3';

export const snmpOids = {
  sysMac: `${H}.1.1.1.0`,
  sysTime: `${H}.1.1.2.0`,
  uptimeTicks: `${H}.1.1.3.0`,
  firmware: `${H}.1.1.6.0`,
  model: `${H}.1.1.19.0`,
  /** Inferred from the G02ID walk: 26 = 27 + 28 (465896 = 190260 + 275636), i.e. memory total / used / free. */
  memoryTotal: `${H}.1.1.26.0`,
  memoryUsed: `${H}.1.1.27.0`,
  memoryFree: `${H}.1.1.28.0`,
  /** PON/GE port names (`PON01\0`), index = port index. */
  portName: `${H}.2.1.1.2`,
  /** ONU table, index = onuIndex. */
  onuName: `${H}.12.2.1.2`,
  onuStatus: `${H}.12.2.1.3`,
  onuVendor: `${H}.12.2.1.8`,
  onuModel: `${H}.12.2.1.9`,
  onuSoftware: `${H}.12.2.1.13`,
  onuSerial: `${H}.12.2.1.15`,
  /** Inferred: metres (600, 632 on the recording; 0 when never ranged). */
  onuDistance: `${H}.12.2.1.19`,
  onuLastUpTime: `${H}.12.2.1.20`,
  onuLastDownTime: `${H}.12.2.1.21`,
  onuLastDownReason: `${H}.12.2.1.22`,
  onuAliveTime: `${H}.12.2.1.23`,
  /** Optics, index `<onuIndex>.0.0`; `.65535.65535` rows are historic values to skip. */
  onuRxPower: `${H}.12.3.1.4`,
  onuTxPower: `${H}.12.3.1.5`,
  onuBias: `${H}.12.3.1.6`,
  onuVoltage: `${H}.12.3.1.7`,
  onuTemperature: `${H}.12.3.1.8`,
} as const;

/** Port index `0x01000000 | port<<8` (PON01 = 16777472); ONU index = port index + ONU id (GPON ids start at 0). */
export const snmpIndex = {
  port: (ponPort: number): number => 0x01000000 | (ponPort << 8),
  onu: (ponPort: number, onuId: number): number => (0x01000000 | (ponPort << 8)) + onuId,
  decodeOnu: (onuIndex: number): { ponPort: number; onuId: number } => ({
    ponPort: (onuIndex >> 8) & 0xff,
    onuId: onuIndex & 0xff,
  }),
  /** Optics row suffix: `.0.0` current, `.65535.65535` historic. */
  currentOpticsSuffix: '0.0',
  historicOpticsSuffix: '65535.65535',
};

export const snmpScale = {
  rxDbm: integerScale(100, [0, -65535, 65535]),
  txDbm: integerScale(100, [0, -65535, 65535]),
  biasMa: integerScale(100, [-65535, 65535]),
  voltageV: integerScale(100, [0, -65535, 65535]),
  temperatureC: integerScale(100, [-65535, 65535]),
  distanceM: distanceMetres,
};

export const snmpStatusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  0: { raw: 'offline', status: 'offline' },
  1: { raw: 'online', status: 'online' },
};

/** `PON01\0` → `PON01`. */
export const cleanName = (raw: string): string => raw.replace(/\0+/g, '').trim();
export const portLabel = (ponPort: number): string => `PON${String(ponPort).padStart(2, '0')}`;
/** ONU as the HSGQ CLI and event log write it (`1/27`). */
export const onuIfName = (ponPort: number, onuId: number): string => `${ponPort}/${onuId}`;

/**
 * The name the box gives an ONU until an operator renames it: `ONU01/27` (EPON, [REC] CLI and web samples),
 * `ONT01/011` (GPON, [REC] G02ID walk). It names the port, not a subscriber.
 */
export const isDefaultOnuName = (name: string): boolean => /^on[ut]\d{1,3}\/\d{1,3}$/i.test(name.trim());

/**
 * What the ONU's description is: the free-text description when set, else the name operators type (often
 * the PPPoE login), unless that name is still the box's default.
 */
export function onuDescription(description: string | null, name: string | null): string | null {
  if (description) return description;
  return name && !isDefaultOnuName(name) ? name : null;
}

/** `show onu-info all` writes `NO-DESCRIPTION` (cut to 12 characters) for an empty description. */
const CLI_NO_DESCRIPTION = ['N/A', 'NULL', '--', '-', '', 'NO-DESCRIPTION', 'NO-DESCRIPTI'] as const;

/** Times look like `2026/06/06 08:07:49+07:00`; `-` = never. */
export function normalizeTime(raw: string | null | undefined): string | null {
  const t = textOrNull(raw ?? null);
  if (!t) return null;
  if (/^(1970|2000)\//.test(t)) return null;
  return t;
}

export const HSGQ_REASON_RULES: readonly ReasonRule[] = [
  { match: /laser\s*out/i, reason: 'los' },
  ...COMMON_REASON_RULES,
];

/** `Power down`, `Laser out`, `Power Down`, `Manual Deregister`, empty. */
export const mapReason = (raw: string | null): DeregReason | null => mapReasonText(raw, HSGQ_REASON_RULES);

/**
 * SNMP `…12.2.1.22` words: `Power down`, `Laser out` [REC, G02ID]; `Manual Deregister` is the HSGQ event-log word
 * [V] for a deregistration from the console (the ONU re-registers: a reboot); `Link down` and `Deactivate` assumed.
 */
export const snmpReasonWords: ReasonWords = {
  'power-off': 'Power down',
  los: 'Laser out',
  'wire-down': 'Link down',
  reboot: 'Manual Deregister',
  admin: 'Deactivate',
};

/** Web API `last_down_reason`: `Power Down` [V-s, vendor sample]; the others as on SNMP. */
export const webReasonWords: ReasonWords = { ...snmpReasonWords, 'power-off': 'Power Down' };

// ---------------------------------------------------------------------------------------------
// Web JSON API (HTTP.md)

export const http = {
  login: '/userlogin?form=login',
  logout: '/userlogin?form=logout',
  boardInfo: '/board_info',
  system: '/board?info=system',
  cpu: '/board?info=cpu',
  pon: '/board?info=pon',
  time: '/time?form=info',
  epon: {
    onuList: (ponPort: number) => `/onu_allow_list?port_id=${ponPort}`,
    onuTable: '/onutable',
    baseInfo: (ponPort: number, onuId: number) =>
      `/onumgmt?form=base-info&port_id=${ponPort}&onu_id=${onuId}`,
    optical: (ponPort: number, onuId: number) =>
      `/onumgmt?form=optical-diagnose&port_id=${ponPort}&onu_id=${onuId}`,
    opticalPon: (ponPort: number) => `/ponmgmt?form=optical_onu&port_id=${ponPort}`,
    ponOptics: '/ponmgmt?form=optical_poninfo',
    alarmInfo: (ponPort: number, onuId: number) =>
      `/onumgmt?form=alarm-info&port_id=${ponPort}&onu_id=${onuId}`,
    macTableTrigger: '/pon_mac?form=table',
    macTable: '/pon_mac_table',
    /** POST bodies. */
    configPath: '/onumgmt?form=config',
    rebootBody: (ponPort: number, onuId: number) => ({
      method: 'set',
      param: { port_id: ponPort, onu_id: onuId, flags: 1, fec_mode: 1 },
    }),
    deletePath: '/onu_allow_list?form=onucfg',
    deletePathOld: '/onu_allow_list',
    deleteBody: (ponPort: number, onuId: number, mac: string) => ({
      method: 'delete',
      param: { port_id: ponPort, onu_id: onuId, macaddr: mac },
    }),
  },
  gpon: {
    onuList: (ponPort: number) => `/gponont_mgmt?form=auth&port_id=${ponPort}`,
    baseInfo: (ponPort: number, onuId: number) =>
      `/gponont_mgmt?form=base&port_id=${ponPort}&ont_id=${onuId}`,
    optical: (ponPort: number, onuId: number) =>
      `/gponont_mgmt?form=ont_optical&port_id=${ponPort}&ont_id=${onuId}`,
    alarm: (ponPort: number, onuId: number) =>
      `/gponont_mgmt?form=ont_alarm&port_id=${ponPort}&ont_id=${onuId}`,
    ponOptics: '/gponmgmt?form=optical_poninfo',
    macTableTrigger: '/pon_mac?form=table',
    macTable: '/pon_mac_table',
    rebootPath: '/gponont_mgmt?form=info',
    rebootBody: (identifier: number) => ({
      method: 'set',
      param: { identifier, flags: 4, ont_name: '', ont_description: '' },
    }),
    deletePath: '/gponont_mgmt?form=auth',
    deleteBody: (identifier: number) => ({ method: 'delete', param: { identifier: [identifier] } }),
  },
  /** GPON ONT addressing `(port << 8) | ont`. */
  identifier: {
    encode: (ponPort: number, onuId: number): number => (ponPort << 8) | onuId,
    decode: (identifier: number): { ponPort: number; onuId: number } => ({
      ponPort: identifier >> 8,
      onuId: identifier & 0xff,
    }),
  },
  /** `device_type` 1 = EPON, anything else GPON. */
  modeFromDeviceType: (deviceType: number): PonMode => (deviceType === 1 ? 'epon' : 'gpon'),
  codes: { success: 1, illegalLogin: 0, loginTimeout: -1 },
} as const;

/** EPON status words; the vendor's own rule: online ⇔ `status.toLowerCase() === "online"`. */
export function eponStatus(word: string | null | undefined): OnuStatus {
  if (!word) return 'unknown';
  return word.trim().toLowerCase() === 'online' ? 'online' : 'offline';
}

/** GPON `rstate` 0/1/2 = initial/online/offline. */
export const gponRunStates: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  0: { raw: 'initial', status: 'offline' },
  1: { raw: 'online', status: 'online' },
  2: { raw: 'offline', status: 'offline' },
};

/** Unit strings `"21 C"`, `"3.29 V"`, `"13 mA"`, `"-3.3003 dBm"`, bare `"-27.10"`, `""`/`"-"` → null. */
export function unitNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  if (t === '' || t === '-' || t === '--' || /^n\/a$/i.test(t)) return null;
  const v = parseFloat(t);
  return Number.isFinite(v) ? v : null;
}

export const renderUnit = {
  temperature: (c: number): string => `${Math.round(c)} C`,
  voltage: (v: number): string => `${v.toFixed(2)} V`,
  bias: (ma: number): string => `${Math.round(ma)} mA`,
  power: (dbm: number): string => `${dbm.toFixed(4)} dBm`,
};

// ---------------------------------------------------------------------------------------------
// Telnet CLI (HSGQ XE04I, real validation transcript)

export const telnet: TelnetProfile = {
  loginPrompt: /(?:user\s?name|login)\s*:\s*$/i,
  passwordPrompt: /password\s*:\s*$/i,
  prompt: GENERIC_PROMPT,
  privilegedPrompt: GENERIC_PRIVILEGED_PROMPT,
  loginFailed:
    /The length of the user name is invalid|Bad username|too many failures|Login incorrect|Authentication failed/i,
  enableCommand: 'enable',
  enableFailed: /Bad password|Access denied/i,
  pagers: [/ ?--More-- ?/],
  pagerAnswer: ' ',
  disablePagerCommands: ['terminal length 0'],
  confirmations: [{ match: /\((?:y\/n|yes\/no)\)\s*[:?]?\s*$/i, answer: 'y' }],
  // `[2000/01/01 01:12:51]  Info: ONU 1/27 … Onu deregister` interleaves with any output.
  eventLines: [/^\s*\[\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\]\s+\w+:/, /^\s*\[system\]\w+:/],
  errorLines: [/^vty% /, /^\s*Error, .* fail, reason:/],
  newline: '\r\n',
};

export const commands = {
  enterConfig: 'configure',
  enterPon: (ponPort: number) => `interface epon ${ponPort}`,
  onuInfoAll: 'show onu-info all',
  opticalInfo: 'show optical-info',
  alarmLog: (onuId: number) => `show onu-info-alarm ${onuId}`,
  reboot: (onuId: number) => `onu-reboot ${onuId}`,
  deregister: (onuId: number) => `onu-deregister ${onuId}`,
  save: 'copy running-config startup-config',
} as const;

export interface HsgqCliOnuRow {
  ponPort: number;
  onuId: number;
  mac: string | null;
  status: OnuStatus;
  statusRaw: string;
  auth: string;
  cfg: string;
  regTime: string | null;
  name: string;
  description: string | null;
}

/** HSGQ error and event lines: output made only of them is not an unknown layout. */
const IGNORE: readonly RegExp[] = [...telnet.errorLines, ...telnet.eventLines];

/** Headers from the teranetwork validation capture (§10 and §11). */
const ONU_INFO_GUARD: RowTableGuard = {
  what: 'show onu-info all',
  known: [/^\s*PON\/ONU\s+Mac-Address\s+Status/i],
  ignore: IGNORE,
};
const OPTICAL_GUARD: RowTableGuard = {
  what: 'show optical-info',
  known: [/^\s*PON\/ONU\s+ONU-Name\s+Mac-address/i],
  ignore: IGNORE,
};

/** `show onu-info all`: `PON/ONU Mac-Address Status Auth Cfg Reg-time ONU-Name ONU-Desc` (desc cut to 12 chars). */
export function parseOnuInfoAll(text: string): HsgqCliOnuRow[] {
  const out: HsgqCliOnuRow[] = [];
  for (const line of lines(text)) {
    const m =
      /^\s*(\d+)\/(\d+)\s+(\S+)\s+(\S+)\s+(TRUE|FALSE)\s+(TRUE|FALSE)\s+(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2})\s+(\S+)\s*(.*?)\s*$/i.exec(
        line,
      );
    if (!m) continue;
    out.push({
      ponPort: Number(m[1]),
      onuId: Number(m[2]),
      mac: normalizeMac(m[3]),
      status: eponStatus(m[4]),
      statusRaw: m[4],
      auth: m[5],
      cfg: m[6],
      regTime: normalizeTime(m[7]),
      name: m[8],
      description: textOrNull(m[9], CLI_NO_DESCRIPTION),
    });
  }
  return rowsOrUnsupported(text, out, ONU_INFO_GUARD);
}

/** Footer `Total: 60  Online:1  Offline:59`. */
export function parseOnuInfoTotals(text: string): { total: number; online: number; offline: number } | null {
  const m = /Total:\s*(\d+)\s+Online:\s*(\d+)\s+Offline:\s*(\d+)/i.exec(text);
  return m ? { total: Number(m[1]), online: Number(m[2]), offline: Number(m[3]) } : null;
}

/** `show optical-info`: `1/27 ONU01/27 30:c5:… 56 °C 3.29 V 10 mA 2.0336 dBm -11.9860 dBm`. */
export function parseOpticalInfo(text: string): {
  ponPort: number;
  onuId: number;
  name: string;
  mac: string | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  txDbm: number | null;
  rxDbm: number | null;
}[] {
  const out: ReturnType<typeof parseOpticalInfo> = [];
  const N = String.raw`([-+]?\d+(?:\.\d+)?)`;
  const re = new RegExp(
    String.raw`^\s*(\d+)\/(\d+)\s+(\S+)\s+([0-9a-f:]{17})\s+${N}\s*°?C\s+${N}\s*V\s+${N}\s*mA\s+${N}\s*dBm\s+${N}\s*dBm\s*$`,
    'i',
  );
  for (const line of lines(text)) {
    const m = re.exec(line);
    if (!m) continue;
    out.push({
      ponPort: Number(m[1]),
      onuId: Number(m[2]),
      name: m[3],
      mac: normalizeMac(m[4]),
      temperatureC: Number(m[5]),
      voltageV: Number(m[6]),
      biasMa: Number(m[7]),
      txDbm: Number(m[8]),
      rxDbm: Number(m[9]),
    });
  }
  return rowsOrUnsupported(text, out, OPTICAL_GUARD);
}

export interface HsgqEventLine {
  time: string;
  level: string;
  ponPort: number;
  onuId: number;
  mac: string | null;
  text: string;
  reasonRaw: string | null;
}

/** `[2000/01/01 01:14:05]  Info: ONU 1/27 30:c5:0f:d8:7f:2c ONU link up[, Reason:…]` (CLI alarm log and web `alarm-info`). */
export function parseEventLine(line: string): HsgqEventLine | null {
  const m =
    /^\s*\[(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2})\]\s+(\w+):\s+ONU\s+(\d+)\/(\d+)\s+(?:Port\s+\d+\s+)?([0-9a-f:]{17})?\s*(.*?)(?:,\s*Reason:(.*))?\s*$/i.exec(
      line,
    );
  if (!m) return null;
  return {
    time: m[1],
    level: m[2],
    ponPort: Number(m[3]),
    onuId: Number(m[4]),
    mac: normalizeMac(m[5] ?? null),
    text: m[6].trim(),
    reasonRaw: m[7] !== undefined && m[7].trim() !== '' ? m[7].trim() : null,
  };
}

/** Classify an event text as up/down for history views. */
export function eventKind(text: string): 'up' | 'down' | 'other' {
  if (/link up|authorization success|online|register(?!.*de)/i.test(text) && !/deregister/i.test(text))
    return 'up';
  if (/deregister|dying gasp|link down|offline|los\b|power/i.test(text)) return 'down';
  return 'other';
}

export function renderEventLine(e: {
  time: string;
  ponPort: number;
  onuId: number;
  mac: string;
  text: string;
  reason?: string;
}): string {
  return `[${e.time}]  Info: ONU ${e.ponPort}/${e.onuId} ${e.mac} ${e.text}${e.reason !== undefined ? `, Reason:${e.reason}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Web API rows → normalised values (pure, so the samples can be tested without a server)

export type HsgqRow = Readonly<Record<string, unknown>>;

const asText = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
export const asNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)
      ? Number(v)
      : null;

export interface HsgqOnuFields {
  ponPort: number;
  onuId: number;
  name: string | null;
  status: OnuStatus;
  statusRaw: string | null;
  mac: string | null;
  serial: string | null;
  description: string | null;
  distanceM: number | null;
  lastRegTime: string | null;
  lastDeregTime: string | null;
  lastDeregReasonRaw: string | null;
  lastDeregReason: DeregReason | null;
  vendor: string | null;
  model: string | null;
  /** From the list row; null when the ONU is offline (the value is stale then). */
  rxDbm: number | null;
}

/** EPON `/onu_allow_list` and `/onutable` rows. */
export function eponListRow(r: HsgqRow): HsgqOnuFields {
  const status = eponStatus(asText(r['status']));
  const reasonRaw = textOrNull(asText(r['last_down_reason']));
  return {
    ponPort: asNumber(r['port_id']) ?? 0,
    onuId: asNumber(r['onu_id']) ?? 0,
    name: textOrNull(asText(r['onu_name'])),
    status,
    statusRaw: asText(r['status']),
    mac: normalizeMac(asText(r['macaddr'])),
    serial: null,
    description: textOrNull(asText(r['onu_desc'])),
    distanceM: distanceMetres.decode(asNumber(r['distance'])),
    lastRegTime: normalizeTime(asText(r['register_time'])),
    lastDeregTime: normalizeTime(asText(r['last_down_time'])),
    lastDeregReasonRaw: reasonRaw,
    lastDeregReason: mapReason(reasonRaw),
    vendor: textOrNull(asText(r['vendor'])),
    model: textOrNull(asText(r['onu_type'])),
    rxDbm: status === 'online' ? unitNumber(r['receive_power']) : null,
  };
}

/** GPON `/gponont_mgmt?form=auth` rows (integer states, `identifier = port<<8 | ont`). */
export function gponListRow(r: HsgqRow, ponPort: number): HsgqOnuFields {
  const ident = asNumber(r['identifier']);
  const onuId = ident !== null ? ident & 0xff : (asNumber(r['ont_id']) ?? 0);
  const rstate = asNumber(r['rstate']);
  const st = rstate !== null ? gponRunStates[rstate] : undefined;
  const reasonRaw = textOrNull(asText(r['last_d_cause']));
  return {
    ponPort: ident !== null ? ident >> 8 : ponPort,
    onuId,
    name: textOrNull(asText(r['ont_name'])),
    status: st?.status ?? 'unknown',
    statusRaw: st?.raw ?? (rstate !== null ? String(rstate) : null),
    mac: null,
    serial: textOrNull(asText(r['ont_sn'])),
    description: textOrNull(asText(r['ont_description'])),
    distanceM: distanceMetres.decode(asNumber(r['distance'])),
    lastRegTime: normalizeTime(asText(r['last_u_time'])),
    lastDeregTime: normalizeTime(asText(r['last_d_time'])),
    lastDeregReasonRaw: reasonRaw,
    lastDeregReason: mapReason(reasonRaw),
    vendor: null,
    model: null,
    rxDbm: null,
  };
}

/** `optical-diagnose` / `optical_onu` / `ont_optical` objects with unit strings. */
export function opticalObject(d: HsgqRow): {
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  oltRxDbm: number | null;
} {
  return {
    rxDbm: unitNumber(d['receive_power']),
    txDbm: unitNumber(d['transmit_power']),
    temperatureC: unitNumber(d['work_temprature']),
    voltageV: unitNumber(d['work_voltage']),
    biasMa: unitNumber(d['transmit_bias']),
    oltRxDbm: unitNumber(d['olt_rxpower']),
  };
}

/** `/time?form=info` uptime `[d, h, m, s]` → seconds. */
export function uptimeSeconds(d: HsgqRow): number | null {
  const u = d['uptime'];
  if (!Array.isArray(u) || u.length !== 4 || !u.every((x) => typeof x === 'number')) return null;
  const [days, h, m, sec] = u as number[];
  return ((days * 24 + h) * 60 + m) * 60 + sec;
}

/** `"0-1,3-8,15"` → [0, 1, 3, …, 8, 15]. */
export function parseResource(s: string): number[] {
  const out: number[] = [];
  for (const part of s.split(',')) {
    const m = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let i = a; i <= b; i++) out.push(i);
  }
  return out;
}

export function renderResource(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(',');
}

const sepLine = '-'.repeat(100);

export function renderOnuInfoAll(
  rows: readonly {
    ponPort: number;
    onuId: number;
    mac: string;
    statusRaw: string;
    regTime: string;
    name: string;
    description: string | null;
  }[],
): string {
  const online = rows.filter((r) => r.statusRaw.toLowerCase() === 'online').length;
  return [
    sepLine,
    ' PON/ONU     Mac-Address    Status   Auth  Cfg     Reg-time            ONU-Name     ONU-Desc',
    sepLine,
    ...rows.map(
      (r) =>
        ` ${`${r.ponPort}/${r.onuId}`.padEnd(8)}${r.mac} ${r.statusRaw.padEnd(9)} TRUE  TRUE  ${r.regTime}      ${r.name.padEnd(12)} ${(r.description ?? 'NO-DESCRIPTION').slice(0, 12)}`,
    ),
    sepLine,
    `  Total: ${rows.length}  Online:${online}  Offline:${rows.length - online}`,
    sepLine,
  ].join('\r\n');
}

export function renderOpticalInfo(
  rows: readonly {
    ponPort: number;
    onuId: number;
    name: string;
    mac: string;
    temperatureC: number;
    voltageV: number;
    biasMa: number;
    txDbm: number;
    rxDbm: number;
  }[],
): string {
  return [
    sepLine,
    'PON/ONU ONU-Name     Mac-address       Temperature  Voltage      Bias         Tx power     Rx power',
    sepLine,
    ...rows.map(
      (r) =>
        `${`${r.ponPort}/${r.onuId}`.padStart(8)} ${r.name.padEnd(12)} ${r.mac}  ${`${Math.round(r.temperatureC)} °C`.padEnd(12)} ${`${r.voltageV.toFixed(2)} V`.padEnd(13)} ${`${Math.round(r.biasMa)} mA`.padEnd(12)} ${`${r.txDbm.toFixed(4)} dBm`.padEnd(12)} ${r.rxDbm.toFixed(4)} dBm`,
    ),
    sepLine,
  ].join('\r\n');
}
