/** V-SOL (enterprise 37950): detection, telnet session and the PON transceiver table shared by EPON and GPON. */
import type { PonMode } from '../types';
import type { TelnetProfile } from '@pondesk/device-telnet';
import { COMMON_REASON_RULES, textNumber, type ReasonRule } from './codec';
import { GENERIC_PRIVILEGED_PROMPT, GENERIC_PROMPT, LOGIN_PROMPT, PASSWORD_PROMPT } from './cli-common';

export const VSOL_ENTERPRISE = '1.3.6.1.4.1.37950';

export const vsolDetect = {
  sysObjectIdPrefixes: [VSOL_ENTERPRISE + '.'],
  /** V1600D, V1600D4L, V1600D8 → EPON; V1600G0/G1/G2/GS → GPON. */
  sysDescr: /\bV\d{4}[DG][\w-]*/i,
  eponModel: /\bV\d{4}D[\w-]*/i,
  gponModel: /\bV\d{4}G[\w-]*/i,
  /** EPON firmware answers its model name here (`V1600D4L`) even where the system group is missing. */
  eponModelOid: '1.3.6.1.4.1.37950.1.1.5.10.14.1.0',
  /** GPON ONU table root: present only on GPON firmware. */
  gponProbeOid: '1.3.6.1.4.1.37950.1.1.6.1.1.1.1',
  eponProbeOid: '1.3.6.1.4.1.37950.1.1.5.12.1.25.1',
} as const;

export function vsolModelFromText(text: string): { model: string | null; mode: PonMode | null } {
  const g = vsolDetect.gponModel.exec(text);
  if (g) return { model: g[0], mode: 'gpon' };
  const e = vsolDetect.eponModel.exec(text);
  if (e) return { model: e[0], mode: 'epon' };
  return { model: null, mode: null };
}

/** PON SFP table (`<pon>` index): `"27.84 .C"`, `"3.22 V"`, `"7.01 mA"`, `"6.56 dbm"` or bare `"48.38"`. */
export const ponTransceiverOids = {
  ponSfpIndex: '1.3.6.1.4.1.37950.1.1.5.10.13.1.1.1',
  ponSfpTemperature: '1.3.6.1.4.1.37950.1.1.5.10.13.1.1.2',
  ponSfpVoltage: '1.3.6.1.4.1.37950.1.1.5.10.13.1.1.3',
  ponSfpBias: '1.3.6.1.4.1.37950.1.1.5.10.13.1.1.4',
  ponSfpTxPower: '1.3.6.1.4.1.37950.1.1.5.10.13.1.1.5',
  ponName: '1.3.6.1.4.1.37950.1.1.5.10.1.2.1.1.2',
} as const;

export const ponTransceiverScale = {
  temperatureC: textNumber(' .C'),
  voltageV: textNumber(' V'),
  biasMa: textNumber(' mA'),
  txDbm: textNumber(' dbm'),
};

/** `"PON1\r\n"` on V1600D4L, `EPON0/1` on V1600D: strip control characters and NULs. */
export function cleanPonName(raw: string): string {
  return raw.replace(/[\0\r\n]+/g, '').trim();
}

export const vsolTelnet: TelnetProfile = {
  loginPrompt: LOGIN_PROMPT,
  passwordPrompt: PASSWORD_PROMPT,
  prompt: GENERIC_PROMPT,
  privilegedPrompt: GENERIC_PRIVILEGED_PROMPT,
  loginFailed: /Login incorrect|Authentication failed|Bad username|Login failed|% ?Bad passwords?/i,
  enableCommand: 'enable',
  enableFailed: /Bad Password|Please retry/i,
  // The pager line ends in NUL and is erased with BS/SP/BS after the space.
  // eslint-disable-next-line no-control-regex -- NUL/ESC/BS are what the devices really send
  pagers: [/ ?--More-- ?\x00?/],
  pagerAnswer: ' ',
  disablePagerCommands: ['terminal length 0'],
  confirmations: [{ match: /\((?:y\/n|yes\/no)\)\s*[:?]?\s*$/i, answer: 'y' }],
  // `2026/05/25 17:08:24   ONU Port Los   PON 0/3 ONU 50 …`, `… User Login …`: cannot be disabled.
  eventLines: [/^\s*\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\s{2,}\S/],
  errorLines: [/^%?\s*(?:Unknown command|Command incomplete|Too many parameters|Ambiguous command|invalid)/i],
  newline: '\r\n',
};

export const VSOL_REASON_RULES: readonly ReasonRule[] = [...COMMON_REASON_RULES];
