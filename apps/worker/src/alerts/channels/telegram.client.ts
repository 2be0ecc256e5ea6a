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

/** Telegram's limit on a message's text. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** `<bot id>:<secret>`, as BotFather hands them out; anything else would change the URL's path. */
const BOT_TOKEN = /^\d{1,20}:[\w-]{10,100}$/;
/** A user or group id (groups and channels are negative), or a public channel's `@username`. */
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][\w]{3,63})$/;

export interface TelegramClientOptions {
  /** The Bot API's base URL (`TELEGRAM_API_URL`), e.g. `https://api.telegram.org`. */
  baseUrl: string;
  timeoutMs?: number;
}

interface TelegramAnswer {
  ok?: boolean;
  result?: { message_id?: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/**
 * The Telegram Bot API's `sendMessage`: plain text (no parse mode, so an ONU description with `<` or `_`
 * is sent as it is), link previews off. The bot token is part of the URL, so no message of this client
 * quotes the URL, and whatever it quotes has the token removed.
 */
export class TelegramClient implements ChannelClient {
  readonly kind = 'telegram' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: TelegramClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHANNEL_TIMEOUT_MS;
  }

  async send(channel: ResolvedChannel, target: string, message: ChannelMessage): Promise<string> {
    const token = channel.secret.trim();
    if (!BOT_TOKEN.test(token))
      throw new ChannelSendError('The bot token is not a Telegram bot token (<bot id>:<secret>)', false);
    const chatId = target.trim();
    if (!CHAT_ID.test(chatId))
      throw new ChannelSendError(
        `'${excerpt(chatId, 40)}' is not a Telegram chat id (a number, or @channelname)`,
        false,
      );
    const text = truncateText(message.text, TELEGRAM_TEXT_LIMIT);
    const secrets = [token, channel.secret];
    const response = await postChannel({
      service: 'Telegram',
      url: `${this.baseUrl}/bot${token}/sendMessage`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
      timeoutMs: this.timeoutMs,
      secrets,
    });
    const answer = parseJson(response.text) as TelegramAnswer | undefined;
    const isAnswer = typeof answer === 'object' && answer !== null;
    if (response.status >= 200 && response.status < 300 && isAnswer && answer.ok === true) {
      const id = answer.result?.message_id;
      return id === undefined ? 'Telegram accepted the message' : `Telegram message ${id}`;
    }
    const status = response.status;
    if (status >= 200 && status < 300)
      // Telegram always answers JSON; a 2xx without `ok` came from something in between. Trying again may
      // send the message twice, losing it is worse.
      throw new ChannelSendError(
        `Telegram answered ${status} without a result: ${redact(excerpt(response.text), secrets)}`,
        true,
        status,
      );
    if (status >= 300 && status < 400)
      throw new ChannelSendError(
        `Telegram answered a redirect (${status}), which is not followed`,
        false,
        status,
      );
    const description =
      isAnswer && typeof answer.description === 'string'
        ? answer.description
        : excerpt(response.text) || 'no description';
    const retryAfter =
      (isAnswer && typeof answer.parameters?.retry_after === 'number'
        ? answer.parameters.retry_after
        : undefined) ?? retryAfterHeader(response.headers);
    const migrated = isAnswer ? answer.parameters?.migrate_to_chat_id : undefined;
    const hint = migrated === undefined ? '' : `; the group is now chat ${migrated}`;
    throw new ChannelSendError(
      redact(`Telegram refused: ${excerpt(description)} (${status})${hint}`, secrets),
      retryableStatus(status),
      status,
      retryAfter,
    );
  }
}
