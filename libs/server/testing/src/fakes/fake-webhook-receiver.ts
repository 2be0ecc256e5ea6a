import { webhookSignatureProblem } from '@pondesk/server-config';
import {
  FakeHttpServer,
  type FakeAnswer,
  type FakeFailure,
  type FakeRequest,
  type FakeServerOptions,
} from './fake-http-server';

export interface FakeWebhookReceiverOptions extends FakeServerOptions {
  /**
   * The channel's signing secret: deliveries whose signature does not verify are answered 401 and not
   * recorded. Without it every delivery is recorded (`verified: null`).
   */
  secret?: string;
  /** The webhook's path; `url` ends in it. */
  path?: string;
}

/** One delivery the receiver accepted. */
export interface FakeWebhookMessage {
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The JSON body. */
  body: unknown;
  /** The body exactly as received (what the signature covers). */
  rawBody: string;
  /** ISO time it was accepted. */
  at: string;
  /** Whether the signature verified with the configured secret; null without one. */
  verified: boolean | null;
}

/**
 * A webhook receiver on loopback: takes JSON POSTs at `url`, checks the PonDesk signature when it has the
 * secret, answers `{"ok":true}`, and records each delivery with its headers and raw body.
 */
export class FakeWebhookReceiver extends FakeHttpServer<FakeWebhookMessage> {
  protected readonly title = 'Webhook receiver';
  protected readonly pageColumns = ['delivery', 'signature', 'text'] as const;

  private constructor(private readonly options: FakeWebhookReceiverOptions) {
    super(FakeWebhookReceiver.normalisedPath(options.path));
  }

  static async start(options: FakeWebhookReceiverOptions = {}): Promise<FakeWebhookReceiver> {
    const fake = new FakeWebhookReceiver(options);
    await fake.listen(options.port);
    return fake;
  }

  private static normalisedPath(path = '/hook'): string {
    const trimmed = `/${path.replace(/^\/+|\/+$/g, '')}`;
    return trimmed === '/' ? '/hook' : trimmed;
  }

  protected handle(request: FakeRequest): FakeAnswer<FakeWebhookMessage> {
    if (request.path !== '/') return { status: 404, body: { error: 'not found' } };
    if (request.method !== 'POST')
      return { status: 405, body: { error: 'method not allowed' }, headers: { allow: 'POST' } };
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
      return { status: 415, body: { error: 'content-type must be application/json' } };
    const rawBody = request.rawBody.toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { status: 400, body: { error: 'body is not JSON' } };
    }
    let verified: boolean | null = null;
    if (this.options.secret !== undefined) {
      const problem = webhookSignatureProblem(this.options.secret, request.headers, request.rawBody);
      if (problem) return { status: 401, body: { error: `signature: ${problem}` } };
      verified = true;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    return {
      status: 200,
      body: { ok: true },
      record: { headers, body, rawBody, at: new Date().toISOString(), verified },
    };
  }

  protected failureAnswer(failure: FakeFailure & { status: number }): FakeAnswer<FakeWebhookMessage> {
    return {
      status: failure.status,
      body: { error: `failing on request (${failure.status})` },
      headers: failure.retryAfter === undefined ? undefined : { 'retry-after': String(failure.retryAfter) },
    };
  }

  protected publicMessage(message: FakeWebhookMessage): unknown {
    return message;
  }

  protected pageRow(message: FakeWebhookMessage): string[] {
    const body = message.body as { text?: unknown } | null;
    return [
      message.headers['x-pondesk-delivery'] ?? '',
      message.verified === null ? 'not checked' : message.verified ? 'verified' : 'bad',
      typeof body?.text === 'string' ? body.text : message.rawBody,
    ];
  }
}
