import { RouterOsApiClient } from './api-client';
import { RouterOsRestClient } from './rest-client';
import type { RouterOsConnection, RouterOsTarget, RouterOsTransport } from './routeros.types';

const TRANSPORTS: readonly RouterOsTransport[] = ['api', 'api-ssl', 'rest'];

/**
 * A logged-in connection to one router over `target.transport`: `api` (default, TCP 8728), `api-ssl` (TLS
 * 8729) or `rest` (v7, https 443). Rejects with `RouterOsError` (UNREACHABLE, TIMEOUT, LOGIN_FAILED,
 * PROTOCOL, …), or with a `RangeError` naming the field when the target itself is malformed. The caller
 * closes the connection.
 */
export async function connectRouterOs(target: RouterOsTarget): Promise<RouterOsConnection> {
  const transport = target.transport ?? 'api';
  if (!TRANSPORTS.includes(transport))
    throw new RangeError(`transport must be one of ${TRANSPORTS.join(', ')}, got "${String(transport)}"`);
  if (typeof target.host !== 'string' || target.host.trim() === '') throw new RangeError('host is required');
  if (target.port !== undefined && !(Number.isInteger(target.port) && target.port > 0 && target.port < 65536))
    throw new RangeError(`port must be 1-65535, got ${target.port}`);
  if (target.timeoutMs !== undefined && !(Number.isFinite(target.timeoutMs) && target.timeoutMs > 0))
    throw new RangeError(`timeoutMs must be a positive number, got ${target.timeoutMs}`);
  if (typeof target.username !== 'string') throw new RangeError('username is required');
  if (typeof target.password !== 'string') throw new RangeError('password must be a string');
  const t = { ...target, host: target.host.trim(), transport };
  return transport === 'rest' ? RouterOsRestClient.connect(t) : RouterOsApiClient.connect(t);
}
