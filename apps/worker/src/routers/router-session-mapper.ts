import {
  RouterOsError,
  RouterOsErrorCode,
  type ActivePppSession,
  type ArpEntry,
  type DhcpLease,
  type InterfaceTraffic,
  type PppoeServerSession,
  type PppoeService,
  type RouterBoard,
  type RouterResource,
  type SimpleQueue,
  type VlanInterface,
} from '@pondesk/device-routeros';
import type {
  LiveSession,
  RouterInfo,
  RouterReadState,
  SubscriberHost,
  UpDownFigures,
} from '@pondesk/contracts';

/*
 * What the router's rows mean for one subscriber, as plain functions: the worker reads the rows, these
 * shape the answer, and the unit tests feed them rows typed by hand.
 */

/** The session's dynamic interface on a PPPoE server, also the name of its dynamic simple queue. */
export const sessionInterface = (name: string): string => `<pppoe-${name}>`;

/**
 * The session to show when several carry the id (a PPPoE line and an L2TP tunnel of the same user, or a
 * stale session not yet timed out): PPPoE first, then the one up the longest.
 */
export function pickSession(rows: readonly ActivePppSession[]): ActivePppSession | null {
  if (!rows.length) return null;
  const rank = (s: ActivePppSession) => (s.service === 'pppoe' ? 0 : 1);
  return [...rows].sort((a, b) => rank(a) - rank(b) || (b.uptimeSeconds ?? -1) - (a.uptimeSeconds ?? -1))[0];
}

/**
 * The VLAN a PPPoE session arrived on: its server-side interface names the PPPoE service, the service
 * listens on an interface, and when that interface is a VLAN its id is the answer (a bridge or a plain
 * port has none).
 */
export function vlanOfSession(
  iface: string,
  user: string,
  serverSessions: readonly PppoeServerSession[],
  services: readonly PppoeService[],
  vlans: readonly VlanInterface[],
): number | null {
  const server =
    serverSessions.find((s) => s.name === iface) ?? serverSessions.find((s) => s.user === user) ?? null;
  if (!server?.service) return null;
  const service = services.find((s) => s.serviceName === server.service);
  if (!service) return null;
  return vlans.find((v) => v.name === service.interface)?.vlanId ?? null;
}

export interface SessionTraffic {
  rateBps: UpDownFigures | null;
  bytes: UpDownFigures | null;
  maxLimitBps: UpDownFigures | null;
}

/**
 * Rates, bytes and the plan from the session's simple queue; without a queue (no rate limit on the
 * line) the interface's traffic gives the rates, and bytes and plan stay unknown.
 */
export function sessionTraffic(queue: SimpleQueue | null, traffic: InterfaceTraffic | null): SessionTraffic {
  if (queue)
    return {
      rateBps: queue.rateBps ?? traffic ?? null,
      bytes: queue.bytes,
      maxLimitBps: queue.maxLimitBps,
    };
  return { rateBps: traffic ?? null, bytes: null, maxLimitBps: null };
}

export function liveSession(
  active: ActivePppSession,
  vlanId: number | null,
  traffic: SessionTraffic,
): LiveSession {
  return {
    name: active.name,
    service: active.service,
    uptimeSeconds: active.uptimeSeconds,
    address: active.address,
    callerId: active.callerId,
    interface: sessionInterface(active.name),
    vlanId,
    rateBps: traffic.rateBps,
    bytes: traffic.bytes,
    maxLimitBps: traffic.maxLimitBps,
  };
}

/** What the router says about itself; fields stay null where it was not read. */
export interface RouterIdentity {
  model: string | null;
  version: string | null;
}

/** A RouterBOARD's model; a CHR or x86 install has none, and its board name (`CHR`, `x86`) stands in. */
export function routerIdentity(board: RouterBoard | null, resource: RouterResource | null): RouterIdentity {
  const model = (board?.routerboard ? board.model : null) ?? resource?.boardName ?? board?.model ?? null;
  return { model, version: resource?.version ?? null };
}

export function routerAnswered(target: string, identity: RouterIdentity | null): RouterInfo {
  return {
    state: 'ok',
    message: null,
    target,
    brand: 'MikroTik',
    model: identity?.model ?? null,
    version: identity?.version ?? null,
  };
}

export function routerFailed(
  target: string | null,
  state: RouterReadState,
  message: string | null,
): RouterInfo {
  return { state, message, target, brand: null, model: null, version: null };
}

const STATE_OF_CODE: Record<RouterOsErrorCode, RouterReadState> = {
  [RouterOsErrorCode.UNREACHABLE]: 'unreachable',
  [RouterOsErrorCode.TIMEOUT]: 'timeout',
  [RouterOsErrorCode.LOGIN_FAILED]: 'login-failed',
  [RouterOsErrorCode.NOT_PERMITTED]: 'not-permitted',
  [RouterOsErrorCode.COMMAND_FAILED]: 'error',
  [RouterOsErrorCode.CLOSED]: 'error',
  [RouterOsErrorCode.PROTOCOL]: 'error',
};

/** A failed read as the page shows it; anything not from the router (a refused address) is `error`. */
export function failureOf(error: unknown): { state: RouterReadState; message: string } {
  if (error instanceof RouterOsError)
    return { state: STATE_OF_CODE[error.code] ?? 'error', message: error.message };
  return { state: 'error', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Errors after which the connection is still good: the router answered this one command with an error.
 * Anything else (a timeout mid-reply, a closed socket, garbage) leaves the connection unusable.
 */
export const keepsConnection = (error: unknown): boolean =>
  error instanceof RouterOsError &&
  (error.code === RouterOsErrorCode.COMMAND_FAILED || error.code === RouterOsErrorCode.NOT_PERMITTED);

/**
 * The hosts the router knows behind the session: the session's own address first, then what ARP on the
 * session's interface has (named from DHCP leases where one matches), then leases for those addresses
 * or MACs that ARP did not list.
 */
export function subscriberHosts(
  session: ActivePppSession,
  arp: readonly ArpEntry[],
  leases: readonly DhcpLease[],
): SubscriberHost[] {
  const iface = sessionInterface(session.name);
  const mine = arp.filter((a) => a.interface === null || a.interface === iface);
  const macs = new Set(mine.flatMap((a) => (a.macAddress ? [a.macAddress.toUpperCase()] : [])));
  const addresses = new Set([...(session.address ? [session.address] : []), ...mine.map((a) => a.address)]);
  const related = leases.filter(
    (l) => addresses.has(l.address) || (l.macAddress !== null && macs.has(l.macAddress.toUpperCase())),
  );
  const leaseFor = (address: string, mac: string | null) =>
    related.find((l) => l.address === address) ??
    (mac ? related.find((l) => l.macAddress?.toUpperCase() === mac.toUpperCase()) : undefined);

  const hosts: SubscriberHost[] = [];
  const seen = new Set<string>();
  const add = (h: SubscriberHost) => {
    if (seen.has(h.address)) return;
    seen.add(h.address);
    hosts.push(h);
  };
  if (session.address)
    add({
      address: session.address,
      macAddress: session.callerId,
      hostName: leaseFor(session.address, session.callerId)?.hostName ?? null,
      source: 'session',
    });
  for (const a of mine)
    add({
      address: a.address,
      macAddress: a.macAddress,
      hostName: leaseFor(a.address, a.macAddress)?.hostName ?? null,
      source: 'arp',
    });
  for (const l of related)
    add({ address: l.address, macAddress: l.macAddress, hostName: l.hostName, source: 'dhcp' });
  return hosts;
}

/** Why the Hosts list holds what it holds, when that needs saying. */
export function hostsNote(
  pppoeId: string,
  session: ActivePppSession | null,
  hosts: readonly SubscriberHost[],
): string | null {
  if (!session) return `${pppoeId} has no active session on the router, so it sees no hosts behind it.`;
  const iface = sessionInterface(session.name);
  if (hosts.every((h) => h.source === 'session'))
    return `A PPPoE session is point to point: the router sees only the address it gave the subscriber's router${
      session.address ? '' : ' (none yet)'
    }. Devices behind that router show here only where the MikroTik has ARP or DHCP entries for them on ${iface}.`;
  return null;
}
