import { isIP } from 'node:net';
import { z } from 'zod';
import { HOST_MESSAGE, VPN_SERVICES, isHost } from '@pondesk/contracts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function urlWithProtocol(protocols: string[]) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(1, 'is required')
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      `must be a URL (${protocols.join(' or ')}://…)`,
    );
}

/** `true`/`false` (also 1/0, yes/no) from the environment; anything else is an error naming the variable. */
const boolFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(fallback);

/** An optional variable where an empty value (`VAR=` in `.env`, `${VAR:-}` in compose) means unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** A host name or IPv4 address, as the OLT form takes them. */
const hostFromEnv = z
  .string()
  .trim()
  .max(253, 'must be at most 253 characters')
  .refine(isHost, `must be a host name or IPv4 address (${HOST_MESSAGE})`);

/** How the API and the worker reach the VPN concentrator (RouterOS API, API over TLS, or REST of v7). */
export const VPN_CONCENTRATOR_TRANSPORTS = ['api', 'api-ssl', 'rest'] as const;
export type VpnConcentratorTransport = (typeof VPN_CONCENTRATOR_TRANSPORTS)[number];

/** The concentrator's port when `VPN_CONCENTRATOR_PORT` is unset: the transport's own (RouterOS defaults). */
export const VPN_CONCENTRATOR_DEFAULT_PORTS: Readonly<Record<VpnConcentratorTransport, number>> = {
  api: 8728,
  'api-ssl': 8729,
  rest: 443,
};

/** The variables that must all be set for VPN to be on; any of them alone is a configuration error. */
export const VPN_REQUIRED_VARIABLES = [
  'VPN_CONCENTRATOR_HOST',
  'VPN_CONCENTRATOR_USER',
  'VPN_CONCENTRATOR_PASSWORD',
  'VPN_PUBLIC_ADDRESS',
] as const;

/** The bKash merchant credentials: all four set turns online payment on; some of them only is an error. */
export const BKASH_REQUIRED_VARIABLES = [
  'BKASH_APP_KEY',
  'BKASH_APP_SECRET',
  'BKASH_USERNAME',
  'BKASH_PASSWORD',
] as const;

/**
 * Secrets that were published (in `.env.example` or documentation) and so protect nothing. A process
 * refuses to start with any of them, in every environment.
 */
export const PUBLISHED_SECRETS: Readonly<
  Record<'JWT_SECRET' | 'ENCRYPTION_KEY' | 'PLATFORM_ADMIN_PASSWORD', string[]>
> = {
  JWT_SECRET: ['dev-only-jwt-secret-change-me-0123456789abcdef'],
  ENCRYPTION_KEY: ['00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'],
  PLATFORM_ADMIN_PASSWORD: ['change-me-platform'],
};

const notPublished = (name: keyof typeof PUBLISHED_SECRETS) => (value: string | undefined) =>
  value === undefined || !PUBLISHED_SECRETS[name].includes(value);

const PUBLISHED_MESSAGE =
  'is the published example value; generate your own (e.g. `openssl rand -hex 32`) — `npm run demo` does this for you';

/**
 * Express's `trust proxy`: unset or `false` trusts no proxy (the TCP peer is the client), a number
 * trusts that many hops, anything else is a comma-separated list of addresses, CIDRs or the names
 * `loopback`, `linklocal`, `uniquelocal`.
 */
const trustProxy = z
  .string()
  .trim()
  .regex(/^(false|true|\d{1,2}|[0-9A-Za-z:./,\s-]{1,500})$/, 'must be false, a hop count, or addresses/CIDRs')
  .refine(
    (v) => v !== 'true',
    'must not be `true` (that trusts any client); give the proxy address or a hop count',
  )
  .optional();

const intFromEnv = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** Every variable the api and the worker read; documented in `.env.example`. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql']),
  REDIS_URL: urlWithProtocol(['redis', 'rediss']),
  /** Redis key namespace of this installation (queues, heartbeats); `pondesk:<database name>` when unset. */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,100}$/, 'must be 1–100 letters, digits, colons, hyphens or underscores')
    .optional(),
  PORT: intFromEnv(0, 65535, 3000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  JWT_SECRET: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .min(32, 'must be at least 32 characters')
    .refine(notPublished('JWT_SECRET'), PUBLISHED_MESSAGE),
  ENCRYPTION_KEY: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, {
      message: 'must be 32 bytes as 64 hex characters or base64',
    })
    .refine(notPublished('ENCRYPTION_KEY'), PUBLISHED_MESSAGE),
  /** Which proxies may set X-Forwarded-For / -Proto (see `trustProxy`); none by default. */
  TRUST_PROXY: trustProxy,
  /**
   * Development only: serve the outbox of logged mails and SMS at /api/v1/dev/outbox to clients on this
   * machine. Refused with TRUST_PROXY (behind a proxy every client looks local) and in production.
   */
  DEV_OUTBOX: boolFromEnv(false),
  /**
   * Let OLTs, probes and port checks reach loopback addresses (the simulator of the demo and the tests).
   * Link-local addresses and this platform's own service ports stay refused.
   */
  ALLOW_LOOPBACK_DEVICES: boolFromEnv(false),
  /**
   * New accounts (sign-up and registration) allowed per client address per hour. Raise it where many
   * legitimate sign-ups share one address (or for test runs, where every client is on loopback).
   */
  SIGNUPS_PER_IP_PER_HOUR: intFromEnv(1, 1_000_000, 5),
  /** Public origin of the web app; reset links point here and nowhere else. */
  APP_ORIGIN: z.url({ error: 'must be a URL' }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  WORKER_CONCURRENCY: intFromEnv(1, 256, 8),
  /**
   * OLT polls each worker keeps in flight (one per OLT). Mostly waiting for devices, so far above
   * WORKER_CONCURRENCY; Postgres writes stay bounded by the connection pool.
   */
  POLL_CONCURRENCY: intFromEnv(1, 1024, 64),
  SNMP_TIMEOUT_MS: intFromEnv(100, 60000, 3000),
  SNMP_RETRIES: intFromEnv(0, 10, 1),
  /**
   * Seconds within which a rebooted ONU must be seen offline; one still online then is reported as 'no
   * effect seen' (a real ONU drops its link within seconds of taking a reboot).
   */
  ONU_REBOOT_OFFLINE_WITHIN_SECONDS: intFromEnv(10, 600, 90),
  /** Seconds between reachability/health checks of each OLT (offline after 3 failed ones). */
  OLT_HEALTH_INTERVAL_SECONDS: intFromEnv(5, 3600, 60),
  /** Raw rx samples older than this are dropped; hourly rollups stay. */
  SAMPLE_RETENTION_DAYS: intFromEnv(1, 3650, 90),
  /** PPPoE session events older than this are dropped (whole months first); the Down Count List needs 30. */
  SESSION_EVENT_RETENTION_DAYS: intFromEnv(31, 3650, 180),
  /**
   * The worker's syslog receiver (UDP and TCP) for the OLTs and MikroTik routers; 0 turns it off. Not 514:
   * that needs root (forward it, see the README). Off by default when NODE_ENV=test (see `withTestDefaults`).
   */
  SYSLOG_PORT: intFromEnv(0, 65535, 5514),
  /**
   * The address the receiver listens on: every IPv4 interface by default, as devices send from the
   * management network (lines from addresses that are no OLT's or router's are dropped); `::` for IPv6 too.
   */
  SYSLOG_HOST: z
    .string()
    .trim()
    .refine((v) => isIP(v) !== 0, 'must be an IP address to listen on (0.0.0.0: every IPv4 interface)')
    .default('0.0.0.0'),
  /** Days of device syslog lines to keep (whole days, dropped by day). */
  LOG_RETENTION_DAYS: intFromEnv(1, 3650, 30),
  /**
   * The IP monitor's and POP power's prober: one worker (a Redis lock picks it) pings every server and
   * power source each interval with fping. Off by default when NODE_ENV=test (see `withTestDefaults`).
   */
  PING_ENABLED: boolFromEnv(true),
  /** The fping program (Debian's `fping` package; it needs CAP_NET_RAW, which the package sets). */
  FPING_PATH: z.string().trim().min(1, 'must not be empty').default('fping'),
  /** How often each target is pinged. */
  PING_INTERVAL_MS: intFromEnv(100, 60_000, 1000),
  /** How long a reply is waited for before the probe counts as lost; below PING_INTERVAL_MS. */
  PING_TIMEOUT_MS: intFromEnv(10, 59_000, 800),
  PLATFORM_ADMIN_USERNAME: z.string().min(3).optional(),
  PLATFORM_ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .refine(notPublished('PLATFORM_ADMIN_PASSWORD'), PUBLISHED_MESSAGE)
    .optional(),
  SMTP_URL: urlWithProtocol(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('PonDesk <no-reply@pondesk.local>'),
  SMS_GATEWAY_URL: z.url({ error: 'must be a URL' }).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /**
   * Where the alert channels' APIs are: the Telegram Bot API and the WhatsApp Cloud API (Graph API with its
   * version). Tests and the demo point them at the local fakes; unset in tests, nothing is sent anywhere.
   */
  TELEGRAM_API_URL: urlWithProtocol(['http', 'https']).default('https://api.telegram.org'),
  WHATSAPP_API_URL: urlWithProtocol(['http', 'https']).default('https://graph.facebook.com/v21.0'),
  /** How long one alert message (Telegram, WhatsApp, webhook) may take before it fails and is retried. */
  ALERT_SEND_TIMEOUT_MS: intFromEnv(100, 120_000, 10_000),
  /** How often the alert engine reads new ONU status events and OLT reachability (0: never, in this process). */
  ALERT_EVALUATE_INTERVAL_MS: intFromEnv(0, 600_000, 5000),
  /** How often the worker looks for alert messages owed (they are also sent at once after a pass raises one). */
  ALERT_DISPATCH_INTERVAL_MS: intFromEnv(0, 600_000, 2000),
  /** A message being sent is the sending worker's for this long; a worker that died meanwhile loses it then. */
  ALERT_DELIVERY_LEASE_MS: intFromEnv(1000, 3_600_000, 60_000),
  /** Where the API keeps uploaded files (profile photos under `photos/`); relative to the working directory. */
  DATA_DIR: z.string().min(1, 'must not be empty').default('data'),
  /*
   * The platform's VPN concentrator: a MikroTik the platform runs, on which Profile → Add VPN creates a PPP
   * secret per tenant, so an ISP's router behind NAT dials in and the worker reaches its OLTs through the
   * tunnel. VPN is on only when host, user, password and public address are all set (see `vpnSettings`).
   */
  /** The concentrator's address as the API and the worker reach it (its RouterOS API). */
  VPN_CONCENTRATOR_HOST: unsetWhenEmpty(hostFromEnv.optional()),
  /** Its RouterOS API port; the transport's default when unset (8728, 8729 for api-ssl, 443 for rest). */
  VPN_CONCENTRATOR_PORT: unsetWhenEmpty(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(65535, 'must be at most 65535')
      .optional(),
  ),
  VPN_CONCENTRATOR_TRANSPORT: unsetWhenEmpty(
    z
      .enum(VPN_CONCENTRATOR_TRANSPORTS, {
        error: `must be one of ${VPN_CONCENTRATOR_TRANSPORTS.join(', ')}`,
      })
      .default('api'),
  ),
  /** A RouterOS user whose group may read and write `/ppp` (policy `api,read,write`; `rest-api` for rest). */
  VPN_CONCENTRATOR_USER: unsetWhenEmpty(
    z.string().trim().max(100, 'must be at most 100 characters').optional(),
  ),
  VPN_CONCENTRATOR_PASSWORD: unsetWhenEmpty(z.string().max(200, 'must be at most 200 characters').optional()),
  /** The PPP profile the tenants' secrets get (addresses, routes); the concentrator's `default` when unset. */
  VPN_CONCENTRATOR_PROFILE: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(/^[\w.-]{1,64}$/, 'must be a PPP profile name (letters, digits, dot, dash, underscore)')
      .optional(),
  ),
  /** The tunnel the ISPs' routers dial: the secrets' service and the command the Profile page shows. */
  VPN_SERVICE: unsetWhenEmpty(
    z.enum(VPN_SERVICES, { error: `must be one of ${VPN_SERVICES.join(', ')}` }).default('l2tp'),
  ),
  /** The concentrator's address as the ISPs' routers reach it (the command's `connect-to`). */
  VPN_PUBLIC_ADDRESS: unsetWhenEmpty(hostFromEnv.optional()),
  /*
   * bKash tokenized checkout (INTEGRATIONS §1): the platform operator's merchant account. Without the four
   * credentials Pay Now says online payment is not configured. Tests and the demo point the base at the
   * local fake; unset in tests, it is an address where nothing listens.
   */
  BKASH_BASE_URL: urlWithProtocol(['http', 'https']).default(
    'https://tokenized.pay.bka.sh/v1.2.0-beta/tokenized/checkout/',
  ),
  BKASH_APP_KEY: unsetWhenEmpty(z.string().max(200, 'must be at most 200 characters').optional()),
  BKASH_APP_SECRET: unsetWhenEmpty(z.string().max(200, 'must be at most 200 characters').optional()),
  BKASH_USERNAME: unsetWhenEmpty(z.string().max(200, 'must be at most 200 characters').optional()),
  BKASH_PASSWORD: unsetWhenEmpty(z.string().max(200, 'must be at most 200 characters').optional()),
  /** How long create, query and refund may take; execute gets BKASH_EXECUTE_TIMEOUT_MS, then a query decides. */
  BKASH_TIMEOUT_MS: intFromEnv(100, 120_000, 15_000),
  BKASH_EXECUTE_TIMEOUT_MS: intFromEnv(100, 120_000, 30_000),
  /** How often the worker queries bKash for attempts left open (0: never, in this process). */
  BKASH_RECONCILE_INTERVAL_MS: intFromEnv(0, 3_600_000, 60_000),
  /** An open attempt is queried once it is this old (the customer may still be on bKash's page until then). */
  BKASH_RECONCILE_AFTER_MS: intFromEnv(0, 86_400_000, 120_000),
});

const UNREACHABLE_IN_TESTS = 'http://127.0.0.1:9';

/**
 * Defaults that differ in tests: the syslog receiver stays off unless a test gives it a port, so the
 * workers of parallel test files neither race for one port nor listen on the machine's interfaces; the
 * prober stays off unless a test turns it on, so workers of other tests ping nothing; the alert channels'
 * APIs are an address where nothing listens unless a test gives its fake's.
 */
function withTestDefaults(env: unknown): unknown {
  if (typeof env !== 'object' || env === null) return env;
  const vars = env as Record<string, unknown>;
  if (vars.NODE_ENV !== 'test') return env;
  return {
    ...vars,
    ...(vars.SYSLOG_PORT === undefined ? { SYSLOG_PORT: '0' } : {}),
    ...(vars.PING_ENABLED === undefined ? { PING_ENABLED: 'false' } : {}),
    // The discard port on loopback: a test that forgot its fake gets a refused connection, and the real
    // Telegram and WhatsApp are never reached from a test.
    ...(vars.TELEGRAM_API_URL === undefined ? { TELEGRAM_API_URL: UNREACHABLE_IN_TESTS } : {}),
    ...(vars.WHATSAPP_API_URL === undefined ? { WHATSAPP_API_URL: UNREACHABLE_IN_TESTS } : {}),
    ...(vars.BKASH_BASE_URL === undefined ? { BKASH_BASE_URL: UNREACHABLE_IN_TESTS } : {}),
  };
}

/** Combinations that are each valid alone but unsafe (or incomplete) together. */
export const checkedEnvSchema = z.preprocess(withTestDefaults, envSchema).superRefine((config, ctx) => {
  if (config.DEV_OUTBOX && config.NODE_ENV === 'production')
    ctx.addIssue({ code: 'custom', path: ['DEV_OUTBOX'], message: 'must not be set in production' });
  if (config.PING_TIMEOUT_MS >= config.PING_INTERVAL_MS)
    ctx.addIssue({
      code: 'custom',
      path: ['PING_TIMEOUT_MS'],
      message: `must be below PING_INTERVAL_MS (${config.PING_INTERVAL_MS})`,
    });
  const vpnSet = VPN_REQUIRED_VARIABLES.filter((name) => config[name] !== undefined);
  if (vpnSet.length > 0 && vpnSet.length < VPN_REQUIRED_VARIABLES.length) {
    const missing = VPN_REQUIRED_VARIABLES.filter((name) => config[name] === undefined);
    ctx.addIssue({
      code: 'custom',
      path: [missing[0]],
      message: `is required: VPN needs ${VPN_REQUIRED_VARIABLES.slice(0, -1).join(', ')} and ${VPN_REQUIRED_VARIABLES.at(-1)} together (missing: ${missing.join(', ')})`,
    });
  }
  const bkashSet = BKASH_REQUIRED_VARIABLES.filter((name) => config[name] !== undefined);
  if (bkashSet.length > 0 && bkashSet.length < BKASH_REQUIRED_VARIABLES.length) {
    const missing = BKASH_REQUIRED_VARIABLES.filter((name) => config[name] === undefined);
    ctx.addIssue({
      code: 'custom',
      path: [missing[0]],
      message: `is required: bKash needs ${BKASH_REQUIRED_VARIABLES.join(', ')} together (missing: ${missing.join(', ')})`,
    });
  }
  if (bkashSet.length === BKASH_REQUIRED_VARIABLES.length && !config.APP_ORIGIN)
    ctx.addIssue({
      code: 'custom',
      path: ['APP_ORIGIN'],
      message: "is required with bKash: the payment callback URL is built on the console's public origin",
    });
  if (config.DEV_OUTBOX && config.TRUST_PROXY && config.TRUST_PROXY !== 'false')
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_OUTBOX'],
      message: 'must not be set behind a proxy (TRUST_PROXY): every client would look local',
    });
});

export type AppConfig = z.infer<typeof envSchema>;

/** The concentrator and how tenants dial it, when this installation offers VPN. */
export interface VpnSettings {
  host: string;
  port: number;
  transport: VpnConcentratorTransport;
  username: string;
  /** Never logged, never in a message. */
  password: string;
  /** The PPP profile of the tenants' secrets; null: the concentrator's default. */
  profile: string | null;
  service: (typeof VPN_SERVICES)[number];
  publicAddress: string;
}

/** The VPN settings, or null when VPN is off (the configuration has none or, never past validation, some). */
export function vpnSettings(config: AppConfig): VpnSettings | null {
  const host = config.VPN_CONCENTRATOR_HOST;
  const username = config.VPN_CONCENTRATOR_USER;
  const password = config.VPN_CONCENTRATOR_PASSWORD;
  const publicAddress = config.VPN_PUBLIC_ADDRESS;
  if (!host || !username || !password || !publicAddress) return null;
  const transport = config.VPN_CONCENTRATOR_TRANSPORT;
  return {
    host,
    port: config.VPN_CONCENTRATOR_PORT ?? VPN_CONCENTRATOR_DEFAULT_PORTS[transport],
    transport,
    username,
    password,
    profile: config.VPN_CONCENTRATOR_PROFILE ?? null,
    service: config.VPN_SERVICE,
    publicAddress,
  };
}

/** The platform's bKash merchant, or null when online payment is off. Secrets: never logged. */
export interface BkashSettings {
  merchantId: string;
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  timeoutMs: number;
  executeTimeoutMs: number;
  /** `<APP_ORIGIN>/api/v1/billing/bkash/callback` */
  callbackUrl: string;
}

export function bkashSettings(config: AppConfig): BkashSettings | null {
  const { BKASH_APP_KEY: appKey, BKASH_APP_SECRET: appSecret, BKASH_USERNAME: username } = config;
  const password = config.BKASH_PASSWORD;
  if (!appKey || !appSecret || !username || !password || !config.APP_ORIGIN) return null;
  return {
    merchantId: 'platform',
    baseUrl: config.BKASH_BASE_URL,
    appKey,
    appSecret,
    username,
    password,
    timeoutMs: config.BKASH_TIMEOUT_MS,
    executeTimeoutMs: config.BKASH_EXECUTE_TIMEOUT_MS,
    callbackUrl: new URL('/api/v1/billing/bkash/callback', config.APP_ORIGIN).toString(),
  };
}
