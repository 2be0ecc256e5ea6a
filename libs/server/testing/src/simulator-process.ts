import type { OnuDownReasonCode, OnuStatusCode } from '@pondesk/contracts';
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

/** A simulated MikroTik's RouterOS API (loopback) and its login. */
export interface SimRouterApi {
  /** The OLT it stands in front of (the concentrator: none). */
  olt: string;
  /** `/system/identity`: `BRAS-<OLT name>`. */
  identity: string;
  host: string;
  port: number;
  username: string;
  password: string;
}

/** Faults of a simulated MikroTik's API (`setRouterFaults`, `setConcentratorFaults`). */
export interface SimRouterFaults {
  /** Connections refused (nothing listens on the port); open ones dropped. */
  down: boolean;
  /** Every login refused (`invalid user name or password (6)`). */
  wrongPassword: boolean;
  /** Every reply this many ms late. */
  delayMs: number;
  /** A router from before 6.43: `/login` answers an MD5 challenge (`=ret=`); only its response logs in. */
  legacyLogin: boolean;
}

export interface SimRouterApiState extends SimRouterApi {
  faults: SimRouterFaults;
  /** PPPoE sessions up now. */
  sessions: number;
}

/** A PPP secret on the simulated VPN concentrator (with its password: the control API is for tests). */
export interface SimVpnSecret {
  id: string;
  name: string;
  password: string;
  service: string;
  profile: string;
  disabled: boolean;
  comment: string | null;
  /** The secret's router is dialled in now. */
  connected: boolean;
}

/** A tunnel up on the concentrator (a row of its `/ppp/active`). */
export interface SimVpnSession {
  id: string;
  name: string;
  service: string;
  callerId: string;
  address: string;
  sessionId: string;
  /** ISO time it came up. */
  since: string;
}

/** The simulated VPN concentrator (`GET /concentrator`). */
export interface SimConcentratorState {
  identity: string;
  host: string;
  port: number;
  username: string;
  password: string;
  /** The PPP profile the console's secrets must name (`VPN_CONCENTRATOR_PROFILE`). */
  profile: string;
  autoDial: boolean;
  autoDialDelayMs: number;
  faults: SimRouterFaults;
  secrets: SimVpnSecret[];
  active: SimVpnSession[];
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
      /** The VPN concentrator dials a secret in by itself ~3 s after it is added over the API. */
      autoDial?: boolean;
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
          ...(options.autoDial ? ['--auto-dial'] : []),
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

  /**
   * Every OLT's simulated MikroTik BRAS (`BRAS-<OLT name>`): where its RouterOS API listens (loopback) and its
   * login. Its `/ppp/active` shows one session per subscriber (ONU with a PPPoE id in its description) whose
   * ONU is online.
   */
  async routerApis(): Promise<SimRouterApi[]> {
    return ((await this.call('GET', '/routers')) as { apis?: SimRouterApi[] }).apis ?? [];
  }

  /** The RouterOS API of the BRAS in front of this OLT, with its faults and how many sessions are up. */
  async routerApi(olt: string): Promise<SimRouterApiState> {
    return (await this.call('GET', `/routers/${encodeURIComponent(olt)}`)) as SimRouterApiState;
  }

  /** Sets (part of) a router's faults; `down` has closed (or reopened) its port when this resolves. */
  async setRouterFaults(olt: string, faults: Partial<SimRouterFaults>): Promise<SimRouterFaults> {
    return (await this.call('PUT', `/routers/${encodeURIComponent(olt)}/faults`, faults)) as SimRouterFaults;
  }

  /** The VPN concentrator: its API endpoint and login, profile, secrets (with passwords) and tunnels up. */
  async concentrator(): Promise<SimConcentratorState> {
    return (await this.call('GET', '/concentrator')) as SimConcentratorState;
  }

  async setConcentratorFaults(faults: Partial<SimRouterFaults>): Promise<SimRouterFaults> {
    return (await this.call('PUT', '/concentrator/faults', faults)) as SimRouterFaults;
  }

  /** Switches the concentrator's auto-dial (a secret added over the API dials in by itself ~3 s later). */
  async setAutoDial(autoDial: boolean): Promise<SimConcentratorState> {
    return (await this.call('PUT', '/concentrator', { autoDial })) as SimConcentratorState;
  }

  /**
   * The router of this PPP secret dials in to the concentrator: its session appears in `/ppp/active` (service
   * `l2tp` unless the secret names another tunnel, an address from the pool). Fails on an unknown (404) or
   * disabled (409) secret; answers the session it already has.
   */
  async connectVpn(name: string, callerId?: string): Promise<SimVpnSession & { already: boolean }> {
    return (await this.call('POST', '/concentrator/connect', {
      name,
      ...(callerId === undefined ? {} : { callerId }),
    })) as SimVpnSession & { already: boolean };
  }

  /** The secret's tunnel goes down; answers whether it was up. */
  async disconnectVpn(name: string): Promise<boolean> {
    return ((await this.call('POST', '/concentrator/disconnect', { name })) as { disconnected: boolean })
      .disconnected;
  }

  /**
   * Takes an ONU offline (`reason`, default power-off) or brings it back (`null`) through the simulator's own
   * control: its PPPoE session leaves (or rejoins) its BRAS's `/ppp/active` at once.
   */
  async setOnuDown(
    device: string,
    ponPort: number,
    onuId: number,
    reason: Exclude<OnuDownReasonCode, 'unknown'> | null = 'power-off',
  ): Promise<void> {
    await this.call('POST', '/onu-changes', { changes: [{ device, ponPort, onuId, down: reason }] });
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
