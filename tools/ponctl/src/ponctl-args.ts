import { parseArgs } from 'node:util';
import {
  isOltBrand,
  isOltMode,
  LOG_VENDORS,
  OLT_BRANDS,
  OLT_MODES,
  type LogVendor,
} from '@pondesk/contracts';
import type { Brand, DeviceConnection, OnuRef, PonMode } from '@pondesk/device-drivers';
import { parseRouterArgs, type RouterArgs } from './router-command';

/** Commands that talk to an OLT or switch (they need --host). */
export const DEVICE_COMMANDS = [
  'identify',
  'onus',
  'onu',
  'inactive',
  'mac',
  'health',
  'ports',
  'history',
  'telnet-check',
  'record',
] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];
export const COMMANDS = [...DEVICE_COMMANDS, 'syslog', 'parse', 'router'] as const;
export type Command = (typeof COMMANDS)[number];

export interface PonctlArgs {
  command: DeviceCommand;
  connection: DeviceConnection;
  brand?: Brand;
  mode?: PonMode;
  json: boolean;
  onu?: OnuRef;
  mac?: string;
  ponPort?: number;
  /** `record`: the recording file to write. */
  out?: string;
}

/** `ponctl syslog [--vendor V]`: parses syslog lines from standard input, one JSON object per line. */
export interface SyslogArgs {
  command: 'syslog';
  vendor?: LogVendor;
}

/** `ponctl parse --brand B --mode M --command "CLI" [--file F]`: saved output through the driver's parser. */
export interface ParseArgs {
  command: 'parse';
  brand: Brand;
  mode: PonMode;
  /** The CLI command that printed the output (picks the parser). */
  cliCommand: string;
  /** Where the output is; standard input when absent. */
  file?: string;
}

export class UsageError extends Error {}

const isLogVendor = (v: string): v is LogVendor => (LOG_VENDORS as readonly string[]).includes(v);

export const USAGE = `usage: ponctl <${DEVICE_COMMANDS.join('|')}> --host H [options]
       ponctl syslog [--vendor ${LOG_VENDORS.join('|')}] < lines
       ponctl parse --brand B --mode M --command "CLI COMMAND" [--file F] < output
       ponctl router <host> [--port N] [--transport api|api-ssl|rest] [--user U] [--password-env VAR]
                     [--session NAME] [--timeout MS] [--json]
  --port P            SNMP UDP port (161)
  --community C       SNMP community (public)
  --snmp-version V    v1 | v2c (default v2c)
  --brand B           ${OLT_BRANDS.join(' | ')} (default: autodetect)
  --mode M            ${OLT_MODES.join(' | ')} (default: autodetect)
  --telnet-port P     telnet port (23)
  --http-port P       AVIES/HSGQ web API port (80)
  --user U --password X   telnet login (AVIES: web API login)
  --enable-password X enable secret when it differs from the login password
  --onu PON:ID        ONU for \`onu\` and \`history\` (e.g. 2:15)
  --pon N             only this PON port (\`onus\`, \`inactive\`)
  --mac MAC           MAC for \`mac\`
  --timeout MS        per-request timeout (3000)
  --retries N         SNMP retries (1)
  --json              JSON array instead of a table
  --vendor V          \`syslog\`: the brand whose parser is tried first (the others follow)
  --out FILE          \`record\`: write the device's answers to FILE (*.ponrec.json.gz), redacted
  --transport T       \`router\`: api (TCP 8728, default) | api-ssl (TLS 8729) | rest (https 443, RouterOS 7)
  --password-env VAR  \`router\`: the environment variable holding the password (default: empty password)
  --session NAME      \`router\`: also that PPP user's session, queue and traffic
\`syslog\` reads syslog lines on standard input and prints one JSON object per line:
  {"vendor","kind","time","host","user","onu","mac","serial","reason","severity"} (null where absent)
\`parse\` reads saved CLI output (--file F or standard input) with the driver's parser for --command and prints
  the rows as a JSON array; an unknown command lists the ones it knows for that brand and mode`;

const int = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a number, got "${v}"`);
  return Number(v);
};

function parseCommandArgs(v: { brand?: string; mode?: string; command?: string; file?: string }): ParseArgs {
  if (!v.brand || !isOltBrand(v.brand)) throw new UsageError(`parse needs --brand ${OLT_BRANDS.join('|')}`);
  if (!v.mode || !isOltMode(v.mode)) throw new UsageError(`parse needs --mode ${OLT_MODES.join('|')}`);
  if (!v.command?.trim())
    throw new UsageError('parse needs --command "<the CLI command that printed the output>"');
  return { command: 'parse', brand: v.brand, mode: v.mode, cliCommand: v.command, file: v.file };
}

export function parsePonctlArgs(argv: readonly string[]): PonctlArgs | SyslogArgs | ParseArgs | RouterArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        community: { type: 'string' },
        'snmp-version': { type: 'string' },
        brand: { type: 'string' },
        mode: { type: 'string' },
        'telnet-port': { type: 'string' },
        'http-port': { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        'enable-password': { type: 'string' },
        onu: { type: 'string' },
        pon: { type: 'string' },
        mac: { type: 'string' },
        timeout: { type: 'string' },
        retries: { type: 'string' },
        json: { type: 'boolean', default: false },
        vendor: { type: 'string' },
        command: { type: 'string' },
        file: { type: 'string' },
        out: { type: 'string' },
        transport: { type: 'string' },
        'password-env': { type: 'string' },
        session: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const { values: v, positionals } = parsed;
  if (v.help) throw new UsageError('');
  const command = positionals[0] as Command | undefined;
  if (!command || !COMMANDS.includes(command))
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  if (command === 'syslog') {
    const vendor = v.vendor;
    if (vendor === undefined) return { command };
    if (!isLogVendor(vendor))
      throw new UsageError(`--vendor must be one of ${LOG_VENDORS.join(', ')}, got "${vendor}"`);
    return { command, vendor };
  }
  if (command === 'parse') return parseCommandArgs(v);
  if (command === 'router') {
    try {
      return parseRouterArgs(v, positionals.slice(1));
    } catch (e) {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
  }
  if (v.transport !== undefined || v['password-env'] !== undefined || v.session !== undefined)
    throw new UsageError('--transport, --password-env and --session are for router');
  if (v.command !== undefined || v.file !== undefined)
    throw new UsageError('--command and --file are for parse');
  if (v.vendor !== undefined) throw new UsageError('--vendor is for syslog');
  if (!v.host) throw new UsageError('--host is required');
  if (v.brand && !isOltBrand(v.brand))
    throw new UsageError(`--brand must be one of ${OLT_BRANDS.join(', ')}`);
  if (v.mode && !isOltMode(v.mode)) throw new UsageError(`--mode must be one of ${OLT_MODES.join(', ')}`);
  if ((v.user === undefined) !== (v.password === undefined))
    throw new UsageError('--user and --password go together');
  const version = v['snmp-version'] ?? 'v2c';
  if (!['v1', 'v2c'].includes(version)) throw new UsageError('--snmp-version must be v1 or v2c');
  const timeout = int('timeout', v.timeout) ?? 3000;

  let onu: OnuRef | undefined;
  if (v.onu) {
    const m = /^(\d+)[:/](\d+)$/.exec(v.onu);
    if (!m) throw new UsageError('--onu must look like PON:ID, e.g. 2:15');
    onu = { ponPort: Number(m[1]), onuId: Number(m[2]) };
  }
  if ((command === 'onu' || command === 'history') && !onu)
    throw new UsageError(`${command} needs --onu PON:ID`);
  if (command === 'mac' && !v.mac) throw new UsageError('mac needs --mac');
  if (command === 'record' && !v.out)
    throw new UsageError('record needs --out FILE (e.g. olt.ponrec.json.gz)');

  const connection: DeviceConnection = {
    host: v.host,
    snmp: {
      port: int('port', v.port),
      community: v.community ?? 'public',
      version: version as 'v1' | 'v2c',
      timeoutMs: timeout,
      retries: int('retries', v.retries) ?? 1,
    },
  };
  if (v.user !== undefined && v.password !== undefined) {
    connection.telnet = {
      port: int('telnet-port', v['telnet-port']),
      username: v.user,
      password: v.password,
      enablePassword: v['enable-password'],
      connectTimeoutMs: timeout,
      loginTimeoutMs: Math.max(timeout, 5000),
      commandTimeoutMs: Math.max(timeout * 4, 15000),
    };
    if (v.brand === 'avies' || v['http-port'] !== undefined) {
      connection.http = {
        port: int('http-port', v['http-port']),
        username: v.user,
        password: v.password,
        timeoutMs: Math.max(timeout, 5000),
      };
    }
  }
  return {
    command,
    connection,
    brand: v.brand as Brand | undefined,
    mode: v.mode as PonMode | undefined,
    json: v.json ?? false,
    onu,
    mac: v.mac,
    ponPort: int('pon', v.pon),
    out: v.out,
  };
}
