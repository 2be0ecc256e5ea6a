import type { LogDeviceKind, LogEventKind } from '@pondesk/contracts';
import type { SessionEventRecord } from '@pondesk/server-database';

/** What the receiver stored of one line, as far as the events read from lines need it. */
export interface StoredLogLine {
  tenantId: string;
  oltId: string;
  deviceKind: LogDeviceKind;
  /** The device's name in the logs (a router's is also its name in the Down Count's router list). */
  deviceName: string;
  receivedAt: Date;
  kind: LogEventKind;
  /** The device's own time as written in the line. */
  time: string | null;
  user: string | null;
  service: string | null;
  mac: string | null;
  ip: string | null;
  onu: string | null;
  serial: string | null;
}

/** The PPP services whose sessions are subscribers' (a router's VPN users are not). */
const SUBSCRIBER_SERVICES: ReadonlySet<string> = new Set(['pppoe']);

/** A PPPoE id as the ingest endpoint takes it: no blanks, `&` or `=`, at most 64 characters. */
const PPPOE_ID = /^[^\s&=]{1,64}$/;

/**
 * The session event a router's line reports: a PPPoE session connected (`<pppoe-USER>: connected`, or the
 * accounting `USER logged in`) or disconnected; null for every other line. A line that names no service
 * (bsd-syslog drops the topics) counts as PPPoE: that is what the router terminates for subscribers.
 */
export function sessionEventOf(
  line: StoredLogLine,
): Omit<SessionEventRecord, 'tenantId' | 'receivedAt'> | null {
  if (line.deviceKind !== 'router') return null;
  if (line.kind !== 'ppp-up' && line.kind !== 'ppp-down') return null;
  if (!line.user || !PPPOE_ID.test(line.user)) return null;
  if (line.service !== null && !SUBSCRIBER_SERVICES.has(line.service)) return null;
  return {
    pppoeId: line.user,
    action: line.kind === 'ppp-up' ? 'up' : 'down',
    ip: line.ip,
    mac: line.mac,
    router: line.deviceName.slice(0, 64),
    iface: null,
    routerTime: line.time?.slice(0, 40) ?? null,
  };
}

/**
 * A router logs one session's end twice when both its PPP and accounting topics are sent
 * (`<pppoe-u>: disconnected` and `u logged out, …`): a user's report repeating that user's last one (same
 * action) within `windowMs` is the same event, not another drop; down, up, down is a flap and counts.
 */
export class RepeatFilter {
  private readonly last = new Map<string, { action: string; at: number }>();

  constructor(private readonly windowMs: number) {}

  /** True unless `action` repeats `key`'s last action within the window; remembers it either way. */
  fresh(key: string, action: string, atMs: number): boolean {
    const before = this.last.get(key);
    this.last.set(key, { action, at: atMs });
    if (this.last.size > 100_000) this.prune(atMs);
    return !before || before.action !== action || atMs - before.at > this.windowMs;
  }

  private prune(now: number): void {
    for (const [key, { at }] of this.last) if (now - at > this.windowMs) this.last.delete(key);
  }
}

/**
 * The PON port and ONU an OLT's line names, in the forms the OLTs write: BDCOM `EPON0/1:3` (or GPON),
 * V-SOL `PON 0/2 ONU 1`, C-Data `PON 0/0/8 ONU 66`, HSGQ `1/27`.
 */
export function ponPlaceOf(onu: string | null): { ponPort: number; onuId: number } | null {
  if (!onu) return null;
  const m =
    /^[EGX]?PON\d+\/(\d+):(\d+)$/i.exec(onu.trim()) ??
    /^PON\s+\d+\/(?:\d+\/)?(\d+)\s+ONU\s+(\d+)$/i.exec(onu.trim()) ??
    /^(\d+)\/(\d+)$/.exec(onu.trim());
  if (!m) return null;
  const place = { ponPort: Number(m[1]), onuId: Number(m[2]) };
  return Number.isSafeInteger(place.ponPort) && Number.isSafeInteger(place.onuId) ? place : null;
}
