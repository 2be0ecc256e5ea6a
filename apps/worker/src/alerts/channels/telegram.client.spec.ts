import { FakeTelegram } from '@pondesk/server-testing';
import { ChannelSendError, type ChannelMessage, type ResolvedChannel } from './channel-client';
import { TELEGRAM_TEXT_LIMIT, TelegramClient } from './telegram.client';

const TOKEN = '123456:AAE-fakeTokenForTests_0123';

const channel = (secret = TOKEN): ResolvedChannel => ({
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  kind: 'telegram',
  name: 'NOC group',
  settings: { chatIds: ['-1001234567890'] },
  secret,
});

const message = (text = 'PON 3 on OLT-1 is down: 12 ONUs (power)'): ChannelMessage => ({
  text,
  alerts: [],
  messageId: 'm-1',
});

/** The `ChannelSendError` a send fails with. */
const sendError = (send: Promise<unknown>): Promise<ChannelSendError> =>
  send.then(
    () => Promise.reject(new Error('the send did not fail')),
    (error: unknown) => (error instanceof ChannelSendError ? error : Promise.reject(error)),
  );

describe('TelegramClient against the fake Bot API', () => {
  let fake: FakeTelegram;
  let client: TelegramClient;

  beforeAll(async () => {
    fake = await FakeTelegram.start({ tokens: [TOKEN] });
    client = new TelegramClient({ baseUrl: fake.url, timeoutMs: 1000 });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.hold(false);
    fake.clear();
  });

  it('sends the text to the chat and answers the message id', async () => {
    await expect(client.send(channel(), '-1001234567890', message())).resolves.toBe('Telegram message 1');
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({
      token: TOKEN,
      chatId: '-1001234567890',
      text: 'PON 3 on OLT-1 is down: 12 ONUs (power)',
    });
    expect(fake.messages[0].body).toEqual({
      chat_id: '-1001234567890',
      text: 'PON 3 on OLT-1 is down: 12 ONUs (power)',
      disable_web_page_preview: true,
    });
  });

  it('cuts a text over 4096 characters without splitting an emoji', async () => {
    const long = `${'x'.repeat(TELEGRAM_TEXT_LIMIT - 2)}📡📡📡`;
    await client.send(channel(), '42', message(long));
    const sent = fake.messages[0].text;
    expect(sent.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(sent.endsWith('…')).toBe(true);
    expect(sent).toBe(`${'x'.repeat(TELEGRAM_TEXT_LIMIT - 2)}…`);
  });

  it('refuses an unknown token without retrying, and never names the token', async () => {
    const other = '999999:ZZZ-anotherTokenNotKnown1';
    const error = await sendError(client.send(channel(other), '42', message()));
    expect(error).toMatchObject({
      message: 'Telegram refused: Unauthorized (401)',
      retryable: false,
      status: 401,
    });
    expect(error.message).not.toContain(other);
    expect(error.stack ?? '').not.toContain(other);
    expect(fake.messages).toEqual([]);
  });

  it('refuses a chat that does not exist without retrying', async () => {
    const strict = await FakeTelegram.start({ tokens: [TOKEN], chats: ['-100111'] });
    try {
      const c = new TelegramClient({ baseUrl: strict.url });
      const error = await sendError(c.send(channel(), '-100222', message()));
      expect(error).toMatchObject({
        message: 'Telegram refused: Bad Request: chat not found (400)',
        retryable: false,
        status: 400,
      });
    } finally {
      await strict.stop();
    }
  });

  it('does not send with a token or chat id that is not one', async () => {
    await expect(client.send(channel('123/../../x'), '42', message())).rejects.toMatchObject({
      retryable: false,
      message: 'The bot token is not a Telegram bot token (<bot id>:<secret>)',
    });
    await expect(client.send(channel(), 'not a chat', message())).rejects.toMatchObject({ retryable: false });
    expect(fake.messages).toEqual([]);
  });

  it('retries a 429 after the seconds Telegram asks for', async () => {
    fake.failNext(1, { status: 429, retryAfter: 7 });
    const error = await sendError(client.send(channel(), '42', message()));
    expect(error).toMatchObject({
      message: 'Telegram refused: Too Many Requests: retry after 7 (429)',
      retryable: true,
      status: 429,
      retryAfterSeconds: 7,
    });
    await expect(client.send(channel(), '42', message())).resolves.toMatch(/^Telegram message \d+$/);
    expect(fake.messages).toHaveLength(1);
  });

  it('retries a 500 and an answer that is not Telegram JSON', async () => {
    fake.failNext(1, { status: 500 });
    await expect(client.send(channel(), '42', message())).rejects.toMatchObject({
      message: 'Telegram refused: Internal Server Error (500)',
      retryable: true,
      status: 500,
    });
    fake.failNext(1, { status: 502, body: '<html>Bad gateway</html>' });
    await expect(client.send(channel(), '42', message())).rejects.toMatchObject({
      message: 'Telegram refused: <html>Bad gateway</html> (502)',
      retryable: true,
    });
    expect(fake.messages).toEqual([]);
  });

  it('retries a request that was not answered in time, naming neither URL nor token', async () => {
    await fake.hold(true);
    const error = await sendError(client.send(channel(), '42', message()));
    expect(error).toMatchObject({ message: 'Telegram did not answer within 1 s', retryable: true });
    expect(error.status).toBeUndefined();
    await fake.hold(false);
    // The client gave up: the fake never completed that request, so it recorded nothing.
    expect(fake.messages).toEqual([]);
  });

  it('retries when nothing listens, without the token in the message', async () => {
    const gone = await FakeTelegram.start();
    const url = gone.url;
    await gone.stop();
    const error = await sendError(new TelegramClient({ baseUrl: url }).send(channel(), '42', message()));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Could not reach Telegram: ECONNREFUSED');
    expect(error.message).not.toContain(TOKEN);
  });
});
