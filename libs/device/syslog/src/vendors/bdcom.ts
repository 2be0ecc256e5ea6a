import { normaliseMac } from '../fields';
import type { ParsedLogLine } from '../syslog-types';

// Searched anywhere in the message: a relay may wrap the OLT's text (Cacti: `… message =[IP,TIME, ONU …]`).
const REGISTRATION =
  /\bONU ([0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}) is (registered|deregistered) on ([EG]PON\d{1,2}\/\d{1,2}:\d{1,3})\b/i;
const OAM =
  /\bInterface ([EG]PON\d{1,2}\/\d{1,2}:\d{1,3})'s (?:OAM Operational Status: ?(\w+)|"?CTC"? OAM extension negotiated successfully)/i;
/** A PON port's (no `:llid`) line protocol going down; seen in monitoring templates, not in a dated sample. */
const LINE_PROTOCOL =
  /\bLine protocol on Interface ([EG]PON\d{1,2}\/\d{1,2})(:\d{1,3})?, changed state to (up|down)\b/i;

/**
 * BDCOM EPON: `ONU MAC is registered|deregistered on EPON0/P:N.` (no reason in the line),
 * `Interface EPON0/P:N's OAM Operational Status: Operational`, `…'s CTC OAM extension negotiated successfully!`.
 */
export function parseBdcom(r: ParsedLogLine): boolean {
  const msg = r.message;
  let m = REGISTRATION.exec(msg);
  if (m) {
    r.vendor = 'bdcom';
    r.kind = m[2].toLowerCase() === 'registered' ? 'onu-up' : 'onu-down';
    r.mac = normaliseMac(m[1]);
    r.onu = m[3];
    return true;
  }
  if ((m = OAM.exec(msg))) {
    r.vendor = 'bdcom';
    r.onu = m[1];
    if (m[2] === undefined || m[2].toLowerCase() === 'operational') r.kind = 'onu-oam-ok';
    return true;
  }
  if ((m = LINE_PROTOCOL.exec(msg))) {
    r.vendor = 'bdcom';
    if (m[2] === undefined) {
      if (m[3].toLowerCase() === 'down') r.kind = 'pon-down';
    } else r.onu = m[1] + m[2];
    return true;
  }
  if (
    r.topics !== null &&
    r.topics.startsWith('%') &&
    (r.topics === '%OLT' || r.topics.startsWith('%EPON'))
  ) {
    r.vendor = 'bdcom';
    return true;
  }
  return false;
}
