/**
 * One interface to a MikroTik router whichever way it is reached: the binary API (TCP 8728, TLS 8729),
 * which RouterOS v6 and v7 speak, or the REST API of v7 (`/rest/…`, JSON, Basic auth). The typed reads
 * (`routeros-reads.ts`) are written once, over `RouterOsConnection`.
 */

export type RouterOsTransport = 'api' | 'api-ssl' | 'rest';

/** The ports each transport listens on by default (REST: the router's `www-ssl` service). */
export const ROUTEROS_DEFAULT_PORTS: Record<RouterOsTransport, number> = {
  api: 8728,
  'api-ssl': 8729,
  rest: 443,
};

/** A command (connect, login, one command's whole reply) gets this long unless told otherwise. */
export const ROUTEROS_DEFAULT_TIMEOUT_MS = 5000;

export interface RouterOsTarget {
  host: string;
  /** Default: the transport's (`ROUTEROS_DEFAULT_PORTS`). */
  port?: number;
  /** Default `api`. */
  transport?: RouterOsTransport;
  username: string;
  /** Never logged, never put in an error message. */
  password: string;
  /** Per step: connecting, logging in, each command's whole reply. */
  timeoutMs?: number;
  /** REST only: plain `http` for a router's `www` service (default `https`). */
  restScheme?: 'http' | 'https';
  /** TLS (api-ssl, REST over https): RouterOS ships self-signed certificates, so verification is opt-in. */
  tls?: {
    rejectUnauthorized?: boolean;
    /** PEM of the CA (or the router's own certificate) to verify against. */
    ca?: string;
    /**
     * OpenSSL cipher list. An api-ssl service without a certificate only offers anonymous Diffie-Hellman,
     * which needs e.g. `ADH-AES256-GCM-SHA384:ADH-AES128-SHA256:@SECLEVEL=0`; left to the caller, because
     * such a connection authenticates nobody.
     */
    ciphers?: string;
  };
}

/** An item as RouterOS returns it: every value a string (`.id` is `*1A`). */
export type RouterOsRow = Record<string, string>;

export interface RouterOsPrintOptions {
  /** Only items whose properties equal these (API query words `?key=value`; REST `?key=value`). */
  where?: Record<string, string>;
  /** Only these properties (`=.proplist=`, REST `.proplist`). */
  proplist?: readonly string[];
}

/**
 * A logged-in session with one router. Commands may be issued concurrently: the API client tags each one and
 * matches the replies by tag (they may interleave); REST sends each as its own HTTP request. Every method
 * rejects with `RouterOsError`.
 */
export interface RouterOsConnection {
  /** `host:port`, for messages and logs. */
  readonly target: string;
  readonly transport: RouterOsTransport;
  /** `path` as in the API: `/ppp/active`, `/interface/pppoe-server/server`. */
  print(path: string, options?: RouterOsPrintOptions): Promise<RouterOsRow[]>;
  /** Adds an item; answers its `.id`. */
  add(path: string, values: Record<string, string>): Promise<string>;
  set(path: string, id: string, values: Record<string, string>): Promise<void>;
  remove(path: string, id: string): Promise<void>;
  /**
   * Any other command (`/interface/monitor-traffic` with `interface` and `once`, …): its `!re` rows (REST:
   * the POST's answer, as rows).
   */
  run(command: string, args?: Record<string, string>): Promise<RouterOsRow[]>;
  close(): Promise<void>;
  /** True once closed by either side; a closed connection refuses commands (`CLOSED`). */
  readonly closed: boolean;
}

/** One PPP session of `/ppp/active`. */
export interface ActivePppSession {
  id: string;
  /** The PPP user name: the subscriber's PPPoE id. */
  name: string;
  /** `pppoe`, `l2tp`, `pptp`, `ovpn`, `sstp`, … */
  service: string;
  /** PPPoE: the client's MAC (as the router prints it, upper case). */
  callerId: string | null;
  address: string | null;
  uptimeSeconds: number | null;
  sessionId: string | null;
  /** Authenticated by RADIUS. */
  radius: boolean;
}

/** `/system/resource`. */
export interface RouterResource {
  uptimeSeconds: number | null;
  /** `7.12.2 (stable)` as printed. */
  version: string | null;
  boardName: string | null;
  platform: string | null;
  architecture: string | null;
  cpu: string | null;
  cpuLoadPercent: number | null;
  freeMemoryBytes: number | null;
  totalMemoryBytes: number | null;
}

/** `/system/routerboard` (a CHR answers `routerboard=no` and no model). */
export interface RouterBoard {
  routerboard: boolean;
  model: string | null;
  serialNumber: string | null;
  firmware: string | null;
}

/** Both directions of a figure, from the subscriber's side: upload is what the router receives. */
export interface UpDown {
  upload: number;
  download: number;
}

/** `/queue/simple` (a PPPoE session's dynamic queue is named `<pppoe-NAME>`). */
export interface SimpleQueue {
  id: string;
  name: string;
  target: string | null;
  /** bits/s; null when unlimited or not printed. */
  maxLimitBps: UpDown | null;
  /** bits/s now. */
  rateBps: UpDown | null;
  bytes: UpDown | null;
  dynamic: boolean;
  disabled: boolean;
}

/** `/interface/pppoe-server`: a session's dynamic server-side interface. */
export interface PppoeServerSession {
  id: string;
  /** `<pppoe-NAME>`. */
  name: string;
  /** The PPPoE service (a `/interface/pppoe-server/server` entry) it arrived on. */
  service: string | null;
  user: string | null;
  /** The client's MAC. */
  remoteAddress: string | null;
  uptimeSeconds: number | null;
}

/** `/interface/pppoe-server/server`: a PPPoE service bound to an interface (often a VLAN). */
export interface PppoeService {
  id: string;
  serviceName: string;
  interface: string;
  disabled: boolean;
}

/** `/interface/vlan`. */
export interface VlanInterface {
  id: string;
  name: string;
  vlanId: number;
  interface: string | null;
}

/** `/interface/monitor-traffic … once`: bits/s, from the subscriber's side. */
export type InterfaceTraffic = UpDown;

/** `/ip/arp`. */
export interface ArpEntry {
  address: string;
  macAddress: string | null;
  interface: string | null;
  dynamic: boolean;
  complete: boolean;
}

/** `/ip/dhcp-server/lease`. */
export interface DhcpLease {
  address: string;
  macAddress: string | null;
  hostName: string | null;
  server: string | null;
  status: string | null;
}

/** `/ppp/secret` (the password is write-only here: never read back). */
export interface PppSecret {
  id: string;
  name: string;
  service: string;
  profile: string | null;
  disabled: boolean;
  comment: string | null;
}
