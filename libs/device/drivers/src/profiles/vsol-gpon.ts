/**
 * V-SOL GPON (V1600G0/G1/G2/GS …). No MIB exists; columns inferred from real V1600GS walks that are kept back
 * (SNMP.md §5). Tolerant on purpose: rx/tx may be `"-14.41"`, `"-13.518(dBm)"` or integer tenths/hundredths;
 * dates use colons (`2026:06:03 21:21:42`); names are `N/A` when unset; ifDescr is `GPON01ONU1 NAME` or `GPON0/1:7`.
 */
import type { DeregReason, OnuStatus } from '../types';
import {
  decodePowerColumn,
  mapReasonText,
  textNumber,
  textOrNull,
  vsolGponPower,
  type RawValue,
  type ReasonWords,
  type ValueCodec,
} from './codec';
import {
  VSOL_REASON_RULES,
  ponTransceiverOids,
  ponTransceiverScale,
  vsolDetect,
  vsolTelnet,
} from './vsol-common';
import { col, lines } from './cli-common';
import { type RowTableGuard, rowsOrUnsupported } from '../parse/row-table-guard';

export const brand = 'vsol' as const;
export const mode = 'gpon' as const;
export const detect = vsolDetect;
export const telnet = vsolTelnet;

const G = '1.3.6.1.4.1.37950.1.1.6.1.1';

export const oids = {
  /** ONU state table, index `<pon>.<onu>`. */
  statePon: `${G}.1.1.1`,
  stateOnu: `${G}.1.1.2`,
  onlineFlag: `${G}.1.1.4`,
  phaseState: `${G}.1.1.5`,
  name: `${G}.1.1.7`,
  lastUpTime: `${G}.1.1.8`,
  lastDownTime: `${G}.1.1.9`,
  lastDownReason: `${G}.1.1.10`,
  onlineDuration: `${G}.1.1.11`,
  /** ONU auth/info table. */
  profile: `${G}.2.1.3`,
  serial: `${G}.2.1.5`,
  model: `${G}.2.1.6`,
  /** ONU optics [3P]. */
  opticsIndex: `${G}.3.1.1`,
  txPower: `${G}.3.1.6`,
  rxPower: `${G}.3.1.7`,
  oltRxPower: `${G}.3.1.8`,
  /** Per-PON counts [3P]. */
  ponOnuTotal: `${G}.18.1.2`,
  ponOnuOnline: `${G}.18.1.3`,
  ...ponTransceiverOids,
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
} as const;

/**
 * `gOnuOpAction` scalars of the V1600G MIB: PON, then ONU, then the action, as three SETs in that order
 * (switcher-core V1600G, CLI-ACTIONS §4).
 */
export const actionOids = {
  pon: `${G}.5.1.0`,
  onu: `${G}.5.2.0`,
  action: `${G}.5.3.0`,
} as const;

/** `gOnuOpAction` values: reboot(1), del(2). */
export const onuActions = { reboot: 1, delete: 2 } as const;

export const onuIndex = {
  encode: (ponPort: number, onuId: number): string => `${ponPort}.${onuId}`,
  decode(index: string): { ponPort: number; onuId: number } | null {
    const m = /^(\d+)\.(\d+)$/.exec(index);
    return m ? { ponPort: Number(m[1]), onuId: Number(m[2]) } : null;
  },
};

/**
 * ONU interface names: V1600GS writes `GPON01ONU1 YUNUS` (name appended), other firmware `GPON0/1:7`.
 * `onu()` renders the CLI form, which is also what we report when ifDescr is unavailable.
 */
export const ifName = {
  pon: (ponPort: number): string => `GPON0/${ponPort}`,
  onu: (ponPort: number, onuId: number): string => `GPON0/${ponPort}:${onuId}`,
  onuV1600gs: (ponPort: number, onuId: number, name: string | null): string =>
    `GPON${String(ponPort).padStart(2, '0')}ONU${onuId}${name ? ` ${name}` : ''}`,
  parse(name: string): { ponPort: number; onuId: number | null; label: string | null } | null {
    const t = name.trim();
    const a = /^gpon\s*\d+\/(\d+)(?::(\d+))?$/i.exec(t);
    if (a) return { ponPort: Number(a[1]), onuId: a[2] === undefined ? null : Number(a[2]), label: null };
    const b = /^gpon(\d+)onu(\d+)(?:\s+(.*))?$/i.exec(t);
    if (b) return { ponPort: Number(b[1]), onuId: Number(b[2]), label: b[3]?.trim() || null };
    return null;
  },
};

/** Largest plausible |dBm| per reading: received power sits within -8…-32, ONU lasers send 0.5…7. */
export const powerLimit = { rxDbm: 40, txDbm: 10, oltRxDbm: 40 } as const;

/** V1600GS PON SFP cells are bare numbers with 3 decimals (`"49.168"`, `"3.325"`) [REC]; V1600D's units also parse. */
const bare3 = (): ValueCodec<string> => textNumber('', undefined, 3);

export const scale: {
  rxDbm: ValueCodec<string>;
  txDbm: ValueCodec<string>;
  oltRxDbm: ValueCodec<string>;
  pon: typeof ponTransceiverScale;
} = {
  rxDbm: vsolGponPower(powerLimit.rxDbm),
  txDbm: vsolGponPower(powerLimit.txDbm),
  oltRxDbm: vsolGponPower(powerLimit.oltRxDbm),
  pon: { temperatureC: bare3(), voltageV: bare3(), biasMa: bare3(), txDbm: bare3() },
};

/** A whole optics column: the firmware writes every cell the same way, so one divisor serves the column. */
export function decodePowers(kind: keyof typeof powerLimit, raws: readonly RawValue[]): (number | null)[] {
  return decodePowerColumn(raws, powerLimit[kind]);
}

/** Column 4: 1 online, 2 offline (flips together with the phase state). */
export const onlineFlagCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  1: { raw: 'online', status: 'online' },
  2: { raw: 'offline', status: 'offline' },
};

/** Column 5 phase state: 3 = working [REC]; ≥4 meanings are [3P]. */
export const phaseStateCodes: Readonly<
  Record<number, { raw: string; status: OnuStatus; reason: DeregReason | null }>
> = {
  0: { raw: 'init', status: 'offline', reason: null },
  1: { raw: 'standby', status: 'offline', reason: null },
  2: { raw: 'serial-number', status: 'offline', reason: null },
  3: { raw: 'working', status: 'online', reason: null },
  4: { raw: 'DyingGasp', status: 'offline', reason: 'power-off' },
  5: { raw: 'LOS', status: 'offline', reason: 'los' },
  6: { raw: 'AuthFail', status: 'offline', reason: 'admin' },
  7: { raw: 'offline', status: 'offline', reason: null },
};

/** Reason text: `Power Off`, `Onu Los`, `N/A`. */
export const mapReason = (raw: string | null): DeregReason | null => mapReasonText(raw, VSOL_REASON_RULES);

/** Column 10 words: `Power Off`, `Onu Los` [REC, V1600GS]; `Wire Down`, `Reboot` and `AuthFail` assumed. */
export const reasonWords: ReasonWords = {
  'power-off': 'Power Off',
  los: 'Onu Los',
  'wire-down': 'Wire Down',
  reboot: 'Reboot',
  admin: 'AuthFail',
};

/** `N/A` → null. */
export const onuName = (raw: string | null | undefined): string | null => textOrNull(raw ?? null);

/** `2026:06:03 21:21:42` → `2026-06-03 21:21:42`; `N/A`/`0000…` → null. */
export function normalizeTime(raw: string | null | undefined): string | null {
  const t = textOrNull(raw ?? null);
  if (!t) return null;
  const m = /^(\d{4})[:/-](\d{1,2})[:/-](\d{1,2})[ T](\d{1,2}:\d{2}:\d{2})/.exec(t);
  if (!m) return t;
  if (m[1] === '0000') return null;
  return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')} ${m[4]}`;
}

/** The device form of a time, for the simulator. */
export const renderTime = (iso: string): string => iso.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1:$2:$3');

// ---------------------------------------------------------------------------------------------
// CLI (all inside `interface gpon 0/<pon>` unless noted)

export const commands = {
  enterConfig: 'configure terminal',
  enterPon: (ponPort: number) => `interface gpon 0/${ponPort}`,
  onuState: 'show onu state',
  onuInfo: 'show onu info',
  optical: (onuId: number) => `show onu ${onuId} optical_info`,
  opticalAlt: (onuId: number) => `show onu ${onuId} optical-info`,
  rxPowerAll: 'show pon onu all rx-power',
  distance: (onuId: number) => `show onu ${onuId} distance`,
  timeStamp: (onuId: number) => `show onu ${onuId} time-stamp`,
  macTablePon: (ponPort: number) => `show mac address-table interface gpon 0/${ponPort}`,
  interfaceBrief: 'show interface brief',
  reboot: (onuId: number) => `onu ${onuId} reboot`,
  delete: (onuId: number) => `no onu ${onuId}`,
  /** Every ONU of the PON (the live-confirmed command reference). */
  deleteAll: 'no onu all',
  version: 'show version',
} as const;

export interface VsolGponStateRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  adminState: string;
  omccState: string;
  phaseState: string;
  status: OnuStatus;
  serial: string;
}

/** Phase words: `working` online; `offline`/`OffLine`/`DyingGasp`/`LOS`/`AuthFail` offline. */
export function phaseWord(word: string): { status: OnuStatus; reason: DeregReason | null } {
  const w = word.toLowerCase();
  if (w === 'working') return { status: 'online', reason: null };
  if (/dying/.test(w)) return { status: 'offline', reason: 'power-off' };
  if (/los/.test(w)) return { status: 'offline', reason: 'los' };
  if (/auth/.test(w)) return { status: 'offline', reason: 'admin' };
  return { status: 'offline', reason: null };
}

/** V-SOL error and event lines: output made only of them is not an unknown layout. */
const IGNORE: readonly RegExp[] = [...vsolTelnet.errorLines, ...vsolTelnet.eventLines];

/** A guard with this brand's ignored lines plus `noise`: titles and footers that prove nothing about the columns. */
const guard = (what: string, known: RegExp[], noise: RegExp[] = []): RowTableGuard => ({
  what,
  known,
  ignore: [...IGNORE, ...noise],
});

// Headers from the OLTERRA V1600G0-B captures. The state table's trailer `pon: 1 total: 57 working: 52` proves an
// empty table only with `total: 0`.
const STATE_GUARD = guard(
  'show onu state',
  [/^\s*OnuIndex\s+Admin State\s+OMCC State/i, /^\s*pon:\s*\d+\s+total:\s*0\b/i],
  [/^\s*pon:\s*\d+\s+total:/i],
);
const INFO_GUARD = guard('show onu info', [/^\s*Onuindex\s+Model\s+Profile/i]);
const RX_ALL_GUARD = guard('show pon onu all rx-power', [/^\s*Onu\s+ONU_Rx\b/i]);
const MAC_GUARD = guard(
  'show mac address-table',
  [/^\s*Vlan\s+Mac Address\s+Type\s+Ports/i],
  [/^\s*Mac Address Table\b/i],
);

export function parseOnuState(text: string): VsolGponStateRow[] {
  const out: VsolGponStateRow[] = [];
  for (const line of lines(text)) {
    // `GPON0/1:2 enable enable working GPON0CE43515`; other firmware `1/1/2:6 … 1(GPON)`.
    const m =
      /^\s*((?:GPON\d+\/|\d+\/\d+\/)(\d+):(\d+))\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)(?:\s+\S+)?\s*$/i.exec(line);
    if (!m) continue;
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      adminState: m[4],
      omccState: m[5],
      phaseState: m[6],
      status: phaseWord(m[6]).status,
      serial: m[7],
    });
  }
  return rowsOrUnsupported(text, out, STATE_GUARD);
}

/** Trailer `pon: 1 total: 57 working: 52`. */
export function parseOnuStateSummary(
  text: string,
): { ponPort: number; total: number; working: number } | null {
  const m = /pon:\s*(\d+)\s+total:\s*(\d+)\s+working:\s*(\d+)/i.exec(text);
  return m ? { ponPort: Number(m[1]), total: Number(m[2]), working: Number(m[3]) } : null;
}

export interface VsolGponInfoRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  model: string | null;
  profile: string;
  mode: string;
  authInfo: string;
}

export function parseOnuInfo(text: string): VsolGponInfoRow[] {
  const out: VsolGponInfoRow[] = [];
  for (const line of lines(text)) {
    const m = /^\s*(GPON\d+\/(\d+):(\d+))\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(line);
    if (!m) continue;
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      model: /^unknown$/i.test(m[4]) ? null : m[4],
      profile: m[5],
      mode: m[6],
      authInfo: m[7],
    });
  }
  return rowsOrUnsupported(text, out, INFO_GUARD);
}

/** `show onu <n> optical_info` key : value block; numbers may carry `(V)`, `(mA)`, `(C)`, `(dBm)`. */
export function parseOpticalInfo(text: string): {
  rxDbm: number | null;
  txDbm: number | null;
  voltageV: number | null;
  biasMa: number | null;
  temperatureC: number | null;
} {
  const get = (label: RegExp, codec: ValueCodec<string>): number | null => {
    for (const line of lines(text)) {
      const m = /^\s*([^:]+?)\s*:\s*(.*)$/.exec(line);
      if (m && label.test(m[1])) return codec.decode(m[2]) ?? null;
    }
    return null;
  };
  const plain = (label: RegExp): number | null => {
    for (const line of lines(text)) {
      const m = /^\s*([^:]+?)\s*:\s*([-+]?\d+(?:\.\d+)?)/.exec(line);
      if (m && label.test(m[1])) return Number(m[2]);
    }
    return null;
  };
  return {
    rxDbm: get(/^Rx optical level/i, scale.rxDbm),
    txDbm: get(/^Tx optical level/i, scale.txDbm),
    voltageV: plain(/^Power feed voltage/i),
    biasMa: plain(/^Laser bias current/i),
    temperatureC: plain(/^Temperature/i),
  };
}

/** `show pon onu all rx-power`: `Onu ONU_Rx`, offline → `N/A`. */
export function parseRxPowerAll(text: string): { onuId: number; rxDbm: number | null }[] {
  const out: { onuId: number; rxDbm: number | null }[] = [];
  for (const line of lines(text)) {
    const m = /^\s*(\d+)\s+(\S+)\s*$/.exec(line);
    if (m) out.push({ onuId: Number(m[1]), rxDbm: /^[-+]?\d/.test(m[2]) ? Number(m[2]) : null });
  }
  return rowsOrUnsupported(text, out, RX_ALL_GUARD);
}

/** `onu 2 Distance: 445m`. */
export function parseDistance(text: string): number | null {
  const m = /Distance:\s*(\d+(?:\.\d+)?)\s*m/i.exec(text);
  return m ? Number(m[1]) : null;
}

/** `show onu detail-info <n>`: `Key:   value` lines (SN, Vendor ID, Equipment ID, …). */
export function parseDetailInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(text)) {
    const m = /^\s*([A-Za-z][\w ]*?):\s+(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** `show onu <n> time-stamp`: `1/89  2000:07:09 12:32:55  2000:07:09 12:29:41  25 04:59:44`. */
export function parseTimeStamp(
  text: string,
): { lastRegTime: string | null; lastDeregTime: string | null; aliveTime: string | null } | null {
  const D = String.raw`(\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}|N/A)`;
  for (const line of lines(text)) {
    const m = new RegExp(String.raw`^\s*\d+/\d+\s+${D}\s+${D}\s+(.+?)\s*$`).exec(line);
    if (m) return { lastRegTime: normalizeTime(m[1]), lastDeregTime: normalizeTime(m[2]), aliveTime: m[3] };
  }
  return null;
}

export interface VsolGponMacRow {
  vlan: number;
  mac: string;
  ponPort: number;
  onuId: number;
}

/** Per-PON MAC table rows `111   0228:9a89:6a98     Dynamic     GPON 0/1:008     Aging`. */
export function parseMacTable(text: string): VsolGponMacRow[] {
  const out: VsolGponMacRow[] = [];
  for (const line of lines(text)) {
    const m = /^\s*(\d+)\s+([0-9a-f]{4}:[0-9a-f]{4}:[0-9a-f]{4})\s+\S+\s+GPON\s*\d+\/(\d+):(\d+)\b/i.exec(
      line,
    );
    if (!m) continue;
    const hex = m[2].replace(/:/g, '').toLowerCase();
    out.push({
      vlan: Number(m[1]),
      mac: hex.replace(/(..)(?!$)/g, '$1:'),
      ponPort: Number(m[3]),
      onuId: Number(m[4]),
    });
  }
  return rowsOrUnsupported(text, out, MAC_GUARD);
}

export interface VsolBriefRow {
  name: string;
  ponPort: number | null;
  onuId: number | null;
  description: string | null;
  status: 'up' | 'down';
  type: string;
}

/** `show interface brief`: description and status can touch (`CLIENTE-01up`). */
export function parseInterfaceBrief(text: string): VsolBriefRow[] {
  const out: VsolBriefRow[] = [];
  for (const line of lines(text)) {
    const m = /^(\S+)\s+(.*?)(up|down)\s+(?:\S+\s+\S+\s+)?(\S+(?: \S+)?)\s*$/.exec(line);
    if (!m || /^(port|---)/i.test(m[1])) continue;
    const p = /^gpon\d+\/(\d+)(?::(\d+))?$/i.exec(m[1]);
    out.push({
      name: m[1],
      ponPort: p ? Number(p[1]) : null,
      onuId: p && p[2] ? Number(p[2]) : null,
      description: m[2].trim() || null,
      status: m[3] as 'up' | 'down',
      type: m[4],
    });
  }
  return out;
}

export function renderOnuState(
  ponPort: number,
  rows: readonly { onuId: number; phase: string; serial: string }[],
): string {
  const body = rows.map(
    (r) =>
      `${col(`GPON0/${ponPort}:${r.onuId}`, 12)}${col('enable', 15)}${col(r.phase === 'working' ? 'enable' : 'disable', 14)}${col(r.phase, 15)}${r.serial}`,
  );
  const working = rows.filter((r) => r.phase === 'working').length;
  return [
    'OnuIndex    Admin State    OMCC State    Phase State    Serial Number',
    '---------------------------------------------------------------',
    ...body,
    `pon: ${ponPort} total: ${rows.length} working: ${working}`,
  ].join('\r\n');
}

export function renderOpticalInfo(v: {
  rxDbm: number;
  txDbm: number;
  voltageV: number;
  biasMa: number;
  temperatureC: number;
}): string {
  return [
    'Alarm                      : enable',
    `Rx optical level(ONU)      : ${v.rxDbm.toFixed(2)}`,
    `Tx optical level           : ${v.txDbm.toFixed(2)}`,
    `Power feed voltage         : ${v.voltageV.toFixed(2)}(V)`,
    `Laser bias current         : ${v.biasMa.toFixed(3)}(mA)`,
    `Temperature                : ${v.temperatureC.toFixed(3)}(C)`,
  ].join('\r\n');
}

export function renderOnuInfo(
  ponPort: number,
  rows: readonly { onuId: number; model: string | null; serial: string }[],
): string {
  return [
    'Onuindex   Model                Profile                Mode    AuthInfo',
    '---------------------------------------------------------------------------------------------',
    ...rows.flatMap((r) => [
      `${col(`GPON0/${ponPort}:${r.onuId}`, 11)}${col(r.model ?? 'unknown', 21)}${col('default', 23)}${col('sn', 8)}${r.serial}`,
      '',
    ]),
  ].join('\r\n');
}

export function renderRxPowerAll(rows: readonly { onuId: number; rxDbm: number | null }[]): string {
  return [
    'Onu         ONU_Rx',
    '------------------------------------',
    ...rows.map((r) => `${col(r.onuId, 12)}${r.rxDbm === null ? 'N/A' : r.rxDbm.toFixed(2)}`),
  ].join('\r\n');
}

export function renderMacTable(ponPort: number, rows: readonly VsolGponMacRow[]): string {
  const quad = (mac: string) => {
    const hex = mac.replace(/:/g, '');
    return `${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}`;
  };
  return [
    ` Mac Address Table(Pon:${ponPort})`,
    '',
    ' Vlan     Mac Address       Type       Ports  Remaining Age',
    '',
    ...rows.flatMap((r) => [
      `  ${col(r.vlan, 6)}${col(quad(r.mac), 19)}${col('Dynamic', 12)}${col(`GPON 0/${r.ponPort}:${String(r.onuId).padStart(3, '0')}`, 17)}Aging`,
      '',
    ]),
    ` Total Addresses Found in System :${rows.length}`,
  ].join('\r\n');
}
