import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  signWebhook,
} from '@pondesk/server-config';
import {
  ChannelSendError,
  type ChannelClient,
  type ChannelMessage,
  type OutgoingAlert,
  type ResolvedChannel,
} from './channel-client';
import {
  DEFAULT_CHANNEL_TIMEOUT_MS,
  excerpt,
  postChannel,
  redact,
  retryAfterHeader,
  retryableStatus,
} from './channel-http';

export const WEBHOOK_USER_AGENT = 'PonDesk-Alerts/1';

/** The JSON a webhook receives. */
export interface WebhookPayload {
  /** The message's id, the same on every retry (also `X-PonDesk-Delivery`): receivers de-duplicate on it. */
  id: string;
  test: boolean;
  /** When this attempt was sent. */
  sentAt: string;
  alerts: OutgoingAlert[];
  /** The same text Telegram and WhatsApp get. */
  text: string;
}

export interface WebhookClientOptions {
  timeoutMs?: number;
  /**
   * Checks the URL's host right before sending (the worker's device-target policy: no link-local metadata
   * services, no platform ports); throws a `ChannelSendError` to refuse.
   */
  checkTarget?: (url: URL) => Promise<void>;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * The webhook URL as it may be called, or why not. Tenant users type these URLs, so only http(s) and no
 * credentials in the URL (the signing secret is how a receiver knows the sender); the message never
 * repeats the URL, which may carry a key in its query.
 */
export function parseWebhookUrl(raw: string | undefined): URL | string {
  if (!raw?.trim()) return 'The channel has no webhook URL';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'The webhook URL is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `The webhook URL must start with http:// or https:// (not ${excerpt(url.protocol, 20)}//)`;
  if (url.username || url.password) return 'The webhook URL must not carry a user name or password';
  if (!url.hostname) return 'The webhook URL has no host';
  url.hash = '';
  return url;
}

/**
 * A signed JSON POST to the channel's URL: `X-PonDesk-Signature: sha256=HMAC(secret, "<timestamp>.<body>")`
 * (see `signWebhook`). Redirects are not followed (a receiver that moved says so with a 3xx, which fails
 * the delivery), 2xx is delivered, 408/429/5xx and network trouble are retried, other answers are not.
 */
export class WebhookClient implements ChannelClient {
  readonly kind = 'webhook' as const;
  private readonly timeoutMs: number;
  private readonly checkTarget?: (url: URL) => Promise<void>;
  private readonly now: () => Date;

  constructor(options: WebhookClientOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHANNEL_TIMEOUT_MS;
    this.checkTarget = options.checkTarget;
    this.now = options.now ?? (() => new Date());
  }

  async send(channel: ResolvedChannel, _target: string, message: ChannelMessage): Promise<string> {
    const url = parseWebhookUrl(channel.settings.url);
    if (typeof url === 'string') throw new ChannelSendError(url, false);
    if (!channel.secret) throw new ChannelSendError('The webhook has no signing secret', false);
    await this.checkTarget?.(url);
    const sentAt = this.now();
    const payload: WebhookPayload = {
      id: message.messageId,
      test: message.test === true,
      sentAt: sentAt.toISOString(),
      alerts: message.alerts,
      text: message.text,
    };
    const rawBody = JSON.stringify(payload);
    const timestamp = String(Math.floor(sentAt.getTime() / 1000));
    const service = `the webhook at ${url.host}`;
    // A key in the URL's query or path is as secret as the signing secret.
    const secrets = [channel.secret, url.search.slice(1), url.href];
    const response = await postChannel({
      service,
      url: url.href,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_DELIVERY_HEADER]: message.messageId,
        [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(channel.secret, timestamp, rawBody),
      },
      body: rawBody,
      timeoutMs: this.timeoutMs,
      secrets,
    });
    const status = response.status;
    if (status >= 200 && status < 300) return `Webhook answered ${status}`;
    if (status >= 300 && status < 400)
      throw new ChannelSendError(
        `The webhook answered a redirect (${status}), which is not followed; use the final URL`,
        false,
        status,
      );
    const said = excerpt(response.text, 200);
    throw new ChannelSendError(
      redact(`The webhook refused: HTTP ${status}${said ? ` ${said}` : ''}`, secrets),
      retryableStatus(status),
      status,
      retryAfterHeader(response.headers),
    );
  }
}
