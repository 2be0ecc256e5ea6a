/** Socket errors of a connection to Postgres that could not be opened or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/**
 * SQLSTATEs that say the server is not there to answer: class 08 (connection exception), the server
 * shutting down or starting up (57P01–57P03), too many connections (53300).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** node-postgres says these in words, without a code. */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|terminating connection due to administrator command/i;

/**
 * Whether an error means Postgres is away (stopped, restarting, unreachable) rather than a bug or a bad
 * query: the API then answers 503 (try again shortly) instead of 500, and recovers by itself once the
 * pool can connect again. Looks through TypeORM's `driverError` and Node's `AggregateError`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  const e = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  const nested = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? (e.errors as unknown[]) : [])];
  return nested.some((n) => n !== undefined && isDatabaseUnavailable(n, depth + 1));
}
