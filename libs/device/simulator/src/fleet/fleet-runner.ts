/** Start a whole fleet in this process: one SimDevice per device (own UDP/TCP ports) and the control API. */
import { resolve } from 'node:path';
import { SimClock } from '../model/sim-clock';
import {
  DEFAULT_PORTS,
  loadFleetConfig,
  parseFleetConfig,
  resolveConcentrator,
  resolveDevices,
  type AddressMode,
  type FleetConfig,
  type FleetConfigInput,
} from '../config/fleet-config';
import { SimDevice, type SimDeviceInfo } from './sim-device';
import { ControlServer } from '../control/control-server';
import { deviceSnapshot, type DeviceSnapshot } from './device-snapshot';
import { SimRouters } from '../routers/sim-routers';
import { SimSyslog, type SimSyslogOptions } from '../syslog/sim-syslog';
import { syslogTargetOrThrow, type SyslogTarget } from '../syslog/syslog-target';
import { SimRouterApis } from '../routeros/router-apis';

export interface StartFleetOptions {
  /** 'free' (default for the API): every port picked by the OS. 'fixed': documented bases + position. */
  ports?: 'fixed' | 'free';
  snmpBase?: number;
  telnetBase?: number;
  httpBase?: number;
  /** Fixed ports, shared addresses: each OLT's MikroTik RouterOS API on this + position (default 17728). */
  routerApiBase?: number;
  /** Fixed ports, per-device addresses: each router's API on this port of its own address (default 8728). */
  routerApiPort?: number;
  /** Fixed ports: the VPN concentrator's RouterOS API (default 17700). */
  concentratorPort?: number;
  /** Overrides the file's `concentrator.autoDial` (a secret added over the API dials in by itself). */
  autoDial?: boolean;
  /** Control API port; 0 = free, null = no control API. Default: 18999 with fixed ports, free otherwise. */
  controlPort?: number | null;
  /** Overrides the file's time scale (0 freezes simulated time: exact comparisons in tests). */
  timeScale?: number;
  /** Overrides the file's start time (ISO 8601 or Unix seconds). */
  epoch?: string | number;
  /** The shared address (control API; every device with 'shared' addresses). Default: the file's, 127.0.0.1. */
  host?: string;
  /**
   * Overrides the file's `addresses`: 'shared' (default: every device on `host`) or 'per-device' (device i
   * on addressBase + i, 127.0.1.1, 127.0.1.2, …, and the router in front of OLT i on routerAddressBase + i).
   */
  addresses?: AddressMode;
  addressBase?: string;
  routerAddressBase?: string;
  /**
   * Devices send syslog there (loopback only; anything else throws). Overrides the file's `syslog`; null
   * keeps it off whatever the file says. Also switched at run time by the control API's `PUT /syslog`.
   */
  syslog?: SyslogTarget | null;
  /** Pass timing and noise of the syslog sender (tests). */
  syslogOptions?: SimSyslogOptions;
  /** Devices started in parallel (the bench fleet has 200). */
  concurrency?: number;
}

export interface RunningFleet {
  devices: SimDeviceInfo[];
  controlUrl: string | null;
  clock: SimClock;
  /** Simulated MikroTik routers reporting PPPoE session events (off until configured). */
  routers: SimRouters;
  /** The routers' RouterOS APIs (one BRAS per OLT) and the VPN concentrator's, listening. */
  routerApis: SimRouterApis;
  /** The devices' syslog sender (off unless a target is set). */
  syslog: SimSyslog;
  device(name: string): SimDevice;
  snapshot(name: string, t?: number): DeviceSnapshot;
  stop(): Promise<void>;
}

export const DEFAULT_FLEET_PATH = resolve(__dirname, '../../fleets/default.json');
export const BENCH_FLEET_PATH = resolve(__dirname, '../../fleets/bench.json');

export function fleetConfigFrom(config: FleetConfig | FleetConfigInput | string): FleetConfig {
  return typeof config === 'string' ? loadFleetConfig(config) : parseFleetConfig(config);
}

export async function startFleet(
  config: FleetConfig | FleetConfigInput | string,
  options: StartFleetOptions = {},
): Promise<RunningFleet> {
  const cfg = fleetConfigFrom(config);
  const mode = options.ports ?? 'free';
  const plan = {
    mode,
    snmpBase: options.snmpBase,
    telnetBase: options.telnetBase,
    httpBase: options.httpBase,
    addresses: options.addresses,
    addressBase: options.addressBase,
    routerAddressBase: options.routerAddressBase,
    routerApiBase: options.routerApiBase,
    routerApiPort: options.routerApiPort,
    concentratorPort: options.concentratorPort,
  };
  const specs = resolveDevices(cfg, plan);
  const concentrator = resolveConcentrator(cfg, plan);
  if (concentrator && options.autoDial !== undefined) concentrator.autoDial = options.autoDial;
  const syslogRaw = options.syslog === undefined ? cfg.syslog : options.syslog;
  // Checked before anything listens: a non-loopback target is refused with the reason.
  const syslogTarget = syslogRaw === undefined || syslogRaw === null ? null : syslogTargetOrThrow(syslogRaw);
  const epochRaw = options.epoch ?? cfg.epoch;
  const epoch = typeof epochRaw === 'number' ? epochRaw : Math.floor(Date.parse(epochRaw) / 1000);
  if (!Number.isFinite(epoch)) throw new Error(`bad epoch ${String(epochRaw)}`);
  const clock = new SimClock(epoch, options.timeScale ?? cfg.timeScale);
  const host = options.host ?? cfg.host;
  const devices = specs.map((s) => new SimDevice(s, host, clock));
  const started: SimDevice[] = [];
  const routers = new SimRouters(devices);
  const routerApis = new SimRouterApis(devices, routers, {
    host,
    concentrator,
    concurrency: options.concurrency,
  });
  const syslog = new SimSyslog(devices, routers, options.syslogOptions);
  let control: ControlServer | null = null;
  const stop = async (): Promise<void> => {
    await syslog.stop();
    routers.stop();
    await control?.stop();
    await routerApis.stop();
    await Promise.all(started.map((d) => d.stop()));
  };
  try {
    const limit = Math.max(1, options.concurrency ?? 16);
    for (let i = 0; i < devices.length; i += limit) {
      const batch = devices.slice(i, i + limit);
      await Promise.all(
        batch.map(async (d) => {
          started.push(d);
          await d.start();
        }),
      );
    }
    await routerApis.start();
    const controlPort =
      options.controlPort === undefined
        ? mode === 'fixed'
          ? (cfg.ports.control ?? DEFAULT_PORTS.control)
          : 0
        : options.controlPort;
    if (controlPort !== null) {
      control = new ControlServer({ devices, clock, routers, syslog, routerApis }, host, controlPort);
      await control.start();
    }
    if (syslogTarget) syslog.configure(syslogTarget);
  } catch (e) {
    await stop();
    throw e;
  }
  const byName = new Map(devices.map((d) => [d.name, d]));
  return {
    get devices() {
      return devices.map((d) => d.info());
    },
    controlUrl: control ? control.url : null,
    clock,
    routers,
    routerApis,
    syslog,
    device(name: string): SimDevice {
      const d = byName.get(name);
      if (!d) throw new Error(`no simulated device ${name}`);
      return d;
    },
    snapshot(name: string, t?: number): DeviceSnapshot {
      const d = byName.get(name);
      if (!d) throw new Error(`no simulated device ${name}`);
      return deviceSnapshot(d, t);
    },
    stop,
  };
}
