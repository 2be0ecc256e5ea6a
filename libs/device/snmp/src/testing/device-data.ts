/** The real device recordings (`shared/device-data`): where they live and how to read their samples. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const FALLBACK = '/work/shared/device-data';

/**
 * Where the real device recordings live (`shared/device-data`, beside the repository on these machines).
 * `PONDESK_DEVICE_DATA` wins; otherwise the nearest `shared/device-data` above this file, then the usual
 * place, so a checkout anywhere (CI clones to a temporary folder) still finds them.
 */
export function deviceDataDir(): string {
  const fromEnv = process.env['PONDESK_DEVICE_DATA'];
  if (fromEnv) return fromEnv;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'device-data');
    if (existsSync(join(candidate, 'README.md'))) return candidate;
    if (dirname(dir) === dir) break;
  }
  if (existsSync(FALLBACK)) return FALLBACK;
  throw new Error(
    'The device recordings (shared/device-data) were not found: set PONDESK_DEVICE_DATA to their folder',
  );
}

/** A file or folder of the recordings (`snmp`, `cli/…`, `http/hsgq/…`); fails when it is missing. */
export function deviceDataPath(rel: string): string {
  const p = join(deviceDataDir(), rel);
  if (!existsSync(p)) throw new Error(`device data missing: ${p} (set PONDESK_DEVICE_DATA)`);
  return p;
}

/** The text after the `# ---- verbatim data below` header line of a CLI sample. */
export function cliSample(rel: string): string {
  const text = readFileSync(deviceDataPath(join('cli', rel)), 'utf8');
  const at = text.indexOf('# ---- verbatim data below');
  if (at < 0) throw new Error(`${rel}: no verbatim marker`);
  return text.slice(text.indexOf('\n', at) + 1);
}
