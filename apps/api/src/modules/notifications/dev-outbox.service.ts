import { Injectable } from '@nestjs/common';
import type { DevOutbox, OutboxMail, OutboxSms } from '@pondesk/contracts';

const KEEP = 100;

/**
 * The last mails and SMS the development transports "sent", so end-to-end tests and developers can
 * read a reset link or an OTP. Only filled when NODE_ENV !== 'production'.
 */
@Injectable()
export class DevOutboxService {
  private readonly mails: OutboxMail[] = [];
  private readonly sms: OutboxSms[] = [];

  addMail(mail: OutboxMail): void {
    this.mails.unshift(mail);
    this.mails.length = Math.min(this.mails.length, KEEP);
  }

  addSms(sms: OutboxSms): void {
    this.sms.unshift(sms);
    this.sms.length = Math.min(this.sms.length, KEEP);
  }

  /** Newest first; `to` filters by recipient (email or number, case-insensitive). */
  read(to?: string): DevOutbox {
    const match = (r: { to: string }) => !to || r.to.toLowerCase() === to.toLowerCase();
    return { mails: this.mails.filter(match), sms: this.sms.filter(match) };
  }
}
