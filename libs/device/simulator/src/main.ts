/**
 * `npm run sim [-- --fleet FILE] [--list --json] [--port-offset N | --base-port N] [--time-scale X] [--free-ports]
 * [--addresses shared|per-device] [--address-base IP] [--router-address-base IP] [--syslog HOST:PORT]
 * [--auto-dial] [--ping-hosts N] [--archive FILE …]`
 * Starts a simulated fleet (default: fleets/default.json) and prints its device table, where its MikroTik
 * routers' RouterOS APIs and the VPN concentrator listen, and its control URL. `--list`
 * prints the fleet running on the control port (or, when none runs, the fleet the file describes) and exits.
 * `--archive FILE` (repeatable) serves device recordings (`ponctl record`) instead of a fleet.
 */
import {
  ADDRESS_MODES,
  DEFAULT_PORTS,
  ROUTEROS_API_PORT,
  resolveDevices,
  type AddressMode,
} from './config/fleet-config';
import { DEFAULT_FLEET_PATH, fleetConfigFrom, startFleet } from './fleet/fleet-runner';
import { formatDeviceTable } from './fleet/device-table';
import type { SimDeviceInfo } from './fleet/sim-device';
import {
  createPingHosts,
  flapPingHost,
  pingHostsAvailable,
  PING_HOSTS_MAX,
  type PingHosts,
} from './net/ping-hosts';
import { formatSyslogTarget, syslogTargetOrThrow, type SyslogTarget } from './syslog/syslog-target';
import { formatArchives, serveArchives } from './recorded/serve-archives';
import { formatRouterTable } from './routeros/router-table';

interface Args {
  fleet: string;
  list: boolean;
  json: boolean;
  offset: number;
  timeScale: number | undefined;
  freePorts: boolean;
  controlPort: number | undefined;
  addresses: AddressMode | undefined;
  addressBase: string | undefined;
  routerAddressBase: string | undefined;
  syslog: SyslogTarget | undefined;
  /** The VPN concentrator dials a secret in by itself after it is added. */
  autoDial: boolean | undefined;
  /** Hosts to ping in a network namespace (0 = none). */
  pingHosts: number;
  /** Device recordings to serve instead of the fleet. */
  archives: string[];
}

const USAGE =
  'usage: npm run sim -- [--fleet FILE] [--list [--json]] [--port-offset N | --base-port N] [--time-scale X]' +
  ' [--control-port N] [--free-ports] [--addresses shared|per-device] [--address-base IP]' +
  ' [--router-address-base IP] [--syslog HOST:PORT] [--auto-dial] [--ping-hosts N] [--archive FILE …]\n';

function addressMode(v: string): AddressMode {
  if (!(ADDRESS_MODES as readonly string[]).includes(v))
    throw new Error(`--addresses must be one of ${ADDRESS_MODES.join(', ')}, not ${v}`);
  return v as AddressMode;
}

/** The demo's flapping ping host: answers for this long, then is silent for that long. */
const PING_FLAP = { upSeconds: 120, downSeconds: 75 };

function pingHostCount(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > PING_HOSTS_MAX)
    throw new Error(`--ping-hosts must be a whole number 0–${PING_HOSTS_MAX}, not ${v}`);
  return n;
}

function parseArgs(argv: string[]): Args {
  const env = process.env;
  const args: Args = {
    fleet: env['PONDESK_SIM_FLEET'] ?? DEFAULT_FLEET_PATH,
    list: false,
    json: false,
    offset: Number(env['PONDESK_SIM_PORT_OFFSET'] ?? 0),
    timeScale: env['PONDESK_SIM_TIME_SCALE'] ? Number(env['PONDESK_SIM_TIME_SCALE']) : undefined,
    freePorts: false,
    controlPort: env['PONDESK_SIM_CONTROL_PORT'] ? Number(env['PONDESK_SIM_CONTROL_PORT']) : undefined,
    addresses: env['PONDESK_SIM_ADDRESSES'] ? addressMode(env['PONDESK_SIM_ADDRESSES']) : undefined,
    addressBase: undefined,
    routerAddressBase: undefined,
    // Loopback only: a target elsewhere stops the simulator with the reason.
    syslog: env['PONDESK_SIM_SYSLOG'] ? syslogTargetOrThrow(env['PONDESK_SIM_SYSLOG']) : undefined,
    autoDial: env['PONDESK_SIM_AUTO_DIAL'] ? env['PONDESK_SIM_AUTO_DIAL'] === '1' : undefined,
    pingHosts: env['PONDESK_SIM_PING_HOSTS'] ? pingHostCount(env['PONDESK_SIM_PING_HOSTS']) : 0,
    archives: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--fleet') args.fleet = next();
    else if (a === '--list') args.list = true;
    else if (a === '--json') args.json = true;
    else if (a === '--port-offset') args.offset = Number(next());
    // --base-port N: the first SNMP port becomes N; telnet, HTTP and control keep their distance to it.
    else if (a === '--base-port') args.offset = Number(next()) - DEFAULT_PORTS.snmp;
    else if (a === '--time-scale') args.timeScale = Number(next());
    else if (a === '--control-port') args.controlPort = Number(next());
    else if (a === '--free-ports') args.freePorts = true;
    else if (a === '--addresses') args.addresses = addressMode(next());
    else if (a === '--per-device-addresses') args.addresses = 'per-device';
    else if (a === '--address-base') args.addressBase = next();
    else if (a === '--router-address-base') args.routerAddressBase = next();
    else if (a === '--syslog') args.syslog = syslogTargetOrThrow(next());
    else if (a === '--auto-dial') args.autoDial = true;
    else if (a === '--ping-hosts') args.pingHosts = pingHostCount(next());
    else if (a === '--archive') args.archives.push(next());
    else if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(args.offset)) throw new Error('port offset must be an integer');
  return args;
}

/** The device list of a fleet already running on this control port, or null when none answers. */
async function runningFleet(host: string, controlPort: number): Promise<SimDeviceInfo[] | null> {
  try {
    const res = await fetch(`http://${host}:${controlPort}/devices`, { signal: AbortSignal.timeout(1000) });
    if (!res.ok) return null;
    const body = (await res.json()) as unknown;
    return Array.isArray(body) ? (body as SimDeviceInfo[]) : null;
  } catch {
    return null;
  }
}

/** `--archive`: serve the recordings until interrupted. */
async function mainArchives(args: Args): Promise<void> {
  const served = await serveArchives(args.archives, {
    mode: args.freePorts ? 'free' : 'fixed',
    offset: args.offset,
  });
  process.stdout.write(
    `${formatArchives(
      args.archives,
      served.devices.map((d) => d.info()),
    )}\n`,
  );
  const shutdown = (): void => void served.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.archives.length > 0) return mainArchives(args);
  const cfg = fleetConfigFrom(args.fleet);
  const bases = {
    snmpBase: (cfg.ports.snmp ?? DEFAULT_PORTS.snmp) + args.offset,
    telnetBase: (cfg.ports.telnet ?? DEFAULT_PORTS.telnet) + args.offset,
    httpBase: (cfg.ports.http ?? DEFAULT_PORTS.http) + args.offset,
    routerApiBase: (cfg.ports.routerApi ?? DEFAULT_PORTS.routerApi) + args.offset,
    routerApiPort: ROUTEROS_API_PORT + args.offset,
    concentratorPort: (cfg.ports.concentrator ?? DEFAULT_PORTS.concentrator) + args.offset,
  };
  const controlPort = args.controlPort ?? (cfg.ports.control ?? DEFAULT_PORTS.control) + args.offset;
  const addressing = {
    addresses: args.addresses,
    addressBase: args.addressBase,
    routerAddressBase: args.routerAddressBase,
  };
  if (args.list) {
    // The running fleet answers on its control port (live ports, ONU counts after deletes); else the file's fleet.
    const running = await runningFleet(cfg.host, controlPort);
    const specs = running ? [] : resolveDevices(cfg, { mode: 'fixed', ...bases, ...addressing });
    const rows: SimDeviceInfo[] =
      running ??
      specs.map((s) => ({
        name: s.name,
        brand: s.brand,
        mode: s.mode,
        host: s.address ?? cfg.host,
        snmpPort: s.snmpPort,
        community: s.community,
        telnetPort: s.telnetPort,
        httpPort: s.httpPort,
        username: s.username,
        password: s.password,
        onus: s.kind === 'olt' ? s.ponPorts * s.onusPerPort : 0,
        routerHost: s.kind === 'olt' ? (s.routerAddress ?? cfg.host) : null,
      }));
    process.stdout.write(args.json ? `${JSON.stringify(rows, null, 2)}\n` : `${formatDeviceTable(rows)}\n`);
    return;
  }
  const t0 = Date.now();
  const fleet = await startFleet(cfg, {
    ports: args.freePorts ? 'free' : 'fixed',
    ...bases,
    controlPort: args.freePorts ? 0 : controlPort,
    timeScale: args.timeScale,
    ...addressing,
    syslog: args.syslog,
    autoDial: args.autoDial,
  });
  const ms = Date.now() - t0;
  const perDevice = (args.addresses ?? cfg.addresses) === 'per-device';
  const onus = fleet.devices.reduce((n, d) => n + d.onus, 0);
  process.stdout.write(`${formatDeviceTable(fleet.devices)}\n\n`);
  process.stdout.write(
    `${formatRouterTable(fleet.routerApis.list(), fleet.routerApis.concentratorView())}\n\n`,
  );
  process.stdout.write(
    `${fleet.devices.length} devices, ${onus} ONUs, started in ${ms} ms; time scale ${fleet.clock.timeScale}\n` +
      `control API: ${fleet.controlUrl ?? 'off'} (GET /devices, GET /devices/<name>/state, see README)\n` +
      `addresses: ${perDevice ? 'one loopback address per device (HOST column), routers from their own' : `every device on ${cfg.host}`}\n` +
      `syslog: ${fleet.syslog.target ? `to ${formatSyslogTarget(fleet.syslog.target)}` : 'off (--syslog HOST:PORT or PUT /syslog)'}\n`,
  );
  // Hosts for the IP monitor and the POPs to ping, inside a network namespace; the first one goes silent
  // for a while on a cycle. The demo reads this line.
  let pingHosts: PingHosts | null = null;
  let stopFlap = (): void => undefined;
  if (args.pingHosts > 0) {
    if (!pingHostsAvailable()) {
      process.stdout.write(
        'ping hosts: none (they live in a network namespace, which needs root and `ip`)\n',
      );
    } else {
      pingHosts = await createPingHosts(args.pingHosts);
      const flapping = pingHosts.addresses[0];
      stopFlap = flapPingHost(pingHosts, flapping, PING_FLAP);
      process.stdout.write(
        `ping hosts: ${pingHosts.addresses.join(',')} (flapping: ${flapping}, answering ${PING_FLAP.upSeconds} s ` +
          `then silent ${PING_FLAP.downSeconds} s; namespace ${pingHosts.namespace})\n`,
      );
    }
  }
  const shutdown = (): void => {
    stopFlap();
    void Promise.all([fleet.stop(), pingHosts?.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e: unknown) => {
  process.stderr.write(`simulator: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
