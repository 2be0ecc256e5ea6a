import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@pondesk/server-config';
import { DeviceTargetPolicy } from '@pondesk/server-device-targets';
import { FakeWebhookReceiver } from '@pondesk/server-testing';
import {
  ChannelSendError,
  type ChannelMessage,
  type OutgoingAlert,
  type ResolvedChannel,
} from './channel-client';
import { webhookTargetCheck } from './channel-clients';
import { WebhookClient, parseWebhookUrl } from './webhook.client';

const SECRET = 'whsec-shared-between-pondesk-and-the-receiver';
const SENT_AT = new Date('2025-03-01T14:05:00.000Z');

const channel = (url: string, secret = SECRET): ResolvedChannel => ({
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  kind: 'webhook',
  name: 'Ticketing',
  settings: { url },
  secret,
});

const ALERT: OutgoingAlert = {
  id: '17',
  kind: 'pon-outage',
  phase: 'open',
  title: 'PON 3 on OLT-1: 12 ONUs down',
  detail: { onus: 12, reasons: { power: 12 } },
  oltId: '00000000-0000-4000-8000-0000000000aa',
  oltName: 'OLT-1',
  ponPort: 3,
  openedAt: '2025-03-01T14:04:10.000Z',
  resolvedAt: null,
};

const message: ChannelMessage = {
  text: 'PON 3 on OLT-1: 12 ONUs down (power)',
  alerts: [ALERT],
  messageId: 'd-41-42',
};

/** The `ChannelSendError` a send fails with. */
const sendError = (send: Promise<unknown>): Promise<ChannelSendError> =>
  send.then(
    () => Promise.reject(new Error('the send did not fail')),
    (error: unknown) => (error instanceof ChannelSendError ? error : Promise.reject(error)),
  );

describe('parseWebhookUrl', () => {
  it('takes http and https URLs only, without credentials', () => {
    expect(parseWebhookUrl('https://hooks.example.com/pondesk?k=1#x')).toBeInstanceOf(URL);
    expect(parseWebhookUrl('ftp://hooks.example.com/')).toBe(
      'The webhook URL must start with http:// or https:// (not ftp://)',
    );
    expect(parseWebhookUrl('file:///etc/passwd')).toMatch(/must start with http/);
    expect(parseWebhookUrl('https://user:pw@hooks.example.com/')).toBe(
      'The webhook URL must not carry a user name or password',
    );
    expect(parseWebhookUrl('not a url')).toBe('The webhook URL is not a URL');
    expect(parseWebhookUrl('')).toBe('The channel has no webhook URL');
  });
});

describe('WebhookClient against the fake receiver', () => {
  let fake: FakeWebhookReceiver;
  let client: WebhookClient;

  beforeAll(async () => {
    fake = await FakeWebhookReceiver.start();
    client = new WebhookClient({ timeoutMs: 1000, now: () => SENT_AT });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.clear());

  it('POSTs the JSON with its delivery id, timestamp and signature', async () => {
    await expect(client.send(channel(fake.url), '', message)).resolves.toBe('Webhook answered 200');
    const [got] = fake.messages;
    expect(got.body).toEqual({
      id: 'd-41-42',
      test: false,
      sentAt: '2025-03-01T14:05:00.000Z',
      alerts: [
        {
          id: '17',
          kind: 'pon-outage',
          phase: 'open',
          title: 'PON 3 on OLT-1: 12 ONUs down',
          detail: { onus: 12, reasons: { power: 12 } },
          oltId: '00000000-0000-4000-8000-0000000000aa',
          oltName: 'OLT-1',
          ponPort: 3,
          openedAt: '2025-03-01T14:04:10.000Z',
          resolvedAt: null,
        },
      ],
      text: 'PON 3 on OLT-1: 12 ONUs down (power)',
    });
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'PonDesk-Alerts/1',
      'x-pondesk-delivery': 'd-41-42',
      'x-pondesk-timestamp': '1740837900',
    });
    expect(got.headers['x-pondesk-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('signs so the receiver verifies with the shared secret, and nothing else verifies', async () => {
    await client.send(channel(fake.url), '', message);
    const { headers, rawBody } = fake.messages[0];
    const now = 1740837900 + 10;
    expect(verifyWebhookSignature(SECRET, headers, rawBody, 300, now)).toBe(true);
    expect(verifyWebhookSignature('another-secret', headers, rawBody, 300, now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, headers, rawBody.replace('12 ONUs', '13 ONUs'), 300, now)).toBe(
      false,
    );
    // The same delivery replayed an hour later.
    expect(verifyWebhookSignature(SECRET, headers, rawBody, 300, now + 3600)).toBe(false);
  });

  it('is refused by a receiver that holds another secret', async () => {
    const strict = await FakeWebhookReceiver.start({ secret: 'not-the-channel-secret', path: '/in/pondesk' });
    try {
      const c = new WebhookClient();
      const error = await sendError(c.send(channel(strict.url), '', message));
      expect(error).toMatchObject({ retryable: false, status: 401 });
      expect(error.message).toBe('The webhook refused: HTTP 401 {"error":"signature: bad signature"}');
      await expect(c.send(channel(strict.url, 'not-the-channel-secret'), '', message)).resolves.toBe(
        'Webhook answered 200',
      );
      expect(strict.messages).toHaveLength(1);
      expect(strict.messages[0].verified).toBe(true);
    } finally {
      await strict.stop();
    }
  });

  it('marks a test message as a test', async () => {
    await client.send(channel(fake.url), '', { text: 'test', alerts: [], messageId: 't-1', test: true });
    expect(fake.messages[0].body).toMatchObject({ id: 't-1', test: true, alerts: [] });
  });

  it.each([
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [404, false],
    [410, false],
  ])('answers %i as retryable: %s', async (status, retryable) => {
    fake.failNext(1, { status, retryAfter: status === 429 ? 12 : undefined });
    const error = await sendError(client.send(channel(fake.url), '', message));
    expect(error.retryable).toBe(retryable);
    expect(error.status).toBe(status);
    if (status === 429) expect(error.retryAfterSeconds).toBe(12);
    expect(fake.messages).toEqual([]);
  });

  it('retries a receiver that does not answer in time', async () => {
    await fake.hold(true);
    try {
      const host = new URL(fake.url).host;
      await expect(client.send(channel(fake.url), '', message)).rejects.toMatchObject({
        message: `the webhook at ${host} did not answer within 1 s`,
        retryable: true,
      });
    } finally {
      await fake.hold(false);
    }
    expect(fake.messages).toEqual([]);
  });

  it('refuses URLs that are not http(s) or carry credentials, before any request', async () => {
    const port = new URL(fake.url).port;
    await expect(client.send(channel(`ftp://127.0.0.1:${port}/hook`), '', message)).rejects.toMatchObject({
      retryable: false,
    });
    await expect(
      client.send(channel(`http://user:pw@127.0.0.1:${port}/hook`), '', message),
    ).rejects.toMatchObject({
      message: 'The webhook URL must not carry a user name or password',
      retryable: false,
    });
    expect(fake.messages).toEqual([]);
  });

  it('checks the target first: a link-local address or a platform port is refused', async () => {
    const policy = new DeviceTargetPolicy({
      allowLoopback: true,
      services: [{ name: 'API', host: '127.0.0.1', port: 3000 }],
    });
    const checked = new WebhookClient({ timeoutMs: 1000, checkTarget: webhookTargetCheck(policy) });
    await expect(checked.send(channel('http://169.254.169.254/latest'), '', message)).rejects.toMatchObject({
      message: expect.stringMatching(
        /^The webhook's host is refused: 169\.254\.169\.254 is a link-local address/,
      ),
      retryable: false,
    });
    await expect(checked.send(channel('http://127.0.0.1:3000/api'), '', message)).rejects.toMatchObject({
      retryable: false,
    });
    await expect(checked.send(channel(fake.url), '', message)).resolves.toBe('Webhook answered 200');
  });
});

describe('WebhookClient and redirects', () => {
  let server: Server;
  let url: string;
  let hits: string[];

  beforeAll(async () => {
    hits = [];
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/moved') res.writeHead(307, { location: '/elsewhere' }).end();
      else res.writeHead(200).end('x'.repeat(200_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('does not follow a redirect', async () => {
    const error = await sendError(new WebhookClient().send(channel(`${url}/moved`), '', message));
    expect(error).toMatchObject({ retryable: false, status: 307 });
    expect(hits).toEqual(['/moved']);
  });

  it('reads a large answer only up to its cap', async () => {
    await expect(new WebhookClient().send(channel(`${url}/big`), '', message)).resolves.toBe(
      'Webhook answered 200',
    );
  });
});
