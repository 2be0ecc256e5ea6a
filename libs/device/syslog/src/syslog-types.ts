import type { LogEventKind, LogSeverity, LogVendor } from '@pondesk/contracts';

/**
 * How the line was framed:
 * - `rfc5424`: `<PRI>1 TIMESTAMP HOST APP PROCID MSGID [SD]|- MSG`
 * - `rfc3164`: `<PRI>Mmm dd HH:MM:SS HOST[ TAG|topics][ prefix:] msg` (MikroTik `bsd-syslog`, BDCOM)
 * - `routeros-default`: `<PRI>topics[ prefix:] message` (no time, no host)
 * - `collector-file`: `ISO-TIME HOST TAG|topics MSG` (rsyslog files)
 * - `csv`: syslog-ng `SENDER-IP,YYYYMMDDhhmmss, MSG`
 * - `console`: a time first but no PRI (`HH:MM:SS topics msg`, `mon/dd HH:MM:SS`, `YYYY-MM-DD HH:MM:SS`,
 *   `YYYY/MM/DD HH:MM:SS`, `[YYYY/MM/DD HH:MM:SS]`, `Mmm d HH:MM:SS %TAG:`)
 * - `bare`: none of those (a message, perhaps after MikroTik topics, or a `<PRI>` and nothing we know)
 */
export type SyslogFormat =
  'rfc5424' | 'rfc3164' | 'routeros-default' | 'collector-file' | 'csv' | 'console' | 'bare';

/** What one syslog line says; every field is `null` when the line does not carry it. */
export interface ParsedLogLine {
  /** Which parser recognised the message (null: none did). */
  vendor: LogVendor | null;
  /** `other` when nothing matched; admin lines are admin-login/admin-logout, never subscriber events. */
  kind: LogEventKind;
  format: SyslogFormat;
  /** The time as written in the header or message (no year invented), trimmed. */
  time: string | null;
  /** Host/identity in the header, or the CSV sender IP, or the collector-file host. */
  host: string | null;
  /** From `<PRI>`. */
  facility: number | null;
  /** From `<PRI>`, else from a level word (HSGQ `Info:`, V-SOL `major`, MikroTik topics), else null. */
  severity: LogSeverity | null;
  /** MikroTik topics (`pppoe,ppp,info`) or syslog tag (`%OLT`; RFC 5424: APP-NAME), when present. */
  topics: string | null;
  /** The message without header/topics/prefix, NUL bytes stripped, trimmed. */
  message: string;
  /** PPPoE/PPP user; for admin lines the admin user. */
  user: string | null;
  /** `pppoe` | `pptp` | `l2tp` | `ovpn` | `sstp` …, from `<service-USER>` or the topics. */
  service: string | null;
  /** ONU interface as the line writes it: `EPON0/1:3`, `PON 0/3 ONU 50`, `1/27`, `PON 0/0/8 ONU 66`. */
  onu: string | null;
  /** Lowercase `aa:bb:cc:dd:ee:ff`. */
  mac: string | null;
  /** ONU serial (GPON SN). */
  serial: string | null;
  /** PPP remote IP (accounting line) or admin login source IP. */
  ip: string | null;
  /** From `logged out, SECS …`. */
  sessionSeconds: number | null;
  /** Why it went down: `peer is not responding`, `Laser out`, `LOS`, `LINK DOWN`, `Dying gasp(DGi)` … */
  reason: string | null;
  /** The input was longer than LOG_LINE_MAX_CHARS and was cut before parsing. */
  truncated: boolean;
}

/** A vendor's message parser: fills `r` and returns true when it recognises `r.message`; leaves `r` alone otherwise. */
export type VendorParser = (r: ParsedLogLine) => boolean;
