import { LOG_SEVERITIES } from '@pondesk/contracts';
import { severityFromTopics, severityFromWord } from './fields';
import type { ParsedLogLine } from './syslog-types';

// Every pattern is anchored and has no nested or adjacent overlapping quantifiers: each runs in linear time.
const PRI = /^<(\d{1,3})>/;
const RFC5424_HEAD = /^1 (\S+) (\S+) (\S+) (\S+) (\S+)(?: |$)/;
const BSD_TIME =
  /^((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec) {1,2}\d{1,2}(?: \d{4})? \d{1,2}:\d{2}:\d{2}(?:\.\d{1,6})?)(?: +|$)/i;
const ISO_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?)(?: +|$)/;
const CSV_HEAD = /^(\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4}:[0-9A-Fa-f:.]{1,41}),(\d{14}),(?: |$)/;
const CONSOLE_TIME =
  /^(\d{1,2}:\d{2}:\d{2}|[a-z]{3}\/\d{1,2} \d{1,2}:\d{2}:\d{2}|\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2}|\d{4}\/\d{1,2}\/\d{1,2} \d{1,2}:\d{2}:\d{2})(?: +|$)/i;
const BRACKET_TIME = /^\[(\d{4}[/-]\d{1,2}[/-]\d{1,2} \d{1,2}:\d{2}:\d{2})\] */;
/** `Info:`, `Warning:` (HSGQ, optionally after `[system]`) or a severity column before 2+ blanks (V-SOL `major`). */
const LEVEL =
  /^(?:\[[A-Za-z]{1,16}\])?(emergency|emerg|alert|critical|crit|error|err|warning|warn|notice|informational|info|debug|major|minor)(?:: *| {2,})/i;
/** MikroTik topics: two or more lowercase words joined by commas. */
const TOPICS = /^([a-z][a-z0-9-]{0,31}(?:,[a-z][a-z0-9-]{0,31}){1,15})(?: +|$)/;
/** A syslog TAG that names the source: `%OLT:`, `%EPON-ONUREG:`, `sshd[812]:`. */
const TAG = /^(%[\w.%/-]{0,47}|[\w./-]{1,48}\[[^\]\s]{0,32}\]):(?: +|$)/;
/**
 * A logging-rule prefix (`MikroTik:`): one word and a colon. Not a firewall chain (`input: in:…`) and not a
 * PPP interface (`<pppoe-x>:`).
 */
const PREFIX = /^([^\s<:,][^\s:,]{0,63}):(?: +|$)(?!in:)/;

/** Strips the framing off `text` (already cleaned and cut) into `r`: everything but the vendor fields. */
export function frame(text: string, r: ParsedLogLine): void {
  const pri = PRI.exec(text);
  if (pri && Number(pri[1]) <= 191) {
    setPri(Number(pri[1]), r);
    datagram(text.slice(pri[0].length), r);
  } else {
    let m = ISO_TIME.exec(text);
    if (m) {
      collectorLine(m[1], text.slice(m[0].length), r);
    } else if ((m = CSV_HEAD.exec(text))) {
      r.format = 'csv';
      r.host = m[1];
      r.time = m[2];
      r.message = text.slice(m[0].length);
      bodyHeader(r, false);
    } else if ((m = BRACKET_TIME.exec(text))) {
      r.format = 'console';
      r.time = m[1];
      r.message = text.slice(m[0].length);
      bodyHeader(r, true);
    } else if ((m = CONSOLE_TIME.exec(text))) {
      r.format = 'console';
      r.time = m[1];
      r.message = text.slice(m[0].length);
      bodyHeader(r, true);
    } else if ((m = BSD_TIME.exec(text))) {
      // A bsd-syslog line without its PRI: an OLT console with `terminal monitor`, or a syslog file line.
      r.format = 'console';
      r.time = m[1];
      hostAndTag(text.slice(m[0].length), r);
    } else {
      r.format = 'bare';
      r.message = text;
      bodyHeader(r, false);
    }
  }
  r.message = r.message.trim();
  if (r.severity === null && r.topics !== null && r.topics.includes(','))
    r.severity = severityFromTopics(r.topics);
}

function setPri(pri: number, r: ParsedLogLine): void {
  r.facility = pri >> 3;
  r.severity = LOG_SEVERITIES[pri & 7];
}

/** What follows `<PRI>`. */
function datagram(rest: string, r: ParsedLogLine): void {
  let m = RFC5424_HEAD.exec(rest);
  if (m) {
    r.format = 'rfc5424';
    r.time = nil(m[1]);
    r.host = nil(m[2]);
    r.topics = nil(m[3]);
    let msg = skipStructuredData(rest.slice(m[0].length));
    if (msg.charCodeAt(0) === 0xfeff) msg = msg.slice(1);
    r.message = msg;
    // RouterOS topics or an OLT's own `[time] Level:` may still open the MSG.
    bodyHeader(r, false);
    return;
  }
  if ((m = BSD_TIME.exec(rest)) || (m = ISO_TIME.exec(rest))) {
    r.format = 'rfc3164';
    r.time = m[1];
    hostAndTag(rest.slice(m[0].length), r);
    return;
  }
  // RouterOS "default" remote format: `<PRI>topics[ prefix:] message`, no time, no host.
  r.message = rest;
  bodyHeader(r, false);
  r.format = r.topics !== null ? 'routeros-default' : 'bare';
}

const nil = (field: string): string | null => (field === '-' ? null : field);

/** RFC 5424 STRUCTURED-DATA (`-` or `[id k="v"]…`), skipped by a scan (values may hold `\]`, `\"`). */
function skipStructuredData(s: string): string {
  if (s.startsWith('- ') || s === '-') return s.slice(2);
  let i = 0;
  while (s.charCodeAt(i) === 91 /* [ */) {
    let quoted = false;
    for (i++; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) quoted = !quoted;
      else if (c === 93 /* ] */ && !quoted) break;
    }
    i++;
  }
  return s.charCodeAt(i) === 32 ? s.slice(i + 1) : s.slice(i);
}

/** After a bsd-syslog time: `HOST[ TAG|topics][ prefix:] msg`, or just `TAG: msg` (console). */
function hostAndTag(rest: string, r: ParsedLogLine): void {
  const sp = rest.indexOf(' ');
  const first = sp < 0 ? rest : rest.slice(0, sp);
  if (first.length > 0 && !first.endsWith(':')) {
    r.host = first;
    rest = sp < 0 ? '' : rest.slice(sp + 1).trimStart();
  }
  const tag = TAG.exec(rest);
  if (tag) {
    r.topics = tag[1];
    r.message = rest.slice(tag[0].length);
    bodyHeader(r, false);
    return;
  }
  r.message = rest;
  bodyHeader(r, false, true);
}

/** rsyslog file line after its ISO time: a raw datagram, or `HOST TAG|topics MSG` (an empty tag leaves two blanks). */
function collectorLine(time: string, rest: string, r: ParsedLogLine): void {
  const pri = PRI.exec(rest);
  if (pri && Number(pri[1]) <= 191) {
    // `<receive-time> <raw datagram>`: the datagram's own header tells more than the file's.
    setPri(Number(pri[1]), r);
    datagram(rest.slice(pri[0].length), r);
    if (r.time === null) r.time = time;
    return;
  }
  r.format = 'collector-file';
  r.time = time;
  const sp = rest.indexOf(' ');
  if (sp < 0) {
    r.message = rest;
    return;
  }
  r.host = rest.slice(0, sp);
  rest = rest.slice(sp + 1);
  if (rest.startsWith(' ')) {
    r.message = rest;
    return;
  }
  const tag = TAG.exec(rest);
  if (tag) {
    r.topics = tag[1];
    rest = rest.slice(tag[0].length);
  }
  r.message = rest;
  bodyHeader(r, false, tag === null);
}

/**
 * The start of a message: an OLT's own `[time]` and level word, MikroTik topics and a logging-rule prefix.
 * `level`: a level word may open the message (console lines). `prefixAlone`: a prefix may stand without
 * topics before it (right after a syslog host).
 */
function bodyHeader(r: ParsedLogLine, level: boolean, prefixAlone = false): void {
  let msg = r.message;
  const bracket = BRACKET_TIME.exec(msg);
  if (bracket) {
    if (r.time === null) r.time = bracket[1];
    msg = msg.slice(bracket[0].length);
    level = true;
  }
  if (level) {
    const lv = LEVEL.exec(msg);
    if (lv) {
      if (r.severity === null) r.severity = severityFromWord(lv[1]);
      msg = msg.slice(lv[0].length);
    }
  }
  const topics = TOPICS.exec(msg);
  if (topics) {
    r.topics = topics[1];
    msg = msg.slice(topics[0].length);
  }
  if (topics || prefixAlone) {
    const prefix = PREFIX.exec(msg);
    if (prefix) msg = msg.slice(prefix[0].length);
  }
  r.message = msg;
}
