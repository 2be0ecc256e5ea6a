import type { AlertChannelKind, AlertChannelSettings, AlertKind, AlertPhase } from '@pondesk/contracts';

/** One alert as a message carries it (the webhook's JSON has these fields). */
export interface OutgoingAlert {
  /** The alert's id (`alert.id`). */
  id: string;
  kind: AlertKind;
  phase: AlertPhase;
  title: string;
  detail: Record<string, unknown>;
  oltId: string | null;
  oltName: string | null;
  ponPort: number | null;
  openedAt: string;
  resolvedAt: string | null;
}

/** What one send carries: one alert, or several grouped when they came in a burst. */
export interface ChannelMessage {
  /** Plain text, as a person reads it in Telegram or WhatsApp. */
  text: string;
  alerts: OutgoingAlert[];
  /**
   * Stable id of this message (from its deliveries' ids): the same on every retry of the same message, so a
   * receiver that sees it twice can tell (the webhook's `X-PonDesk-Delivery`).
   */
  messageId: string;
  /** A 'Send test' message rather than an alert. */
  test?: boolean;
}

/** A stored channel with its secret opened, as the worker sends through it. */
export interface ResolvedChannel {
  id: string;
  tenantId: string;
  kind: AlertChannelKind;
  name: string;
  settings: AlertChannelSettings;
  /** Bot token (Telegram), access token (WhatsApp), signing secret (webhook). */
  secret: string;
}

/**
 * A send the channel's API refused or that did not complete. `retryable`: worth trying again later
 * (timeouts, connection errors, 429, 5xx); not retryable: the request itself is wrong (bad token, unknown
 * chat, 4xx), and trying again sends the same wrong request.
 */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The HTTP status, when the API answered. */
    readonly status?: number,
    /** Telegram's `retry_after` or a `Retry-After` header, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}

/** Sends one message to one target of a channel; resolves when the API accepted it, else throws `ChannelSendError`. */
export interface ChannelClient {
  readonly kind: AlertChannelKind;
  /**
   * `target`: a Telegram chat id, a WhatsApp recipient (digits), or '' for a webhook (its URL is in the
   * channel's settings). Answers a short description of what the API said (e.g. Telegram's message id).
   */
  send(channel: ResolvedChannel, target: string, message: ChannelMessage): Promise<string>;
}

/** The targets a channel sends every alert to (Telegram chats, WhatsApp recipients, or the webhook's one ''). */
export function channelTargets(kind: AlertChannelKind, settings: AlertChannelSettings): string[] {
  if (kind === 'telegram') return settings.chatIds ?? [];
  if (kind === 'whatsapp') return settings.recipients ?? [];
  return [''];
}
