/**
 * How the simulated MikroTik routers are told where to report PPPoE session events (`PUT /routers`). Their
 * traffic goes to loopback only: tests, the demo and the benchmarks post to a console on this machine.
 */
import { isIPv4 } from 'node:net';

export interface RoutersConfig {
  /** Where the routers' on-up / on-down scripts post (`…/api/v1/ingest/session-events`). */
  url: string;
  /** The tenant's ingest key, sent in `X-Ingest-Key`. */
  key: string;
  /** PPP-only drops (the ONU stays online) a minute over the whole fleet; 0 = none. */
  pppDropsPerMinute: number;
  /** Seeds which subscribers drop (default: from the fleet's device seeds). */
  seed?: number;
}

export const MAX_PPP_DROPS_PER_MINUTE = 60_000;

/** 127.0.0.0/8, `localhost` (and `*.localhost`) or `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '[::1]' || h === '::1') return true;
  return isIPv4(h) && h.startsWith('127.');
}

/** The key as `GET /routers` shows it: its first 4 characters, the rest starred. */
export function maskKey(key: string): string {
  return key.length <= 8
    ? '*'.repeat(key.length)
    : `${key.slice(0, 4)}${'*'.repeat(Math.min(key.length - 4, 12))}`;
}

/** `PUT /routers` body → config, or the message of a 400. */
export function parseRoutersConfig(body: unknown): RoutersConfig | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b['url'] !== 'string') return 'url must be a string';
  let url: URL;
  try {
    url = new URL(b['url']);
  } catch {
    return 'url is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must be http or https';
  if (!isLoopbackHost(url.hostname))
    return `url must point at loopback (127.0.0.0/8 or localhost), not ${url.hostname}`;
  const key = b['key'];
  if (typeof key !== 'string' || key.trim() === '') return 'key must be a non-empty string';
  // A header value: no control characters (CR/LF would split the header).
  if (key.length > 512 || /[^\x20-\x7e]/.test(key))
    return 'key must be at most 512 printable ASCII characters';
  const rate = b['pppDropsPerMinute'] ?? 0;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > MAX_PPP_DROPS_PER_MINUTE)
    return `pppDropsPerMinute must be a number from 0 to ${MAX_PPP_DROPS_PER_MINUTE}`;
  const seed = b['seed'];
  if (seed !== undefined && !Number.isInteger(seed)) return 'seed must be an integer';
  return {
    url: url.toString(),
    key,
    pppDropsPerMinute: rate,
    ...(seed !== undefined ? { seed: seed as number } : {}),
  };
}
