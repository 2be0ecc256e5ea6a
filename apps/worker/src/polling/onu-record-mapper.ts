import type { OnuRecord } from '@pondesk/device-drivers';
import type { PolledOnu } from './poll-diff';

const DEVICE_TIME =
  /^(\d{4})[-/.:](\d{1,2})[-/.:](\d{1,2})[ T.]+(\d{1,2}):(\d{2}):(\d{2})(?:\s*(Z|[+-]\d{2}:?\d{2}))?$/i;

/**
 * A time as the drivers hand it over (`2026-06-04 07:00:01`, `2026/06/03 21:32:03+07:00`, `2024.01.24.09:04:38`).
 * Without an offset it is the OLT's wall clock, which ISPs set to their local time, as they do the server's:
 * it is read in the server's time zone. Anything else is no time.
 */
export function deviceTime(raw: string | null | undefined): Date | null {
  const m = raw ? DEVICE_TIME.exec(raw.trim()) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  if (!m[7]) return new Date(y, mo - 1, d, h, mi, s);
  const zone = m[7].toUpperCase() === 'Z' ? 'Z' : m[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const at = new Date(
    `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}${zone}`,
  );
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * A driver's ONU record as the poller stores it. An ONU in an unknown state is not serving its
 * subscriber, so it is stored offline (reason `unknown`, the device's word kept in `reasonRaw`).
 * An offline ONU carries the OLT's last-deregistration time (`downAt`) when the OLT gives one.
 */
export function toOnuReading(r: OnuRecord): PolledOnu {
  const online = r.status === 'online';
  return {
    ponPort: r.ponPort,
    onuId: r.onuId,
    ifName: r.ifName,
    mac: r.mac,
    serial: r.serial,
    description: r.description,
    status: online ? 'online' : 'offline',
    reason: online ? null : (r.lastDeregReason ?? 'unknown'),
    reasonRaw: online ? null : (r.lastDeregReasonRaw ?? (r.status === 'unknown' ? r.statusRaw : null)),
    rxDbm: r.rxDbm,
    txDbm: r.txDbm,
    temperatureC: r.temperatureC,
    voltageV: r.voltageV,
    biasMa: r.biasMa,
    distanceM: r.distanceM,
    vendor: r.vendor,
    model: r.model,
    downAt: online ? null : deviceTime(r.lastDeregTime),
  };
}
