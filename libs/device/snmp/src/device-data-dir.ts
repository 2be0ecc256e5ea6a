import { existsSync } from 'node:fs';
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
