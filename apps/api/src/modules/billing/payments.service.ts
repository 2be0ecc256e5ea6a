import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PaymentAttempt, PaymentOutcome, PaymentStartResponse } from '@pondesk/contracts';
import {
  PaymentSettlement,
  SettlementError,
  paymentOutcomeOf,
  toPaymentAttempt,
} from '@pondesk/server-billing';
import { APP_CONFIG, bkashSettings, type AppConfig } from '@pondesk/server-config';
import { BkashPaymentEntity, TenantEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { RateLimiterService, type RateRule } from '../../common/rate-limit/rate-limiter.service';
import { canBill, invoiceScope } from './billing-access';
import { BillingService } from './billing.service';
import {
  paymentNotFound,
  paymentsNotConfigured,
  settlementHttpError,
  targetKindForbidden,
} from './billing.exception';
import { PAYMENT_SETTLEMENT } from './bkash.providers';
import { parseBkashCallback } from './bkash-callback-query';

/** Callbacks from one address: a customer comes back once a payment; this only stops floods. */
const CALLBACK_RULE: RateRule = { name: 'bkash:callback-ip', max: 120, windowSeconds: 60 };

/** Where the customer lands after bKash: the web app's result page. */
export const RESULT_PATH = '/billing/result';

@Injectable()
export class PaymentsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly billing: BillingService,
    private readonly limiter: RateLimiterService,
    @Inject(PAYMENT_SETTLEMENT) private readonly settlement: PaymentSettlement | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Pay Now: a bKash payment for the invoice and the address to send the browser to. Paying again within
   * ten minutes (a second tab) gets the same bKash payment.
   */
  async pay(actor: TenantActor, invoiceId: string): Promise<PaymentStartResponse> {
    const invoice = await this.billing.findVisible(actor, invoiceId);
    if (!canBill(actor, invoice.targetType)) throw targetKindForbidden(invoice.targetType);
    const settings = bkashSettings(this.config);
    if (!this.settlement || !settings) throw paymentsNotConfigured();
    try {
      const { attempt } = await this.settlement.startPayment({
        tenantId: actor.tenantId,
        userId: actor.userId,
        invoiceId: invoice.id,
        payerReference: await this.payerReference(actor.tenantId),
        callbackUrl: settings.callbackUrl,
      });
      if (!attempt.bkashUrl) throw new Error(`bKash payment attempt ${attempt.id} has no bkashURL`);
      return { attemptId: attempt.id, bkashURL: attempt.bkashUrl };
    } catch (error) {
      if (error instanceof SettlementError) throw settlementHttpError(error);
      throw error;
    }
  }

  /**
   * bKash's redirect back: settles the payment (execute or confirm) and answers where the browser goes next,
   * built from our attempt id and outcome only (never from bKash's text).
   */
  async callback(rawQuery: Record<string, unknown>, ip: string): Promise<string> {
    await this.limiter.hit([{ rule: CALLBACK_RULE, subject: ip }]);
    const query = parseBkashCallback(rawQuery);
    const settings = bkashSettings(this.config);
    if (!this.settlement || !settings || !this.config.APP_ORIGIN) throw paymentsNotConfigured();
    let outcome: PaymentOutcome;
    let attemptId: string;
    try {
      const attempt = await this.settlement.handleCallback({
        paymentID: query.paymentID,
        status: query.status,
        attemptId: query.attempt,
      });
      outcome = paymentOutcomeOf(attempt);
      attemptId = attempt.id;
    } catch (error) {
      if (error instanceof SettlementError) throw settlementHttpError(error);
      throw error;
    }
    const url = new URL(RESULT_PATH, this.config.APP_ORIGIN);
    url.searchParams.set('attempt', attemptId);
    url.searchParams.set('outcome', outcome);
    return url.toString();
  }

  /** One of the tenant's payment attempts, for the result page (an invoice the user may not see: 404). */
  async get(actor: TenantActor, id: string): Promise<PaymentAttempt> {
    const { sql, params } = invoiceScope(actor, 'i');
    const row: { invoice_no: string } | undefined = await this.db
      .createQueryBuilder()
      .select('i.invoice_no', 'invoice_no')
      .from(BkashPaymentEntity, 'p')
      .innerJoin('invoice', 'i', 'i.id = p.invoice_id')
      .where(sql, params)
      .andWhere('p.id = :id AND p.tenant_id = :billingTenantId', { id })
      .getRawOne();
    if (!row) throw paymentNotFound();
    const attempt = await this.db.getRepository(BkashPaymentEntity).findOneByOrFail({ id });
    const tenant = await this.db.getRepository(TenantEntity).findOne({
      where: { id: actor.tenantId },
      select: { id: true, ispName: true },
    });
    return toPaymentAttempt(attempt, { invoiceNo: row.invoice_no, tenantName: tenant?.ispName ?? null });
  }

  /**
   * Who pays, as bKash records it: the ISP's contact number (digits only) when it has one, else its
   * account id (36 characters; stable, and at most the 40 bKash's reference may hold here).
   */
  private async payerReference(tenantId: string): Promise<string> {
    const tenant = await this.db.getRepository(TenantEntity).findOne({
      where: { id: tenantId },
      select: { id: true, contactNumber: true },
    });
    const digits = (tenant?.contactNumber ?? '').replace(/\D/g, '');
    return digits.length >= 6 ? digits.slice(0, 20) : tenantId;
  }
}
