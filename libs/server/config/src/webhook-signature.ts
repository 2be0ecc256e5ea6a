import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How an alert webhook is signed, for the sender (the worker) and for receivers (the test fakes, and
 * anyone writing one in TypeScript): `X-PonDesk-Signature: sha256=<hex HMAC-SHA256(secret,
 * "<X-PonDesk-Timestamp>.<raw body>")>`. The timestamp is inside the signed text, so an old delivery
 * replayed later fails the tolerance check instead of verifying.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-pondesk-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-pondesk-timestamp';
export const WEBHOOK_DELIVERY_HEADER = 'x-pondesk-delivery';
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

const SCHEME = 'sha256=';

/** Headers as node's `IncomingMessage` has them (lower-case names) or a fetch `Headers`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | string[] | undefined>>;

/** The `X-PonDesk-Signature` value for this timestamp (unix seconds) and exact body. */
export function signWebhook(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return SCHEME + hmac.digest('hex');
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Why a delivery does not verify ('missing timestamp', 'stale timestamp', 'bad signature'…), or null when
 * it does. `nowSeconds` is for tests.
 */
export function webhookSignatureProblem(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Buffer,
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
): string | null {
  const timestamp = header(headers, WEBHOOK_TIMESTAMP_HEADER)?.trim();
  const signature = header(headers, WEBHOOK_SIGNATURE_HEADER)?.trim();
  if (!timestamp) return 'missing timestamp';
  if (!signature) return 'missing signature';
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed timestamp';
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return 'stale timestamp';
  if (!signature.startsWith(SCHEME) || !/^[0-9a-f]{64}$/i.test(signature.slice(SCHEME.length)))
    return 'malformed signature';
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody).slice(SCHEME.length), 'hex');
  const given = Buffer.from(signature.slice(SCHEME.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'bad signature';
}

/**
 * Whether a delivery was signed with `secret`, for exactly this raw body, within `toleranceSeconds` of now.
 * Verify the bytes as received: a body parsed and serialised again is not the body that was signed.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Buffer,
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
  nowSeconds?: number,
): boolean {
  return webhookSignatureProblem(secret, headers, rawBody, toleranceSeconds, nowSeconds) === null;
}
