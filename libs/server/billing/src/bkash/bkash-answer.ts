import { BkashError, type BkashOperation } from './bkash-errors';

/** A bKash JSON answer, field names as bKash spells them. */
export type BkashBody = Record<string, unknown>;

/** Connection failures that happen before a byte of the request leaves: bKash cannot have seen it. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ERR_INVALID_URL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** undici's own refusals, made before connecting (a fetch-forbidden port such as 9, a scheme it lacks). */
const NOT_SENT_MESSAGES = new Set(['bad port', 'unknown scheme']);

const MAX_MESSAGE_LENGTH = 300;

const isRecord = (value: unknown): value is BkashBody =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Replaces every secret found in `value` (credentials, tokens) and caps its length. */
export function scrubSecrets(value: string, secrets: readonly string[]): string {
  let out = value;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***');
  return out.length > MAX_MESSAGE_LENGTH ? `${out.slice(0, MAX_MESSAGE_LENGTH)}…` : out;
}

/**
 * Reads one bKash answer: the body decides, not just the HTTP status. HTTP 5xx → 'http'; 401 or the
 * gateway's top-level `message` → 'unauthorized'; a `statusCode`/`errorCode` other than '0000' →
 * 'rejected'; any other non-2xx, a body that is not a JSON object, or one missing `required` → 'http'.
 * Returns the body of a successful answer.
 */
export function readBkashAnswer(
  operation: BkashOperation,
  httpStatus: number,
  bodyText: string,
  options: { required?: readonly string[]; secrets?: readonly string[] } = {},
): BkashBody {
  const secrets = options.secrets ?? [];
  let parsed: unknown;
  try {
    parsed = bodyText.trim() === '' ? undefined : JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  const body = isRecord(parsed) ? parsed : null;
  const code = text(body?.statusCode) ?? text(body?.errorCode);
  const rawMessage = text(body?.statusMessage) ?? text(body?.errorMessage) ?? text(body?.message);
  const statusMessage = rawMessage === undefined ? undefined : scrubSecrets(rawMessage, secrets);

  if (httpStatus >= 500)
    throw new BkashError('http', { operation, httpStatus, statusCode: code, statusMessage });
  if (httpStatus === 401 || (body && 'message' in body && code === undefined))
    throw new BkashError('unauthorized', { operation, httpStatus, statusCode: code, statusMessage });
  if (code !== undefined && code !== '0000')
    throw new BkashError('rejected', { operation, httpStatus, statusCode: code, statusMessage });
  if (httpStatus < 200 || httpStatus >= 300 || !body)
    throw new BkashError('http', { operation, httpStatus, statusCode: code, statusMessage });
  const missing = (options.required ?? []).filter((field) => {
    const value = text(body[field]);
    return value === undefined || value === '';
  });
  if (missing.length > 0)
    throw new BkashError(
      'http',
      { operation, httpStatus, statusCode: code, statusMessage },
      `bKash ${operation} answered without ${missing.join(', ')}`,
    );
  return body;
}

/** Whether a failed `fetch` never sent its request (undici nests the reason in `cause`, sometimes in an AggregateError). */
function neverSent(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth++) {
    const code = text(current.code);
    if (code) return NOT_SENT_CODES.has(code);
    if (current !== error && NOT_SENT_MESSAGES.has(String(current.message))) return true;
    const errors = current.errors;
    if (Array.isArray(errors) && errors.length > 0) current = errors[0];
    else current = current.cause;
  }
  return false;
}

/** A `fetch` that threw (no HTTP answer at all): timeout, or a network failure before or after sending. */
export function bkashFailure(operation: BkashOperation, error: unknown): BkashError {
  if (error instanceof BkashError) return error;
  const name = isRecord(error) ? error.name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') return new BkashError('timeout', { operation });
  return new BkashError('network', { operation, requestSent: !neverSent(error) });
}
