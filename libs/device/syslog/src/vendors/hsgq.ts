import { normaliseMac, serialOrNull } from '../fields';
import type { ParsedLogLine } from '../syslog-types';

/** `ONU P/N MAC|SN event[, Reason:…]` (EPON), `ONT P/N SN …` (GPON); the level word was taken by the framing. */
const ONU_EVENT = /^(?:ONU|ONT) (\d{1,2}\/\d{1,3}) (\S+) (.*)$/;
/** `ONU P/N Port K MAC Uni port link down` (vendor catalogue; no dated sample). */
const UNI_EVENT = /^ONU (\d{1,2}\/\d{1,3}) Port (\d{1,2}) (\S+) Uni port link (down|up)\b/i;
const PON_EVENT = /^PON (\d{1,2}) PON link (down|up)\b *(.*)$/i;
const REASON = /, *Reason: *(.*)$/;
const UP = /^(?:ONU|ONT) (?:authorization success|link up)\b/i;
const DEREGISTER = /^(?:ONU|ONT) deregister\b/i;
const DYING_GASP = /^(?:ONU|ONT) dying gasp\b/i;

/**
 * HSGQ (EPON/GPON) event lines: authorization success / link up → onu-up; deregister (with its `Reason:`),
 * dying gasp → onu-down; `PON P PON link down and all onu will be offline  maybe fiber signal los` → pon-down.
 */
export function parseHsgq(r: ParsedLogLine): boolean {
  const msg = r.message;
  let m = ONU_EVENT.exec(msg);
  if (m) {
    const id = m[2];
    const event = m[3];
    const uni = UNI_EVENT.exec(msg);
    r.vendor = 'hsgq';
    r.onu = m[1];
    if (uni) {
      r.mac = normaliseMac(uni[3]);
      if (uni[4].toLowerCase() === 'down') {
        r.kind = 'onu-port-down';
        r.reason = 'LINK DOWN';
      }
      return true;
    }
    r.mac = normaliseMac(id);
    if (r.mac === null) r.serial = serialOrNull(id);
    const reason = REASON.exec(event)?.[1].trim() || null;
    if (UP.test(event)) r.kind = 'onu-up';
    else if (DEREGISTER.test(event)) {
      r.kind = 'onu-down';
      r.reason = reason;
    } else if (DYING_GASP.test(event)) {
      r.kind = 'onu-down';
      r.reason = reason ?? 'dying gasp';
    } else r.reason = reason;
    return true;
  }
  if ((m = PON_EVENT.exec(msg))) {
    r.vendor = 'hsgq';
    if (m[2].toLowerCase() === 'down') {
      r.kind = 'pon-down';
      // `… and all onu will be offline  maybe fiber signal los`: the guess after the run of blanks.
      const tail = m[3];
      const gap = tail.lastIndexOf('  ');
      r.reason = (gap >= 0 ? tail.slice(gap) : tail).trim() || null;
    }
    return true;
  }
  return false;
}
