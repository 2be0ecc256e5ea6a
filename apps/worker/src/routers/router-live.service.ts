import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  DEFAULT_MIKROTIK_PORT,
  type RouterInfo,
  type SubscriberHosts,
  type SubscriberSession,
} from '@pondesk/contracts';
import {
  connectRouterOs,
  readActivePpp,
  readArp,
  readDhcpLeases,
  readInterfaceTraffic,
  readPppoeServerSessions,
  readPppoeServices,
  readRouterBoard,
  readSimpleQueues,
  readSystemResource,
  readVlans,
  type PppoeService,
  type RouterOsConnection,
  type RouterOsTarget,
  type RouterOsTransport,
  type VlanInterface,
} from '@pondesk/device-routeros';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import { OltEntity } from '@pondesk/server-database';
import { JobName, type RouterReadPayload } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { DeviceTargetGuard } from '../olt-sessions/device-target-guard';
import { RouterConnectionPool, RouterReadAborted, type PooledUse } from './router-connection-pool';
import {
  failureOf,
  hostsNote,
  keepsConnection,
  liveSession,
  pickSession,
  routerAnswered,
  routerFailed,
  routerIdentity,
  sessionInterface,
  sessionTraffic,
  subscriberHosts,
  vlanOfSession,
  type RouterIdentity,
} from './router-session-mapper';

/** Each step (connect, login, one command's whole reply) gets this long. */
export const ROUTER_STEP_TIMEOUT_MS = 5000;
/**
 * A whole read (waiting for the router's earlier reads included) ends by then, well inside the API's
 * wait, so the page always gets an answer that says what happened.
 */
export const ROUTER_READ_DEADLINE_MS = 12_000;
/** PPPoE services and VLANs change with the router's configuration, seldom. */
const TABLES_TTL_MS = 60_000;
/** Model and version change with an upgrade, which restarts the router. */
const IDENTITY_TTL_MS = 5 * 60_000;
/** RouterOS's api-ssl port: an OLT whose router is stored at it is spoken to over TLS. */
const API_SSL_PORT = 8729;

/** The router of one OLT as stored: where it is and who logs in (the password still sealed). */
interface StoredRouter {
  oltId: string;
  host: string;
  port: number;
  username: string;
  passwordEnc: string | null;
  /** `host:port` as stored, for the answer and the logs. */
  target: string;
}

interface PppoeTables {
  services: PppoeService[];
  vlans: VlanInterface[];
}

/** A value kept for a while per router. */
class Expiring<T> {
  private readonly values = new Map<string, { value: T; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string): T | undefined {
    const hit = this.values.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    this.values.delete(key);
    return undefined;
  }

  set(key: string, value: T): void {
    this.values.set(key, { value, until: Date.now() + this.ttlMs });
  }
}

/** What one read found, before it becomes the job's answer. */
type Outcome<T> =
  { ok: true; value: T; identity: RouterIdentity; target: string } | { ok: false; router: RouterInfo };

/**
 * Live reads of a subscriber's PPP session from the MikroTik router of the ONU's OLT. A router that
 * cannot be read is an answer (`router.state`), never a failed job: the PPPoE page keeps working and
 * says why.
 */
@Injectable()
export class RouterLiveService implements OnApplicationShutdown {
  private readonly logger = new Logger(RouterLiveService.name);
  private readonly box: SecretBox;
  private readonly pool: RouterConnectionPool;
  private readonly tables = new Expiring<PppoeTables | null>(TABLES_TTL_MS);
  private readonly identities = new Expiring<RouterIdentity>(IDENTITY_TTL_MS);
  /** A read ends by then (tests shorten it). */
  protected readonly deadlineMs: number = ROUTER_READ_DEADLINE_MS;

  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    private readonly targets: DeviceTargetGuard,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
    this.pool = new RouterConnectionPool((target) => this.connect(target));
  }

  /** Opens one connection (a seam for tests that count or refuse connections). */
  protected connect(target: RouterOsTarget): Promise<RouterOsConnection> {
    return connectRouterOs(target);
  }

  @OnJob(JobName.RouterSession)
  async session(p: RouterReadPayload): Promise<SubscriberSession> {
    const outcome = await this.read(p, 'session', async (c, router) => {
      const active = pickSession(await readActivePpp(c, { name: p.pppoeId }));
      if (!active) return null;
      const iface = sessionInterface(active.name);
      const [vlanId, queues] = await Promise.all([
        active.service === 'pppoe' ? this.vlanOf(c, router, iface, active.name) : Promise.resolve(null),
        this.optional(router, 'simple queue', readSimpleQueues(c, { name: iface })),
      ]);
      const queue = queues?.find((q) => q.name === iface) ?? null;
      const traffic = queue?.rateBps
        ? null
        : await this.optional(router, 'interface traffic', readInterfaceTraffic(c, iface));
      return liveSession(active, vlanId, sessionTraffic(queue, traffic));
    });
    const readAt = new Date().toISOString();
    if (!outcome.ok)
      return { pppoeId: p.pppoeId, readAt, router: outcome.router, state: 'unknown', session: null };
    return {
      pppoeId: p.pppoeId,
      readAt,
      router: routerAnswered(outcome.target, outcome.identity),
      state: outcome.value ? 'online' : 'offline',
      session: outcome.value,
    };
  }

  @OnJob(JobName.RouterHosts)
  async hosts(p: RouterReadPayload): Promise<SubscriberHosts> {
    const outcome = await this.read(p, 'hosts', async (c, router) => {
      const active = pickSession(await readActivePpp(c, { name: p.pppoeId }));
      if (!active) return { hosts: [], note: hostsNote(p.pppoeId, null, []) };
      const iface = sessionInterface(active.name);
      const [arp, leases] = await Promise.all([
        this.optional(router, 'arp', readArp(c, { interface: iface })),
        this.optional(router, 'dhcp leases', readDhcpLeases(c)),
      ]);
      const hosts = subscriberHosts(active, arp ?? [], leases ?? []);
      return { hosts, note: hostsNote(p.pppoeId, active, hosts) };
    });
    const readAt = new Date().toISOString();
    if (!outcome.ok) return { pppoeId: p.pppoeId, readAt, router: outcome.router, hosts: [], note: null };
    return {
      pppoeId: p.pppoeId,
      readAt,
      router: routerAnswered(outcome.target, outcome.identity),
      hosts: outcome.value.hosts,
      note: outcome.value.note,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.closeAll();
  }

  /**
   * Finds the OLT's router, checks its address, and runs `work` on the pooled connection within the read
   * deadline; the router's model and version come along (cached). Every failure becomes the state the
   * page shows.
   */
  private async read<T>(
    p: RouterReadPayload,
    kind: 'session' | 'hosts',
    work: (c: RouterOsConnection, router: string) => Promise<T>,
  ): Promise<Outcome<T>> {
    const started = Date.now();
    const stored = await this.storedRouter(p);
    if ('state' in stored) return { ok: false, router: stored };
    const log = { oltId: p.oltId, pppoeId: p.pppoeId, target: stored.target, read: kind };
    const deadline = new AbortController();
    const timer = setTimeout(
      () =>
        deadline.abort(new RouterReadAborted(`The read did not finish within ${this.deadlineMs / 1000} s`)),
      this.deadlineMs,
    );
    const seen: { use?: PooledUse } = {};
    try {
      const target = await this.targetOf(stored);
      const router = `${target.host}:${target.port}`;
      const { value, identity } = await this.pool.use(
        target,
        async (c, use) => {
          seen.use = use;
          const value = await work(c, router);
          return { value, identity: await this.identityOf(c, router) };
        },
        deadline.signal,
      );
      this.logger.debug(
        { ...log, state: 'ok', ms: Date.now() - started, ...timing(seen.use) },
        'router read',
      );
      return { ok: true, value, identity, target: stored.target };
    } catch (error) {
      const failure =
        error instanceof RouterReadAborted
          ? { state: 'timeout' as const, message: error.message }
          : failureOf(error);
      this.logger.debug(
        {
          ...log,
          state: failure.state,
          error: failure.message,
          ms: Date.now() - started,
          ...timing(seen.use),
        },
        'router read failed',
      );
      return { ok: false, router: routerFailed(stored.target, failure.state, failure.message) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The OLT's router as stored, or why there is none to read. */
  private async storedRouter(p: RouterReadPayload): Promise<StoredRouter | RouterInfo> {
    const olt = await this.olts.findOne({ where: { id: p.oltId, tenantId: p.tenantId, show: true } });
    if (!olt) return routerFailed(null, 'error', 'The OLT is no longer stored.');
    const host = olt.mikrotikHost?.trim() || null;
    const port = olt.mikrotikPort ?? DEFAULT_MIKROTIK_PORT;
    const username = olt.mikrotikUsername?.trim() ? olt.mikrotikUsername : null;
    if (!host) return routerFailed(null, 'not-configured', 'The OLT has no MikroTik address.');
    const target = `${host}:${port}`;
    if (!username) return routerFailed(target, 'not-configured', 'The OLT has no MikroTik API user.');
    return { oltId: olt.id, host, port, username, passwordEnc: olt.mikrotikPasswordEnc, target };
  }

  /** Where to connect: the stored host checked against the device-target policy, and the login. */
  private async targetOf(stored: StoredRouter): Promise<RouterOsTarget & { port: number }> {
    const host = await this.targets.pin(stored.host, [stored.port]);
    let password: string;
    try {
      // RouterOS accepts an empty password (a fresh router's admin); nothing stored means that.
      password = this.box.openOptional(stored.passwordEnc) ?? '';
    } catch {
      throw new Error('The stored MikroTik password cannot be decrypted; enter it again on the OLT form.');
    }
    const transport: RouterOsTransport = stored.port === API_SSL_PORT ? 'api-ssl' : 'api';
    return {
      host,
      port: stored.port,
      transport,
      username: stored.username,
      password,
      timeoutMs: ROUTER_STEP_TIMEOUT_MS,
    };
  }

  /** The session's VLAN: its PPPoE service's interface, looked up in the router's (cached) tables. */
  private async vlanOf(
    c: RouterOsConnection,
    router: string,
    iface: string,
    user: string,
  ): Promise<number | null> {
    const [sessions, tables] = await Promise.all([
      this.optional(router, 'pppoe-server sessions', readPppoeServerSessions(c, { user })),
      this.tablesOf(c, router),
    ]);
    if (!sessions || !tables) return null;
    return vlanOfSession(iface, user, sessions, tables.services, tables.vlans);
  }

  private async tablesOf(c: RouterOsConnection, router: string): Promise<PppoeTables | null> {
    const cached = this.tables.get(router);
    if (cached !== undefined) return cached;
    const [services, vlans] = await Promise.all([
      this.optional(router, 'pppoe services', readPppoeServices(c)),
      this.optional(router, 'vlans', readVlans(c)),
    ]);
    const tables = services && vlans ? { services, vlans } : null;
    this.tables.set(router, tables);
    return tables;
  }

  private async identityOf(c: RouterOsConnection, router: string): Promise<RouterIdentity> {
    const cached = this.identities.get(router);
    if (cached) return cached;
    const [board, resource] = await Promise.all([
      this.optional(router, 'routerboard', readRouterBoard(c)),
      this.optional(router, 'system resource', readSystemResource(c)),
    ]);
    const identity = routerIdentity(board, resource);
    this.identities.set(router, identity);
    return identity;
  }

  /**
   * A read the answer can do without: the router refusing it (a menu the API user may not read, a
   * command an older RouterOS lacks) leaves its fields empty. A broken connection still fails the read.
   */
  private async optional<T>(router: string, what: string, read: Promise<T>): Promise<T | null> {
    try {
      return await read;
    } catch (error) {
      if (!keepsConnection(error)) throw error;
      this.logger.debug({ router, read: what, error: failureOf(error).message }, 'router read skipped');
      return null;
    }
  }
}

function timing(use: PooledUse | undefined): { connected?: boolean; waitedMs?: number } {
  return use ? { connected: use.opened, waitedMs: use.waitedMs } : {};
}
