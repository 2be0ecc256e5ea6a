import { randomBytes } from 'node:crypto';
import {
  FakeHttpServer,
  type FakeAnswer,
  type FakeFailure,
  type FakeRequest,
  type FakeServerOptions,
} from './fake-http-server';

const ACCEPTED_BY_DEFAULT = /^[A-Za-z0-9_-]{10,}$/;
const VERSION_PREFIX = /^\/v\d+(?:\.\d+)?(?=\/|$)/;
const PARAM_LIMIT = 1024;

export interface FakeWhatsAppOptions extends FakeServerOptions {
  /** Access tokens the fake accepts; any token of 10+ letters, digits, '-' or '_' when absent. */
  tokens?: string[];
  /** Phone number ids that exist; any numeric id when absent. */
  phoneNumberIds?: string[];
  /** Approved template names; any lower-case name when absent. */
  templates?: string[];
  /** The Graph API version in `url` (any version is served). */
  version?: string;
}

/** One template message the fake accepted. */
export interface FakeWhatsAppMessage {
  phoneNumberId: string;
  to: string;
  templateName: string;
  languageCode: string;
  /** The body component's text parameters, in order. */
  params: string[];
  /** ISO time it was accepted. */
  at: string;
  /** The JSON body as received. */
  body: unknown;
  /** The `wamid.…` answered. */
  id: string;
}

const traceId = () => randomBytes(9).toString('base64url');

function graphError(
  status: number,
  code: number,
  message: string,
  extra: { type?: string; subcode?: number; details?: string } = {},
): FakeAnswer<FakeWhatsAppMessage> {
  return {
    status,
    body: {
      error: {
        message,
        type: extra.type ?? 'OAuthException',
        code,
        ...(extra.details ? { error_data: { messaging_product: 'whatsapp', details: extra.details } } : {}),
        ...(extra.subcode !== undefined ? { error_subcode: extra.subcode } : {}),
        fbtrace_id: traceId(),
      },
    },
  };
}

const invalid = (details: string) => graphError(400, 100, '(#100) Invalid parameter', { details });

/**
 * The WhatsApp Cloud API's `POST {url}/{phone-number-id}/messages` for template messages on loopback:
 * checks the Bearer token (401 with Graph's code 190 when wrong), the phone number id, the body's shape and
 * the template parameters' rules (no new lines, tabs or more than 4 spaces in a row: code 132018), and
 * answers `{"messages":[{"id":"wamid…"}]}`. Point `WHATSAPP_API_URL` at `url` (it ends in the version).
 */
export class FakeWhatsApp extends FakeHttpServer<FakeWhatsAppMessage> {
  protected readonly title = 'WhatsApp Cloud API';
  protected readonly pageColumns = ['from (phone number id)', 'to', 'template', 'parameters'] as const;

  private constructor(private readonly options: FakeWhatsAppOptions) {
    super(`/${options.version ?? 'v21.0'}`);
  }

  static async start(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
    const fake = new FakeWhatsApp(options);
    await fake.listen(options.port);
    return fake;
  }

  protected override apiPath(pathname: string): string | null {
    return pathname.replace(VERSION_PREFIX, '') || '/';
  }

  protected handle(request: FakeRequest): FakeAnswer<FakeWhatsAppMessage> {
    const route = /^\/([^/]+)\/messages$/.exec(request.path);
    if (!route) return graphError(404, 2500, `Unknown path components: ${request.path}`);
    if (request.method !== 'POST')
      return graphError(400, 100, `(#100) The fake serves only POST ${'{phone-number-id}'}/messages`);
    const auth = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''));
    if (!auth)
      return graphError(
        400,
        2500,
        'An active access token must be used to query information about the current user.',
      );
    const token = auth[1];
    const accepted = this.options.tokens
      ? this.options.tokens.includes(token)
      : ACCEPTED_BY_DEFAULT.test(token);
    if (!accepted) return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    const phoneNumberId = route[1];
    const exists = this.options.phoneNumberIds
      ? this.options.phoneNumberIds.includes(phoneNumberId)
      : /^\d+$/.test(phoneNumberId);
    if (!exists)
      return graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { type: 'GraphMethodException', subcode: 33 },
      );
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
      return invalid('the fake takes JSON bodies only (content-type: application/json)');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      return invalid('the body is not JSON');
    }
    if (typeof body !== 'object' || body === null) return invalid('the body is not a JSON object');
    if (body.messaging_product !== 'whatsapp')
      return graphError(400, 100, '(#100) The parameter messaging_product is required.');
    if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
      return invalid('recipient_type must be individual');
    if (typeof body.to !== 'string' || !/^\d{6,15}$/.test(body.to))
      return invalid('to must be a phone number, digits only');
    if (body.type !== 'template') return invalid('the fake takes only template messages (type: template)');
    const template = body.template as
      { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
    if (typeof template?.name !== 'string' || !template.name)
      return graphError(400, 100, '(#100) The parameter template[name] is required.');
    if (typeof template.language?.code !== 'string' || !template.language.code)
      return graphError(400, 100, '(#100) The parameter template[language][code] is required.');
    const known = this.options.templates
      ? this.options.templates.includes(template.name)
      : /^[a-z0-9_]+$/.test(template.name);
    if (!known)
      return graphError(404, 132001, '(#132001) Template name does not exist in the translation', {
        details: `template name (${template.name}) does not exist in ${template.language.code}`,
      });
    const params: string[] = [];
    const components = template.components ?? [];
    if (!Array.isArray(components)) return invalid('template[components] must be an array');
    for (const component of components as { type?: unknown; parameters?: unknown }[]) {
      if (component?.type !== 'body') return invalid('the fake takes only body components');
      if (!Array.isArray(component.parameters))
        return invalid('components[body][parameters] must be an array');
      for (const p of component.parameters as { type?: unknown; text?: unknown }[]) {
        if (p?.type !== 'text' || typeof p.text !== 'string' || p.text === '')
          return invalid('each body parameter must be {"type":"text","text":"…"} with a text');
        if (/[\n\t]| {5,}/.test(p.text))
          return graphError(
            400,
            132018,
            '(#132018) There was an issue with the parameters in your template.',
            {
              details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
            },
          );
        if (p.text.length > PARAM_LIMIT)
          return graphError(400, 132005, '(#132005) Translated text too long', {
            details: `a body parameter is longer than ${PARAM_LIMIT} characters`,
          });
        params.push(p.text);
      }
    }
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      },
      record: {
        phoneNumberId,
        to: body.to,
        templateName: template.name,
        languageCode: template.language.code,
        params,
        at: new Date().toISOString(),
        body,
        id,
      },
    };
  }

  protected failureAnswer(failure: FakeFailure & { status: number }): FakeAnswer<FakeWhatsAppMessage> {
    const { status } = failure;
    const answer =
      status === 429
        ? graphError(429, 130429, '(#130429) Rate limit hit', {
            details: 'Cloud API message throughput has been reached.',
          })
        : status >= 500
          ? graphError(status, 2, '(#2) Service temporarily unavailable')
          : graphError(status, 1, '(#1) An unknown error occurred');
    return failure.retryAfter === undefined
      ? answer
      : { ...answer, headers: { 'retry-after': String(failure.retryAfter) } };
  }

  protected publicMessage(message: FakeWhatsAppMessage): unknown {
    return message;
  }

  protected pageRow(message: FakeWhatsAppMessage): string[] {
    return [
      message.phoneNumberId,
      message.to,
      `${message.templateName} (${message.languageCode})`,
      message.params.join('\n'),
    ];
  }
}
