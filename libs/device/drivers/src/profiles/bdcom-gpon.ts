/**
 * BDCOM GPON (GP3600 …). The real GP3600-16B recording has ifTable and the PON-port table (10.2.1.1) but no ONU
 * tables; ONU OIDs below follow NMS-GPON-MIB + third-party scale (SNMP.md §3). CLI rows per CLI.md §1.
 */
import type { DeregReason, OnuStatus } from '../types';
import { distanceMetres, integerScale, mapReasonText, type ReasonWords } from './codec';
import { BDCOM_IGNORE, BDCOM_REASON_RULES, bdcomDetect, bdcomTelnet } from './bdcom-common';
import { type RowTableGuard, rowsOrUnsupported } from '../parse/row-table-guard';
import { DATE_TIME, col, lines } from './cli-common';

export const brand = 'bdcom' as const;
export const mode = 'gpon' as const;
export const detect = bdcomDetect;
export const telnet = bdcomTelnet;

const G = '1.3.6.1.4.1.3320.10';

export const oids = {
  /** gponOltPonPortTable, indexed by PON ifIndex [REC]. */
  ponIndex: `${G}.2.1.1.1`,
  ponActiveOnus: `${G}.2.1.1.4`,
  ponInactiveOnus: `${G}.2.1.1.5`,
  /** `"1179,1180,1184,…,"` — ONU ifIndexes on the port [REC]. */
  ponOnuIfIndexList: `${G}.2.1.1.6`,
  /** OLT-side rx per ONU, 0.1 dBm. */
  oltRxPower: `${G}.2.3.1.3`,
  /** ONU info table, indexed by ONU ifIndex. */
  onuSerial: `${G}.3.1.1.4`,
  onuAdminState: `${G}.3.1.1.7`,
  onuOperState: `${G}.3.1.1.8`,
  onuMac: `${G}.3.1.1.28`,
  onuDistance: `${G}.3.1.1.33`,
  onuDeactiveReason: `${G}.3.1.1.35`,
  onuStatusSerial: `${G}.3.3.1.2`,
  onuStatus: `${G}.3.3.1.4`,
  /** gponOnuConfigTable `gponOnuConfigReboot`, by ONU ifIndex: reboot(1). */
  onuReboot: `${G}.3.2.1.4`,
  onuRxPower: `${G}.3.4.1.2`,
  onuTxPower: `${G}.3.4.1.3`,
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
  ifName: '1.3.6.1.2.1.31.1.1.1.1',
  ifAlias: '1.3.6.1.2.1.31.1.1.1.18',
} as const;

/** `gponOnuConfigReboot` values (NMS-GPON-MIB; ABillS `RESET_VALUE 1`). */
export const onuRebootValues = { reboot: 1 } as const;

export const ifName = {
  pon: (ponPort: number, slot = 0): string => `GPON${slot}/${ponPort}`,
  onu: (ponPort: number, onuId: number, slot = 0): string => `GPON${slot}/${ponPort}:${onuId}`,
  parse(name: string): { slot: number; ponPort: number; onuId: number | null } | null {
    const m = /^gpon\s*(\d+)\/(\d+)(?::(\d+))?$/i.exec(name.trim());
    return m
      ? { slot: Number(m[1]), ponPort: Number(m[2]), onuId: m[3] === undefined ? null : Number(m[3]) }
      : null;
  },
};

/** The ifIndex list column ends with a trailing comma; both directions. */
export const ifIndexList = {
  decode: (raw: string): number[] =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^\d+$/.test(s))
      .map(Number),
  encode: (ifIndexes: readonly number[]): string => ifIndexes.map((n) => `${n},`).join(''),
};

export const OPTIC_SENTINELS = [0, -65535, 65535, 2147483647, -2147483648] as const;

export const scale = {
  rxDbm: integerScale(10, OPTIC_SENTINELS),
  txDbm: integerScale(10, OPTIC_SENTINELS),
  oltRxDbm: integerScale(10, OPTIC_SENTINELS),
  distanceM: distanceMetres,
};

export const onuStatusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  0: { raw: 'authenticated', status: 'online' },
  1: { raw: 'registered', status: 'online' },
  2: { raw: 'deregistered', status: 'offline' },
  3: { raw: 'auto-config', status: 'online' },
  4: { raw: 'lost', status: 'offline' },
  5: { raw: 'standby', status: 'offline' },
};

/** IF-MIB ifOperStatus of the ONU interface: the only ONU state in the real recording. */
export const ifOperStatusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  1: { raw: 'up', status: 'online' },
  2: { raw: 'down', status: 'offline' },
  7: { raw: 'lowerLayerDown', status: 'offline' },
};

/** onuDeActiveReason (10.3.1.1.35) [3P enum]. */
export const deregReasonCodes: Readonly<Record<number, { raw: string; reason: DeregReason | null }>> = {
  0: { raw: 'none', reason: null },
  1: { raw: 'dying-gasp', reason: 'power-off' },
  2: { raw: 'laser-always-on', reason: 'unknown' },
  3: { raw: 'admin-down', reason: 'admin' },
  4: { raw: 'omcc-down', reason: 'los' },
  5: { raw: 'unknown', reason: 'unknown' },
  6: { raw: 'pon-los', reason: 'los' },
  7: { raw: 'lcdg', reason: 'los' },
  8: { raw: 'wire-down', reason: 'wire-down' },
  9: { raw: 'omci-mismatch', reason: 'unknown' },
  10: { raw: 'password-mismatch', reason: 'admin' },
  11: { raw: 'reboot', reason: 'reboot' },
  12: { raw: 'ranging-failed', reason: 'los' },
};

export const mapReason = (raw: string | null): DeregReason | null => mapReasonText(raw, BDCOM_REASON_RULES);

/**
 * Reason words of the GPON CLI (`inactive-onu`, `onu basic-info` history): `Los` [P, ndce row], `reboot` [P, workbranch
 * history]; `Dying Gasp` / `LOS` from the parsers CLI.md §1 quotes; wire-down assumed as the SNMP enum name.
 */
export const cliReasonWords: ReasonWords = {
  'power-off': 'Dying Gasp',
  los: 'LOS',
  'wire-down': 'wire-down',
  reboot: 'reboot',
  admin: 'admin-down',
};

// ---------------------------------------------------------------------------------------------
// CLI

export const commands = {
  activeOnus: (ponPort?: number) =>
    ponPort ? `show gpon active-onu interface GPON0/${ponPort}` : 'show gpon active-onu',
  inactiveOnus: (ponPort?: number) =>
    ponPort ? `show gpon inactive-onu interface gpon 0/${ponPort}` : 'show gpon inactive-onu',
  onuInformation: (ponPort?: number) =>
    ponPort ? `show gpon onu-information interface gpon 0/${ponPort}` : 'show gpon onu-information',
  onuOptics: (ponPort: number, onuId: number) =>
    `show gpon interface GPON0/${ponPort}:${onuId} onu optical-transceiver-diagnosis`,
  oltSideRx: (ponPort: number, onuId: number) =>
    `show gpon optical-transceiver-diagnosis interface gpon 0/${ponPort}:${onuId}`,
  basicInfo: (ponPort: number, onuId: number) =>
    `show gpon interface GPON0/${ponPort}:${onuId} onu basic-info`,
  macTable: 'show mac address-table',
  macLookup: (dottedMac: string) => `show mac address-table ${dottedMac}`,
  reboot: (ponPort: number, onuId: number) => `gpon reboot onu interface GPON0/${ponPort}:${onuId}`,
  /** switcher-core GP3600 writes the interface with a space (`interface GPON 0/<p>`), then `save`. */
  unbindSequence: (ponPort: number, onuId: number): string[] => [
    'config',
    `interface GPON 0/${ponPort}`,
    `no gpon bind-onu sequence ${onuId}`,
    'exit',
    'exit',
  ],
  save: 'write all',
  cpu: 'show cpu',
  version: 'show version',
} as const;

const IFN = String.raw`(GPON\d+/(\d+):(\d+))`;
const SN = String.raw`([A-Za-z0-9]{4}:?[0-9A-Fa-f]{8})`;
const DT = String.raw`(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}|N/A)`;

export interface BdcomGponActiveRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  serial: string;
  loid: string | null;
  lastRegTime: string | null;
  aliveTime: string;
  distanceM: number | null;
}

export interface BdcomGponInactiveRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  serial: string;
  loid: string | null;
  status: string;
  lastDeregTime: string | null;
  lastDeregReasonRaw: string | null;
  lastDeregReason: DeregReason | null;
}

export interface BdcomGponInfoRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  vendor: string;
  model: string;
  serial: string;
  loid: string | null;
  state: string;
  configState: string;
  time: string | null;
}

const ACTIVE_ROW = new RegExp(String.raw`^\s*${IFN}\s+${SN}\s+(\S+)\s+${DT}\s+(\S+)\s+([\d.]+)\s*$`, 'i');
const INACTIVE_ROW = new RegExp(String.raw`^\s*${IFN}\s+${SN}\s+(\S+)\s+(\S+)\s+${DT}\s*(.*?)\s*$`, 'i');
const INFO_ROW = new RegExp(
  String.raw`^\s*${IFN}\s+(\S+)\s+(\S+)\s+${SN}\s+(\S+)\s+(\S+)\s+(\S+)\s+${DT}\s*$`,
  'i',
);

const na = (s: string | undefined): string | null =>
  s === undefined || /^(n\/a|)$/i.test(s.trim()) ? null : s.trim();

/**
 * `Interface GPON0/11 has bound 1 active ONUs:` heads the listings (workbranch poll blocks). With a count of 0 it
 * proves an empty table; with another count it proves nothing about the columns.
 */
const EMPTY_LISTING = /^\s*Interface \S+ has (?:bound|registered) 0 (?:active |inactive )?ONUs/i;
const LISTING_IGNORE: readonly RegExp[] = [
  ...BDCOM_IGNORE,
  /^\s*Interface \S+ has (?:bound|registered) \d+ (?:active |inactive )?ONUs/i,
];

// Column lines of the GPON listings are not recorded (the captures hold the title and rows only); these follow the
// columns the capture notes name and the EPON headers, so a zero-row table under such a line stays zero rows.
const ACTIVE_GUARD: RowTableGuard = {
  what: 'show gpon active-onu',
  known: [EMPTY_LISTING, /^\s*IntfName\s+(?:SN|Serial)/i],
  ignore: LISTING_IGNORE,
};
const INACTIVE_GUARD: RowTableGuard = {
  what: 'show gpon inactive-onu',
  known: [EMPTY_LISTING, /^\s*IntfName\s+(?:SN|Serial)/i],
  ignore: LISTING_IGNORE,
};
const INFO_GUARD: RowTableGuard = {
  what: 'show gpon onu-information',
  known: [EMPTY_LISTING, /^\s*IntfName\s+VendorID\s+ModelID/i],
  ignore: LISTING_IGNORE,
};
/** Header of the ONU-side table (ru-bot paste, workbranch poll block). */
const OPTICS_GUARD: RowTableGuard = {
  what: 'show gpon … onu optical-transceiver-diagnosis',
  known: [/^\s*interface\s+Temperature\(degree\)\s+Voltage\(V\)/i],
  ignore: BDCOM_IGNORE,
};
/** Header of the OLT-side table (ru-bot paste). */
const OLT_RX_GUARD: RowTableGuard = {
  what: 'show gpon optical-transceiver-diagnosis',
  known: [/^\s*interface\s+RxPower\(dBm\)/i],
  ignore: BDCOM_IGNORE,
};

export function parseActiveOnus(text: string): BdcomGponActiveRow[] {
  const out: BdcomGponActiveRow[] = [];
  for (const line of lines(text)) {
    const m = ACTIVE_ROW.exec(line);
    if (!m) continue;
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      serial: m[4],
      loid: na(m[5]),
      lastRegTime: na(m[6]),
      aliveTime: m[7],
      distanceM: Number(m[8]),
    });
  }
  return rowsOrUnsupported(text, out, ACTIVE_GUARD);
}

export function parseInactiveOnus(text: string): BdcomGponInactiveRow[] {
  const out: BdcomGponInactiveRow[] = [];
  for (const line of lines(text)) {
    const m = INACTIVE_ROW.exec(line);
    if (!m) continue;
    const reasonRaw = na(m[8]);
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      serial: m[4],
      loid: na(m[5]),
      status: m[6],
      lastDeregTime: na(m[7]),
      lastDeregReasonRaw: reasonRaw,
      lastDeregReason: mapReason(reasonRaw),
    });
  }
  return rowsOrUnsupported(text, out, INACTIVE_GUARD);
}

export function parseOnuInformation(text: string): BdcomGponInfoRow[] {
  const out: BdcomGponInfoRow[] = [];
  for (const line of lines(text)) {
    const m = INFO_ROW.exec(line);
    if (!m) continue;
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      vendor: m[4],
      model: m[5],
      serial: m[6],
      loid: na(m[7]),
      state: m[8],
      configState: m[9],
      time: na(m[10]),
    });
  }
  return rowsOrUnsupported(text, out, INFO_GUARD);
}

export interface BdcomGponOpticsRow {
  ponPort: number;
  onuId: number;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  rxDbm: number | null;
  txDbm: number | null;
}

const num = (s: string): number | null => (/^[-+]?\d+(\.\d+)?$/.test(s) ? Number(s) : null);

/** ONU-side table rows `gpon0/11:1 36.5 3.4 12.1 -23.3 2.6` (Temperature Voltage Current Rx Tx). */
export function parseOnuOptics(text: string): BdcomGponOpticsRow[] {
  const out: BdcomGponOpticsRow[] = [];
  for (const line of lines(text)) {
    const m = /^\s*gpon\d+\/(\d+):(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(line);
    if (!m) continue;
    out.push({
      ponPort: Number(m[1]),
      onuId: Number(m[2]),
      temperatureC: num(m[3]),
      voltageV: num(m[4]),
      biasMa: num(m[5]),
      rxDbm: num(m[6]),
      txDbm: num(m[7]),
    });
  }
  return rowsOrUnsupported(text, out, OPTICS_GUARD);
}

/** OLT-side rows `gpon0/6:1    -27.2`. */
export function parseOltSideRx(text: string): { ponPort: number; onuId: number; rxDbm: number | null }[] {
  const out: { ponPort: number; onuId: number; rxDbm: number | null }[] = [];
  for (const line of lines(text)) {
    const m = /^\s*gpon\d+\/(\d+):(\d+)\s+(\S+)\s*$/i.exec(line);
    if (m) out.push({ ponPort: Number(m[1]), onuId: Number(m[2]), rxDbm: num(m[3]) });
  }
  return rowsOrUnsupported(text, out, OLT_RX_GUARD);
}

export interface BdcomGponHistoryRow {
  index: number;
  upTime: string;
  downTime: string | null;
  reasonRaw: string | null;
  reason: DeregReason | null;
}

/** `onu basic-info` history rows: `01 2026-08-07 16:51:50 2026-08-10 12:20:10 reboot`; the open row has no down time. */
export function parseBasicInfoHistory(text: string): BdcomGponHistoryRow[] {
  const out: BdcomGponHistoryRow[] = [];
  const re = new RegExp(String.raw`^\s*(\d{1,3})\s+(${DATE_TIME})(?:\s+(${DATE_TIME}))?(?:\s+(.+?))?\s*$`);
  for (const line of lines(text)) {
    const m = re.exec(line);
    if (!m) continue;
    const reasonRaw = m[4] ? m[4].trim() : null;
    out.push({
      index: Number(m[1]),
      upTime: m[2],
      downTime: m[3] ?? null,
      reasonRaw,
      reason: reasonRaw ? mapReason(reasonRaw) : null,
    });
  }
  return out;
}

export function renderActiveOnus(
  ponLabel: string,
  rows: readonly Omit<BdcomGponActiveRow, 'ponPort' | 'onuId'>[],
): string {
  const body = rows.map(
    (r) =>
      `${col(r.ifName, 15)}${col(r.serial, 17)}${col(r.loid ?? 'N/A', 25)}${r.lastRegTime ?? 'N/A'} ${r.aliveTime}  ${r.distanceM ?? 0}`,
  );
  return [`Interface ${ponLabel} has bound ${rows.length} active ONUs:`, ...body].join('\r\n');
}

export function renderInactiveOnus(
  ponLabel: string,
  rows: readonly Omit<BdcomGponInactiveRow, 'ponPort' | 'onuId' | 'lastDeregReason'>[],
): string {
  const body = rows.map(
    (r) =>
      `${col(r.ifName, 15)}${col(r.serial, 17)}${col(r.loid ?? 'N/A', 25)}${col(r.status, 14)}${r.lastDeregTime ?? 'N/A'} ${r.lastDeregReasonRaw ?? 'N/A'}`,
  );
  return [`Interface ${ponLabel} has bound ${rows.length} inactive ONUs:`, ...body].join('\r\n');
}

export function renderOnuOptics(rows: readonly BdcomGponOpticsRow[]): string {
  const f = (v: number | null): string => (v === null ? 'N/A' : v.toFixed(1));
  return [
    'interface    Temperature(degree)    Voltage(V)    Current(mA)    RxPower(dBm)    TxPower(dBm)',
    '-----------  ---------------------  ------------  -------------  --------------  --------------',
    ...rows.map(
      (r) =>
        `${col(`gpon0/${r.ponPort}:${r.onuId}`, 13)}${col(f(r.temperatureC), 23)}${col(f(r.voltageV), 14)}${col(f(r.biasMa), 15)}${col(f(r.rxDbm), 16)}${f(r.txDbm)}`,
    ),
  ].join('\r\n');
}

export function renderOnuInformation(rows: readonly Omit<BdcomGponInfoRow, 'ponPort' | 'onuId'>[]): string {
  return rows
    .map(
      (r) =>
        `${col(r.ifName, 15)}${col(r.vendor, 10)}${col(r.model, 13)}${col(r.serial, 17)}${col(r.loid ?? 'N/A', 5)}${col(r.state, 9)}${col(r.configState, 14)}${r.time ?? 'N/A'}`,
    )
    .join('\r\n');
}

export function renderOltSideRx(
  rows: readonly { ponPort: number; onuId: number; rxDbm: number | null }[],
): string {
  return [
    'interface    RxPower(dBm)',
    '-----------  --------------',
    ...rows.map(
      (r) => `${col(`gpon0/${r.ponPort}:${r.onuId}`, 13)}${r.rxDbm === null ? 'N/A' : r.rxDbm.toFixed(1)}`,
    ),
  ].join('\r\n');
}

/** `onu basic-info` head plus the history table the parser reads. */
export function renderBasicInfo(v: {
  serial: string;
  distanceM: number;
  onlineDuration: string;
  history: readonly { upTime: string; downTime: string | null; reasonRaw: string | null }[];
}): string {
  return [
    `Serial number ${v.serial}`,
    'Operational state Enabled (1)',
    `Distance ${v.distanceM} m`,
    `Online Duration ${v.onlineDuration}`,
    ...v.history.map((h, i) =>
      [String(i + 1).padStart(2, '0'), h.upTime, h.downTime, h.reasonRaw]
        .filter((x): x is string => x !== null)
        .join(' '),
    ),
  ].join('\r\n');
}
