/**
 * V-SOL EPON (V1600D, V1600D4L, V1600D8 …). Verified on two real recordings (SNMP.md §4):
 * LibreNMS V1600D (16 ONUs, optics strings) and the ispcms V1600D4L walk (116 ONUs in the auth table).
 */
import type { DeregReason, OnuStatus } from '../types';
import {
  distanceMetres,
  mapReasonText,
  mwWithDbmInBrackets,
  textNumber,
  textOrNull,
  macOrRaw,
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
export const mode = 'epon' as const;
export const detect = vsolDetect;
export const telnet = vsolTelnet;

const V = '1.3.6.1.4.1.37950.1.1.5';

export const oids = {
  /** onuAuthInfoTable2 (all bound ONUs), index `<pon>.<onu>`. */
  authPon: `${V}.12.1.25.1.1`,
  authOnu: `${V}.12.1.25.1.2`,
  authStatus: `${V}.12.1.25.1.4`,
  authMac: `${V}.12.1.25.1.5`,
  authDescription: `${V}.12.1.25.1.9`,
  authRtt: `${V}.12.1.25.1.12`,
  authOnuType: `${V}.12.1.25.1.13`,
  authDeregReason: `${V}.12.1.25.1.15`,
  authDistance: `${V}.12.1.25.1.17`,
  authLastRegTime: `${V}.12.1.25.1.18`,
  authLastDeregTime: `${V}.12.1.25.1.19`,
  authAliveTime: `${V}.12.1.25.1.20`,
  /** Online-only copy of the same layout. */
  onlineTable: `${V}.12.1.29.1`,
  /** Per-PON counts, index `<pon>`. */
  ponOnuAll: `${V}.12.1.27.1.2`,
  ponOnuOnline: `${V}.12.1.27.1.3`,
  /** onuSnInfo, index `<pon>.<onu>`. */
  snVendor: `${V}.12.2.1.2.1.3`,
  snModel: `${V}.12.2.1.2.1.4`,
  snOnuId: `${V}.12.2.1.2.1.5`,
  snHwVersion: `${V}.12.2.1.2.1.6`,
  snSwVersion: `${V}.12.2.1.2.1.7`,
  /** ONU optical diagnostics (strings with units), index `<pon>.<onu>`. */
  opmPon: `${V}.12.2.1.8.1.1`,
  opmOnu: `${V}.12.2.1.8.1.2`,
  opmTemperature: `${V}.12.2.1.8.1.3`,
  opmVoltage: `${V}.12.2.1.8.1.4`,
  opmBias: `${V}.12.2.1.8.1.5`,
  opmTxPower: `${V}.12.2.1.8.1.6`,
  opmRxPower: `${V}.12.2.1.8.1.7`,
  modelName: vsolDetect.eponModelOid,
  ...ponTransceiverOids,
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
} as const;

/**
 * Action scalars of the V1600D MIB (`resetOnu`, `noAuthOnu`): the PON and the ONU number go in one SET request,
 * the ONU last, as Ubilling's V_SOL_V1600D template sends them (CLI-ACTIONS §3).
 */
export const actionOids = {
  resetPon: `${V}.12.1.15.1.0`,
  resetOnu: `${V}.12.1.15.2.0`,
  deletePon: `${V}.12.1.8.1.0`,
  deleteOnu: `${V}.12.1.8.2.0`,
} as const;

/**
 * V1600D `v1600dSysCfg` cpuLoad / memoryLoad, percent: [REC] `vsolution_v1600d.snmprec` answers 26 and 18 (LibreNMS
 * reads them as CPU and memory load). The V1600G MIB has no such objects, so V-SOL GPON reports none.
 */
export const healthOids = {
  cpuLoad: `${V}.10.12.3.0`,
  memoryLoad: `${V}.10.12.4.0`,
} as const;

/** ONU tables are indexed `<pon>.<onu>` (1-based PON number). */
export const onuIndex = {
  encode: (ponPort: number, onuId: number): string => `${ponPort}.${onuId}`,
  decode(index: string): { ponPort: number; onuId: number } | null {
    const m = /^(\d+)\.(\d+)$/.exec(index);
    return m ? { ponPort: Number(m[1]), onuId: Number(m[2]) } : null;
  },
};

export const ifName = {
  pon: (ponPort: number): string => `EPON0/${ponPort}`,
  onu: (ponPort: number, onuId: number): string => `EPON0/${ponPort}:${onuId}`,
  parse(name: string): { ponPort: number; onuId: number | null } | null {
    const m = /^epon\s*\d+\/(\d+)(?::(\d+))?$/i.exec(name.trim());
    return m ? { ponPort: Number(m[1]), onuId: m[2] === undefined ? null : Number(m[2]) } : null;
  },
};

export const scale = {
  temperatureC: textNumber(' C'),
  voltageV: textNumber(' V'),
  biasMa: textNumber(' mA'),
  /** `"2.38 mW (3.77 dBm)"` — the dBm is in brackets. */
  txDbm: mwWithDbmInBrackets,
  rxDbm: mwWithDbmInBrackets,
  distanceM: distanceMetres,
  pon: ponTransceiverScale,
};

export const statusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  0: { raw: 'offline', status: 'offline' },
  1: { raw: 'online', status: 'online' },
};

export const deregReasonCodes: Readonly<Record<number, { raw: string; reason: DeregReason | null }>> = {
  0: { raw: 'wire-down', reason: 'wire-down' },
  1: { raw: 'power-off', reason: 'power-off' },
};

/** `"NULL"` means no description. */
export const description = (raw: string | null | undefined): string | null => textOrNull(raw ?? null);

export const mapReason = (raw: string | null): DeregReason | null => mapReasonText(raw, VSOL_REASON_RULES);

/**
 * `show onu status` reason words: `Power Off` [P, OLTCMDRead]; `Wire Down` assumed from the SNMP enum. The firmware
 * knows only these two (`deregReasonCodes`), so LOS and admin downs are written as wire-down.
 */
export const statusReasonWords = { 'power-off': 'Power Off', 'wire-down': 'Wire Down' } as const;

/** What this firmware can say for a reason: power-off, or wire-down for everything else. */
export const eponReason = (reason: DeregReason): 'power-off' | 'wire-down' =>
  reason === 'power-off' ? 'power-off' : 'wire-down';

// ---------------------------------------------------------------------------------------------
// CLI ("EPON-OLT" firmware with global `show onu status`; UPLINK-EP style per-PON commands)

export const commands = {
  enterConfig: 'configure terminal',
  enterPon: (ponPort: number) => `interface epon 0/${ponPort}`,
  statusAll: 'show onu status all',
  statusPon: (ponPort: number) => `show onu status pon ${ponPort},all`,
  opmDiagOne: (ponPort: number, onuId: number) => `show onu opm-diag pon ${ponPort},${onuId}`,
  opmDiagPon: 'show onu opm-diag',
  authInfo: 'show onu auth-info',
  basicInfo: 'show onu basic-info',
  macTable: 'show mac address-table',
  onuMacTable: (onuId: number) => `show onu ${onuId} mac-address-table`,
  reboot: (onuId: number) => `onu ${onuId} ctc reset`,
  delete: (onuId: number) => `no onu auth onuid ${onuId}`,
  version: 'show version',
} as const;

export interface VsolEponStatusRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  status: OnuStatus;
  statusRaw: string;
  mac: string;
  distanceM: number | null;
  rtt: number;
  lastRegTime: string | null;
  lastDeregTime: string | null;
  lastDeregReasonRaw: string | null;
  lastDeregReason: DeregReason | null;
  aliveTime: string;
  description: string | null;
}

/** V-SOL error and event lines: output made only of them is not an unknown layout. */
const IGNORE: readonly RegExp[] = [...vsolTelnet.errorLines, ...vsolTelnet.eventLines];

/** A guard with this brand's ignored lines plus `noise`: titles and footers that prove nothing about the columns. */
const guard = (what: string, known: RegExp[], noise: RegExp[] = []): RowTableGuard => ({
  what,
  known,
  ignore: [...IGNORE, ...noise],
});

// Headers from the sightops and oltcmdread captures; `show onu status` has no recorded header, so its pattern
// follows the columns the oltcmdread notes name (ONU-ID Status MAC …).
const STATUS_GUARD = guard('show onu status', [/^\s*ONU-ID\s+Status\s+MAC/i]);
const OPM_GUARD = guard('show onu opm-diag', [/^\s*ONU-ID\s+Temperature\(C\)/i]);
const AUTH_GUARD = guard('show onu auth-info', [/^\s*ONU-ID\s+LLID\s+Status/i]);
const BASIC_GUARD = guard('show onu basic-info', [/^\s*ONU-ID\s+VendorID\s+Model/i]);
const MAC_TITLE = /^\s*Mac Address Table\b/i;
const ONU_MAC_GUARD = guard('show onu mac-address-table', [/^\s*Index\s+VLAN\s+MAC\s+Address/i], [MAC_TITLE]);
// The global table's header is not recorded; a `Vlan … MAC` column line is taken as known (inferred).
const GLOBAL_MAC_GUARD = guard('show mac address-table', [/^\s*(?:Vlan|VID)\s+MAC/i], [MAC_TITLE]);

const DT = String.raw`(\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}|N/A)`;
const STATUS_ROW = new RegExp(
  String.raw`^\s*(EPON\d+/(\d+):(\d+))\s+(online|offline)\s+([0-9a-f:]{17})\s+(\d+)\s+(\d+)\s+${DT}\s+${DT}\s+(.+?)\s{2,}(\d+ \d{2}:\d{2}:\d{2}|\d{2}:\d{2}:\d{2})\s+(.*?)\s*$`,
  'i',
);

export function parseStatusRows(text: string): VsolEponStatusRow[] {
  const out: VsolEponStatusRow[] = [];
  for (const line of lines(text)) {
    const m = STATUS_ROW.exec(line);
    if (!m) continue;
    const reasonRaw = textOrNull(m[10]);
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      status: m[4].toLowerCase() === 'online' ? 'online' : 'offline',
      statusRaw: m[4],
      mac: macOrRaw(m[5]),
      distanceM: distanceMetres.decode(Number(m[6])),
      rtt: Number(m[7]),
      lastRegTime: textOrNull(m[8]),
      lastDeregTime: textOrNull(m[9]),
      lastDeregReasonRaw: reasonRaw,
      lastDeregReason: mapReason(reasonRaw),
      aliveTime: m[11],
      description: textOrNull(m[12]),
    });
  }
  return rowsOrUnsupported(text, out, STATUS_GUARD);
}

export interface VsolOpmRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  txDbm: number | null;
  rxDbm: number | null;
}

const numOrNull = (s: string): number | null => (/^[-+]?\d+(\.\d+)?$/.test(s) ? Number(s) : null);

/** `show onu opm-diag`: `ONU-ID Temperature(C) Supply Voltage(V) TX Bias Current(mA) TX Power(dBm) RX Power(dBm)`. */
export function parseOpmDiag(text: string): VsolOpmRow[] {
  const out: VsolOpmRow[] = [];
  for (const line of lines(text)) {
    const m = /^\s*(EPON\d+\/(\d+):(\d+))\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(line);
    if (!m) continue;
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      temperatureC: numOrNull(m[4]),
      voltageV: numOrNull(m[5]),
      biasMa: numOrNull(m[6]),
      txDbm: numOrNull(m[7]),
      rxDbm: numOrNull(m[8]),
    });
  }
  return rowsOrUnsupported(text, out, OPM_GUARD);
}

export interface VsolAuthInfoRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  llid: number;
  status: OnuStatus;
  mac: string;
  rtt: number;
  description: string | null;
}

/** `show onu auth-info` (UPLINK-EP style): `ONU-ID LLID Status MAC Address RTT(TQ) Description`. */
export function parseAuthInfo(text: string): VsolAuthInfoRow[] {
  const out: VsolAuthInfoRow[] = [];
  for (const line of lines(text)) {
    const m =
      /^\s*(EPON\d+\/(\d+):(\d+))\s+(\d+)\s+(online|offline)\s+([0-9a-f:]{17})\s+(\d+)\s*(.*?)\s*$/i.exec(
        line,
      );
    if (!m) continue;
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      llid: Number(m[4]),
      status: m[5].toLowerCase() === 'online' ? 'online' : 'offline',
      mac: macOrRaw(m[6]),
      rtt: Number(m[7]),
      description: textOrNull(m[8]),
    });
  }
  return rowsOrUnsupported(text, out, AUTH_GUARD);
}

export interface VsolOnuMacRow {
  vlan: number;
  mac: string;
  ponPort: number;
  onuId: number;
}

/** `show onu <n> mac-address-table`: `Index VLAN MAC Address PON ONU Aging(s)`. */
export function parseOnuMacTable(text: string): VsolOnuMacRow[] {
  const out: VsolOnuMacRow[] = [];
  for (const line of lines(text)) {
    const m = /^\s*\d+\s+(\d+)\s+([0-9a-f:]{17})\s+EPON\d+\/(\d+)\s+(\d+)\s+\d+\s*$/i.exec(line);
    if (m) out.push({ vlan: Number(m[1]), mac: macOrRaw(m[2]), ponPort: Number(m[3]), onuId: Number(m[4]) });
  }
  return rowsOrUnsupported(text, out, ONU_MAC_GUARD);
}

/** Global `show mac address-table`: `1  11:22:33:44:55:66  Dynamic  epon0/1  255  1` — PON only, the last number is not the ONU id. */
export function parseGlobalMacTable(
  text: string,
): { vlan: number; mac: string; ponPort: number | null; port: string }[] {
  const out: { vlan: number; mac: string; ponPort: number | null; port: string }[] = [];
  for (const line of lines(text)) {
    const m = /^\s*(\d+)\s+([0-9a-f:]{17})\s+(\S+)\s+(\S+)\s+/i.exec(line);
    if (!m) continue;
    const p = /^epon\d+\/(\d+)$/i.exec(m[4]);
    out.push({ vlan: Number(m[1]), mac: macOrRaw(m[2]), port: m[4], ponPort: p ? Number(p[1]) : null });
  }
  return rowsOrUnsupported(text, out, GLOBAL_MAC_GUARD);
}

export interface VsolBasicInfoRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  vendor: string;
  model: string;
  id: string;
  hwVersion: string;
  swVersion: string;
  type: string | null;
  interfaceType: string | null;
}

/** `show onu basic-info`: `ONU-ID VendorID Model ID hwVer SwVer [Type Interface-Type]`. */
export function parseBasicInfo(text: string): VsolBasicInfoRow[] {
  const out: VsolBasicInfoRow[] = [];
  for (const line of lines(text)) {
    const m =
      /^\s*(EPON\d+\/(\d+):(\d+))\s+(\S+)\s+(\S+)\s+([0-9A-Fa-f]{12})\s+(\S+)\s+(\S+)(?:\s+(\S+))?(?:\s+(\S+))?\s*$/.exec(
        line,
      );
    if (!m) continue;
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      vendor: m[4],
      model: m[5],
      id: m[6],
      hwVersion: m[7],
      swVersion: m[8],
      type: m[9] ?? null,
      interfaceType: m[10] ?? null,
    });
  }
  return rowsOrUnsupported(text, out, BASIC_GUARD);
}

/** `show onu basic-info` as the UPLINK-EP-style firmware prints it (sightops capture layout). */
export function renderBasicInfo(rows: readonly Omit<VsolBasicInfoRow, 'ponPort' | 'onuId'>[]): string {
  return [
    'ONU-ID      VendorID  Model     ID            hwVer     SwVer        Type   Interface Type',
    ...rows.map((r) =>
      `${col(r.ifName, 12)}${col(r.vendor, 10)}${col(r.model, 10)}${col(r.id, 14)}${col(r.hwVersion, 10)}${col(r.swVersion, 13)}${col(r.type ?? '', 7)}${r.interfaceType ?? ''}`.trimEnd(),
    ),
  ].join('\r\n');
}

/** `show onu discover`: `Index PON-ID LLID MAC Address Link CTC OAM Stats`. */
export function parseDiscover(text: string): { ponPort: number; llid: number; mac: string; link: string }[] {
  const out: { ponPort: number; llid: number; mac: string; link: string }[] = [];
  for (const line of lines(text)) {
    const m = /^\s*\d+\s+EPON\d+\/(\d+)\s+(\d+)\s+([0-9a-f:]{17})\s+(\S+)/i.exec(line);
    if (m) out.push({ ponPort: Number(m[1]), llid: Number(m[2]), mac: macOrRaw(m[3]), link: m[4] });
  }
  return out;
}

/** `show onu N ctc eth P port_info|autoneg|loopdetect`: a two-column `PortId <value>` table. */
export function parseEthPortTable(text: string): { port: number; value: string }[] {
  const out: { port: number; value: string }[] = [];
  for (const line of lines(text)) {
    const m = /^\s*(\d+)\s+(\S+)\s*$/.exec(line);
    if (m) out.push({ port: Number(m[1]), value: m[2] });
  }
  return out;
}

export function renderStatusRows(
  rows: readonly Omit<VsolEponStatusRow, 'ponPort' | 'onuId' | 'lastDeregReason' | 'status'>[],
): string {
  return rows
    .map(
      (r) =>
        `${col(r.ifName, 12)}${col(r.statusRaw, 10)}${col(r.mac, 21)}${col(r.distanceM ?? 0, 13)}${col(r.rtt, 8)}${col(r.lastRegTime ?? 'N/A', 24)}${col(r.lastDeregTime ?? 'N/A', 24)}${col(r.lastDeregReasonRaw ?? 'N/A', 18)}${col(r.aliveTime, 13)}${r.description ?? 'N/A'}`,
    )
    .join('\r\n');
}

export function renderOpmDiag(rows: readonly VsolOpmRow[]): string {
  const f = (v: number | null): string => (v === null ? 'N/A' : v.toFixed(2));
  return [
    'ONU-ID      Temperature(C)    Supply Voltage(V)   TX Bias Current(mA)   TX Power(dBm)   RX Power(dBm)',
    '------      --------------    -----------------   -------------------   -------------   -------------',
    ...rows.map(
      (r) =>
        `${col(r.ifName, 12)}${col(f(r.temperatureC), 18)}${col(f(r.voltageV), 20)}${col(f(r.biasMa), 22)}${col(f(r.txDbm), 16)}${f(r.rxDbm)}`,
    ),
  ].join('\r\n');
}

export function renderAuthInfo(
  rows: readonly Omit<VsolAuthInfoRow, 'ponPort' | 'onuId' | 'status'>[],
  online: readonly boolean[],
): string {
  return [
    'ONU-ID      LLID   Status    MAC  Address         RTT(TQ) Description',
    ...rows.map(
      (r, i) =>
        `${col(r.ifName, 12)}${col(r.llid, 7)}${col(online[i] ? 'online' : 'offline', 10)}${col(r.mac, 20)}${col(r.rtt, 8)}${r.description ?? 'N/A'}`,
    ),
  ].join('\r\n');
}

export function renderOnuMacTable(rows: readonly VsolOnuMacRow[]): string {
  return [
    ' Mac Address Table',
    '----------------------------------------------------------',
    'Index   VLAN   MAC  Address         PON       ONU    Aging(s)',
    ...rows.map(
      (r, i) =>
        `${col(i + 1, 8)}${col(r.vlan, 7)}${col(r.mac, 20)}${col(`EPON0/${r.ponPort}`, 10)}${col(r.onuId, 7)}255`,
    ),
    '',
    ` Total Addresses Found in System :${rows.length}`,
  ].join('\r\n');
}
