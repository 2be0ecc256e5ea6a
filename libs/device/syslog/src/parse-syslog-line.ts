import { LOG_LINE_MAX_CHARS, LOG_VENDORS, type LogVendor } from '@pondesk/contracts';
import { cleanText } from './fields';
import { frame } from './framing';
import type { ParsedLogLine, VendorParser } from './syslog-types';
import { parseBdcom } from './vendors/bdcom';
import { parseCdata } from './vendors/cdata';
import { parseHsgq } from './vendors/hsgq';
import { parseMikrotik } from './vendors/mikrotik';
import { parseVsol } from './vendors/vsol';

const PARSERS: Record<LogVendor, VendorParser> = {
  mikrotik: parseMikrotik,
  bdcom: parseBdcom,
  vsol: parseVsol,
  cdata: parseCdata,
  hsgq: parseHsgq,
};

/** The parsers in the order they are tried: the device's own brand first when the receiver knows it. */
const ALL: readonly VendorParser[] = LOG_VENDORS.map((v) => PARSERS[v]);
const BRAND_FIRST = new Map<string, readonly VendorParser[]>(
  LOG_VENDORS.map((first) => [first, [PARSERS[first], ...ALL.filter((p) => p !== PARSERS[first])]]),
);

function emptyLine(truncated: boolean): ParsedLogLine {
  return {
    vendor: null,
    kind: 'other',
    format: 'bare',
    time: null,
    host: null,
    facility: null,
    severity: null,
    topics: null,
    message: '',
    user: null,
    service: null,
    onu: null,
    mac: null,
    serial: null,
    ip: null,
    sessionSeconds: null,
    reason: null,
    truncated,
  };
}

/**
 * Reads one syslog line (a datagram's text or a line of a collector file): strips its framing, then lets
 * the vendors' message parsers say what happened. Never throws; a line longer than LOG_LINE_MAX_CHARS is cut
 * first (and marked `truncated`). NUL bytes are dropped and a line break inside the datagram becomes a blank.
 */
export function parseSyslogLine(text: string, options?: { vendor?: LogVendor }): ParsedLogLine {
  const input = typeof text === 'string' ? text : String(text ?? '');
  const truncated = input.length > LOG_LINE_MAX_CHARS;
  const cleaned = cleanText(truncated ? input.slice(0, LOG_LINE_MAX_CHARS) : input);
  const r = emptyLine(truncated);
  try {
    frame(cleaned, r);
    const vendor = options?.vendor;
    const parsers = (vendor !== undefined && BRAND_FIRST.get(vendor)) || ALL;
    for (const parse of parsers) if (parse(r)) break;
    return r;
  } catch {
    // Not expected: the parsers only run anchored regexes over a bounded string. Keep the line anyway.
    const fallback = emptyLine(truncated);
    fallback.message = cleaned.trim();
    return fallback;
  }
}
