/**
 * The path to a device and its answering speed: a WAN round trip and a slow CPU that can only produce so
 * many SNMP varbinds a second. Fleet file `link` per device, control API `PUT /devices/:name/link` and
 * `PUT /link` (every device).
 */
export interface DeviceLink {
  /** Real milliseconds added to every answer (half before the device sees the request, half after). */
  rttMs: number;
  /** Most SNMP varbinds the device answers per real second, over all managers together; 0 = no cap. */
  varbindsPerSecond: number;
}

export const NO_LINK_LIMITS: Readonly<DeviceLink> = { rttMs: 0, varbindsPerSecond: 0 };

/**
 * One device's answer budget: answers are produced one after another, each taking `count / rate` seconds
 * of the device's time, so concurrent requests (from one manager or several) share the same budget.
 */
export class AnswerPacer {
  /** When the device finishes the answers already promised (same clock as `now`). */
  private busyUntil = 0;

  constructor(
    private readonly rate: () => number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Milliseconds from now until an answer of `count` varbinds is ready; books its share of the budget. */
  reserve(count: number): number {
    const rate = this.rate();
    if (rate <= 0 || count <= 0) return 0;
    const now = this.now();
    this.busyUntil = Math.max(now, this.busyUntil) + (count * 1000) / rate;
    return this.busyUntil - now;
  }
}
