export { parseSyslogLine } from './parse-syslog-line';
export type { ParsedLogLine, SyslogFormat } from './syslog-types';
