import type { ParsedLogLine } from '../syslog-types';

/** `PON 0/0/P ONU N [UNI 0/U] <alarm text>[ clear]` (C-Data GPON alarm log). */
const ALARM = /^PON (\d{1,2}\/\d{1,2}\/\d{1,2}) ONU (\d{1,3})(?: UNI (\d{1,2}\/\d{1,2}))? +(.+)$/;
const CLEAR = / +clear$/i;
/** The ONU-level alarms that mean the ONU is off: dying gasp (power), loss of signal / frame (optics). */
const ONU_OFF = /Dying gasp|Loss of signal for ONU|Loss of frame for ONU|\((?:DGi|LOSi|LOFi)\)/i;
const UNI_LINK = /link status is (down|up)\b/i;

/**
 * C-Data GPON alarm-log lines: `Dying gasp(DGi)`, `Loss of signal for ONU(LOSi)`, `Loss of frame for ONU(LOFi)`
 * → onu-down with the alarm text as reason; the same with ` clear` → onu-up; `UNI 0/N The Ethernet port link
 * status is down` → onu-port-down (reason `LINK DOWN`); a UNI coming up is not an ONU coming up → other.
 */
export function parseCdata(r: ParsedLogLine): boolean {
  const m = ALARM.exec(r.message);
  if (!m) return false;
  r.vendor = 'cdata';
  r.onu = `PON ${m[1]} ONU ${m[2]}`;
  let alarm = m[4].trim();
  const cleared = CLEAR.test(alarm);
  if (cleared) alarm = alarm.replace(CLEAR, '');
  if (m[3] !== undefined) {
    const link = UNI_LINK.exec(alarm);
    if (link && link[1].toLowerCase() === 'down' && !cleared) {
      r.kind = 'onu-port-down';
      r.reason = 'LINK DOWN';
    }
    return true;
  }
  if (ONU_OFF.test(alarm)) {
    if (cleared) r.kind = 'onu-up';
    else {
      r.kind = 'onu-down';
      r.reason = alarm;
    }
  }
  return true;
}
