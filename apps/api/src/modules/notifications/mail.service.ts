import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { DevOutboxService } from './dev-outbox.service';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The action link inside the text, kept apart so the development outbox can expose it. */
  link?: string;
}

export const MAIL_NOT_CONFIGURED =
  'Email is not configured on this server. Please contact the administrator.';

/** Sends mail over SMTP_URL; without it, writes the mail to the log (and the dev outbox) instead. */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | null;
  private readonly production: boolean;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: DevOutboxService,
  ) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
    this.production = config.NODE_ENV === 'production';
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      try {
        await this.transport.sendMail({
          from: this.config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      } catch (error) {
        this.logger.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'SMTP send failed',
        );
        throw new ServiceUnavailableException('Could not send the email, please try again later');
      }
      return;
    }
    if (this.production) {
      // Never put a live reset link into production logs, and never claim a mail went out when none did.
      this.logger.warn(
        { mailNotSent: { to: mail.to, subject: mail.subject } },
        'SMTP_URL is not set: mail not sent',
      );
      throw new ServiceUnavailableException(MAIL_NOT_CONFIGURED);
    }
    this.outbox.addMail({
      at: new Date().toISOString(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      link: mail.link ?? null,
    });
    this.logger.log(
      { devMail: { to: mail.to, subject: mail.subject, text: mail.text, link: mail.link ?? null } },
      'Development mail (SMTP_URL not set)',
    );
  }
}
