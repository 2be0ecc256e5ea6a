import { Logger, ServiceUnavailableException } from '@nestjs/common';
import type { DevOutboxService } from './dev-outbox.service';

export interface SmsMessage {
  to: string;
  text: string;
  /** The code inside `text`, for the development outbox only. */
  otp?: string;
}

/** Where SMS go. Injected with the `SMS_GATEWAY` token. */
export interface SmsGateway {
  send(message: SmsMessage): Promise<void>;
}

export const SMS_GATEWAY = Symbol('SMS_GATEWAY');

export const SMS_NOT_CONFIGURED = 'SMS is not configured on this server. Please contact the administrator.';

/**
 * A JSON-over-HTTPS SMS provider: `POST SMS_GATEWAY_URL {to, message}` with
 * `Authorization: Bearer SMS_GATEWAY_TOKEN`; any 2xx is success.
 */
export class HttpSmsGateway implements SmsGateway {
  private readonly logger = new Logger(HttpSmsGateway.name);

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 10000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    let status = 0;
    try {
      const res = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, message: message.text }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      if (res.ok) return;
    } catch (error) {
      this.logger.error(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'SMS gateway unreachable',
      );
    }
    if (status) this.logger.error({ smsGatewayStatus: status }, 'SMS gateway refused the message');
    throw new ServiceUnavailableException('Could not send the SMS, please try again later');
  }
}

/** Development: the SMS goes to the log and the dev outbox, never to a phone. In production it refuses. */
export class LogSmsGateway implements SmsGateway {
  private readonly logger = new Logger(LogSmsGateway.name);

  constructor(
    private readonly outbox: DevOutboxService,
    private readonly production: boolean,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    if (this.production) {
      // No phone gets it, so the caller must not report it as sent.
      this.logger.warn({ smsNotSent: { to: message.to } }, 'SMS_GATEWAY_URL is not set: SMS not sent');
      throw new ServiceUnavailableException(SMS_NOT_CONFIGURED);
    }
    this.outbox.addSms({
      at: new Date().toISOString(),
      to: message.to,
      text: message.text,
      otp: message.otp ?? null,
    });
    this.logger.log(
      { devSms: { to: message.to, text: message.text } },
      'Development SMS (SMS_GATEWAY_URL not set)',
    );
  }
}
