import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, isIPv4 } from 'node:net';

/**
 * Which addresses and ports a device connection (an OLT's poll, a port check, a probe) may go to.
 * One policy for the API (before it stores or enqueues anything) and the worker (right before it opens
 * a socket, so rows stored before the policy existed and DNS answers that change are both covered).
 *
 * Refused: the unspecified address (0.0.0.0/8, ::), loopback (127/8, ::1) unless loopback devices are
 * allowed, link-local (169.254/16 with cloud metadata services, fe80::/10), multicast, broadcast and the
 * rest of 240/4, also in their IPv4-mapped/compatible, NAT64 and 6to4 IPv6 forms; and this platform's own
 * service ports (the API, Postgres, Redis) on loopback even when loopback is allowed, or at the address
 * the platform reaches that service on.
 */

export interface PlatformService {
  /** What the service is, for logs ("Postgres"); never shown to the caller. */
  name: string;
  /** The address the platform reaches it on (a name or a literal); loopback when it is this machine. */
  host: string;
  port: number;
}

export interface DeviceTargetPolicyOptions {
  allowLoopback: boolean;
  services: readonly PlatformService[];
  /** DNS look-up of every address of a name (tests replace it). */
  lookup?: (host: string) => Promise<string[]>;
  /** A name that does not resolve within this time is unreachable. */
  lookupTimeoutMs?: number;
}

/** The environment this policy is configured from (a subset of the app config). */
export interface DeviceTargetConfig {
  ALLOW_LOOPBACK_DEVICES: boolean;
  PORT: number;
  DATABASE_URL: string;
  REDIS_URL: string;
}

/** What is wrong with a target: the field it came from is chosen by the caller. */
export type RefusedPart = 'host' | 'port';

export class DeviceTargetRefused extends Error {
  constructor(
    readonly part: RefusedPart,
    /** Why, without the subject: "169.254.169.254 is a link-local address …". */
    readonly reason: string,
    /** The refused port (when `part` is `port`). */
    readonly port?: number,
  ) {
    super(`${part} ${reason}`);
    this.name = 'DeviceTargetRefused';
  }
}

/** The name did not resolve: nothing can be said about it, and nothing can be connected to. */
export class DeviceTargetUnresolved extends Error {
  constructor(
    readonly host: string,
    reason: string,
  ) {
    super(`cannot resolve ${host}: ${reason}`);
    this.name = 'DeviceTargetUnresolved';
  }
}

type AddressKind = 'unspecified' | 'loopback' | 'link-local' | 'multicast' | 'broadcast' | 'reserved';

const KIND_TEXT: Record<AddressKind, string> = {
  unspecified: 'the unspecified address (0.0.0.0 / ::)',
  loopback: 'a loopback address (this machine)',
  'link-local': 'a link-local address (e.g. a cloud metadata service)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

function classifyV4(octets: readonly number[]): AddressKind | null {
  const [a, b] = octets;
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (octets.every((o) => o === 255)) return 'broadcast';
  if (a >= 240) return 'reserved';
  return null;
}

function parseV4(ip: string): number[] | null {
  if (!isIPv4(ip)) return null;
  return ip.split('.').map(Number);
}

/** The eight 16-bit groups of an IPv6 literal (zone removed, embedded dotted IPv4 expanded). */
export function ipv6Groups(ip: string): number[] | null {
  const bare = ip.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = parseV4(dotted[1]);
    if (!v4) return null;
    text =
      text.slice(0, -dotted[1].length) +
      `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.map((g) => parseInt(g, 16));
}

const v4From = (hi: number, lo: number): number[] => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];

/** The IPv4 address an IPv6 one stands for (mapped, compatible, NAT64, 6to4), if any. */
function embeddedV4(g: readonly number[]): number[] | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4From(g[6], g[7]); // ::ffff:a.b.c.d
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4From(g[6], g[7]); // ::ffff:0:a.b.c.d
  if (zero(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4From(g[6], g[7]); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4From(g[6], g[7]); // 64:ff9b::/96
  if (g[0] === 0x2002) return v4From(g[1], g[2]); // 6to4
  return null;
}

function classify(ip: string): AddressKind | null {
  const v4 = parseV4(ip);
  if (v4) return classifyV4(v4);
  const g = ipv6Groups(ip);
  if (!g) return 'reserved';
  if (g.every((x) => x === 0)) return 'unspecified';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  const inner = embeddedV4(g);
  return inner ? classifyV4(inner) : null;
}

/** The IPv4 form of an address when it has one, so 127.0.0.1 and ::ffff:127.0.0.1 compare equal. */
function canonical(ip: string): string {
  if (parseV4(ip)) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip.toLowerCase();
  const inner = embeddedV4(g);
  return inner ? inner.join('.') : g.map((x) => x.toString(16)).join(':');
}

/** The platform's own services as this configuration reaches them. */
export function platformServices(config: DeviceTargetConfig): PlatformService[] {
  const fromUrl = (name: string, url: string, defaultPort: number): PlatformService => {
    const u = new URL(url);
    return {
      name,
      host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
      port: u.port ? Number(u.port) : defaultPort,
    };
  };
  return [
    { name: 'API', host: '127.0.0.1', port: config.PORT },
    fromUrl('Postgres', config.DATABASE_URL, 5432),
    fromUrl('Redis', config.REDIS_URL, 6379),
  ].filter((s) => s.port > 0);
}

export function deviceTargetOptions(config: DeviceTargetConfig): DeviceTargetPolicyOptions {
  return { allowLoopback: config.ALLOW_LOOPBACK_DEVICES, services: platformServices(config) };
}

async function systemLookup(host: string): Promise<string[]> {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

export class DeviceTargetPolicy {
  private readonly lookupFn: (host: string) => Promise<string[]>;
  private readonly timeoutMs: number;
  private serviceAddresses: Promise<Map<number, Set<string>>> | null = null;

  constructor(private readonly options: DeviceTargetPolicyOptions) {
    this.lookupFn = options.lookup ?? systemLookup;
    this.timeoutMs = options.lookupTimeoutMs ?? 5000;
  }

  /**
   * Why this address may not be connected to on these ports, or null when it may. Synchronous: the
   * platform's services are compared by their literal address (names are handled by `check`).
   */
  refusal(address: string, ports: readonly number[]): DeviceTargetRefused | null {
    const kind = classify(address);
    if (kind && !(kind === 'loopback' && this.options.allowLoopback))
      return new DeviceTargetRefused(
        'host',
        `${address} is ${KIND_TEXT[kind]}; devices cannot be reached there`,
      );
    if (kind === 'loopback') {
      const own = ports.find((p) => this.options.services.some((s) => s.port === p));
      if (own !== undefined) return ownPort(own, address);
    }
    return null;
  }

  /**
   * Resolves `host` (a literal or a name) and checks every address it has on every port; resolves to the
   * addresses to connect to (connect to these, not to the name, so a changed DNS answer is never used).
   * Throws `DeviceTargetRefused` or `DeviceTargetUnresolved`.
   */
  async check(host: string, ports: readonly number[]): Promise<string[]> {
    const addresses = await this.resolve(host);
    const services = await this.services();
    for (const address of addresses) {
      const refused = this.refusal(address, ports);
      if (refused) throw refused;
      const own = ports.find((p) => services.get(p)?.has(canonical(address)));
      if (own !== undefined) throw ownPort(own, address);
    }
    return addresses;
  }

  /** Every address of `host`; a literal is its own. */
  async resolve(host: string): Promise<string[]> {
    const bare = host.trim().replace(/^\[|\]$/g, '');
    if (isIP(bare)) return [bare];
    let timer: NodeJS.Timeout | undefined;
    try {
      const addresses = await Promise.race([
        this.lookupFn(bare),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        }),
      ]);
      if (!addresses.length) throw new Error('no addresses');
      return addresses;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new DeviceTargetUnresolved(
        bare,
        code ?? (error instanceof Error ? error.message : String(error)),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Port → canonical addresses the platform's services are reached on (names resolved once). */
  private services(): Promise<Map<number, Set<string>>> {
    this.serviceAddresses ??= (async () => {
      const byPort = new Map<number, Set<string>>();
      for (const s of this.options.services) {
        const addresses = await this.resolve(s.host).catch(() => [] as string[]);
        const set = byPort.get(s.port) ?? new Set<string>();
        for (const a of addresses) set.add(canonical(a));
        byPort.set(s.port, set);
      }
      return byPort;
    })();
    return this.serviceAddresses;
  }
}

function ownPort(port: number, address: string): DeviceTargetRefused {
  return new DeviceTargetRefused(
    'port',
    `${port} on ${address} is one of this platform's own services; devices cannot be reached there`,
    port,
  );
}
