/**
 * Where the simulated devices send syslog. Network safety: loopback only (127.0.0.0/8, `localhost`), so the
 * demo and the tests never send a datagram off this machine; anything else is refused with a clear error.
 */
import { isLoopbackIpv4 } from '../net/loopback';

export interface SyslogTarget {
  host: string;
  port: number;
}

/** What a fleet file, the CLI and `PUT /syslog` accept: `"127.0.0.1:5514"` or `{ host, port }`. */
export type SyslogTargetInput = string | { host: unknown; port: unknown };

const LOOPBACK_ONLY = 'the simulator sends syslog to loopback addresses (127.0.0.0/8) only';

/** The target, or the message of the refusal. `localhost` is taken as 127.0.0.1 (the senders are IPv4). */
export function parseSyslogTarget(input: unknown): SyslogTarget | string {
  let host: unknown;
  let port: unknown;
  if (typeof input === 'string') {
    const m = /^\s*(.+):(\d{1,5})\s*$/.exec(input);
    if (!m) return `syslog target must be HOST:PORT (e.g. 127.0.0.1:5514), not "${input}"`;
    host = m[1];
    port = Number(m[2]);
  } else if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    ({ host, port } = input as { host?: unknown; port?: unknown });
  } else return 'syslog target must be "HOST:PORT" or { "host", "port" }';
  if (typeof host !== 'string' || host.trim() === '') return 'syslog target host must be a string';
  let h = host.trim().toLowerCase();
  if (h === 'localhost') h = '127.0.0.1';
  if (!isLoopbackIpv4(h)) return `syslog target ${host} refused: ${LOOPBACK_ONLY}`;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
    return `syslog target port must be an integer from 1 to 65535, not ${String(port)}`;
  return { host: h, port };
}

/** As `parseSyslogTarget`, throwing the refusal (fleet files, `startFleet` options, the CLI). */
export function syslogTargetOrThrow(input: unknown): SyslogTarget {
  const t = parseSyslogTarget(input);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

export const formatSyslogTarget = (t: SyslogTarget): string => `${t.host}:${t.port}`;
