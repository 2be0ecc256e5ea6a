/**
 * Saved CLI output → rows, by brand, mode and the command that printed it. Each entry points at the same profile
 * parser the drivers call, so `ponctl parse` on a capture from a new box shows exactly what a driver would read.
 */
import type { Brand, PonMode } from '../types';
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { lines } from '../profiles/cli-common';
import * as bdcom from '../profiles/bdcom-common';
import * as bdcomEpon from '../profiles/bdcom-epon';
import * as bdcomGpon from '../profiles/bdcom-gpon';
import * as cdata from '../profiles/cdata-common';
import * as hsgq from '../profiles/avies-hsgq';
import * as vsolEpon from '../profiles/vsol-epon';
import * as vsolGpon from '../profiles/vsol-gpon';

export type ParsedRows = readonly object[];

export interface CliParser {
  /** The command as an operator types it, `<p>`/`<o>` for port and ONU. */
  usage: string;
  /** Matched against the command with runs of spaces collapsed, case-insensitively. */
  pattern: RegExp;
  parse(text: string, match: RegExpExecArray): ParsedRows;
}

/** A key : value page as one row; a page that carries none of its labels is not that page. */
function page<T extends object>(what: string, text: string, row: T | null): ParsedRows {
  if (row !== null && Object.values(row).some((v) => v !== null && v !== undefined)) return [row];
  const first =
    lines(text)
      .find((l) => l.trim() !== '')
      ?.trim() ?? '(empty)';
  throw new DriverError(
    DriverErrorCode.UNSUPPORTED_OUTPUT,
    `${what}: none of its labels found (first line: "${first}")`,
  );
}

const MAC_TABLE = /^sh(?:ow)? mac address-table\b/i;
const INT = String.raw`int(?:erface)?`;

const BDCOM_COMMON: CliParser[] = [
  { usage: 'show mac address-table […]', pattern: MAC_TABLE, parse: (t) => bdcom.parseBdcomMacTable(t) },
  { usage: 'show cpu', pattern: /^show cpu$/i, parse: (t) => page('show cpu', t, bdcom.parseBdcomCpu(t)) },
];

const BDCOM_EPON: CliParser[] = [
  {
    usage: 'show epon active-onu [interface epon0/<p>]',
    pattern: /^show epon active-onu\b/i,
    parse: (t) => bdcomEpon.parseActiveOnus(t),
  },
  {
    usage: 'show epon inactive-onu [interface epon0/<p>]',
    pattern: /^show epon inactive-onu\b/i,
    parse: (t) => bdcomEpon.parseInactiveOnus(t),
  },
  {
    usage: 'show epon onu-information [interface epon0/<p>]',
    pattern: /^show epon onu-information\b/i,
    parse: (t) => bdcomEpon.parseOnuInformation(t),
  },
  {
    usage: 'show epon interface epon0/<p>:<o> onu ctc optical-transceiver-diagnosis',
    pattern: new RegExp(String.raw`^show epon ${INT} epon ?\d+/\d+:\d+ onu ctc opt`, 'i'),
    parse: (t) => page('onu ctc optical-transceiver-diagnosis', t, bdcomEpon.parseOnuOptics(t)),
  },
  {
    usage: 'show epon optical-transceiver-diagnosis interface epon 0/<p>',
    pattern: /^show epon optical-transceiver-diagnosis\b/i,
    parse: (t) => bdcomEpon.parseOltSideRx(t),
  },
  ...BDCOM_COMMON,
];

const BDCOM_GPON: CliParser[] = [
  {
    usage: 'show gpon active-onu [interface GPON0/<p>]',
    pattern: /^show gpon active-onu\b/i,
    parse: (t) => bdcomGpon.parseActiveOnus(t),
  },
  {
    usage: 'show gpon inactive-onu [interface gpon 0/<p>]',
    pattern: /^show gpon inactive-onu\b/i,
    parse: (t) => bdcomGpon.parseInactiveOnus(t),
  },
  {
    usage: 'show gpon onu-information [interface gpon 0/<p>]',
    pattern: /^show gpon onu-information\b/i,
    parse: (t) => bdcomGpon.parseOnuInformation(t),
  },
  {
    usage: 'show gpon interface GPON0/<p>:<o> onu optical-transceiver-diagnosis',
    pattern: new RegExp(String.raw`^show gpon ${INT} gpon ?\d+/\d+:\d+ onu opt`, 'i'),
    parse: (t) => bdcomGpon.parseOnuOptics(t),
  },
  {
    usage: 'show gpon optical-transceiver-diagnosis interface gpon 0/<p>:<o>',
    pattern: /^show gpon optical-transceiver-diagnosis\b/i,
    parse: (t) => bdcomGpon.parseOltSideRx(t),
  },
  {
    usage: 'show gpon interface GPON0/<p>:<o> onu basic-info',
    pattern: new RegExp(String.raw`^show gpon ${INT} gpon ?\d+/\d+:\d+ onu basic-info$`, 'i'),
    parse: (t) => bdcomGpon.parseBasicInfoHistory(t),
  },
  ...BDCOM_COMMON,
];

const VSOL_EPON: CliParser[] = [
  {
    usage: 'show onu status all|pon <p>,all|<mac>',
    pattern: /^show onu status\b/i,
    parse: (t) => vsolEpon.parseStatusRows(t),
  },
  {
    usage: 'show onu opm-diag [pon <p>,<o>]',
    pattern: /^show onu opm-diag\b/i,
    parse: (t) => vsolEpon.parseOpmDiag(t),
  },
  { usage: 'show onu auth-info', pattern: /^show onu auth-info$/i, parse: (t) => vsolEpon.parseAuthInfo(t) },
  {
    usage: 'show onu basic-info',
    pattern: /^show onu basic-info$/i,
    parse: (t) => vsolEpon.parseBasicInfo(t),
  },
  { usage: 'show onu discover', pattern: /^show onu discover$/i, parse: (t) => vsolEpon.parseDiscover(t) },
  {
    usage: 'show onu <o> mac-address-table',
    pattern: /^show onu \d+ mac-address-table$/i,
    parse: (t) => vsolEpon.parseOnuMacTable(t),
  },
  {
    usage: 'show onu <o> ctc eth <n> port_info|autoneg|loopdetect',
    pattern: /^show onu \d+ ctc eth \d+ (?:port_info|autoneg|loopdetect)$/i,
    parse: (t) => vsolEpon.parseEthPortTable(t),
  },
  { usage: 'show mac address-table', pattern: MAC_TABLE, parse: (t) => vsolEpon.parseGlobalMacTable(t) },
];

const VSOL_GPON: CliParser[] = [
  { usage: 'show onu state', pattern: /^show onu state$/i, parse: (t) => vsolGpon.parseOnuState(t) },
  { usage: 'show onu info', pattern: /^show onu info$/i, parse: (t) => vsolGpon.parseOnuInfo(t) },
  {
    usage: 'show onu <o> optical_info',
    pattern: /^show onu \d+ optical[_-]info$/i,
    parse: (t) => page('show onu <o> optical_info', t, vsolGpon.parseOpticalInfo(t)),
  },
  {
    usage: 'show pon onu all rx-power',
    pattern: /^show pon onu all rx-power$/i,
    parse: (t) => vsolGpon.parseRxPowerAll(t),
  },
  {
    usage: 'show onu <o> distance',
    pattern: /^show onu \d+ distance$/i,
    parse: (t) => page('show onu <o> distance', t, { distanceM: vsolGpon.parseDistance(t) }),
  },
  {
    usage: 'show onu detail-info <o>',
    pattern: /^show onu detail-info \d+$/i,
    parse: (t) => page('show onu detail-info <o>', t, vsolGpon.parseDetailInfo(t)),
  },
  {
    usage: 'show onu <o> time-stamp',
    pattern: /^show onu \d+ time-stamp$/i,
    parse: (t) => page('show onu <o> time-stamp', t, vsolGpon.parseTimeStamp(t)),
  },
  {
    usage: 'show mac address-table interface gpon 0/<p>',
    pattern: /^show mac address-table interface gpon\b/i,
    parse: (t) => vsolGpon.parseMacTable(t),
  },
  {
    usage: 'show interface brief',
    pattern: /^show interface brief$/i,
    parse: (t) => vsolGpon.parseInterfaceBrief(t),
  },
];

/** Same dialect on EPON and GPON (`interface epon|gpon 0/<slot>`). */
const CDATA: CliParser[] = [
  {
    usage: 'show ont info [<F/S>] <p> all, show ont info all, show ont info by-mac <MAC>',
    pattern: /^show ont info (?:(?:\d+\/\d+ )?\d+ all|all|by-mac \S+)$/i,
    parse: (t) => cdata.parseOntInfoTable(t),
  },
  {
    usage: 'show ont info <p> <o>',
    pattern: /^show ont info \d+ \d+$/i,
    parse: (t) => page('show ont info <p> <o>', t, cdata.parseOntDetail(t)),
  },
  {
    usage: 'show ont optical-info <p> all',
    pattern: /^show ont optical-info (\d+) all$/i,
    parse: (t, m) => cdata.parseOntOpticalTable(t, Number(m[1])),
  },
  {
    usage: 'show ont optical-info <p> <o>',
    pattern: /^show ont optical-info \d+ \d+$/i,
    parse: (t) => page('show ont optical-info <p> <o>', t, cdata.parseOntOptical(t)),
  },
  {
    usage: 'show mac-address ont <F/S>/<p> <o>',
    pattern: /^show mac-address ont \S+ \d+$/i,
    parse: (t) => cdata.parseOntMacTable(t),
  },
  {
    usage: 'show port ddm-info <p> with-onu-optical',
    pattern: /^show port ddm-info \d+ with-onu-optical$/i,
    parse: (t) => cdata.parsePortDdmOnuRx(t),
  },
  {
    usage: 'show alarm active all, show alarm history all',
    pattern: /^show alarm (?:active|history) all$/i,
    parse: (t) => cdata.parseAlarmLog(t),
  },
];

/** The HSGQ CLI of AVIES boxes (the drivers read them over the web API; these are its CLI listings). */
const AVIES: CliParser[] = [
  { usage: 'show onu-info all', pattern: /^show onu-info all$/i, parse: (t) => hsgq.parseOnuInfoAll(t) },
  { usage: 'show optical-info', pattern: /^show optical-info$/i, parse: (t) => hsgq.parseOpticalInfo(t) },
  {
    usage: 'show onu-info-alarm <o>',
    pattern: /^show onu-info-alarm \d+$/i,
    parse: (t) => lines(t).flatMap((l) => hsgq.parseEventLine(l) ?? []),
  },
];

export const CLI_PARSERS: Readonly<Record<Brand, Readonly<Record<PonMode, readonly CliParser[]>>>> = {
  bdcom: { epon: BDCOM_EPON, gpon: BDCOM_GPON },
  vsol: { epon: VSOL_EPON, gpon: VSOL_GPON },
  cdata: { epon: CDATA, gpon: CDATA },
  avies: { epon: AVIES, gpon: AVIES },
};

/** The commands `parseCliOutput` knows for one brand and mode, as operators type them. */
export function knownCommands(brand: Brand, mode: PonMode): string[] {
  return CLI_PARSERS[brand][mode].map((p) => p.usage);
}

/**
 * Rows of `text` as the driver's parser for `command` reads them. Throws DriverError UNSUPPORTED for a command
 * with no parser (listing the known ones) and UNSUPPORTED_OUTPUT when the output is not what that parser reads.
 */
export function parseCliOutput(brand: Brand, mode: PonMode, command: string, text: string): ParsedRows {
  const wanted = command.trim().replace(/\s+/g, ' ');
  for (const p of CLI_PARSERS[brand][mode]) {
    const m = p.pattern.exec(wanted);
    if (m) return p.parse(text, m);
  }
  throw new DriverError(
    DriverErrorCode.UNSUPPORTED,
    `${brand} ${mode}: no parser for "${wanted}"; known: ${knownCommands(brand, mode).join('; ')}`,
  );
}
