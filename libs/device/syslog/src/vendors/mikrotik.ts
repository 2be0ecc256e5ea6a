import { normaliseMac } from '../fields';
import type { ParsedLogLine } from '../syslog-types';

/** The PPP services whose sessions RouterOS names `<service-USER>` (and whose names appear as topics). */
const SERVICES = new Set(['pppoe', 'pptp', 'l2tp', 'ovpn', 'sstp']);

/** `<pppoe-USER>: …` or `<00e9>: …` (a session before authentication). User names are free text. */
const SESSION = /^<([^<>]{1,160})>: *(.*)$/;
const SERVICE_IFACE = /^([a-z0-9]{2,8})-(.+)$/;
const TERMINATING = /^terminating\.\.\.(?: *- *(.*))?$/;
const AUTH_FAIL = /^user (.+) authentication failed\b/;
const DISCOVERY = /^PPPoE connection established from (\S+)/;
/** v6 `USER logged in, IP`; v7 adds ` from CALLER-ID` (the client MAC for PPPoE). */
const ACCOUNT_IN = /^(.+?) logged in, ([0-9A-Fa-f.:]+)(?: from (\S+))? *$/;
/** `USER logged out, SECS N N N N[ from CALLER-ID]`: the first number is the session length in seconds. */
const ACCOUNT_OUT = /^(.+?) logged out, (\d{1,12})(?: \d{1,20}){0,8}(?: from (\S+))? *$/;
const ADMIN = /^user (.+?) logged (in|out) from ([0-9A-Fa-f.:]+) via ([\w-]+)/;
const ADMIN_FAIL = /^login failure for user (.+?) from ([0-9A-Fa-f.:]+) via ([\w-]+)/;
/** Firewall and PPP debug noise that only RouterOS writes. */
const FIREWALL = /\bin:\S+ out:/;

function serviceFromTopics(topics: string | null): string | null {
  if (topics === null || !topics.includes(',')) return null;
  for (const word of topics.split(',')) if (SERVICES.has(word)) return word;
  return null;
}

/**
 * RouterOS lines, with or without topics (bsd-syslog drops them, so the message text decides).
 * - `login failure for user X from IP via S` (an admin's failed login) is kind `other` with user, ip and
 *   reason `login failure`: it is neither an admin login nor a subscriber's ppp-auth-fail.
 * - debug/packet lines (`<00e9>: LCP open`), firewall, DHCP and system lines are `other`.
 */
export function parseMikrotik(r: ParsedLogLine): boolean {
  const msg = r.message;
  const topicsAreMikrotik = r.topics !== null && r.topics.includes(',');
  let m = SESSION.exec(msg);
  if (m) {
    const iface = SERVICE_IFACE.exec(m[1]);
    const known = iface !== null && SERVICES.has(iface[1]);
    const service = known ? iface[1] : null;
    const user = known ? iface[2] : null;
    const body = m[2];
    r.vendor = 'mikrotik';
    r.service = service ?? serviceFromTopics(r.topics);
    r.user = user;
    if (body === 'connected') r.kind = 'ppp-up';
    else if (body === 'disconnected') r.kind = 'ppp-down';
    else if (body === 'authenticated') r.kind = 'ppp-auth-ok';
    else if ((m = TERMINATING.exec(body))) {
      r.kind = 'ppp-terminating';
      r.reason = m[1]?.trim() || null;
    } else if ((m = AUTH_FAIL.exec(body))) {
      r.kind = 'ppp-auth-fail';
      r.user = m[1];
    }
    return true;
  }
  if ((m = ADMIN.exec(msg))) {
    r.vendor = 'mikrotik';
    r.kind = m[2] === 'in' ? 'admin-login' : 'admin-logout';
    r.user = m[1];
    r.ip = m[3];
    return true;
  }
  if ((m = ADMIN_FAIL.exec(msg))) {
    r.vendor = 'mikrotik';
    r.user = m[1];
    r.ip = m[2];
    r.reason = 'login failure';
    return true;
  }
  if ((m = ACCOUNT_IN.exec(msg))) {
    r.vendor = 'mikrotik';
    r.kind = 'ppp-up';
    r.user = m[1];
    r.ip = m[2];
    r.mac = m[3] === undefined ? null : normaliseMac(m[3]);
    r.service = serviceFromTopics(r.topics);
    return true;
  }
  if ((m = ACCOUNT_OUT.exec(msg))) {
    r.vendor = 'mikrotik';
    r.kind = 'ppp-down';
    r.user = m[1];
    r.sessionSeconds = Number(m[2]);
    r.mac = m[3] === undefined ? null : normaliseMac(m[3]);
    r.service = serviceFromTopics(r.topics);
    return true;
  }
  if ((m = AUTH_FAIL.exec(msg))) {
    r.vendor = 'mikrotik';
    r.kind = 'ppp-auth-fail';
    r.user = m[1];
    r.service = serviceFromTopics(r.topics);
    return true;
  }
  if ((m = DISCOVERY.exec(msg))) {
    r.vendor = 'mikrotik';
    r.kind = 'pppoe-discovery';
    r.mac = normaliseMac(m[1]);
    r.service = 'pppoe';
    return true;
  }
  if (topicsAreMikrotik || FIREWALL.test(msg)) {
    r.vendor = 'mikrotik';
    r.service = serviceFromTopics(r.topics);
    return true;
  }
  return false;
}
