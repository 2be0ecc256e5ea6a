import { DriverError, DriverErrorCode } from './driver.exception';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold?: number;
  /** How long an open circuit refuses calls before letting one trial through. */
  cooldownMs?: number;
  now?: () => number;
}

interface State {
  failures: number;
  openedAt: number | null;
  trialInFlight: boolean;
}

/**
 * Per-device circuit breaker: after N consecutive failures a device is skipped for a cool-down, so an unreachable
 * OLT costs one fast rejection instead of a timeout per poll and never slows the others.
 */
export class DeviceCircuitBreaker {
  private readonly states = new Map<string, State>();
  private readonly threshold: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;

  constructor(options: CircuitBreakerOptions = {}) {
    this.threshold = options.failureThreshold ?? 3;
    this.cooldownMs = options.cooldownMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  state(key: string): 'closed' | 'open' | 'half-open' {
    const s = this.states.get(key);
    if (!s || s.openedAt === null) return 'closed';
    return this.now() - s.openedAt >= this.cooldownMs ? 'half-open' : 'open';
  }

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const s = this.states.get(key) ?? { failures: 0, openedAt: null, trialInFlight: false };
    this.states.set(key, s);
    const st = this.state(key);
    if (st === 'open' || (st === 'half-open' && s.trialInFlight)) {
      const wait = Math.max(0, this.cooldownMs - (this.now() - (s.openedAt ?? 0)));
      throw new DriverError(
        DriverErrorCode.CIRCUIT_OPEN,
        `${key}: skipped after ${s.failures} consecutive failures (retry in ${Math.ceil(wait / 1000)} s)`,
      );
    }
    if (st === 'half-open') s.trialInFlight = true;
    try {
      const result = await fn();
      s.failures = 0;
      s.openedAt = null;
      return result;
    } catch (e) {
      s.failures++;
      if (s.failures >= this.threshold || st === 'half-open') s.openedAt = this.now();
      throw e;
    } finally {
      s.trialInFlight = false;
    }
  }

  reset(key: string): void {
    this.states.delete(key);
  }
}
