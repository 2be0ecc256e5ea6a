import type { OnuRecord } from '@pondesk/device-drivers';
import type { OnuReading } from '@pondesk/contracts';

/**
 * A driver's ONU record as the poller stores it. An ONU in an unknown state is not serving its
 * subscriber, so it is stored offline (reason `unknown`, the device's word kept in `reasonRaw`).
 */
export function toOnuReading(r: OnuRecord): OnuReading {
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
  };
}
