/**
 * `ponctl router <host>`: what the console reads from a MikroTik BRAS, read the same way (the RouterOS
 * client of `@pondesk/device-routeros`): the router's resource and board, how many PPP sessions are up, and
 * with `--session NAME` that subscriber's session with its queue and traffic. Read-only.
 *
 * The password comes from an environment variable (`--password-env VAR`), never from the command line, where
 * other users of the machine and shell histories would see it.
 */
import {
  ROUTEROS_DEFAULT_TIMEOUT_MS,
  RouterOsError,
  RouterOsErrorCode,
  connectRouterOs,
  readActivePpp,
  readInterfaceTraffic,
  readRouterBoard,
  readSimpleQueues,
  readSystemResource,
  type ActivePppSession,
  type InterfaceTraffic,
  type RouterBoard,
  type RouterOsConnection,
  type RouterOsTarget,
  type RouterOsTransport,
  type SimpleQueue,
  type UpDown,
} from '@pondesk/device-routeros';
import type { Io } from './ponctl';
import { renderKeyValues, type Cell } from './table-format';

const TRANSPORTS: readonly RouterOsTransport[] = ['api', 'api-ssl', 'rest'];

export interface RouterArgs {
  command: 'router';
  target: RouterOsTarget;
  /** A PPP user name: print that subscriber's session too. */
  session?: string;
  json: boolean;
}

/** Flags of the other commands that mean nothing here (refused rather than ignored). */
const NOT_FOR_ROUTER = [
  'community',
  'snmp-version',
  'brand',
  'mode',
  'telnet-port',
  'http-port',
  'enable-password',
  'onu',
  'pon',
  'mac',
  'retries',
  'vendor',
  'command',
  'file',
  'out',
];

const int = (name: string, v: string | undefined, min: number, max: number): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw new RangeError(`--${name} must be a number from ${min} to ${max}, got "${v}"`);
  return Number(v);
};

/**
 * `router <host> [--port N] [--transport api|api-ssl|rest] [--user U] [--password-env VAR] [--session NAME]
 * [--timeout MS] [--json]`. Throws `RangeError` naming the flag; ponctl reports it as a usage error.
 */
export function parseRouterArgs(
  v: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): RouterArgs {
  const flag = (name: string): string | undefined => {
    const x = v[name];
    return typeof x === 'string' ? x : undefined;
  };
  for (const name of NOT_FOR_ROUTER)
    if (v[name] !== undefined) throw new RangeError(`--${name} is not an option of router`);
  if (v['password'] !== undefined)
    throw new RangeError(
      'router takes no --password: put it in an environment variable and name it with --password-env VAR',
    );
  if (positionals.length > 1) throw new RangeError(`router takes one host, got "${positionals.join(' ')}"`);
  const host = positionals[0] ?? flag('host');
  if (!host) throw new RangeError("router needs the router's address: ponctl router <host>");
  if (positionals[0] !== undefined && flag('host') !== undefined && flag('host') !== host)
    throw new RangeError('router got two hosts (the argument and --host)');

  const transport = flag('transport') ?? 'api';
  if (!(TRANSPORTS as readonly string[]).includes(transport))
    throw new RangeError(`--transport must be one of ${TRANSPORTS.join(', ')}, got "${transport}"`);

  const passwordEnv = flag('password-env');
  let password = '';
  if (passwordEnv !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(passwordEnv))
      throw new RangeError(`--password-env must name an environment variable, got "${passwordEnv}"`);
    const value = env[passwordEnv];
    if (value === undefined) throw new RangeError(`--password-env: the variable ${passwordEnv} is not set`);
    password = value;
  }
  const session = flag('session');
  if (session !== undefined && session.trim() === '') throw new RangeError('--session needs a PPP user name');

  return {
    command: 'router',
    target: {
      host,
      port: int('port', flag('port'), 1, 65535),
      transport: transport as RouterOsTransport,
      username: flag('user') ?? 'admin',
      password,
      timeoutMs: int('timeout', flag('timeout'), 1, 600000) ?? ROUTEROS_DEFAULT_TIMEOUT_MS,
    },
    session,
    json: v['json'] === true,
  };
}

/** One line saying why, in ponctl's words: the kind first, as for the other devices. */
export function describeRouterOsError(e: RouterOsError): string {
  const kind: Record<RouterOsErrorCode, string> = {
    [RouterOsErrorCode.UNREACHABLE]: 'unreachable',
    [RouterOsErrorCode.TIMEOUT]: 'timeout',
    [RouterOsErrorCode.LOGIN_FAILED]: 'auth',
    [RouterOsErrorCode.NOT_PERMITTED]: 'auth',
    [RouterOsErrorCode.COMMAND_FAILED]: 'routeros',
    [RouterOsErrorCode.CLOSED]: 'closed',
    [RouterOsErrorCode.PROTOCOL]: 'protocol',
  };
  return `${kind[e.code]}: ${e.message}`;
}

/** `3d17h14m31s`, as RouterOS prints uptimes. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  let s = Math.floor(seconds);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['w', 604800],
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (s >= size) {
      parts.push(`${Math.floor(s / size)}${unit}`);
      s %= size;
    }
  }
  if (s > 0 || parts.length === 0) parts.push(`${s}s`);
  return parts.join('');
}

/** `10M`, `512k`, `1.5M` bits/s (1k = 1,000, as RouterOS counts rates). */
export function formatBps(bps: number): string {
  for (const [unit, size] of [
    ['G', 1e9],
    ['M', 1e6],
    ['k', 1e3],
  ] as const)
    if (bps >= size) return `${Math.round((bps / size) * 100) / 100}${unit}`;
  return String(bps);
}

const upDown = (x: UpDown | null, f: (n: number) => string): string | null =>
  x === null ? null : `${f(x.upload)}/${f(x.download)} (up/down)`;

interface SessionReport extends ActivePppSession {
  /** The session's dynamic interface and queue name (`<pppoe-NAME>`). */
  interface: string;
  queue: SimpleQueue | null;
  trafficBps: InterfaceTraffic | null;
}

/** The session's queue and traffic are extras: a router without them still shows the session. */
async function readSession(c: RouterOsConnection, name: string): Promise<SessionReport | null> {
  const [s] = await readActivePpp(c, { name });
  if (!s) return null;
  const iface = `<${s.service}-${s.name}>`;
  const [queues, trafficBps] = await Promise.all([
    readSimpleQueues(c, { name: iface }).catch(ignoreCommandFailure([] as SimpleQueue[])),
    readInterfaceTraffic(c, iface).catch(ignoreCommandFailure(null)),
  ]);
  return { ...s, interface: iface, queue: queues[0] ?? null, trafficBps };
}

/** Swallows a `!trap` (the menu is missing or not permitted), rethrows the connection's own failures. */
function ignoreCommandFailure<T>(fallback: T): (e: unknown) => T {
  return (e) => {
    if (
      e instanceof RouterOsError &&
      (e.code === RouterOsErrorCode.COMMAND_FAILED || e.code === RouterOsErrorCode.NOT_PERMITTED)
    )
      return fallback;
    throw e;
  };
}

function routerTable(
  target: string,
  transport: string,
  r: Awaited<ReturnType<typeof readSystemResource>>,
  b: RouterBoard | null,
  active: number,
): Record<string, Cell> {
  return {
    router: `${target} (${transport})`,
    version: r.version,
    board: r.boardName,
    model: b?.model,
    serial: b?.serialNumber,
    firmware: b?.firmware,
    architecture: r.architecture,
    cpu: r.cpu,
    'cpu load %': r.cpuLoadPercent,
    'memory free': r.freeMemoryBytes === null ? null : `${Math.round(r.freeMemoryBytes / 1048576)} MiB`,
    'memory total': r.totalMemoryBytes === null ? null : `${Math.round(r.totalMemoryBytes / 1048576)} MiB`,
    uptime: formatDuration(r.uptimeSeconds),
    'active PPP sessions': active,
  };
}

function sessionTable(s: SessionReport): Record<string, Cell> {
  return {
    session: s.name,
    service: s.service,
    address: s.address,
    'caller-id': s.callerId,
    uptime: formatDuration(s.uptimeSeconds),
    'session-id': s.sessionId,
    radius: s.radius ? 'yes' : 'no',
    interface: s.interface,
    'queue max-limit': upDown(s.queue?.maxLimitBps ?? null, formatBps) ?? (s.queue ? 'unlimited' : null),
    'queue rate': upDown(s.queue?.rateBps ?? null, formatBps),
    'queue bytes': upDown(s.queue?.bytes ?? null, String),
    traffic: upDown(s.trafficBps, formatBps),
  };
}

/** Runs `ponctl router`; returns the exit code (1 when the router fails or the session is not up). */
export async function runRouter(a: RouterArgs, io: Io, describe: (e: unknown) => string): Promise<number> {
  let c: RouterOsConnection | null = null;
  try {
    c = await connectRouterOs(a.target);
    const conn = c;
    const [resource, board, active] = await Promise.all([
      readSystemResource(conn),
      // x86 and CHR installs may have no /system/routerboard menu at all.
      readRouterBoard(conn).catch(ignoreCommandFailure(null)),
      conn.print('/ppp/active', { proplist: ['.id'] }),
    ]);
    const session = a.session === undefined ? undefined : await readSession(conn, a.session);
    if (a.json) {
      io.out(
        JSON.stringify(
          [
            {
              target: conn.target,
              transport: conn.transport,
              resource,
              board,
              activePppSessions: active.length,
              ...(session === undefined ? {} : { session }),
            },
          ],
          null,
          2,
        ),
      );
    } else {
      io.out(renderKeyValues(routerTable(conn.target, conn.transport, resource, board, active.length)));
      if (session) io.out('\n' + renderKeyValues(sessionTable(session)));
    }
    if (session === null) {
      io.err(`ponctl: not found: no active PPP session named "${a.session}" on ${conn.target}`);
      return 1;
    }
    return 0;
  } catch (e) {
    io.err(`ponctl: ${describe(e)}`);
    return 1;
  } finally {
    await c?.close().catch(() => undefined);
  }
}
