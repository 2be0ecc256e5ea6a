/**
 * A subscriber's PPPoE session read live from the MikroTik router of the ONU's OLT (RouterOS API or REST),
 * through the worker. REST routes (under `/api/v1`; ONU codes as in monitoring.ts):
 *   GET /onus/:id/live-session?pppoe=ID   [ONU codes] → SubscriberSession (the PPPoE page refreshes it
 *                                                        every ROUTER_LIVE_REFRESH_MS while visible)
 *   GET /onus/:id/live-hosts?pppoe=ID     [ONU codes] → SubscriberHosts (the Hosts tab)
 * `pppoe` must be one of the ONU's PPPoE ids (400 otherwise). A router that cannot be read is not an HTTP
 * error: the answer says so (`router.state`), so the rest of the page keeps working.
 */

/** How often the PPPoE page reads the session again while it is on screen. */
export const ROUTER_LIVE_REFRESH_MS = 5000;
/** How many rate points the page's live chart keeps (5 minutes at the refresh above). */
export const ROUTER_LIVE_CHART_POINTS = 60;

/**
 * The router as the read found it: `not-configured` (the OLT has no MikroTik host or user), `unreachable`,
 * `timeout`, `login-failed`, `not-permitted` (the user lacks the `api`/`read` policy) or `error` (any
 * other failure, `message` says which); `ok` when it answered.
 */
export const ROUTER_READ_STATES = [
  'ok',
  'not-configured',
  'unreachable',
  'timeout',
  'login-failed',
  'not-permitted',
  'error',
] as const;
export type RouterReadState = (typeof ROUTER_READ_STATES)[number];

export const ROUTER_READ_MESSAGES: Record<Exclude<RouterReadState, 'ok'>, string> = {
  'not-configured': 'No MikroTik is set for this OLT: add its address and API user on the OLT form.',
  unreachable: 'The MikroTik router does not answer on its API port.',
  timeout: 'The MikroTik router did not answer in time.',
  'login-failed': 'The MikroTik router refused the API user name or password stored on the OLT.',
  'not-permitted': 'The MikroTik API user may not read this (it needs the api and read policies).',
  error: 'The MikroTik router answered with an error.',
};

export interface RouterInfo {
  state: RouterReadState;
  /** Why, in words, when `state` is not `ok` (the router's own message where it gave one). */
  message: string | null;
  /** `host:port` as stored on the OLT (never the user or password). */
  target: string | null;
  /** 'MikroTik' once it answered. */
  brand: string | null;
  /** The RouterBOARD model, or the board name (`CHR`, `x86`) where it is no RouterBOARD. */
  model: string | null;
  /** RouterOS version as printed (`7.12.2 (stable)`). */
  version: string | null;
}

/** Both directions from the subscriber's side: upload is what the router receives from them. */
export interface UpDownFigures {
  upload: number;
  download: number;
}

export interface LiveSession {
  /** The PPP user name (the PPPoE id). */
  name: string;
  /** `pppoe` (subscribers), or `l2tp`, `pptp`, … */
  service: string;
  uptimeSeconds: number | null;
  /** The address the router gave the session. */
  address: string | null;
  /** PPPoE: the subscriber router's MAC. */
  callerId: string | null;
  /** `<pppoe-NAME>`: the session's interface on the router. */
  interface: string;
  /** The VLAN the PPPoE service it arrived on listens on, when that is a VLAN interface. */
  vlanId: number | null;
  /** bits/s now (from the session's simple queue, else the interface's traffic). */
  rateBps: UpDownFigures | null;
  /** Bytes since the session came up (its simple queue). */
  bytes: UpDownFigures | null;
  /** The queue's limit (the subscriber's plan), bits/s. */
  maxLimitBps: UpDownFigures | null;
}

export interface SubscriberSession {
  pppoeId: string;
  /** When the worker read the router. */
  readAt: string;
  router: RouterInfo;
  /** `online`: an active PPP session carries the id; `offline`: the router answered and none does; `unknown`: the router could not be read. */
  state: 'online' | 'offline' | 'unknown';
  session: LiveSession | null;
}

/** One host the router sees behind the subscriber's session. */
export interface SubscriberHost {
  address: string;
  macAddress: string | null;
  hostName: string | null;
  /** Where the router knows it from. */
  source: 'arp' | 'dhcp' | 'session';
}

export interface SubscriberHosts {
  pppoeId: string;
  readAt: string;
  router: RouterInfo;
  hosts: SubscriberHost[];
  /**
   * Why the list is empty or holds only the session's own address: a PPPoE session is point to point,
   * so the router sees the hosts behind the subscriber's router only where it has ARP or DHCP entries
   * for them on that interface.
   */
  note: string | null;
}
