/**
 * C-Data (NSCRTV tree 17409, FD tree 34592). The real recording has system + ifTable only (SNMP.md §6);
 * ONU tables follow the NSCRTV MIBs. CLI is the Huawei-like `ont …` dialect (CLI.md §3).
 */
import type { PonMode } from '../types';
import type { TelnetProfile } from '@pondesk/device-telnet';
import {
  COMMON_REASON_RULES,
  distanceMetres,
  meaningfulTime,
  normalizeMac,
  textOrNull,
  type ReasonRule,
  type ReasonWords,
  macOrRaw,
} from './codec';
import { GENERIC_PRIVILEGED_PROMPT, GENERIC_PROMPT, LOGIN_PROMPT, col, lines } from './cli-common';
import {
  normalizeLabel,
  readHeaderTable,
  renderHeader,
  renderRow,
  type TableLayout,
  type TableSpec,
} from '../parse/header-table';
import { DriverError, DriverErrorCode } from '../support/driver.exception';

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

const FLAT_ONU_BASE = 0x480000;

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
  /**
   * GPON V3 firmware (the XGS-PON recording, CLI-ACTIONS.md §5.2) numbers ONUs flat:
   * `0x480000 + (port − 1)·0x1000 + onu` (4718593 = port 1, ONU 1), with no device byte. Null for an index
   * of the NSCRTV `device|card|port|onu` layout, whose top byte is the device number (1 and up).
   */
  decodeFlat(onuDeviceIndex: number): { ponPort: number; onuId: number } | null {
    const off = onuDeviceIndex - FLAT_ONU_BASE;
    if (onuDeviceIndex >>> 24 !== 0 || off < 0 || off >= 0x80000) return null;
    return { ponPort: (off >> 12) + 1, onuId: off & 0xfff };
  },
  encodeFlat: (ponPort: number, onuId: number): number => FLAT_ONU_BASE + (ponPort - 1) * 0x1000 + onuId,
  /** `pon0/0/3` → 3; V3 names its PON interfaces `gpon 0/0/1` (and `epon`/`xgspon` alike). */
  ponPortFromName(name: string): number | null {
    const m = /^(?:pon|gpon|epon|xgpon|xgspon)\s*\d+\/\d+\/(\d+)$/i.exec(name.trim());
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
  /** Every ONT of the port (KusumaVision's live context help: `ont delete <PORTID> all`). */
  deleteAll: (ponPort: number) => `ont delete ${ponPort} all`,
  version: 'show version',
  device: 'show device',
  time: 'show time',
  save: 'save',
} as const;

// ---------------------------------------------------------------------------------------------
// Tables, read by header labels (parse/header-table.ts). V1 ("FlashV1/V2") and V3 GPON firmware print the same
// listings with other column orders, an extra DESC column and one- or two-line headers (CLI-ACTIONS.md §5.2).

const FRAME_SLOT = /^\d+\/\d+$/;
const INTEGER = /^\d+$/;
const sep = '-----------------------------------------------------------------------------';
const subSep = ' ----------------------------------------------------------------------------';

type OntInfoField =
  | 'frameSlot'
  | 'ponPort'
  | 'onuId'
  | 'mac'
  | 'serial'
  | 'controlFlag'
  | 'runState'
  | 'configState'
  | 'matchState'
  | 'lastDownCause'
  | 'description';

/** The `show ont info … all` layouts seen on real boxes; the simulator renders the same definitions. */
export const ontInfoLayouts = {
  /** EPON (OLTCMDRead fixtures and adapter paste): MAC column, no last-down column. */
  epon: [
    { field: 'frameSlot', top: 'F/S', width: 5 },
    { field: 'ponPort', top: 'P', width: 3 },
    { field: 'onuId', top: 'ONT', bottom: 'ID', width: 4 },
    { field: 'mac', top: 'MAC', width: 18 },
    { field: 'controlFlag', top: 'Control', bottom: 'flag', width: 10 },
    { field: 'runState', top: 'Run', bottom: 'state', width: 11 },
    { field: 'configState', top: 'Config', bottom: 'state', width: 9 },
    { field: 'matchState', top: 'Match', bottom: 'state', width: 10 },
    { field: 'description', top: 'Desc', width: 0 },
  ],
  /** GPON V1 (FD1616GS V1.1.0, COLETA-OLT): SN, two-line header ending in `Last` / `down-cause`, no description. */
  gponV1: [
    { field: 'frameSlot', top: 'F/S', width: 4 },
    { field: 'ponPort', top: 'P', width: 3 },
    { field: 'onuId', top: 'ONT', bottom: 'ID', width: 4 },
    { field: 'serial', top: 'SN', width: 14 },
    { field: 'controlFlag', top: 'Control', bottom: 'flag', width: 10 },
    { field: 'runState', top: 'Run', bottom: 'state', width: 9 },
    { field: 'configState', top: 'Config', bottom: 'state', width: 9 },
    { field: 'matchState', top: 'Match', bottom: 'state', width: 8 },
    { field: 'lastDownCause', top: 'Last', bottom: 'down-cause', width: 11 },
  ],
  /** GPON V3 (FD1608S V3.3.86, KusumaVision): one-line upper-case header, LAST_DOWN then DESC. */
  gponV3: [
    { field: 'frameSlot', top: 'F/S', width: 4 },
    { field: 'ponPort', top: 'P', width: 3 },
    { field: 'onuId', top: 'ONT_ID', width: 8 },
    { field: 'serial', top: 'SN', width: 14 },
    { field: 'controlFlag', top: 'CONTROL', width: 9 },
    { field: 'runState', top: 'RUN', width: 8 },
    { field: 'configState', top: 'CONFIG', width: 9 },
    { field: 'matchState', top: 'MATCH', width: 7 },
    { field: 'lastDownCause', top: 'LAST_DOWN', width: 12 },
    { field: 'description', top: 'DESC', width: 0 },
  ],
} as const satisfies Record<string, TableLayout<OntInfoField>>;

export type OntInfoLayout = keyof typeof ontInfoLayouts;

const ONT_INFO: TableSpec<OntInfoField> = {
  what: 'show ont info … all',
  layouts: Object.values(ontInfoLayouts),
  required: ['ponPort', 'onuId', 'runState'],
  rowTest: { frameSlot: FRAME_SLOT, ponPort: INTEGER, onuId: INTEGER },
  rest: 'description',
};

export interface CdataOntInfoRow {
  frameSlot: string | null;
  ponPort: number;
  onuId: number;
  mac: string | null;
  serial: string | null;
  controlFlag: string | null;
  runState: string;
  configState: string | null;
  matchState: string | null;
  lastDownCause: string | null;
  description: string | null;
}

/**
 * `show ont info <F/S> <p> all`, `show ont info <p> all`, `show ont info all` and `by-mac`, every layout of
 * `ontInfoLayouts` (and any order of their labels). A table with neither a MAC nor an SN column, or with a label
 * no layout has, throws UNSUPPORTED_OUTPUT.
 */
export function parseOntInfoTable(text: string): CdataOntInfoRow[] {
  const t = readHeaderTable(text, ONT_INFO);
  if (!t.columns.includes('mac') && !t.columns.includes('serial'))
    throw new DriverError(
      DriverErrorCode.UNSUPPORTED_OUTPUT,
      `${ONT_INFO.what}: the table has no MAC or SN column`,
    );
  return t.rows.map((r) => ({
    frameSlot: r.frameSlot ?? null,
    ponPort: Number(r.ponPort),
    onuId: Number(r.onuId),
    mac: r.mac === undefined ? null : normalizeMac(r.mac),
    serial: textOrNull(r.serial),
    controlFlag: textOrNull(r.controlFlag),
    runState: r.runState ?? '',
    configState: textOrNull(r.configState),
    matchState: textOrNull(r.matchState),
    lastDownCause: textOrNull(r.lastDownCause),
    description: textOrNull(r.description),
  }));
}

/** Row values as the firmware of each layout spells them (V1/V3 capitalise `Active`/`Online`, EPON does not). */
export function renderOntInfoTable(
  rows: readonly {
    ponPort: number;
    onuId: number;
    online: boolean;
    mac?: string;
    serial?: string;
    lastDownCause?: string;
    description?: string;
  }[],
  layout: OntInfoLayout = 'epon',
): string {
  const columns = ontInfoLayouts[layout];
  const gpon = layout !== 'epon';
  const word = (s: string) => (gpon ? s[0].toUpperCase() + s.slice(1) : s);
  const body = rows.map((r) =>
    renderRow(columns, {
      frameSlot: '0/0',
      ponPort: r.ponPort,
      onuId: r.onuId,
      mac: r.mac ? (normalizeMac(r.mac) ?? r.mac).toUpperCase() : '--',
      serial: r.serial ?? '--',
      controlFlag: word('active'),
      runState: word(r.online ? 'online' : 'offline'),
      configState: r.online ? 'success' : gpon ? 'initial' : 'failed',
      matchState: r.online || !gpon ? 'match' : 'initial',
      lastDownCause: r.lastDownCause ?? '--',
      description: r.description ?? (layout === 'gponV3' ? '--' : ''),
    }),
  );
  const online = rows.filter((r) => r.online).length;
  const footer = gpon
    ? [sep, `  Total: ${rows.length},  online: ${online},  deactive: 0,  failed: 0`]
    : [sep];
  return [sep, ...renderHeader(columns), subSep, ...body, ...footer].join('\r\n');
}

type OpticalField =
  'frameSlot' | 'ponPort' | 'onuId' | 'voltageV' | 'txDbm' | 'rxDbm' | 'oltRxDbm' | 'biasMa' | 'temperatureC';

/** `show ont optical-info <p> all` (inside `interface gpon`): V1 and V3 order the columns differently. */
export const opticalTableLayouts = {
  /** FD1616GS V1.1.0: F/S P ID, then voltage, tx, rx, bias, temperature under two-line headers. */
  v1: [
    { field: 'frameSlot', top: 'F/S', width: 4 },
    { field: 'ponPort', top: 'P', width: 3 },
    { field: 'onuId', top: 'ONT', bottom: 'ID', width: 5 },
    { field: 'voltageV', top: 'Voltage', bottom: '(V)', width: 10 },
    { field: 'txDbm', top: 'Tx optical', bottom: 'power(dBm)', width: 13 },
    { field: 'rxDbm', top: 'Rx optical', bottom: 'power(dBm)', width: 13 },
    { field: 'biasMa', top: 'Laser bias', bottom: 'current(mA)', width: 13 },
    { field: 'temperatureC', top: 'Temperature', bottom: '(C)', width: 12 },
  ],
  /** FD1608S V3.3.86: ONT_ID only, rx first, and the OLT-side rx of each ONU. */
  v3: [
    { field: 'onuId', top: 'ONT_ID', width: 8 },
    { field: 'rxDbm', top: 'Rx(dBm)', width: 9 },
    { field: 'txDbm', top: 'Tx(dBm)', width: 9 },
    { field: 'oltRxDbm', top: 'OLT_Rx(dBm)', width: 13 },
    { field: 'temperatureC', top: 'Temp(C)', width: 9 },
    { field: 'voltageV', top: 'Voltage(V)', width: 12 },
    { field: 'biasMa', top: 'Current(mA)', width: 11 },
  ],
} as const satisfies Record<string, TableLayout<OpticalField>>;

export type OpticalTableLayout = keyof typeof opticalTableLayouts;

const OPTICAL_TABLE: TableSpec<OpticalField> = {
  what: 'show ont optical-info <p> all',
  layouts: Object.values(opticalTableLayouts),
  required: ['onuId', 'rxDbm'],
  rowTest: { frameSlot: FRAME_SLOT, ponPort: INTEGER, onuId: INTEGER },
};

export interface CdataOpticalRow {
  ponPort: number | null;
  onuId: number;
  rxDbm: number | null;
  txDbm: number | null;
  oltRxDbm: number | null;
  voltageV: number | null;
  biasMa: number | null;
  temperatureC: number | null;
}

/**
 * The all-ONU optical table. An offline ONU is a row with its id only (V1): every reading null. V3 has no port
 * column, so `ponPort` comes from the command when given.
 */
export function parseOntOpticalTable(text: string, ponPort?: number): CdataOpticalRow[] {
  return readHeaderTable(text, OPTICAL_TABLE).rows.map((r) => ({
    ponPort: r.ponPort !== undefined ? Number(r.ponPort) : (ponPort ?? null),
    onuId: Number(r.onuId),
    rxDbm: num(r.rxDbm),
    txDbm: num(r.txDbm),
    oltRxDbm: num(r.oltRxDbm),
    voltageV: num(r.voltageV),
    biasMa: num(r.biasMa),
    temperatureC: num(r.temperatureC),
  }));
}

export function renderOntOpticalTable(
  ponPort: number,
  rows: readonly (Omit<CdataOpticalRow, 'ponPort'> & { online: boolean })[],
  layout: OpticalTableLayout,
): string {
  const columns = opticalTableLayouts[layout];
  const fixed = (v: number | null) => (v === null ? '--' : v.toFixed(2));
  const body = rows.map((r) =>
    renderRow(
      columns,
      r.online
        ? {
            frameSlot: '0/0',
            ponPort,
            onuId: r.onuId,
            voltageV: fixed(r.voltageV),
            txDbm: fixed(r.txDbm),
            rxDbm: fixed(r.rxDbm),
            oltRxDbm: fixed(r.oltRxDbm),
            biasMa: fixed(r.biasMa),
            temperatureC: fixed(r.temperatureC),
          }
        : // The V1 box prints only F/S P ID for an offline ONU.
          { frameSlot: '0/0', ponPort, onuId: r.onuId },
    ),
  );
  return [sep, ...renderHeader(columns), subSep, ...body, sep].join('\r\n');
}

type DdmField = 'onuId' | 'oltRxDbm';

const DDM_ONU_RX: TableSpec<DdmField> = {
  what: 'show port ddm-info <p> with-onu-optical',
  layouts: [
    [
      { field: 'onuId', top: 'ONT', width: 14 },
      { field: 'oltRxDbm', top: 'Rx optical(dBm)', width: 0 },
    ],
  ],
  required: ['onuId', 'oltRxDbm'],
  rowTest: { onuId: INTEGER, oltRxDbm: /^[-+]?\d/ },
};

/** What the OLT receives from each ONU, from the table after the PON SFP's own DDM block (V1). */
export function parsePortDdmOnuRx(text: string): { onuId: number; oltRxDbm: number | null }[] {
  return readHeaderTable(text, DDM_ONU_RX).rows.map((r) => ({
    onuId: Number(r.onuId),
    oltRxDbm: num(r.oltRxDbm),
  }));
}

type MacField = 'mac' | 'vlan' | 'port' | 'onuId' | 'macType';

const macLayout: TableLayout<MacField> = [
  { field: 'mac', top: 'MAC', width: 20 },
  { field: 'vlan', top: 'VLAN', width: 7 },
  { field: 'port', top: 'Port', width: 14 },
  { field: 'onuId', top: 'ONT-Id', width: 8 },
  { field: 'macType', top: 'MAC-Type', width: 0 },
];

const MAC_TABLE: TableSpec<MacField> = {
  what: 'show mac-address ont',
  layouts: [macLayout],
  required: ['mac', 'vlan', 'port', 'onuId'],
  rowTest: {
    mac: /^[0-9A-F]{2}(?::[0-9A-F]{2}){5}$/i,
    vlan: INTEGER,
    port: /^pon\d+\/\d+\/\d+$/i,
    onuId: INTEGER,
  },
};

/** `show mac-address ont`: `MAC VLAN Port ONT-Id MAC-Type`. */
export function parseOntMacTable(
  text: string,
): { mac: string; vlan: number; ponPort: number; onuId: number }[] {
  return readHeaderTable(text, MAC_TABLE).rows.map((r) => ({
    mac: macOrRaw(r.mac ?? ''),
    vlan: Number(r.vlan),
    ponPort: deviceIndex.ponPortFromName(r.port ?? '') ?? 0,
    onuId: Number(r.onuId),
  }));
}

/** `show mac-address ont 0/0/<port> <ont>` (OLTCMDRead test layout). */
export function renderOntMacTable(
  rows: readonly { mac: string; vlan: number; ponPort: number; onuId: number }[],
): string {
  return [
    sep,
    ` Total: ${rows.length}`,
    sep,
    ...renderHeader(macLayout, ' '),
    sep,
    ...rows.map((r) =>
      renderRow(
        macLayout,
        {
          mac: (normalizeMac(r.mac) ?? r.mac).toUpperCase(),
          vlan: r.vlan,
          port: deviceIndex.ponName(r.ponPort),
          onuId: r.onuId,
          macType: 'dynamic',
        },
        ' ',
      ),
    ),
    sep,
  ].join('\r\n');
}

// ---------------------------------------------------------------------------------------------
// Key : value pages

/** Key : value blocks (`show ont info <p> <o>`, `show ont optical-info <p> <o>`). */
export function parseKeyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(text)) {
    const m = /^\s*([A-Za-z][\w /()-]*?)\s*:\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1].trim()] = m[2];
  }
  return out;
}

/** The first value under any of `labels`, compared case-, space- and punctuation-insensitively. */
function valueOf(kv: Record<string, string>, ...labels: string[]): string | undefined {
  const wanted = new Set(labels.map(normalizeLabel));
  for (const [k, v] of Object.entries(kv)) if (wanted.has(normalizeLabel(k))) return v;
  return undefined;
}

const num = (s: string | undefined): number | null => {
  if (s === undefined) return null;
  const m = /^[-+]?\d+(?:\.\d+)?/.exec(s.trim());
  return m ? Number(m[0]) : null;
};

/**
 * `show ont info <p> <o>`: the EPON page (`ONT distance : 1972m`, `Last dying gasp time`) and the GPON V1 page
 * (`Distance(m) : 298`, `Last dying-gasp`, `SN`) name the same facts differently.
 */
export function parseOntDetail(text: string): {
  ponPort: number | null;
  onuId: number | null;
  runState: string | null;
  distanceM: number | null;
  mac: string | null;
  serial: string | null;
  lastUpTime: string | null;
  lastDownTime: string | null;
  lastDyingGaspTime: string | null;
  lastDownCause: string | null;
  description: string | null;
} {
  const kv = parseKeyValues(text);
  return {
    ponPort: num(valueOf(kv, 'Port')),
    onuId: num(valueOf(kv, 'ONT-ID')),
    runState: textOrNull(valueOf(kv, 'Run state')),
    distanceM: distanceMetres.decode(num(valueOf(kv, 'ONT distance', 'Distance(m)'))),
    mac: normalizeMac(valueOf(kv, 'MAC') ?? null),
    serial: textOrNull(valueOf(kv, 'SN')),
    lastUpTime: meaningfulTime(valueOf(kv, 'Last up time') ?? null),
    lastDownTime: meaningfulTime(valueOf(kv, 'Last down time') ?? null),
    lastDyingGaspTime: meaningfulTime(valueOf(kv, 'Last dying gasp time', 'Last dying-gasp') ?? null),
    lastDownCause: textOrNull(valueOf(kv, 'Last down cause')),
    description: textOrNull(valueOf(kv, 'Description')),
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
    voltageV: num(valueOf(kv, 'Voltage(V)')),
    txDbm: num(valueOf(kv, 'Tx optical power(dBm)')),
    rxDbm: num(valueOf(kv, 'Rx optical power(dBm)')),
    biasMa: num(valueOf(kv, 'Laser bias current(mA)')),
    temperatureC: num(valueOf(kv, 'Temperature(C)')),
  };
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

export type OntDetailLayout = 'epon' | 'gponV1';

/** The per-ONU page: the EPON labels (OLTCMDRead) or the GPON V1 ones (COLETA-OLT, first block only). */
export function renderOntDetail(
  v: {
    ponPort: number;
    onuId: number;
    online: boolean;
    distanceM: number;
    mac: string;
    serial?: string;
    lastUpTime: string;
    lastDownTime: string;
    lastDownCause: string;
    description?: string;
  },
  layout: OntDetailLayout = 'epon',
): string {
  if (layout === 'gponV1') {
    const kv = (k: string, val: string | number) => `  ${col(k, 18)}: ${val}`;
    return [
      sep,
      kv('F/S', '0/0'),
      kv('Port', v.ponPort),
      kv('ONT-ID', v.onuId),
      kv('Control flag', 'active'),
      kv('Run state', v.online ? 'online' : 'offline'),
      kv('Config state', v.online ? 'success' : 'initial'),
      kv('Match state', v.online ? 'match' : 'initial'),
      kv('Distance(m)', v.online ? v.distanceM : '--'),
      kv('SN', v.serial ?? '--'),
      kv('Description', v.description ?? ''),
      kv('Last down cause', v.lastDownCause),
      kv('Last up time', v.lastUpTime),
      kv('Last down time', v.lastDownTime),
      sep,
    ].join('\r\n');
  }
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

// ---------------------------------------------------------------------------------------------
// `show alarm active all` / `show alarm history all` (run in `config`). The per-ONU up/down history on GPON:
// a going-down ONU logs Dying gasp(DGi) + LOSi + LOFi in one second; "clear" marks it coming back.

export interface CdataAlarmRow {
  /** When raised; for a V1 `… clear` line, when it cleared. */
  time: string;
  /** V3 prints the id and level; V1 neither. */
  alarmId: number | null;
  level: string | null;
  frameSlot: string;
  ponPort: number;
  onuId: number | null;
  uni: string | null;
  serial: string | null;
  /** The alarm text without the V1 `clear` suffix: `Loss of signal for ONU(LOSi)`. */
  name: string;
  /** The bracketed code: `DGi`, `LOSi`, `LOFi`, `DFi`. */
  code: string | null;
  cleared: boolean;
  /** V3: the `(clear)` line under the row; V1 clear line: its own time. */
  clearTime: string | null;
}

const ALARM_DATE = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}`;
const INSTANCE = String.raw`PON (\d+\/\d+)\/(\d+)(?: ONU:? (\d+))?(?: UNI (\S+))?(?: ONU-SN\((\w+)\))?`;
const V1_ALARM = new RegExp(String.raw`^\s*(${ALARM_DATE}) ${INSTANCE} (.*?)( clear)?\s*$`);
const V3_ALARM = new RegExp(String.raw`^\s*(\d+)\s+(${ALARM_DATE})\s+(\S+)\s+${INSTANCE}\s+(.*?)\s*$`);
const V3_CLEAR = new RegExp(String.raw`^\s*(${ALARM_DATE}) \(clear\)\s*$`);
/** V3 header `AlarmId Time Level Instance Name`; V1 has none, only the `total number : N` footer. */
const ALARM_HEADER = /^\s*AlarmId\s+Time\s+Level\s+Instance\s+Name\s*$/i;
const ALARM_FOOTER = /^\s*total number\s*:\s*\d+/i;

/** `inst` = the INSTANCE groups: frame/slot, port, ONU, UNI, SN. */
function alarmRow(
  time: string,
  inst: (string | undefined)[],
  name: string,
  extra: Pick<CdataAlarmRow, 'alarmId' | 'level' | 'cleared' | 'clearTime'>,
): CdataAlarmRow {
  const [frameSlot, port, onu, uni, serial] = inst;
  return {
    time,
    ...extra,
    frameSlot: frameSlot ?? '',
    ponPort: Number(port),
    onuId: onu === undefined ? null : Number(onu),
    uni: uni ?? null,
    serial: serial ?? null,
    name,
    code: /\((\w+)\)\s*$/.exec(name)?.[1] ?? null,
  };
}

/** Both firmware formats; output with no alarm line, no V3 header and no footer is not an alarm log. */
export function parseAlarmLog(text: string): CdataAlarmRow[] {
  const out: CdataAlarmRow[] = [];
  let known = false;
  for (const line of lines(text)) {
    if (ALARM_HEADER.test(line) || ALARM_FOOTER.test(line)) known = true;
    const clear = V3_CLEAR.exec(line);
    const last = out[out.length - 1];
    if (clear && last && last.alarmId !== null) {
      last.cleared = true;
      last.clearTime = clear[1];
      continue;
    }
    const v3 = V3_ALARM.exec(line);
    if (v3) {
      const extra = { alarmId: Number(v3[1]), level: v3[3], cleared: false, clearTime: null };
      out.push(alarmRow(v3[2], v3.slice(4, 9), v3[9], extra));
      continue;
    }
    const v1 = V1_ALARM.exec(line);
    if (v1) {
      const cleared = v1[8] !== undefined;
      const extra = { alarmId: null, level: null, cleared, clearTime: cleared ? v1[1] : null };
      out.push(alarmRow(v1[1], v1.slice(2, 7), v1[7], extra));
    }
  }
  if (out.length === 0 && !known)
    throw new DriverError(
      DriverErrorCode.UNSUPPORTED_OUTPUT,
      'show alarm …: no alarm lines, no `AlarmId Time Level Instance Name` header and no `total number` footer',
    );
  return out;
}
