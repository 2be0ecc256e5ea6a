import { STATUS_CODES } from 'node:http';
import {
  FakeHttpServer,
  type FakeAnswer,
  type FakeFailure,
  type FakeRequest,
  type FakeServerOptions,
} from './fake-http-server';

/** A token the real Bot API would take, as BotFather hands them out. */
const ACCEPTED_BY_DEFAULT = /^\d+:[\w-]{10,}$/;
/** A token shaped like one at all; anything else is a path the Bot API does not have (404). */
const TOKEN_SHAPE = /^\d+:[\w-]+$/;
const CHAT_ID = /^(-?\d+|@[A-Za-z]\w{3,})$/;
const TEXT_LIMIT = 4096;

export interface FakeTelegramOptions extends FakeServerOptions {
  /** Bot tokens the fake accepts; any well-formed token (`<digits>:<10+ characters>`) when absent. */
  tokens?: string[];
  /** Chat ids that exist; any numeric id or @name when absent. */
  chats?: string[];
}

/** One `sendMessage` the fake accepted. */
export interface FakeTelegramMessage {
  token: string;
  chatId: string;
  text: string;
  /** ISO time it was accepted. */
  at: string;
  /** The JSON body as received. */
  body: unknown;
  messageId: number;
}

/** A token as the fake's pages show it: the bot id only. */
export function maskTelegramToken(token: string): string {
  const [bot] = token.split(':');
  return `${bot}:***`;
}

const refusal = (status: number, description: string, parameters?: Record<string, unknown>) => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});

/**
 * The Telegram Bot API's `sendMessage` (and `getMe`) on loopback: `POST {url}/bot<token>/sendMessage` with
 * a JSON body, answered as Telegram answers (`{"ok":true,"result":{…}}`, or `{"ok":false,"error_code",
 * "description"}` for an unknown token (401), a chat that does not exist or an empty or too long text
 * (400)). Point `TELEGRAM_API_URL` at `url`.
 */
export class FakeTelegram extends FakeHttpServer<FakeTelegramMessage> {
  protected readonly title = 'Telegram Bot API';
  protected readonly pageColumns = ['bot', 'chat', 'text'] as const;
  private nextMessageId = 1;

  private constructor(private readonly options: FakeTelegramOptions) {
    super('');
  }

  static async start(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
    const fake = new FakeTelegram(options);
    await fake.listen(options.port);
    return fake;
  }

  /** The texts sent to one chat, oldest first. */
  textsTo(chatId: string): string[] {
    return this.messages.filter((m) => m.chatId === chatId).map((m) => m.text);
  }

  protected handle(request: FakeRequest): FakeAnswer<FakeTelegramMessage> {
    const route = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(request.path);
    if (!route || !TOKEN_SHAPE.test(route[1])) return refusal(404, 'Not Found');
    const token = route[1];
    const accepted = this.options.tokens
      ? this.options.tokens.includes(token)
      : ACCEPTED_BY_DEFAULT.test(token);
    if (!accepted) return refusal(401, 'Unauthorized');
    const method = route[2].toLowerCase();
    const botId = Number(token.split(':')[0]);
    if (method === 'getme')
      return {
        status: 200,
        body: {
          ok: true,
          result: { id: botId, is_bot: true, first_name: 'PonDesk fake bot', username: 'pondesk_fake_bot' },
        },
      };
    if (method !== 'sendmessage') return refusal(404, 'Not Found');
    if (request.method !== 'POST') return refusal(400, 'Bad Request: the fake takes sendMessage as a POST');
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
      return refusal(400, 'Bad Request: the fake takes JSON bodies only (content-type: application/json)');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      return refusal(400, "Bad Request: can't parse JSON body");
    }
    if (typeof body !== 'object' || body === null) return refusal(400, 'Bad Request: chat_id is empty');
    const rawChat = body.chat_id;
    if (rawChat === undefined || rawChat === null || rawChat === '')
      return refusal(400, 'Bad Request: chat_id is empty');
    const chatId = String(rawChat);
    const known = this.options.chats ? this.options.chats.includes(chatId) : CHAT_ID.test(chatId);
    if ((typeof rawChat !== 'string' && typeof rawChat !== 'number') || !known)
      return refusal(400, 'Bad Request: chat not found');
    const text = body.text;
    if (typeof text !== 'string' || text.trim() === '')
      return refusal(400, 'Bad Request: message text is empty');
    if (text.length > TEXT_LIMIT) return refusal(400, 'Bad Request: message is too long');
    const messageId = this.nextMessageId++;
    const now = new Date();
    const chat = /^-/.test(chatId)
      ? { id: Number(chatId), title: 'Fake group', type: 'supergroup' }
      : chatId.startsWith('@')
        ? { id: -1001000000000, title: chatId.slice(1), username: chatId.slice(1), type: 'channel' }
        : { id: Number(chatId), first_name: 'Fake', type: 'private' };
    return {
      status: 200,
      body: {
        ok: true,
        result: {
          message_id: messageId,
          from: { id: botId, is_bot: true, first_name: 'PonDesk fake bot', username: 'pondesk_fake_bot' },
          chat,
          date: Math.floor(now.getTime() / 1000),
          text,
        },
      },
      record: { token, chatId, text, at: now.toISOString(), body, messageId },
    };
  }

  protected failureAnswer(failure: FakeFailure & { status: number }): FakeAnswer<FakeTelegramMessage> {
    const { status } = failure;
    if (status === 429) {
      const seconds = failure.retryAfter ?? 1;
      return refusal(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds });
    }
    const answer = refusal(status, STATUS_CODES[status] ?? 'Error');
    return failure.retryAfter === undefined
      ? answer
      : { ...answer, headers: { 'retry-after': String(failure.retryAfter) } };
  }

  protected publicMessage(message: FakeTelegramMessage): unknown {
    return { ...message, token: maskTelegramToken(message.token) };
  }

  protected pageRow(message: FakeTelegramMessage): string[] {
    return [maskTelegramToken(message.token), message.chatId, message.text];
  }
}
