import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PaymentAttempt } from '@pondesk/contracts';
import { RefundError, refundPayment, type BkashApi } from '@pondesk/server-billing';
import type { PlatformActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import { BillingOverviewService } from './billing-overview.service';
import { PLATFORM_BKASH } from './platform-bkash.provider';
import { paymentsNotConfigured, refundHttpError } from './platform-billing.exception';

/** Refunds a completed bKash payment in full (see `refundPayment`), audited in the tenant's log. */
@Injectable()
export class RefundsService {
  constructor(
    private readonly db: DataSource,
    @Inject(PLATFORM_BKASH) private readonly bkash: BkashApi | null,
    private readonly overview: BillingOverviewService,
    private readonly audit: AuditService,
  ) {}

  async refund(actor: PlatformActor, attemptId: string, reason: string): Promise<PaymentAttempt> {
    if (!this.bkash) throw paymentsNotConfigured();
    try {
      await refundPayment(
        this.db,
        this.bkash,
        { attemptId, reason },
        {
          onRefunded: (m, outcome, before) =>
            this.audit.record(
              actor,
              {
                action: 'payment.refund',
                entityType: 'bkash_payment',
                entityId: outcome.attemptId,
                tenantId: outcome.tenantId,
                before: {
                  merchantInvoiceNumber: before.merchantInvoiceNumber,
                  trxId: before.trxId,
                  amountPoisha: before.amountPoisha,
                },
                after: { ...outcome, reason },
              },
              m,
            ),
        },
      );
    } catch (error) {
      if (error instanceof RefundError) throw refundHttpError(error);
      throw error;
    }
    const attempt = await this.overview.payment(attemptId);
    if (!attempt) throw new Error(`refunded payment ${attemptId} vanished`);
    return attempt;
  }
}
