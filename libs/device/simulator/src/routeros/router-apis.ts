/**
 * Every simulated MikroTik's RouterOS API in a fleet: one BRAS per OLT (`BRAS-<OLT name>`, on the address its
 * syslog leaves from: its own with per-device addresses, else the fleet's host at a port of its own) and the
 * platform's VPN concentrator (on the fleet's host). Started and stopped with the fleet; faults per router.
 */
import type { ConcentratorSpec } from '../config/fleet-config';
import type { SimDevice } from '../fleet/sim-device';
import { OltState } from '../model/olt-state';
import { brasIdentity } from '../routers/session-event';
import type { SimRouters } from '../routers/sim-routers';
import { RouterOsApiServer } from './api-server';
import { SimBras } from './bras';
import { SimConcentrator, type VpnSecretView, type VpnSession } from './concentrator';
import type { RouterFaults } from './router-faults';

/** Where a simulated MikroTik's RouterOS API listens, and its login (the simulator's own, like its OLTs'). */
export interface RouterApiEndpoint {
  host: string;
  port: number;
  username: string;
  password: string;
}

/** One router's API and login. */
export interface RouterApiListing extends RouterApiEndpoint {
  olt: string;
  identity: string;
}

/** One router's API as `GET /routers/:olt` shows it. */
export interface RouterApiView extends RouterApiListing {
  faults: RouterFaults;
  /** PPPoE sessions up now. */
  sessions: number;
}

/** The concentrator as `GET /concentrator` shows it. */
export interface ConcentratorView extends RouterApiEndpoint {
  identity: string;
  profile: string;
  autoDial: boolean;
  autoDialDelayMs: number;
  faults: RouterFaults;
  secrets: VpnSecretView[];
  /** Tunnels up (uptime as seconds since `since`). */
  active: (Omit<VpnSession, 'sinceMs'> & { since: string })[];
}

interface Router {
  olt: string;
  bras: SimBras;
  server: RouterOsApiServer;
}

export interface SimRouterApisOptions {
  /** The fleet's shared host (the concentrator's, and every router's without an address of its own). */
  host: string;
  concentrator: ConcentratorSpec | null;
  /** Servers started at once (the bench fleet has 200 routers). */
  concurrency?: number;
}

export class SimRouterApis {
  private readonly routers = new Map<string, Router>();
  readonly concentrator: SimConcentrator | null;
  private readonly concentratorServer: RouterOsApiServer | null;
  private readonly started: RouterOsApiServer[] = [];

  constructor(
    devices: readonly SimDevice[],
    sessions: SimRouters,
    private readonly opts: SimRouterApisOptions,
  ) {
    devices.forEach((d, index) => {
      const st = d.state;
      const spec = d.spec.router;
      if (!(st instanceof OltState) || !spec) return;
      // Filled once the server exists: the BRAS answers as the RouterOS its faults make it.
      let server: RouterOsApiServer | null = null;
      const bras = new SimBras({
        olt: d.name,
        identity: brasIdentity(d.name),
        index,
        state: st,
        pppState: (p, o) => sessions.pppState(d.name, p, o),
        legacy: () => server?.faults.legacyLogin ?? false,
      });
      server = new RouterOsApiServer({
        host: d.routerHost ?? opts.host,
        port: spec.apiPort,
        username: spec.username,
        password: spec.password,
        faults: spec.faults,
        menus: bras,
      });
      this.routers.set(d.name, { olt: d.name, bras, server });
    });
    const c = opts.concentrator;
    if (c) {
      this.concentrator = new SimConcentrator({
        profile: c.profile,
        autoDial: c.autoDial,
        autoDialDelayMs: c.autoDialDelayMs,
      });
      this.concentratorServer = new RouterOsApiServer({
        host: opts.host,
        port: c.apiPort,
        username: c.username,
        password: c.password,
        faults: c.faults,
        menus: this.concentrator,
      });
    } else {
      this.concentrator = null;
      this.concentratorServer = null;
    }
  }

  async start(): Promise<void> {
    const servers = [
      ...[...this.routers.values()].map((r) => r.server),
      ...(this.concentratorServer ? [this.concentratorServer] : []),
    ];
    const limit = Math.max(1, this.opts.concurrency ?? 16);
    for (let i = 0; i < servers.length; i += limit)
      await Promise.all(
        servers.slice(i, i + limit).map(async (s) => {
          this.started.push(s);
          await s.start();
        }),
      );
  }

  async stop(): Promise<void> {
    this.concentrator?.stop();
    await Promise.all(this.started.map((s) => s.stop()));
    this.started.length = 0;
  }

  /** Where the router in front of this OLT listens, with its login; null for an unknown OLT. */
  endpoint(olt: string): RouterApiEndpoint | null {
    const r = this.routers.get(olt);
    return r ? endpointOf(r.server) : null;
  }

  bras(olt: string): SimBras | null {
    return this.routers.get(olt)?.bras ?? null;
  }

  /** Every router's API with its login (cheap: no session is read). */
  list(): RouterApiListing[] {
    return [...this.routers.values()].map((r) => ({
      olt: r.olt,
      identity: r.bras.identity,
      ...endpointOf(r.server),
    }));
  }

  router(olt: string): RouterApiView | null {
    const r = this.routers.get(olt);
    return r ? this.viewOf(r) : null;
  }

  /** Applies a faults patch to one router (`down` takes effect before this resolves); null for an unknown OLT. */
  async setFaults(olt: string, patch: Partial<RouterFaults>): Promise<RouterFaults | null> {
    const r = this.routers.get(olt);
    return r ? r.server.setFaults(patch) : null;
  }

  concentratorView(): ConcentratorView | null {
    const c = this.concentrator;
    const s = this.concentratorServer;
    if (!c || !s) return null;
    return {
      ...endpointOf(s),
      identity: c.identity,
      profile: c.profile,
      autoDial: c.autoDial,
      autoDialDelayMs: c.autoDialDelayMs,
      faults: s.faults,
      secrets: c.secretViews(),
      active: c
        .activeSessions()
        .map(({ sinceMs, ...rest }) => ({ ...rest, since: new Date(sinceMs).toISOString() })),
    };
  }

  async setConcentratorFaults(patch: Partial<RouterFaults>): Promise<RouterFaults | null> {
    return this.concentratorServer ? this.concentratorServer.setFaults(patch) : null;
  }

  private viewOf(r: Router): RouterApiView {
    return {
      olt: r.olt,
      identity: r.bras.identity,
      ...endpointOf(r.server),
      faults: r.server.faults,
      sessions: r.bras.sessions().length,
    };
  }
}

function endpointOf(s: RouterOsApiServer): RouterApiEndpoint {
  return { host: s.host, port: s.port, username: s.username, password: s.password };
}
