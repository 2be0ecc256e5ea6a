/**
 * The reads (and the two PPP secret writes) the console needs, written once over `RouterOsConnection` so the
 * API and REST transports answer alike. Property names are RouterOS's own (`/ppp/active`: `.id name service
 * caller-id address uptime session-id radius`, the keys of the librouteros samples); each print asks only
 * for the properties it maps (`.proplist`), which the manual recommends for speed.
 *
 * Direction, on a PPPoE server: a simple queue's `max-limit`, `rate` and `bytes` are `upload/download` of its
 * target (the manual: "maximal allowed upload/download data rate to a target"); the dynamic queue of a
 * session targets the session's `<pppoe-NAME>` interface, i.e. the subscriber, so the first figure is what
 * the subscriber sends and the second what they receive. The RADIUS rate-limit the queue is made from reads
 * the same way ("rx-rate[/tx-rate] … from the point of view of the router, so rx is client upload").
 */
import { RouterOsError, RouterOsErrorCode } from './routeros.exception';
import type {
  ActivePppSession,
  ArpEntry,
  DhcpLease,
  InterfaceTraffic,
  PppoeServerSession,
  PppoeService,
  PppSecret,
  RouterBoard,
  RouterOsConnection,
  RouterOsRow,
  RouterResource,
  SimpleQueue,
  VlanInterface,
} from './routeros.types';
import {
  optionalString,
  parseBool,
  parseInteger,
  parseRate,
  parseRouterOsDuration,
  parseUpDown,
} from './values';

/** Only the filters the caller set (`?name=` with an undefined name would match nothing). */
function where(filters: Record<string, string | undefined>): Record<string, string> | undefined {
  const w = Object.fromEntries(
    Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return Object.keys(w).length ? w : undefined;
}

const str = (row: RouterOsRow, key: string): string => row[key] ?? '';

export function toActivePppSession(row: RouterOsRow): ActivePppSession {
  return {
    id: str(row, '.id'),
    name: str(row, 'name'),
    service: str(row, 'service'),
    callerId: optionalString(row['caller-id']),
    address: optionalString(row['address']),
    uptimeSeconds: parseRouterOsDuration(row['uptime']),
    sessionId: optionalString(row['session-id']),
    radius: parseBool(row['radius']) ?? false,
  };
}

/** `/ppp/active`, optionally one user's (`name`) or one service's (`pppoe`, `l2tp`, …) sessions. */
export async function readActivePpp(
  c: RouterOsConnection,
  o: { name?: string; service?: string } = {},
): Promise<ActivePppSession[]> {
  const rows = await c.print('/ppp/active', {
    where: where({ name: o.name, service: o.service }),
    proplist: ['.id', 'name', 'service', 'caller-id', 'address', 'uptime', 'session-id', 'radius'],
  });
  return rows.map(toActivePppSession);
}

/** `/interface/pppoe-server`: the sessions' dynamic `<pppoe-NAME>` interfaces, optionally one user's. */
export async function readPppoeServerSessions(
  c: RouterOsConnection,
  o: { user?: string } = {},
): Promise<PppoeServerSession[]> {
  const rows = await c.print('/interface/pppoe-server', {
    where: where({ user: o.user }),
    proplist: ['.id', 'name', 'service', 'user', 'remote-address', 'uptime'],
  });
  return rows.map((r) => ({
    id: str(r, '.id'),
    name: str(r, 'name'),
    service: optionalString(r['service']),
    user: optionalString(r['user']),
    remoteAddress: optionalString(r['remote-address']),
    uptimeSeconds: parseRouterOsDuration(r['uptime']),
  }));
}

/** `/interface/pppoe-server/server`: the PPPoE services and the interfaces (often VLANs) they listen on. */
export async function readPppoeServices(c: RouterOsConnection): Promise<PppoeService[]> {
  const rows = await c.print('/interface/pppoe-server/server', {
    proplist: ['.id', 'service-name', 'interface', 'disabled'],
  });
  return rows.map((r) => ({
    id: str(r, '.id'),
    serviceName: str(r, 'service-name'),
    interface: str(r, 'interface'),
    disabled: parseBool(r['disabled']) ?? false,
  }));
}

/** `/interface/vlan`. An item without a numeric `vlan-id` is a reply this client cannot trust. */
export async function readVlans(c: RouterOsConnection): Promise<VlanInterface[]> {
  const rows = await c.print('/interface/vlan', { proplist: ['.id', 'name', 'vlan-id', 'interface'] });
  return rows.map((r) => {
    const vlanId = parseInteger(r['vlan-id']);
    if (vlanId === null)
      throw new RouterOsError(
        RouterOsErrorCode.PROTOCOL,
        `/interface/vlan on ${c.target}: item ${str(r, '.id') || str(r, 'name')} has vlan-id "${str(r, 'vlan-id')}"`,
        c.target,
      );
    return { id: str(r, '.id'), name: str(r, 'name'), vlanId, interface: optionalString(r['interface']) };
  });
}

export function toSimpleQueue(r: RouterOsRow): SimpleQueue {
  const maxLimit = parseUpDown(r['max-limit'], 'rate');
  return {
    id: str(r, '.id'),
    name: str(r, 'name'),
    target: optionalString(r['target']),
    // `0/0` is RouterOS's "unlimited"; a 0 on one side alone means that side is unlimited.
    maxLimitBps: maxLimit && (maxLimit.upload !== 0 || maxLimit.download !== 0) ? maxLimit : null,
    rateBps: parseUpDown(r['rate'], 'rate'),
    bytes: parseUpDown(r['bytes'], 'count'),
    dynamic: parseBool(r['dynamic']) ?? false,
    disabled: parseBool(r['disabled']) ?? false,
  };
}

/**
 * `/queue/simple`, optionally one queue by name (a PPPoE session's is `<pppoe-NAME>`). `max-limit`, `rate`
 * and `bytes` are the target's upload/download: for a session's queue, the subscriber's (see the top).
 */
export async function readSimpleQueues(
  c: RouterOsConnection,
  o: { name?: string } = {},
): Promise<SimpleQueue[]> {
  const rows = await c.print('/queue/simple', {
    where: where({ name: o.name }),
    proplist: ['.id', 'name', 'target', 'max-limit', 'rate', 'bytes', 'dynamic', 'disabled'],
  });
  return rows.map(toSimpleQueue);
}

/** The router's answer when the interface does not exist (any more: the session went down). */
const NO_SUCH_INTERFACE = /no such item|does not match any value|not found/i;

/**
 * `/interface/monitor-traffic =interface=… =once=`: bits/s now. On the server-side `<pppoe-NAME>` interface
 * rx (what the router receives) is the subscriber's upload and tx their download. Null when the interface
 * does not exist.
 */
export async function readInterfaceTraffic(
  c: RouterOsConnection,
  iface: string,
): Promise<InterfaceTraffic | null> {
  let rows: RouterOsRow[];
  try {
    rows = await c.run('/interface/monitor-traffic', { interface: iface, once: '' });
  } catch (e) {
    if (
      e instanceof RouterOsError &&
      e.code === RouterOsErrorCode.COMMAND_FAILED &&
      NO_SUCH_INTERFACE.test(e.routerMessage ?? e.message)
    )
      return null;
    throw e;
  }
  const row = rows[0];
  if (!row) return null;
  const upload = parseRate(row['rx-bits-per-second']);
  const download = parseRate(row['tx-bits-per-second']);
  if (upload === null || download === null)
    throw new RouterOsError(
      RouterOsErrorCode.PROTOCOL,
      `/interface/monitor-traffic on ${c.target}: no rx/tx bits per second for ${iface}`,
      c.target,
    );
  return { upload, download };
}

function onlyRow(c: RouterOsConnection, path: string, rows: RouterOsRow[]): RouterOsRow {
  const row = rows[0];
  if (!row)
    throw new RouterOsError(RouterOsErrorCode.PROTOCOL, `${path} on ${c.target}: an empty answer`, c.target);
  return row;
}

export function toRouterResource(r: RouterOsRow): RouterResource {
  return {
    uptimeSeconds: parseRouterOsDuration(r['uptime']),
    version: optionalString(r['version']),
    boardName: optionalString(r['board-name']),
    platform: optionalString(r['platform']),
    architecture: optionalString(r['architecture-name']),
    cpu: optionalString(r['cpu']),
    cpuLoadPercent: parseInteger(r['cpu-load']),
    freeMemoryBytes: parseInteger(r['free-memory']),
    totalMemoryBytes: parseInteger(r['total-memory']),
  };
}

/** `/system/resource` (memory in bytes and load in % are plain numbers on the API and REST). */
export async function readSystemResource(c: RouterOsConnection): Promise<RouterResource> {
  const rows = await c.print('/system/resource', {
    proplist: [
      'uptime',
      'version',
      'board-name',
      'platform',
      'architecture-name',
      'cpu',
      'cpu-load',
      'free-memory',
      'total-memory',
    ],
  });
  return toRouterResource(onlyRow(c, '/system/resource', rows));
}

/** `/system/routerboard` (a CHR: `routerboard` false, no model or serial). */
export async function readRouterBoard(c: RouterOsConnection): Promise<RouterBoard> {
  const rows = await c.print('/system/routerboard', {
    proplist: ['routerboard', 'model', 'serial-number', 'current-firmware'],
  });
  const r = onlyRow(c, '/system/routerboard', rows);
  return {
    routerboard: parseBool(r['routerboard']) ?? false,
    model: optionalString(r['model']),
    serialNumber: optionalString(r['serial-number']),
    firmware: optionalString(r['current-firmware']),
  };
}

/** `/ip/arp`, optionally on one interface. PPP interfaces have no ARP entries. */
export async function readArp(c: RouterOsConnection, o: { interface?: string } = {}): Promise<ArpEntry[]> {
  const rows = await c.print('/ip/arp', {
    where: where({ interface: o.interface }),
    proplist: ['address', 'mac-address', 'interface', 'dynamic', 'complete'],
  });
  return rows.map((r) => {
    const macAddress = optionalString(r['mac-address']);
    return {
      address: str(r, 'address'),
      macAddress,
      interface: optionalString(r['interface']),
      dynamic: parseBool(r['dynamic']) ?? false,
      // Versions that do not print `complete` have resolved an entry once it has a MAC.
      complete: parseBool(r['complete']) ?? macAddress !== null,
    };
  });
}

/** `/ip/dhcp-server/lease`. */
export async function readDhcpLeases(c: RouterOsConnection): Promise<DhcpLease[]> {
  const rows = await c.print('/ip/dhcp-server/lease', {
    proplist: ['address', 'mac-address', 'host-name', 'server', 'status'],
  });
  return rows.map((r) => ({
    address: str(r, 'address'),
    macAddress: optionalString(r['mac-address']),
    hostName: optionalString(r['host-name']),
    server: optionalString(r['server']),
    status: optionalString(r['status']),
  }));
}

/** `/ppp/secret`, optionally one by name. The password is never asked for (not in the proplist). */
export async function readPppSecrets(c: RouterOsConnection, o: { name?: string } = {}): Promise<PppSecret[]> {
  const rows = await c.print('/ppp/secret', {
    where: where({ name: o.name }),
    proplist: ['.id', 'name', 'service', 'profile', 'disabled', 'comment'],
  });
  return rows.map((r) => ({
    id: str(r, '.id'),
    name: str(r, 'name'),
    service: str(r, 'service'),
    profile: optionalString(r['profile']),
    disabled: parseBool(r['disabled']) ?? false,
    comment: optionalString(r['comment']),
  }));
}

/** The services `/ppp/secret` accepts (the manual's list). */
export const PPP_SECRET_SERVICES = ['any', 'async', 'l2tp', 'ovpn', 'pppoe', 'pptp', 'sstp'] as const;

/** Adds a `/ppp/secret`; answers its `.id` (`*1A`). */
export async function addPppSecret(
  c: RouterOsConnection,
  s: { name: string; password: string; service: string; profile?: string; comment?: string },
): Promise<string> {
  if (!s.name.trim()) throw new RangeError('name is required');
  if (!s.password) throw new RangeError('password is required');
  if (!(PPP_SECRET_SERVICES as readonly string[]).includes(s.service))
    throw new RangeError(`service must be one of ${PPP_SECRET_SERVICES.join(', ')}, got "${s.service}"`);
  const values: Record<string, string> = { name: s.name, password: s.password, service: s.service };
  if (s.profile !== undefined) values['profile'] = s.profile;
  if (s.comment !== undefined) values['comment'] = s.comment;
  return c.add('/ppp/secret', values);
}

export async function removePppSecret(c: RouterOsConnection, id: string): Promise<void> {
  if (!id) throw new RangeError('id is required');
  await c.remove('/ppp/secret', id);
}
