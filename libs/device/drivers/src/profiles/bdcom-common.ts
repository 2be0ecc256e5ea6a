/** BDCOM (enterprise 3320): what EPON and GPON firmware share — detection, CLI session, MAC table, CPU. */
import type { MacLocation, PonMode } from '../types';
import type { TelnetProfile } from '@pondesk/device-telnet';
import { COMMON_REASON_RULES, type ReasonRule, macOrRaw } from './codec';
import {
  DATE_TIME,
  GENERIC_PRIVILEGED_PROMPT,
  GENERIC_PROMPT,
  LOGIN_PROMPT,
  PASSWORD_PROMPT,
  lines,
} from './cli-common';
import { type RowTableGuard, rowsOrUnsupported } from '../parse/row-table-guard';

export const BDCOM_ENTERPRISE = '1.3.6.1.4.1.3320';

export const bdcomDetect = {
  sysObjectIdPrefixes: [BDCOM_ENTERPRISE + '.'],
  sysDescr: /BDCOM/i,
  /** GP3600-16B, GP3600-08B → GPON; P3310C, P3608B, P3616-2TE → EPON. */
  gponModel: /\bGP\d{4}[-\w]*/i,
  eponModel: /\bP\d{4}[-\w]*/i,
} as const;

export function bdcomModelFromSysDescr(sysDescr: string): {
  model: string | null;
  mode: PonMode | null;
} {
  const g = bdcomDetect.gponModel.exec(sysDescr);
  if (g) return { model: g[0], mode: 'gpon' };
  const e = bdcomDetect.eponModel.exec(sysDescr);
  if (e) return { model: e[0], mode: 'epon' };
  return { model: null, mode: null };
}

export const bdcomTelnet: TelnetProfile = {
  loginPrompt: LOGIN_PROMPT,
  passwordPrompt: PASSWORD_PROMPT,
  prompt: GENERIC_PROMPT,
  privilegedPrompt: GENERIC_PRIVILEGED_PROMPT,
  loginFailed: /Authentication failed|% ?Bad (?:passwords?|username)|Login invalid/i,
  enableCommand: 'enable',
  enableFailed: /% ?(?:Bad|Access denied|Authentication failed)|Password:\s*$/i,
  pagers: [/ ?--More-- ?/],
  pagerAnswer: ' ',
  // `terminal width 0` stops the 80-column wrap of onu-information.
  disablePagerCommands: ['terminal length 0', 'terminal width 0'],
  confirmations: [{ match: /\(y\/n\)\s*(?:\[[yn]\])?\s*[:?]?\s*$|Are you sure.*$/i, answer: 'y' }],
  eventLines: [/^%[A-Z][\w-]+-\d-[\w-]+:/, /^\w{3}\s+\d+\s+\d\d:\d\d:\d\d\s+%/],
  errorLines: [/^% ?(?:Unknown command|Invalid input|Incomplete command|Ambiguous command)/i, /^Error:/],
  newline: '\r\n',
};

/** Dereg-reason words BDCOM CLIs print (`power-off`, `wire-down`, `unknow`, `Los`, `LOSi`, `Dying Gasp`, `reboot`). */
export const BDCOM_REASON_RULES: readonly ReasonRule[] = [
  { match: /^unknow/i, reason: 'unknown' },
  // EPON `normal`: the ONU deregistered itself in order, as after `epon reboot onu` (code 2 of the bind table).
  { match: /^normal$/i, reason: 'reboot' },
  ...COMMON_REASON_RULES,
];

// ---------------------------------------------------------------------------------------------
// `show mac address-table`

export interface BdcomMacRow {
  vlan: number;
  mac: string;
  type: string;
  /** As printed: `epon0/2:59`, `gpon0/11:1-1`, `g0/6`. */
  port: string;
  ponPort: number | null;
  onuId: number | null;
}

const MAC_ROW = /^\s*(\d+)\s+([0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4})\s+(\S+)\s+(\S+)\s*$/i;
const ONU_PORT = /^[eg]pon\d+\/(\d+):(\d+)(?:-\d+)?$/i;

/** The error and event lines of a BDCOM session: output made only of them is not an unknown layout. */
export const BDCOM_IGNORE: readonly RegExp[] = [...bdcomTelnet.errorLines, ...bdcomTelnet.eventLines];

const MAC_GUARD: RowTableGuard = {
  what: 'show mac address-table',
  // `Mac Address Table (Total 0)` proves an empty table; with a count above 0 the title alone proves nothing.
  // The column line is inferred from the rows' columns (Vlan Mac Type Port). A CPU/`all` row matches the row
  // pattern but is not an ONU's, so it counts as known.
  known: [/^\s*Mac Address Table \(Total 0\)/i, /^\s*Vlan\s+Mac\s*Address\s+Type\s+Port/i, MAC_ROW],
  ignore: [...BDCOM_IGNORE, /^\s*Mac Address Table\b/i],
};

export function parseBdcomMacTable(text: string): BdcomMacRow[] {
  const out: BdcomMacRow[] = [];
  for (const line of lines(text)) {
    const m = MAC_ROW.exec(line);
    if (!m) continue;
    if (/^(all|cpu)$/i.test(m[4])) continue;
    const p = ONU_PORT.exec(m[4]);
    out.push({
      vlan: Number(m[1]),
      mac: macOrRaw(m[2]),
      type: m[3],
      port: m[4],
      ponPort: p ? Number(p[1]) : null,
      onuId: p ? Number(p[2]) : null,
    });
  }
  return rowsOrUnsupported(text, out, MAC_GUARD);
}

/** The rows of a BDCOM MAC table that hold `mac` (`aa:bb:cc:dd:ee:ff`), as learned MAC locations. */
export function learnedAt(rows: readonly BdcomMacRow[], mac: string): MacLocation[] {
  return rows
    .filter((r) => r.mac === mac)
    .map((r) => ({
      mac: r.mac,
      kind: 'learned' as const,
      ponPort: r.ponPort,
      onuId: r.onuId,
      ifName: r.port,
      vlan: r.vlan,
    }));
}

export function renderBdcomMacTable(
  rows: readonly { vlan: number; dottedMac: string; port: string }[],
): string {
  const body = rows.map((r) => `${String(r.vlan).padEnd(8)}${r.dottedMac.padEnd(18)}DYNAMIC    ${r.port}`);
  return [`Mac Address Table (Total ${rows.length})`, ...body].join('\r\n');
}

// ---------------------------------------------------------------------------------------------
// `show cpu`

export function parseBdcomCpu(
  text: string,
): { oneSecond: number; oneMinute: number; fiveMinutes: number } | null {
  const m = /one second:\s*(\d+)%;\s*one minute:\s*(\d+)%;\s*five minutes:\s*(\d+)%/i.exec(text);
  return m ? { oneSecond: Number(m[1]), oneMinute: Number(m[2]), fiveMinutes: Number(m[3]) } : null;
}

export function renderBdcomCpu(percent: number): string {
  return `CPU utilization for one second: ${percent}%; one minute: ${percent}%; five minutes: ${percent}% CPU MAX utilization: ${percent}%(2023-10-5 17:21:8)`;
}

/** BDCOM dates: `2024-08-31 02:57:27` or P3310C style `2024.01.24.09:04:38`; `N/A` when never. */
export const BDCOM_DATE = `(?:${DATE_TIME}|N/A)`;
