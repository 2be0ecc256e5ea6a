import { ChannelSendError } from './channel-client';

/** A channel's API answers within this by default (`ALERT_SEND_TIMEOUT_MS`). */
export const DEFAULT_CHANNEL_TIMEOUT_MS = 10_000;
/** More of an answer than this is not read: the APIs answer a few hundred bytes, a webhook anything. */
export const CHANNEL_RESPONSE_LIMIT_BYTES = 64 * 1024;

export interface ChannelResponse {
  status: number;
  headers: Headers;
  /** The body as text, cut at `CHANNEL_RESPONSE_LIMIT_BYTES`. */
  text: string;
}

export interface ChannelRequest {
  /** Who is called, for messages ('Telegram', 'the webhook at hooks.example.com'); never the URL. */
  service: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Removed from every message this request produces (a token in the URL or a header). */
  secrets: readonly string[];
}

/** `text` with each of `secrets` replaced, for messages that quote what a server or the network said. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out;
}

/**
 * At most `max` UTF-16 units (what Telegram and WhatsApp count), ending in '…' when cut; never splits a
 * surrogate pair, so an emoji at the cut does not become an invalid character the API refuses.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), when there is a usable one. */
export function retryAfterHeader(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** 408, 429 and 5xx are worth another try; any other refusal is the request's own fault. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

async function readCapped(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = limit - size;
      chunks.push(value.length > room ? value.subarray(0, room) : value);
      size += Math.min(value.length, room);
      if (size >= limit) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code) return code;
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * POSTs `body` and reads the answer (capped). Redirects are never followed: a 3xx comes back as it is.
 * A timeout or a connection that fails throws a retryable `ChannelSendError` naming the service, never the
 * URL (the Telegram URL carries the bot token).
 */
export async function postChannel(request: ChannelRequest): Promise<ChannelResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
    });
    const text = await readCapped(response, CHANNEL_RESPONSE_LIMIT_BYTES);
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof ChannelSendError) throw error;
    if (signal.aborted)
      throw new ChannelSendError(
        `${request.service} did not answer within ${formatSeconds(request.timeoutMs)}`,
        true,
      );
    throw new ChannelSendError(
      redact(`Could not reach ${request.service}: ${networkReason(error)}`, request.secrets),
      true,
    );
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The answer as JSON, or undefined when it is not JSON (a proxy's error page, a cut body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A short, single-line excerpt of what a server said, for an error message. */
export function excerpt(text: string, max = 200): string {
  return truncateText(text.replace(/\s+/g, ' ').trim(), max);
}
