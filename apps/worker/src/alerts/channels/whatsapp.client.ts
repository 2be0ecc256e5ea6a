import { WHATSAPP_TEMPLATE_PATTERN } from '@pondesk/contracts';
import {
  ChannelSendError,
  type ChannelClient,
  type ChannelMessage,
  type ResolvedChannel,
} from './channel-client';
import {
  DEFAULT_CHANNEL_TIMEOUT_MS,
  excerpt,
  parseJson,
  postChannel,
  redact,
  retryAfterHeader,
  retryableStatus,
  truncateText,
} from './channel-http';

/** A template's body parameter carries at most this much text. */
export const WHATSAPP_PARAM_LIMIT = 1024;
/** The template language when the channel names none. */
export const WHATSAPP_DEFAULT_LANGUAGE = 'en_US';

/**
 * Error codes that say "later" rather than "wrong": 1 and 2 (service trouble), 4 and 80007 (app and
 * account rate limits), 130429 (throughput), 131000 (something went wrong), 131048 (spam rate limit),
 * 131056 (too many messages to one recipient), 133004 (server temporarily unavailable).
 */
export const WHATSAPP_RETRYABLE_CODES: ReadonlySet<number> = new Set([
  1, 2, 4, 80007, 130429, 131000, 131048, 131056, 133004,
]);

const PHONE_NUMBER_ID = /^\d{1,25}$/;
const LANGUAGE_CODE = /^[a-z]{2,3}(_[A-Za-z]{2,4})?$/;

export interface WhatsAppClientOptions {
  /** The Graph API's base URL with its version (`WHATSAPP_API_URL`), e.g. `https://graph.facebook.com/v21.0`. */
  baseUrl: string;
  timeoutMs?: number;
}

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string };
  fbtrace_id?: string;
}

interface WhatsAppAnswer {
  messages?: { id?: string }[];
  error?: GraphError;
}

/**
 * The text as a template parameter takes it: WhatsApp refuses new lines, tabs and more than four spaces in
 * a row there, so lines are joined with ' · ' and runs of white space become one space; cut at 1024.
 */
export function whatsappParamText(text: string): string {
  const flat = text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join(' · ');
  return truncateText(flat || '-', WHATSAPP_PARAM_LIMIT);
}

/** A recipient as the API takes it: digits only, country code first (E.164 without '+'). */
export function whatsappRecipient(target: string): string | null {
  const digits = target.replace(/[\s()+.-]/g, '');
  return /^\d{6,15}$/.test(digits) ? digits : null;
}

/**
 * The WhatsApp Cloud API: an approved template message with one body parameter, the alert's text (a
 * business may only start a conversation with a template). The access token goes in the Authorization
 * header and is removed from anything an error message quotes.
 */
export class WhatsAppClient implements ChannelClient {
  readonly kind = 'whatsapp' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: WhatsAppClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHANNEL_TIMEOUT_MS;
  }

  async send(channel: ResolvedChannel, target: string, message: ChannelMessage): Promise<string> {
    const token = channel.secret.trim();
    const { phoneNumberId, templateName } = channel.settings;
    const languageCode = channel.settings.languageCode?.trim() || WHATSAPP_DEFAULT_LANGUAGE;
    if (!token || /\s/.test(token))
      throw new ChannelSendError('The access token is empty or malformed', false);
    if (!phoneNumberId || !PHONE_NUMBER_ID.test(phoneNumberId))
      throw new ChannelSendError('The channel has no valid WhatsApp phone number id', false);
    if (!templateName || !WHATSAPP_TEMPLATE_PATTERN.test(templateName))
      throw new ChannelSendError(
        'The channel has no valid template name (lower-case letters, digits and underscores)',
        false,
      );
    if (!LANGUAGE_CODE.test(languageCode))
      throw new ChannelSendError(`'${excerpt(languageCode, 20)}' is not a template language code`, false);
    const to = whatsappRecipient(target);
    if (!to)
      throw new ChannelSendError(
        `'${excerpt(target, 30)}' is not a phone number (country code and number, digits only)`,
        false,
      );
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: {
        name: templateName,
        language: { code: languageCode },
        components: [{ type: 'body', parameters: [{ type: 'text', text: whatsappParamText(message.text) }] }],
      },
    };
    const secrets = [token, channel.secret];
    const response = await postChannel({
      service: 'WhatsApp',
      url: `${this.baseUrl}/${phoneNumberId}/messages`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      timeoutMs: this.timeoutMs,
      secrets,
    });
    const status = response.status;
    const answer = parseJson(response.text) as WhatsAppAnswer | undefined;
    const isAnswer = typeof answer === 'object' && answer !== null;
    const id = isAnswer ? answer.messages?.[0]?.id : undefined;
    if (status >= 200 && status < 300 && typeof id === 'string') return `WhatsApp message ${id}`;
    if (status >= 200 && status < 300)
      throw new ChannelSendError(
        `WhatsApp answered ${status} without a message id: ${redact(excerpt(response.text), secrets)}`,
        true,
        status,
      );
    if (status >= 300 && status < 400)
      throw new ChannelSendError(
        `WhatsApp answered a redirect (${status}), which is not followed`,
        false,
        status,
      );
    const error = isAnswer ? answer.error : undefined;
    const code = typeof error?.code === 'number' ? error.code : undefined;
    const what = [error?.message, error?.error_data?.details].filter((s) => typeof s === 'string' && s);
    const said = what.length ? what.join(': ') : excerpt(response.text) || 'no description';
    const codes = code === undefined ? `${status}` : `code ${code}, HTTP ${status}`;
    throw new ChannelSendError(
      redact(`WhatsApp refused: ${excerpt(said, 300)} (${codes})`, secrets),
      retryableStatus(status) || (code !== undefined && WHATSAPP_RETRYABLE_CODES.has(code)),
      status,
      retryAfterHeader(response.headers),
    );
  }
}
