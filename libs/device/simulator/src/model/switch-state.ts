/** A simulated access switch: a row of ports, some with SFP transceivers whose optics drift over time. */
import type { SimClock } from './sim-clock';
import { NO_FAULTS, type DeviceFaults } from './device-faults';
import { between, intBetween, roundTo, unit } from './seeded-random';
import type { Resolution } from './olt-state';

/** Switch brands the simulator has (the OLT brands are the contracts' OLT_BRANDS). */
export const SWITCH_BRANDS = ['snr', 'cisco'] as const;
export type SwitchBrand = (typeof SWITCH_BRANDS)[number];

export const isSwitchBrand = (value: unknown): value is SwitchBrand =>
  (SWITCH_BRANDS as readonly unknown[]).includes(value);

export interface SwitchSpec {
  name: string;
  brand: SwitchBrand;
  ports: number;
  /** How many of the last ports carry an SFP (the rest are copper). */
  sfpPorts: number;
  seed: number;
  hostname: string;
  /** Port descriptions (ifAlias) by port number, e.g. the OLT an uplink goes to; the rest have none. */
  portAliases?: Readonly<Record<number, string>>;
}

export interface SimSwitchPort {
  port: number;
  link: 'up' | 'down';
  sfp: boolean;
  /** Its ifAlias ('' when it has none). */
  alias: string;
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
}

export class SwitchState {
  readonly kind = 'switch' as const;
  faults: DeviceFaults = { ...NO_FAULTS };
  offAir = false;
  readonly bootTime: number;
  private readonly rxOverride = new Map<number, number>();
  /** Links forced up or down through the control API (a pulled patch cord, a port brought back). */
  private readonly linkOverride = new Map<number, 'up' | 'down'>();

  constructor(
    readonly spec: SwitchSpec,
    readonly clock: SimClock,
    readonly resolution: Resolution,
  ) {
    this.bootTime = clock.epochSeconds - intBetween(5, 300, spec.seed, 951) * 86_400;
  }

  now(): number {
    return this.clock.now();
  }

  isSfp(port: number): boolean {
    return port > this.spec.ports - this.spec.sfpPorts;
  }

  has(port: number): boolean {
    return Number.isInteger(port) && port >= 1 && port <= this.spec.ports;
  }

  alias(port: number): string {
    return this.spec.portAliases?.[port] ?? '';
  }

  port(port: number, t = this.now()): SimSwitchPort {
    const s = this.spec.seed;
    const sfp = this.isSfp(port);
    const alias = this.alias(port);
    const forced = this.linkOverride.get(port);
    // One SFP in five has no light (unused uplink or a cut patch cord); a port forced down has none either,
    // one forced up has its light back.
    const dark = forced === 'down' || (forced === undefined && sfp && unit(s, port, 961) < 0.2);
    const link: 'up' | 'down' = forced ?? (dark ? 'down' : sfp || unit(s, port, 962) < 0.7 ? 'up' : 'down');
    if (!sfp)
      return {
        port,
        link,
        sfp,
        alias,
        rxDbm: null,
        txDbm: null,
        temperatureC: null,
        voltageV: null,
        biasMa: null,
      };
    const r = this.resolution;
    const day = (2 * Math.PI * t) / 86_400;
    const phase = unit(s, port, 963) * 2 * Math.PI;
    const baseRx = between(-16, -4, s, port, 964);
    const rx = this.rxOverride.get(port) ?? baseRx + 0.4 * Math.sin(day + phase);
    return {
      port,
      link,
      sfp,
      alias,
      rxDbm: dark ? null : roundTo(rx, r.rx),
      txDbm: roundTo(between(-7, -2, s, port, 965) + 0.1 * Math.sin(day + phase), r.tx),
      temperatureC: roundTo(between(30, 60, s, port, 966) + 2 * Math.sin(day), r.temperature),
      voltageV: roundTo(between(3.25, 3.38, s, port, 967), r.voltage),
      biasMa: roundTo(between(5, 25, s, port, 968), r.bias),
    };
  }

  ports(t = this.now()): SimSwitchPort[] {
    const out: SimSwitchPort[] = [];
    for (let p = 1; p <= this.spec.ports; p++) out.push(this.port(p, t));
    return out;
  }

  setPortRx(port: number, rxDbm: number | null): boolean {
    if (!this.isSfp(port)) return false;
    if (rxDbm === null) this.rxOverride.delete(port);
    else this.rxOverride.set(port, rxDbm);
    return true;
  }

  /** Forces the port's link up or down; null returns it to the simulated default. False: no such port. */
  setPortLink(port: number, up: boolean | null): boolean {
    if (!this.has(port)) return false;
    if (up === null) this.linkOverride.delete(port);
    else this.linkOverride.set(port, up ? 'up' : 'down');
    return true;
  }

  system(t = this.now()): { uptimeSeconds: number; cpuPercent: number; memoryPercent: number } {
    return {
      uptimeSeconds: Math.max(0, t - this.bootTime),
      cpuPercent: Math.round(3 + 15 * unit(this.spec.seed, Math.floor(t / 60), 971)),
      memoryPercent: Math.round(30 + 20 * unit(this.spec.seed, 972)),
    };
  }
}
