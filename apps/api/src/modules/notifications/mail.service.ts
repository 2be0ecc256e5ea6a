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

/** To the old address after the account's email was changed (a stolen session must not go unnoticed). */
export function emailChangedMail(to: string, username: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Your PonDesk email was changed',
    text:
      `Hello ${username},\n\nThe email of your PonDesk account was changed to ${newEmail}. ` +
      `Password reset links now go to that address.\n\nIf you did not do this, contact your ` +
      `administrator at once: someone else may be signed in to your account.\n`,
  };
}

/** To the owner of an email someone tried to sign up with (the sign-up answer does not say it is taken). */
export function signUpAttemptMail(to: string, username: string): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to create a PonDesk account with your email',
    text:
      `Hello ${username},\n\nSomeone tried to create a new PonDesk account with this email. It already ` +
      `belongs to your account, so nothing was created.\n\nIf this was you, sign in instead, or use ` +
      `"Forgot password" if you do not remember your password. Otherwise you can ignore this mail.\n`,
  };
}

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

  /**
   * Throws the answer `send` would give when no mail can go out at all (production without SMTP_URL),
   * so a caller can refuse up front, the same for every input.
   */
  assertConfigured(): void {
    if (!this.transport && this.production) throw new ServiceUnavailableException(MAIL_NOT_CONFIGURED);
  }

  /**
   * Sends without making the caller wait for the mail server, so an answer takes as long whether or not
   * a mail went out (no telling registered addresses by timing). Failures are logged by `send`. In
   * development the mail is in the outbox before this returns.
   */
  sendInBackground(mail: OutgoingMail): void {
    this.send(mail).catch(() => undefined);
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
