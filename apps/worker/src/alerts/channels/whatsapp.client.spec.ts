import { FakeWhatsApp } from '@pondesk/server-testing';
import { ChannelSendError, type ChannelMessage, type ResolvedChannel } from './channel-client';
import { WhatsAppClient, whatsappParamText, whatsappRecipient } from './whatsapp.client';

const TOKEN = 'EAAGfakeAccessTokenForTests0123456789';

const channel = (over: Partial<ResolvedChannel['settings']> = {}, secret = TOKEN): ResolvedChannel => ({
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  kind: 'whatsapp',
  name: 'On-call phones',
  settings: {
    phoneNumberId: '106540352242922',
    recipients: ['8801711000000'],
    templateName: 'pondesk_alert',
    languageCode: 'en',
    ...over,
  },
  secret,
});

const message = (text: string): ChannelMessage => ({ text, alerts: [], messageId: 'm-1' });

/** The `ChannelSendError` a send fails with. */
const sendError = (send: Promise<unknown>): Promise<ChannelSendError> =>
  send.then(
    () => Promise.reject(new Error('the send did not fail')),
    (error: unknown) => (error instanceof ChannelSendError ? error : Promise.reject(error)),
  );

describe('whatsappParamText', () => {
  it('joins lines and squeezes white space, as template parameters must be', () => {
    expect(whatsappParamText('PON outage\n\nOLT-1 PON 3:\t12 ONUs     down\r\n  (power)  ')).toBe(
      'PON outage · OLT-1 PON 3: 12 ONUs down · (power)',
    );
  });

  it('cuts at 1024 characters and never answers an empty parameter', () => {
    expect(whatsappParamText('y'.repeat(2000))).toHaveLength(1024);
    expect(whatsappParamText(' \n\t ')).toBe('-');
  });
});

describe('whatsappRecipient', () => {
  it('takes digits with or without + and separators', () => {
    expect(whatsappRecipient('+880 1711-000000')).toBe('8801711000000');
    expect(whatsappRecipient('call me')).toBeNull();
  });
});

describe('WhatsAppClient against the fake Cloud API', () => {
  let fake: FakeWhatsApp;
  let client: WhatsAppClient;

  beforeAll(async () => {
    fake = await FakeWhatsApp.start({ tokens: [TOKEN], phoneNumberIds: ['106540352242922'] });
    client = new WhatsAppClient({ baseUrl: fake.url, timeoutMs: 1000 });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.clear());

  it('sends the template with the text as its body parameter', async () => {
    const answer = await client.send(channel(), '+8801711000000', message('OLT-1 unreachable\nsince 10:02'));
    expect(answer).toBe(`WhatsApp message ${fake.messages[0].id}`);
    expect(fake.messages[0]).toMatchObject({
      phoneNumberId: '106540352242922',
      to: '8801711000000',
      templateName: 'pondesk_alert',
      languageCode: 'en',
      params: ['OLT-1 unreachable · since 10:02'],
    });
    expect(fake.messages[0].body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '8801711000000',
      type: 'template',
      template: {
        name: 'pondesk_alert',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'OLT-1 unreachable · since 10:02' }] },
        ],
      },
    });
  });

  it('uses en_US when the channel names no language', async () => {
    await client.send(channel({ languageCode: undefined }), '8801711000000', message('x'));
    expect(fake.messages[0].languageCode).toBe('en_US');
  });

  it('refuses a wrong access token without retrying, and never names the token', async () => {
    const wrong = 'EAAGanotherTokenThatIsNotKnown0000';
    const error = await sendError(client.send(channel({}, wrong), '8801711000000', message('x')));
    expect(error).toMatchObject({
      message:
        'WhatsApp refused: Invalid OAuth access token - Cannot parse access token (code 190, HTTP 401)',
      retryable: false,
      status: 401,
    });
    expect(error.message).not.toContain(wrong);
  });

  it('refuses an unknown phone number id without retrying', async () => {
    const error = await sendError(
      client.send(channel({ phoneNumberId: '99999' }), '8801711000000', message('x')),
    );
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^WhatsApp refused: Unsupported post request\. Object with ID '99999'/);
  });

  it('retries a rate limit (429, code 130429) with the Retry-After seconds', async () => {
    fake.failNext(1, { status: 429, retryAfter: 30 });
    const error = await sendError(client.send(channel(), '8801711000000', message('x')));
    expect(error).toMatchObject({
      message:
        'WhatsApp refused: (#130429) Rate limit hit: Cloud API message throughput has been reached. (code 130429, HTTP 429)',
      retryable: true,
      status: 429,
      retryAfterSeconds: 30,
    });
  });

  it('retries a throttling code even when it comes as a 400', async () => {
    fake.failNext(1, {
      status: 400,
      body: { error: { message: '(#131056) Pair rate limit hit', type: 'OAuthException', code: 131056 } },
    });
    await expect(client.send(channel(), '8801711000000', message('x'))).rejects.toMatchObject({
      retryable: true,
      status: 400,
    });
  });

  it('retries a 500', async () => {
    fake.failNext(1, { status: 500 });
    await expect(client.send(channel(), '8801711000000', message('x'))).rejects.toMatchObject({
      message: 'WhatsApp refused: (#2) Service temporarily unavailable (code 2, HTTP 500)',
      retryable: true,
      status: 500,
    });
    expect(fake.messages).toEqual([]);
  });

  it('retries a request that was not answered in time', async () => {
    await fake.hold(true);
    try {
      const error = await sendError(client.send(channel(), '8801711000000', message('x')));
      expect(error).toMatchObject({ message: 'WhatsApp did not answer within 1 s', retryable: true });
      expect(error.message).not.toContain(TOKEN);
    } finally {
      await fake.hold(false);
    }
    expect(fake.messages).toEqual([]);
  });

  it('does not send without a template or to something that is not a number', async () => {
    await expect(
      client.send(channel({ templateName: undefined }), '8801711000000', message('x')),
    ).rejects.toMatchObject({ retryable: false });
    await expect(client.send(channel(), 'the boss', message('x'))).rejects.toMatchObject({
      retryable: false,
    });
    expect(fake.messages).toEqual([]);
  });
});

describe('the fake Cloud API', () => {
  it('refuses a template parameter with a new line, as WhatsApp does', async () => {
    const fake = await FakeWhatsApp.start();
    try {
      const res = await fetch(`${fake.url}/106540352242922/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '8801711000000',
          type: 'template',
          template: {
            name: 'pondesk_alert',
            language: { code: 'en' },
            components: [{ type: 'body', parameters: [{ type: 'text', text: 'two\nlines' }] }],
          },
        }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(132018);
      expect(fake.messages).toEqual([]);
    } finally {
      await fake.stop();
    }
  });
});
