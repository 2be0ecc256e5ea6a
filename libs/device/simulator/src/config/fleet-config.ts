/**
 * Fleet files (JSON or YAML): which devices exist, their brand/mode/size, credentials, seed and ports.
 * Ports default to fixed, documented bases plus the device's position, so a demo can rely on them.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { OLT_BRANDS, OLT_MODES, isOltBrand, type OltModeCode } from '@pondesk/contracts';
import { hashString } from '../model/seeded-random';
import { SWITCH_BRANDS } from '../model/switch-state';
import { ipv4ToInt, loopbackRange } from '../net/loopback';
import { parseSyslogTarget } from '../syslog/syslog-target';
import { MAX_ROUTER_DELAY_MS, type RouterFaults } from '../routeros/router-faults';

/**
 * Fixed ports (shared addresses): SNMP, telnet and HTTP per device at base + position; each OLT's MikroTik
 * RouterOS API at `routerApi` + position; the VPN concentrator's API and the control API at theirs.
 */
export const DEFAULT_PORTS = {
  snmp: 16101,
  telnet: 12301,
  http: 18081,
  control: 18999,
  routerApi: 17728,
  concentrator: 17700,
} as const;
/** The RouterOS API's own port: each router listens there when it has an address of its own (per-device). */
export const ROUTEROS_API_PORT = 8728;
/** The simulated MikroTiks' API login unless the fleet file says otherwise. */
export const DEFAULT_ROUTER_API_USER = 'pondesk';
export const DEFAULT_ROUTER_API_PASSWORD = 'pondesk-api';
/** The PPP profile the concentrator has for the console's VPN secrets (`VPN_CONCENTRATOR_PROFILE`). */
export const DEFAULT_CONCENTRATOR_PROFILE = 'pondesk-vpn';
/** A secret is dialled in by itself this long after it is added (concentrator `autoDial`). */
export const DEFAULT_AUTO_DIAL_DELAY_MS = 3000;
export const DEFAULT_EPOCH = '2026-11-20T00:00:00Z';
/** Per-device addresses: device i (0-based position in the fleet) on base + i. */
export const DEFAULT_ADDRESS_BASE = '127.0.1.1';
/** Per-device addresses: the simulated MikroTik router in front of device i on base + i. */
export const DEFAULT_ROUTER_ADDRESS_BASE = '127.0.2.1';

/**
 * 'shared': every device listens on the fleet's `host` (distinct ports). 'per-device': each device on its
 * own loopback address (and each OLT's simulated router on its own), so a syslog receiver can tell the
 * devices apart by sender address.
 */
export const ADDRESS_MODES = ['shared', 'per-device'] as const;
export type AddressMode = (typeof ADDRESS_MODES)[number];

/**
 * C-Data GPON firmware families whose CLI differs (CLI-ACTIONS.md §5.2): V1 `(config-interface-gpon-0/0)#`, SN and
 * a two-line header with `Last down-cause`; V3 `(config-gpon-0/0)#`, `ONT_ID … LAST_DOWN DESC`.
 */
export const CDATA_FIRMWARES = ['v1', 'v3'] as const;
export type CdataFirmware = (typeof CDATA_FIRMWARES)[number];

const faultsSchema = z
  .object({
    unreachable: z.boolean().default(false),
    slowMs: z.number().int().min(0).max(60_000).default(0),
    confirmReplyDelayMs: z.number().int().min(0).max(60_000).default(0),
    wrongCommunity: z.boolean().default(false),
    telnetAuthFailure: z.boolean().default(false),
    truncateOutput: z.boolean().default(false),
    writesIgnored: z.boolean().default(false),
  })
  .partial();

const routerFaultsSchema = z
  .object({
    down: z.boolean(),
    wrongPassword: z.boolean(),
    delayMs: z.number().int().min(0).max(MAX_ROUTER_DELAY_MS),
    legacyLogin: z.boolean(),
  })
  .partial()
  .strict();

/** A simulated MikroTik's RouterOS API: its login, its port (single devices only) and its faults. */
const routerApiSchema = z
  .object({
    username: z.string().min(1).max(64),
    password: z.string().min(1).max(128),
    apiPort: z.number().int().min(0).max(65535),
    faults: routerFaultsSchema,
  })
  .partial()
  .strict();

/** The platform's VPN concentrator (a simulated MikroTik CHR), on the fleet's `host`. */
const concentratorSchema = z
  .object({
    /** False: no concentrator. */
    enabled: z.boolean(),
    username: z.string().min(1).max(64),
    password: z.string().min(1).max(128),
    /** The PPP profile its secrets use (`VPN_CONCENTRATOR_PROFILE`). */
    profile: z.string().min(1).max(64),
    /** A secret added over the API dials in by itself `autoDialDelayMs` later. */
    autoDial: z.boolean(),
    autoDialDelayMs: z.number().int().min(0).max(600_000),
    faults: routerFaultsSchema,
  })
  .partial()
  .strict();

const linkSchema = z
  .object({
    rttMs: z.number().int().min(0).max(60_000).default(0),
    varbindsPerSecond: z.number().int().min(0).max(10_000_000).default(0),
  })
  .partial();

const deviceSchema = z
  .object({
    /** `{n}` is replaced by 1…repeat when `repeat` is set. */
    name: z.string().min(1).max(64),
    brand: z.enum([...OLT_BRANDS, ...SWITCH_BRANDS]),
    mode: z.enum(OLT_MODES).optional(),
    ponPorts: z.number().int().min(1).max(16).default(4),
    onusPerPort: z.number().int().min(0).max(128).default(32),
    /** Switches: port count and how many of the last ports are SFP cages. */
    ports: z.number().int().min(1).max(96).default(28),
    sfpPorts: z.number().int().min(0).max(96).default(4),
    /** Switches: port descriptions (ifAlias) by port number, e.g. `{"25": "uplink bdcom-epon-1"}`. */
    portAliases: z.record(z.string().regex(/^[1-9]\d*$/, 'a port number'), z.string().max(64)).optional(),
    community: z.string().min(1).default('public'),
    username: z.string().min(1).default('admin'),
    password: z.string().min(1).default('admin'),
    enablePassword: z.string().optional(),
    hostname: z.string().optional(),
    seed: z.number().int().optional(),
    vlan: z.number().int().min(1).max(4094).default(100),
    snmpPort: z.number().int().min(0).max(65535).optional(),
    telnetPort: z.number().int().min(0).max(65535).optional(),
    httpPort: z.number().int().min(0).max(65535).optional(),
    repeat: z.number().int().min(1).max(1000).optional(),
    faults: faultsSchema.optional(),
    /** Round trip and SNMP answer-rate cap (a slow OLT behind a WAN link). */
    link: linkSchema.optional(),
    /** C-Data only: which firmware's CLI to speak (prompts, table layouts); absent = the EPON-style layout. */
    firmware: z.enum(CDATA_FIRMWARES).optional(),
    /** OLTs only: the simulated MikroTik BRAS in front of it (its RouterOS API login, port, faults). */
    router: routerApiSchema.optional(),
  })
  .strict();

export const fleetConfigSchema = z
  .object({
    name: z.string().default('fleet'),
    seed: z.number().int().default(1),
    /** Simulated seconds per real second. 0 freezes the clock. */
    timeScale: z.number().min(0).max(100_000).default(1),
    /** Simulated time at start (ISO 8601). */
    epoch: z.string().default(DEFAULT_EPOCH),
    host: z.string().default('127.0.0.1'),
    addresses: z.enum(ADDRESS_MODES).default('shared'),
    addressBase: z.string().default(DEFAULT_ADDRESS_BASE),
    routerAddressBase: z.string().default(DEFAULT_ROUTER_ADDRESS_BASE),
    /** Where the devices send syslog (`"127.0.0.1:5514"` or `{host, port}`, loopback only); absent = off. */
    syslog: z.union([z.string(), z.object({ host: z.string(), port: z.number().int() }).strict()]).optional(),
    ports: z
      .object({
        snmp: z.number().int().min(1).max(65535).optional(),
        telnet: z.number().int().min(1).max(65535).optional(),
        http: z.number().int().min(1).max(65535).optional(),
        control: z.number().int().min(0).max(65535).optional(),
        routerApi: z.number().int().min(1).max(65535).optional(),
        concentrator: z.number().int().min(1).max(65535).optional(),
      })
      .default({}),
    concentrator: concentratorSchema.optional(),
    devices: z.array(deviceSchema).min(1),
  })
  .strict();

export type FleetConfigInput = z.input<typeof fleetConfigSchema>;
export type FleetConfig = z.output<typeof fleetConfigSchema>;
export type DeviceConfig = z.output<typeof deviceSchema>;

export type DeviceBrand = DeviceConfig['brand'];

/** One device after `repeat` expansion and port/seed resolution. */
export interface DeviceSpec {
  name: string;
  kind: 'olt' | 'switch';
  brand: DeviceBrand;
  mode: OltModeCode | null;
  ponPorts: number;
  onusPerPort: number;
  ports: number;
  sfpPorts: number;
  /** Switches: ifAlias by port number (empty for OLTs). */
  portAliases: Record<number, string>;
  community: string;
  username: string;
  password: string;
  enablePassword: string;
  hostname: string | null;
  seed: number;
  vlan: number;
  /** 0 = pick a free port at start. */
  snmpPort: number;
  telnetPort: number | null;
  httpPort: number | null;
  faults: DeviceConfig['faults'];
  link: DeviceConfig['link'];
  /** C-Data CLI variant, or null (the EPON-style layout for both modes). */
  firmware: CdataFirmware | null;
  /** Its own loopback address ('per-device' addresses), or null: the fleet's shared host. */
  address: string | null;
  /** The own address of the simulated MikroTik router in front of it (OLTs, 'per-device'), or null. */
  routerAddress: string | null;
  /** OLTs: the RouterOS API of the simulated MikroTik router in front of it; null for switches. */
  router: RouterSpec | null;
}

/** A simulated MikroTik's RouterOS API. */
export interface RouterSpec {
  username: string;
  password: string;
  /** 0 = pick a free port at start. */
  apiPort: number;
  faults: Partial<RouterFaults>;
}

/** The platform's VPN concentrator, resolved. */
export interface ConcentratorSpec extends RouterSpec {
  profile: string;
  autoDial: boolean;
  autoDialDelayMs: number;
}

export function parseFleetConfig(input: unknown): FleetConfig {
  const cfg = fleetConfigSchema.parse(input);
  for (const d of cfg.devices) {
    const isOlt = isOltBrand(d.brand);
    if (isOlt && !d.mode) throw new Error(`device ${d.name}: an OLT needs mode epon or gpon`);
    if (!isOlt && d.mode) throw new Error(`device ${d.name}: a switch has no PON mode`);
    if (isOlt && d.portAliases) throw new Error(`device ${d.name}: portAliases are for switches`);
    if (d.firmware && d.brand !== 'cdata') throw new Error(`device ${d.name}: firmware is for C-Data OLTs`);
    if (!isOlt && d.router)
      throw new Error(`device ${d.name}: router is for OLTs (the MikroTik in front of one)`);
    for (const port of Object.keys(d.portAliases ?? {}))
      if (Number(port) > d.ports)
        throw new Error(`device ${d.name}: portAliases names port ${port} of ${d.ports}`);
    if (isOlt && d.mode === 'epon' && d.onusPerPort > 64)
      throw new Error(`device ${d.name}: EPON ports hold at most 64 ONUs`);
    if (d.repeat !== undefined && !d.name.includes('{n}'))
      throw new Error(`device ${d.name}: repeat needs {n} in the name`);
  }
  loopbackRange(cfg.addressBase, 1, 'addressBase');
  loopbackRange(cfg.routerAddressBase, 1, 'routerAddressBase');
  if (cfg.syslog !== undefined) {
    const t = parseSyslogTarget(cfg.syslog);
    if (typeof t === 'string') throw new Error(`fleet syslog: ${t}`);
  }
  return cfg;
}

export function loadFleetConfig(path: string): FleetConfig {
  const text = readFileSync(path, 'utf8');
  const data: unknown = /\.ya?ml$/i.test(extname(path)) ? parseYaml(text) : JSON.parse(text);
  return parseFleetConfig(data);
}

export interface PortPlan {
  /** 'fixed': base + position (documented defaults); 'free': every port chosen by the OS at start. */
  mode: 'fixed' | 'free';
  snmpBase?: number;
  telnetBase?: number;
  httpBase?: number;
  /** Overrides the file's `addresses` (and its bases). */
  addresses?: AddressMode;
  addressBase?: string;
  routerAddressBase?: string;
  /** Shared addresses: each OLT's router API on this + position (default: the file's, or 17728). */
  routerApiBase?: number;
  /** Per-device addresses: every router's API on this port of its own address (default 8728). */
  routerApiPort?: number;
  /** The concentrator's API port (default: the file's, or 17700). */
  concentratorPort?: number;
}

/** Expand `repeat`, give every device a seed and ports. */
export function resolveDevices(cfg: FleetConfig, plan: PortPlan = { mode: 'fixed' }): DeviceSpec[] {
  const out: DeviceSpec[] = [];
  const names = new Set<string>();
  const snmpBase = plan.snmpBase ?? cfg.ports.snmp ?? DEFAULT_PORTS.snmp;
  const telnetBase = plan.telnetBase ?? cfg.ports.telnet ?? DEFAULT_PORTS.telnet;
  const httpBase = plan.httpBase ?? cfg.ports.http ?? DEFAULT_PORTS.http;
  const routerApiBase = plan.routerApiBase ?? cfg.ports.routerApi ?? DEFAULT_PORTS.routerApi;
  const perDevice = (plan.addresses ?? cfg.addresses) === 'per-device';
  for (const d of cfg.devices) {
    const count = d.repeat ?? 1;
    for (let n = 1; n <= count; n++) {
      const name = d.repeat
        ? d.name.replace(/\{n\}/g, String(n).padStart(String(count).length, '0'))
        : d.name;
      if (names.has(name)) throw new Error(`duplicate device name ${name}`);
      names.add(name);
      const i = out.length;
      const isOlt = isOltBrand(d.brand);
      const fixed = plan.mode === 'fixed';
      // Explicit ports only make sense for single devices; repeated ones take base + position.
      const explicit = (v: number | undefined): number | undefined => (d.repeat ? undefined : v);
      out.push({
        name,
        kind: isOlt ? 'olt' : 'switch',
        brand: d.brand,
        mode: isOlt ? (d.mode ?? 'epon') : null,
        ponPorts: d.ponPorts,
        onusPerPort: isOlt ? d.onusPerPort : 0,
        ports: d.ports,
        sfpPorts: Math.min(d.sfpPorts, d.ports),
        portAliases: Object.fromEntries(
          Object.entries(d.portAliases ?? {}).map(([port, alias]) => [Number(port), alias]),
        ),
        community: d.community,
        username: d.username,
        password: d.password,
        enablePassword: d.enablePassword ?? d.password,
        hostname: d.hostname ?? null,
        seed: d.seed ?? (hashString(name) ^ Math.imul(cfg.seed, 0x9e3779b1)) >>> 0,
        vlan: d.vlan,
        snmpPort: fixed ? (explicit(d.snmpPort) ?? snmpBase + i) : 0,
        telnetPort: isOlt ? (fixed ? (explicit(d.telnetPort) ?? telnetBase + i) : 0) : null,
        httpPort: d.brand === 'avies' ? (fixed ? (explicit(d.httpPort) ?? httpBase + i) : 0) : null,
        faults: d.faults,
        link: d.link,
        firmware: d.firmware ?? null,
        address: null,
        routerAddress: null,
        router: isOlt
          ? {
              username: d.router?.username ?? DEFAULT_ROUTER_API_USER,
              password: d.router?.password ?? DEFAULT_ROUTER_API_PASSWORD,
              // With an address of its own a router takes the API's real port; sharing one, a port of its own.
              apiPort: fixed
                ? (explicit(d.router?.apiPort) ??
                  (perDevice ? (plan.routerApiPort ?? ROUTEROS_API_PORT) : routerApiBase + i))
                : 0,
              faults: { ...(d.router?.faults ?? {}) },
            }
          : null,
      });
    }
  }
  if (perDevice) assignAddresses(out, cfg, plan);
  return out;
}

/** The VPN concentrator the fleet runs (on its `host`), or null when the file turns it off. */
export function resolveConcentrator(
  cfg: FleetConfig,
  plan: PortPlan = { mode: 'fixed' },
): ConcentratorSpec | null {
  const c: NonNullable<FleetConfig['concentrator']> = cfg.concentrator ?? {};
  if (c.enabled === false) return null;
  return {
    username: c.username ?? DEFAULT_ROUTER_API_USER,
    password: c.password ?? DEFAULT_ROUTER_API_PASSWORD,
    apiPort:
      plan.mode === 'fixed'
        ? (plan.concentratorPort ?? cfg.ports.concentrator ?? DEFAULT_PORTS.concentrator)
        : 0,
    faults: { ...(c.faults ?? {}) },
    profile: c.profile ?? DEFAULT_CONCENTRATOR_PROFILE,
    autoDial: c.autoDial ?? false,
    autoDialDelayMs: c.autoDialDelayMs ?? DEFAULT_AUTO_DIAL_DELAY_MS,
  };
}

/** Device i on addressBase + i, the router in front of OLT i on routerAddressBase + i; the runs must not meet. */
function assignAddresses(specs: DeviceSpec[], cfg: FleetConfig, plan: PortPlan): void {
  const base = plan.addressBase ?? cfg.addressBase;
  const routerBase = plan.routerAddressBase ?? cfg.routerAddressBase;
  const own = loopbackRange(base, specs.length, 'addressBase');
  const routers = loopbackRange(routerBase, specs.length, 'routerAddressBase');
  const lo = (list: string[]): number => ipv4ToInt(list[0] ?? '') ?? 0;
  const hi = (list: string[]): number => ipv4ToInt(list[list.length - 1] ?? '') ?? 0;
  if (specs.length > 0 && lo(own) <= hi(routers) && lo(routers) <= hi(own))
    throw new Error(
      `device addresses ${own[0]}–${own[own.length - 1]} overlap the router addresses ` +
        `${routers[0]}–${routers[routers.length - 1]}: move addressBase or routerAddressBase`,
    );
  specs.forEach((s, i) => {
    s.address = own[i] ?? null;
    s.routerAddress = s.kind === 'olt' ? (routers[i] ?? null) : null;
  });
}
