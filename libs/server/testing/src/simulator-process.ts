import type { OnuStatusCode } from '@pondesk/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENTRYPOINTS, spawnEntrypoint, type EntrypointProcess } from './entrypoint-process';
import { freePort, waitFor } from './net';

export interface SimDeviceInfo {
  name: string;
  host: string;
  /** The address its simulated MikroTik router sends syslog from (OLTs). */
  routerHost?: string | null;
  snmpPort: number;
  community: string;
  telnetPort: number;
  httpPort: number | null;
  username: string;
  password: string;
}

export interface SimOnuState {
  ponPort: number;
  onuId: number;
  mac: string;
  serial: string;
  vendor: string;
  description: string | null;
  status: OnuStatusCode;
  lastDeregReason: string;
  /** Client devices learned behind the ONU (in the OLT's MAC table). */
  clientMacs: { mac: string; vlan: number }[];
  distanceM: number;
  rxDbm: number | null;
  txDbm: number | null;
  history: unknown[];
}

export interface FleetDevice {
  name: string;
  brand: string;
  mode: string;
  ponPorts: number;
  onusPerPort: number;
}

/** `PUT /routers` on the simulator's control API. */
export interface SimRoutersConfig {
  /** `http://127.0.0.1:<port>/api/v1/ingest/session-events` (loopback only). */
  url: string;
  key: string;
  pppDropsPerMinute?: number;
  seed?: number;
}

/** What the simulator's `/routers` routes answer. */
export interface SimRoutersStats {
  enabled: boolean;
  url: string | null;
  /** Masked. */
  key: string | null;
  pppDropsPerMinute: number;
  routers: number;
  subscribers: number;
  sessionsUp: number;
  events: { up: number; down: number; pppDrops: number };
  posted: number;
  accepted: number;
  failed: number;
  inFlight: number;
  queued: number;
  byStatus: Record<string, number>;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** A session event as the simulated router posted it. */
export interface SimSessionEvent {
  action: 'up' | 'down';
  user: string;
  callerId: string;
  remoteAddress: string;
  router: string;
}

export interface SimPppDrop {
  router: string;
  down: SimSessionEvent;
  /** When the `up` is due (ISO). */
  upAt: string;
}

/** A simulated fleet in its own process (as `npm run sim` runs it), with its loopback control API. */
export class SimulatorProcess {
  private constructor(
    private readonly child: EntrypointProcess,
    private readonly dir: string,
    readonly control: string,
  ) {}

  /**
   * Starts a fleet given as devices (a fleet file is written for them) or as an existing fleet file.
   * Simulated time is frozen unless `timeScale` says otherwise, so tests can compare exact states.
   */
  static async start(
    fleet: FleetDevice[] | { file: string },
    options: {
      seed?: number;
      timeScale?: number;
      /**
       * Each device on its own loopback address from this one on (its router from `routerAddressBase`),
       * as the syslog receiver needs to tell devices apart; all on 127.0.0.1 otherwise.
       */
      addressBase?: string;
      routerAddressBase?: string;
      /** The devices send syslog to this `host:port` (loopback only). */
      syslog?: string;
    } = {},
  ): Promise<SimulatorProcess> {
    const dir = mkdtempSync(join(tmpdir(), 'pondesk-sim-it-'));
    let fleetFile: string;
    if (Array.isArray(fleet)) {
      fleetFile = join(dir, 'fleet.json');
      writeFileSync(fleetFile, JSON.stringify({ name: 'it', seed: options.seed ?? 11, devices: fleet }));
    } else fleetFile = fleet.file;
    for (let attempt = 1; ; attempt++) {
      // Device ports stay below Linux's ephemeral range (32768 and up), where any process's client sockets
      // (the worker's SNMP sessions, database connections) may hold a port and make a device's bind fail.
      const base = 20000 + ((await freePort()) % 10000);
      const controlPort = await freePort();
      const control = `http://127.0.0.1:${controlPort}`;
      const child = spawnEntrypoint(ENTRYPOINTS.simulator, {
        args: [
          '--fleet',
          fleetFile,
          '--base-port',
          String(base),
          '--control-port',
          String(controlPort),
          '--time-scale',
          String(options.timeScale ?? 0),
          ...(options.addressBase
            ? [
                '--addresses',
                'per-device',
                '--address-base',
                options.addressBase,
                ...(options.routerAddressBase ? ['--router-address-base', options.routerAddressBase] : []),
              ]
            : []),
          ...(options.syslog ? ['--syslog', options.syslog] : []),
        ],
      });
      const ready = waitFor(async () => (await fetch(`${control}/devices`).catch(() => undefined))?.ok, {
        timeoutMs: 20000,
        what: 'the simulator',
      }).then(
        () => 'ready' as const,
        (error: Error) => error,
      );
      const outcome = await Promise.race([ready, child.exited.then(() => 'exited' as const)]);
      if (outcome === 'ready') return new SimulatorProcess(child, dir, control);
      await child.stop();
      const output = child.output();
      // Another process took one of the ports between our choice and the bind: choose again.
      if (outcome === 'exited' && attempt < 3 && /EADDRINUSE/.test(output)) continue;
      rmSync(dir, { recursive: true, force: true });
      const why = outcome === 'exited' ? 'The simulator exited before it was ready' : outcome.message;
      throw new Error(`${why}\n${output.slice(-4000)}`);
    }
  }

  /** Every device of the running fleet (OLTs and switches), as `npm run sim -- --list --json` prints them. */
  async devices(): Promise<(SimDeviceInfo & { brand: string; mode: string | null; onus: number })[]> {
    return (await (await fetch(`${this.control}/devices`)).json()) as (SimDeviceInfo & {
      brand: string;
      mode: string | null;
      onus: number;
    })[];
  }

  /** The PON ports of a simulated OLT, with their state. */
  async pons(name: string): Promise<{ ponPort: number; up: boolean; total: number }[]> {
    return (
      (await (await fetch(`${this.control}/devices/${name}/state`)).json()) as {
        pons: { ponPort: number; up: boolean; total: number }[];
      }
    ).pons;
  }

  async device(name: string): Promise<SimDeviceInfo> {
    return (await (await fetch(`${this.control}/devices/${name}`)).json()) as SimDeviceInfo;
  }

  async onus(name: string): Promise<SimOnuState[]> {
    return ((await (await fetch(`${this.control}/devices/${name}/state`)).json()) as { onus: SimOnuState[] })
      .onus;
  }

  /** POST/PUT to the control API; fails the test on anything but 200. */
  async send(method: 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.control}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`simulator ${method} ${path} → ${res.status} ${await res.text()}`);
    return res.json();
  }

  /**
   * Turns the simulated MikroTik routers on (one per OLT, `BRAS-<OLT name>`): they post PPPoE session events
   * to `url` (loopback only) with `key` as the ingest key when ONUs go offline/online, and `pppDropsPerMinute`
   * PPP-only drops a minute. Answers the config (key masked) and counters.
   */
  async routers(config: SimRoutersConfig): Promise<SimRoutersStats> {
    return (await this.call('PUT', '/routers', config)) as SimRoutersStats;
  }

  /** The routers stop posting (counters stay readable). */
  async routersOff(): Promise<SimRoutersStats> {
    return (await this.call('DELETE', '/routers')) as SimRoutersStats;
  }

  async routerStats(): Promise<SimRoutersStats> {
    return (await this.call('GET', '/routers')) as SimRoutersStats;
  }

  /**
   * The ONU's subscriber has a PPP-only drop: its router posts `down` now and `up` 3 s later, the ONU staying
   * online. Fails when the ONU carries no PPPoE id (404), is offline or the routers are off (409).
   */
  async pppDrop(device: string, ponPort: number, onuId: number): Promise<SimPppDrop> {
    return (await this.call('POST', '/routers/ppp-drop', { device, ponPort, onuId })) as SimPppDrop;
  }

  private async call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    const res = await fetch(`${this.control}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`simulator ${method} ${path} → ${res.status} ${await res.text()}`);
    return res.json();
  }

  async stop(): Promise<void> {
    await this.child.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
