import { serialOrNull } from '../fields';
import type { ParsedLogLine } from '../syslog-types';

/** `EVENT NAME   PON 0/P ONU N[ sn SN][ detail]`: columns split by runs of 2+ blanks. */
const ONU_EVENT = /^([A-Za-z][\w ]{0,47}?) {2,}PON (\d{1,2}\/\d{1,2}) ONU (\d{1,3})\b *(.*)$/;
const SN = /^sn (\S+) *(.*)$/;
const LAN_PORT = /^(?:LAN|ETH|UNI)\d{1,2} +/i;
const USER_LOGIN = /^User Log(?:in|out) +User (\S+) logged (in|out) from ([0-9A-Fa-f.:]+)/;
/** Down events of V-SOL's alarm catalogue (not in a dated sample): the ONU itself goes off line. */
const ONU_DOWN = /^ONU (?:off ?line|deregister|dying ?gasp|los|lof)\b/i;
const DOWN_REASONS: Array<[RegExp, string]> = [
  [/dying ?gasp/i, 'dying gasp'],
  [/\blos\b/i, 'LOS'],
  [/\blof\b/i, 'LOF'],
];

/**
 * V-SOL GPON alarm/oam log lines: `ONU Online` → onu-up; `ONU Port Los … LAN1 LINK DOWN` → onu-port-down
 * (a LAN port of the ONU; the ONU stays up), reason `LINK DOWN`; `User Login … User X logged in from IP` → admin-login.
 */
export function parseVsol(r: ParsedLogLine): boolean {
  const msg = r.message;
  let m = ONU_EVENT.exec(msg);
  if (m) {
    const event = m[1].trim();
    let detail = m[4];
    r.vendor = 'vsol';
    r.onu = `PON ${m[2]} ONU ${m[3]}`;
    const sn = SN.exec(detail);
    if (sn) {
      r.serial = serialOrNull(sn[1]);
      detail = sn[2];
    }
    detail = detail.trim();
    if (/^ONU Online$/i.test(event)) r.kind = 'onu-up';
    else if (/^ONU Port Los$/i.test(event)) {
      r.kind = 'onu-port-down';
      r.reason = detail.replace(LAN_PORT, '') || null;
    } else if (ONU_DOWN.test(event)) {
      r.kind = 'onu-down';
      r.reason = DOWN_REASONS.find(([re]) => re.test(event))?.[1] ?? (detail || null);
    }
    return true;
  }
  if ((m = USER_LOGIN.exec(msg))) {
    r.vendor = 'vsol';
    r.kind = m[2] === 'in' ? 'admin-login' : 'admin-logout';
    r.user = m[1];
    r.ip = m[3];
    return true;
  }
  return false;
}
