/**
 * BDCOM EPON (P3310/P3608/P3616 …). No public recording of the ONU tables exists: OIDs follow the NMS MIBs
 * and third-party pollers (SNMP.md §2); CLI formats follow the pasted rows in CLI.md §1.
 */
import type { DeregReason, OnuStatus } from '../types';
import {
  distanceMetres,
  integerScale,
  macToBytes,
  mapReasonText,
  multiplyScale,
  normalizeMac,
  macOrRaw,
} from './codec';
import { BDCOM_DATE, BDCOM_IGNORE, BDCOM_REASON_RULES, bdcomDetect, bdcomTelnet } from './bdcom-common';
import { type RowTableGuard, rowsOrUnsupported } from '../parse/row-table-guard';
import { col, lines } from './cli-common';

export const brand = 'bdcom' as const;
export const mode = 'epon' as const;
export const detect = bdcomDetect;
export const telnet = bdcomTelnet;

const E = '1.3.6.1.4.1.3320.101';

export const oids = {
  /** NMS-EPON-ONU onuTable, indexed by the ONU virtual-interface ifIndex. */
  onuVendor: `${E}.10.1.1.1`,
  onuModel: `${E}.10.1.1.2`,
  onuMac: `${E}.10.1.1.3`,
  onuStatus: `${E}.10.1.1.26`,
  onuDistance: `${E}.10.1.1.27`,
  /** onuReset, write-only: reset(0), no-reset(1) — the inverted sense is the MIB's (`onuResetValues`). */
  onuReset: `${E}.10.1.1.29`,
  onuLastAlive: `${E}.10.1.1.80`,
  onuMacAlt: `${E}.10.4.1.1`,
  /** ONU-side optical module (ifIndex). */
  onuTemperature: `${E}.10.5.1.2`,
  onuVoltage: `${E}.10.5.1.3`,
  onuBias: `${E}.10.5.1.4`,
  onuRxPower: `${E}.10.5.1.5`,
  onuTxPower: `${E}.10.5.1.6`,
  /** What the OLT receives from each ONU (ifIndex). */
  oltRxPower: `${E}.108.1.3`,
  /** LLID bind table, indexed `<ponIfIndex>.<6 MAC octets>`. */
  bindMac: `${E}.11.1.1.3`,
  bindDescription: `${E}.11.1.1.4`,
  bindStatus: `${E}.11.1.1.6`,
  bindDistance: `${E}.11.1.1.7`,
  bindRtt: `${E}.11.1.1.8`,
  bindLastRegTime: `${E}.11.1.1.9`,
  bindLastDeregTime: `${E}.11.1.1.10`,
  bindLastDeregReason: `${E}.11.1.1.11`,
  /** PON port table (PON ifIndex). */
  ponActiveOnus: `${E}.6.1.1.21`,
  ponInactiveOnus: `${E}.6.1.1.22`,
  ponLlidIfIndexList: `${E}.6.1.1.23`,
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
  ifAlias: '1.3.6.1.2.1.31.1.1.1.18',
} as const;

/** NMS-EPON-ONU `onuReset` values (NMS-EPON-ONU.MIB line 452; Ubilling and plugin_bdcom write 0). */
export const onuResetValues = { reset: 0, noReset: 1 } as const;

/** Interface naming: `EPON0/<pon>` for the port, `EPON0/<pon>:<onu>` for an ONU (ifIndex itself is arbitrary). */
export const ifName = {
  pon: (ponPort: number, slot = 0): string => `EPON${slot}/${ponPort}`,
  onu: (ponPort: number, onuId: number, slot = 0): string => `EPON${slot}/${ponPort}:${onuId}`,
  parse(name: string): { slot: number; ponPort: number; onuId: number | null } | null {
    const m = /^epon\s*(\d+)\/(\d+)(?::(\d+))?$/i.exec(name.trim());
    return m
      ? { slot: Number(m[1]), ponPort: Number(m[2]), onuId: m[3] === undefined ? null : Number(m[3]) }
      : null;
  },
};

/** Bind-table index `<ponIfIndex>.<m1>.<m2>…<m6>` both ways. */
export const bindIndex = {
  encode: (ponIfIndex: number, mac: string): string => [ponIfIndex, ...macToBytes(mac)].join('.'),
  decode(index: string): { ponIfIndex: number; mac: string } | null {
    const parts = index.split('.').map(Number);
    if (parts.length !== 7 || parts.some((n) => !Number.isInteger(n) || n < 0)) return null;
    const mac = normalizeMac(Uint8Array.from(parts.slice(1)));
    return mac ? { ponIfIndex: parts[0], mac } : null;
  },
};

/** "No reading" values seen from BDCOM pollers for optics. */
export const OPTIC_SENTINELS = [0, -65535, 65535, 2147483648, -2147483648, 2147483647] as const;

export const scale = {
  rxDbm: integerScale(10, OPTIC_SENTINELS),
  txDbm: integerScale(10, OPTIC_SENTINELS),
  oltRxDbm: integerScale(10, OPTIC_SENTINELS),
  temperatureC: integerScale(256, [-65535, 65535, 2147483647, -2147483648]),
  voltageV: integerScale(10000, [0, -65535, 65535]),
  biasMa: multiplyScale(0.002, [-65535, 65535]),
  distanceM: distanceMetres,
};

/** onuStatus (101.10.1.1.26); pollers treat auto_config(3) as the normal online state. */
export const onuStatusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  0: { raw: 'authenticated', status: 'online' },
  1: { raw: 'registered', status: 'online' },
  2: { raw: 'deregistered', status: 'offline' },
  3: { raw: 'auto_config', status: 'online' },
  4: { raw: 'lost', status: 'offline' },
  5: { raw: 'standby', status: 'offline' },
};

export const bindStatusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  0: { raw: 'authenticated', status: 'online' },
  1: { raw: 'registered', status: 'online' },
  2: { raw: 'deregistered', status: 'offline' },
  3: { raw: 'discovered', status: 'offline' },
  4: { raw: 'lost', status: 'offline' },
  5: { raw: 'auto_configured', status: 'online' },
  255: { raw: 'unknow', status: 'unknown' },
};

/** Last dereg reason (bind table .11). */
export const deregReasonCodes: Readonly<Record<number, { raw: string; reason: DeregReason | null }>> = {
  // `normal`: the ONU deregistered itself in order (a restart, `epon reboot onu`), not a fault or a block.
  2: { raw: 'normal', reason: 'reboot' },
  3: { raw: 'mpcp-down', reason: 'los' },
  4: { raw: 'oam-down', reason: 'los' },
  5: { raw: 'firmware-download', reason: 'reboot' },
  6: { raw: 'illegal-mac', reason: 'admin' },
  7: { raw: 'llid-admin-down', reason: 'admin' },
  8: { raw: 'wire-down', reason: 'wire-down' },
  9: { raw: 'power-off', reason: 'power-off' },
  255: { raw: 'unknow', reason: 'unknown' },
};

export const mapReason = (raw: string | null): DeregReason | null => mapReasonText(raw, BDCOM_REASON_RULES);

// ---------------------------------------------------------------------------------------------
// CLI

export const commands = {
  activeOnus: (ponPort?: number) =>
    ponPort ? `show epon active-onu interface epon0/${ponPort}` : 'show epon active-onu',
  inactiveOnus: (ponPort?: number) =>
    ponPort ? `show epon inactive-onu interface epon0/${ponPort}` : 'show epon inactive-onu',
  onuInformation: (ponPort?: number) =>
    ponPort ? `show epon onu-information interface epon0/${ponPort}` : 'show epon onu-information',
  onuOptics: (ponPort: number, onuId: number) =>
    `show epon interface epon0/${ponPort}:${onuId} onu ctc optical-transceiver-diagnosis`,
  oltSideRx: (ponPort: number) => `show epon optical-transceiver-diagnosis interface epon 0/${ponPort}`,
  macTable: 'show mac address-table',
  macLookup: (dottedMac: string) => `show mac address-table ${dottedMac}`,
  reboot: (ponPort: number, onuId: number) => `epon reboot onu interface EPON0/${ponPort}:${onuId}`,
  /** Delete = unbind inside the PON interface (CLI-ACTIONS §1), then `save`. Several ONUs: one unbind each. */
  unbindSequence: (ponPort: number, onuIds: readonly number[]): string[] => [
    'config',
    `interface EPON0/${ponPort}`,
    ...onuIds.map((o) => `no epon bind-onu sequence ${o}`),
    'exit',
    'exit',
  ],
  /** Ubilling's save after an unbind; without it the binding returns after an OLT reboot. */
  save: 'write all',
  cpu: 'show cpu',
  version: 'show version',
} as const;

export interface BdcomEponActiveRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  mac: string;
  status: string;
  oamStatus: string;
  distanceM: number;
  rtt: number;
  lastRegTime: string | null;
  lastDeregTime: string | null;
  lastDeregReasonRaw: string | null;
  lastDeregReason: DeregReason | null;
  aliveTime: string;
}

export interface BdcomEponInactiveRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  mac: string;
  status: string;
  lastRegTime: string | null;
  lastDeregTime: string | null;
  lastDeregReasonRaw: string | null;
  lastDeregReason: DeregReason | null;
  absentTime: string;
}

export interface BdcomEponInfoRow {
  ifName: string;
  ponPort: number;
  onuId: number;
  vendor: string;
  model: string;
  mac: string;
  description: string | null;
  bindType: string;
  status: string;
  deregReasonRaw: string | null;
  deregReason: DeregReason | null;
}

const IFN = String.raw`(EPON\d+/(\d+):(\d+))`;
const DOT_MAC = String.raw`([0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4})`;
const STATUS = String.raw`(auto-configured|auto-configuring|authenticated|registered|deregistered|lost|standby|discovered|unknow)`;

// The ONU id and the next column can touch (`EPON0/12:13a0e8.e6d3.fa37`): the MAC pattern decides the split.
const ACTIVE_ROW = new RegExp(
  String.raw`^\s*${IFN}\s*${DOT_MAC}\s+${STATUS}\s+(\S+)\s+(\d+)\s+(\d+)\s+(${BDCOM_DATE})\s+(${BDCOM_DATE})\s+(\S+)\s+(.*?)\s*$`,
  'i',
);
const INACTIVE_ROW = new RegExp(
  String.raw`^\s*${IFN}\s*${DOT_MAC}\s+${STATUS}\s+(${BDCOM_DATE})\s+(${BDCOM_DATE})\s+(\S+)\s+(.*?)\s*$`,
  'i',
);
const INFO_ROW = new RegExp(
  String.raw`^\s*${IFN}\s*(\S+?)\s+(\S+)\s+${DOT_MAC}\s+(.*?)\s+(static|dynamic)\s+${STATUS}\s*(\S+)\s*$`,
  'i',
);

const na = (s: string): string | null => (/^n\/a$/i.test(s.trim()) ? null : s.trim());

/**
 * `Interface EPON0/8 has bound 1 active ONUs:` / `… has registered 1 ONUs:` heads each listing. With a count of 0
 * it proves an empty table; with another count it proves nothing about the columns.
 */
const EMPTY_LISTING = /^\s*Interface \S+ has (?:bound|registered) 0 (?:active |inactive )?ONUs/i;
const LISTING_IGNORE: readonly RegExp[] = [
  ...BDCOM_IGNORE,
  /^\s*Interface \S+ has (?:bound|registered) \d+ (?:active |inactive )?ONUs/i,
];

// Headers as in the nestjs-vendor and noc pastes (the 80-column wrap leaves the first half on its own line).
const ACTIVE_GUARD: RowTableGuard = {
  what: 'show epon active-onu',
  known: [EMPTY_LISTING, /^\s*IntfName\s+MAC Address\s+Status\s+OAM Status/i],
  ignore: LISTING_IGNORE,
};
const INACTIVE_GUARD: RowTableGuard = {
  what: 'show epon inactive-onu',
  known: [EMPTY_LISTING, /^\s*IntfName\s+MAC Address\s+Status\s+LastRegTime/i],
  ignore: LISTING_IGNORE,
};
const INFO_GUARD: RowTableGuard = {
  what: 'show epon onu-information',
  known: [EMPTY_LISTING, /^\s*IntfName\s+VendorID\s+ModelID\s+MAC Address/i],
  ignore: LISTING_IGNORE,
};
const OLT_RX_GUARD: RowTableGuard = {
  what: 'show epon optical-transceiver-diagnosis',
  // No EPON header is recorded; the GPON one (`interface RxPower(dBm)`) is the closest evidence.
  known: [/^\s*interface\s+RxPower\(dBm\)/i],
  ignore: BDCOM_IGNORE,
};

export function parseActiveOnus(text: string): BdcomEponActiveRow[] {
  const out: BdcomEponActiveRow[] = [];
  for (const line of lines(text)) {
    const m = ACTIVE_ROW.exec(line);
    if (!m) continue;
    const reasonRaw = na(m[11]);
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      mac: macOrRaw(m[4]),
      status: m[5],
      oamStatus: m[6],
      distanceM: Number(m[7]),
      rtt: Number(m[8]),
      lastRegTime: na(m[9]),
      lastDeregTime: na(m[10]),
      lastDeregReasonRaw: reasonRaw,
      lastDeregReason: mapReason(reasonRaw),
      aliveTime: m[12],
    });
  }
  return rowsOrUnsupported(text, out, ACTIVE_GUARD);
}

export function parseInactiveOnus(text: string): BdcomEponInactiveRow[] {
  const out: BdcomEponInactiveRow[] = [];
  for (const line of lines(text)) {
    const m = INACTIVE_ROW.exec(line);
    if (!m) continue;
    const reasonRaw = na(m[8]);
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      mac: macOrRaw(m[4]),
      status: m[5],
      lastRegTime: na(m[6]),
      lastDeregTime: na(m[7]),
      lastDeregReasonRaw: reasonRaw,
      lastDeregReason: mapReason(reasonRaw),
      absentTime: m[9],
    });
  }
  return rowsOrUnsupported(text, out, INACTIVE_GUARD);
}

/** Joins the 80-column wrap: a row's tail continues on the next line indented by 4 spaces. */
export function unwrap80(text: string): string {
  const src = lines(text);
  const out: string[] = [];
  for (const line of src) {
    if (/^ {4}\S/.test(line) && out.length > 0 && !/^\s*$/.test(out[out.length - 1])) {
      out[out.length - 1] = `${out[out.length - 1]} ${line.trim()}`;
    } else out.push(line);
  }
  return out.join('\n');
}

export function parseOnuInformation(text: string): BdcomEponInfoRow[] {
  const out: BdcomEponInfoRow[] = [];
  for (const line of lines(unwrap80(text))) {
    const m = INFO_ROW.exec(line);
    if (!m) continue;
    const reasonRaw = na(m[10]);
    out.push({
      ifName: m[1],
      ponPort: Number(m[2]),
      onuId: Number(m[3]),
      vendor: m[4],
      model: m[5],
      mac: macOrRaw(m[6]),
      description: na(m[7]),
      bindType: m[8],
      status: m[9],
      deregReasonRaw: reasonRaw,
      deregReason: mapReason(reasonRaw),
    });
  }
  return rowsOrUnsupported(text, out, INFO_GUARD);
}

/** `show epon interface …:N onu ctc optical-transceiver-diagnosis` key: value lines. */
export function parseOnuOptics(text: string): {
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  txDbm: number | null;
  rxDbm: number | null;
} {
  const get = (re: RegExp): number | null => {
    const m = re.exec(text);
    return m ? Number(m[1]) : null;
  };
  const num = String.raw`\s*:\s*([-+]?\d+(?:\.\d+)?)`;
  return {
    temperatureC: get(new RegExp(`operating temperature\\(degree\\)${num}`, 'i')),
    voltageV: get(new RegExp(`supply voltage\\(V\\)${num}`, 'i')),
    biasMa: get(new RegExp(`bias current\\(mA\\)${num}`, 'i')),
    txDbm: get(new RegExp(`transmitted power\\(DBm\\)${num}`, 'i')),
    rxDbm: get(new RegExp(`received power\\(DBm\\)${num}`, 'i')),
  };
}

/** OLT-side rx rows `epon0/1:53   -24.6`. */
export function parseOltSideRx(text: string): { ponPort: number; onuId: number; rxDbm: number | null }[] {
  const out: { ponPort: number; onuId: number; rxDbm: number | null }[] = [];
  for (const line of lines(text)) {
    const m = /^\s*epon\d+\/(\d+):(\d+)\s+(\S+)\s*$/i.exec(line);
    if (m)
      out.push({
        ponPort: Number(m[1]),
        onuId: Number(m[2]),
        rxDbm: /^-?\d/.test(m[3]) ? Number(m[3]) : null,
      });
  }
  return rowsOrUnsupported(text, out, OLT_RX_GUARD);
}

// ---------------------------------------------------------------------------------------------
// Rendering (for the simulator): the same fixed columns the real firmware uses, overlap included.

const fmtDate = (d: string | null): string => col(d ?? 'N/A', 19);

export function renderActiveOnus(
  ponLabel: string,
  rows: readonly Omit<BdcomEponActiveRow, 'ponPort' | 'onuId' | 'lastDeregReason'>[],
): string {
  const head = [
    `Interface ${ponLabel} has bound ${rows.length} active ONUs:`,
    'IntfName         MAC Address    Status           OAM Status   Distance(m) RTT(TQ) LastRegTime         LastDeregTime       LastDeregReason   Alivetime',
    '---------------- -------------- ---------------- ------------ ----------- ------- ------------------- ------------------- ----------------- ------------',
  ];
  const body = rows.map(
    (r) =>
      `${col(r.ifName, 17)}${col(dotted(r.mac), 15)}${col(r.status, 17)}${col(r.oamStatus, 13)}${col(r.distanceM, 12)}${col(r.rtt, 8)}${fmtDate(r.lastRegTime)} ${fmtDate(r.lastDeregTime)} ${col(r.lastDeregReasonRaw ?? 'N/A', 18)}${r.aliveTime}`,
  );
  return [...head, ...body].join('\r\n');
}

export function renderInactiveOnus(
  ponLabel: string,
  rows: readonly Omit<BdcomEponInactiveRow, 'ponPort' | 'onuId' | 'lastDeregReason'>[],
): string {
  const head = [
    `Interface ${ponLabel} has bound ${rows.length} inactive ONUs:`,
    'IntfName         MAC Address    Status           LastRegTime         LastDeregTime       LastDeregReason   Absenttime',
    '---------------- -------------- ---------------- ------------------- ------------------- ----------------- ------------',
  ];
  const body = rows.map(
    (r) =>
      `${col(r.ifName, 17)}${col(dotted(r.mac), 15)}${col(r.status, 17)}${fmtDate(r.lastRegTime)} ${fmtDate(r.lastDeregTime)} ${col(r.lastDeregReasonRaw ?? 'N/A', 18)}${r.absentTime}`,
  );
  return [...head, ...body].join('\r\n');
}

export function renderOnuOptics(v: {
  temperatureC: number;
  voltageV: number;
  biasMa: number;
  txDbm: number;
  rxDbm: number;
}): string {
  return [
    ` operating temperature(degree): ${v.temperatureC}`,
    ` supply voltage(V): ${v.voltageV}`,
    ` bias current(mA): ${v.biasMa}`,
    ` transmitted power(DBm): ${v.txDbm}`,
    ` received power(DBm): ${v.rxDbm}`,
  ].join('\r\n');
}

function dotted(mac: string): string {
  const hex = (normalizeMac(mac) ?? mac).replace(/:/g, '');
  return `${hex.slice(0, 4)}.${hex.slice(4, 8)}.${hex.slice(8, 12)}`;
}

/** `show epon onu-information` with `terminal width 0` (no wrap); columns as on P3310C. */
export function renderOnuInformation(
  ponLabel: string,
  rows: readonly Omit<BdcomEponInfoRow, 'ponPort' | 'onuId' | 'deregReason'>[],
): string {
  const head = [
    `Interface ${ponLabel} has registered ${rows.length} ONUs:`,
    'IntfName   VendorID  ModelID    MAC Address    Description                     BindType  Status          Dereg Reason',
    '---------- --------- ---------- -------------- ------------------------------- --------- --------------- -----------------',
  ];
  const body = rows.map(
    (r) =>
      `${col(r.ifName, 11)}${col(r.vendor, 10)}${col(r.model, 11)}${col(dotted(r.mac), 15)}${col(r.description ?? 'N/A', 32)}${col(r.bindType, 10)}${col(r.status, 16)}${r.deregReasonRaw ?? 'N/A'}`,
  );
  return [...head, ...body].join('\r\n');
}

/**
 * The same table on a fresh session (80 columns, no `terminal width 0`): every header, separator and row wraps onto
 * a second line indented by 4 spaces; widths from the nestjs-vendor paste.
 */
export function renderOnuInformationWrapped(
  ponLabel: string,
  rows: readonly Omit<BdcomEponInfoRow, 'ponPort' | 'onuId' | 'deregReason'>[],
): string {
  const head = [
    'IntfName         VendorID ModelID    MAC Address    Description',
    '    BindType Status           Dereg Reason',
    '---------------- -------- ---------- -------------- ----------------------------',
    '--- -------- ---------------- -----------------',
  ];
  const body = rows.flatMap((r) => [
    `${col(r.ifName, 17)}${col(r.vendor, 9)}${col(r.model, 11)}${col(dotted(r.mac), 15)}${r.description ?? 'N/A'}`,
    `    ${col(r.bindType, 9)}${col(r.status, 17)}${r.deregReasonRaw ?? 'N/A'}`,
  ]);
  return [`Interface ${ponLabel} has registered ${rows.length} ONUs:`, ...head, ...body].join('\r\n');
}

export function renderOltSideRx(
  rows: readonly { ponPort: number; onuId: number; rxDbm: number | null }[],
): string {
  return rows
    .map((r) => `${col(`epon0/${r.ponPort}:${r.onuId}`, 13)}${r.rxDbm === null ? 'N/A' : r.rxDbm.toFixed(1)}`)
    .join('\r\n');
}
