import type { DataSource, EntityManager } from 'typeorm';
import { formatPoisha, type BillingTargetType } from '@pondesk/contracts';
import { BkashPaymentEntity, InvoiceEntity } from '@pondesk/server-database';
import { BkashError } from '../bkash/bkash-errors';
import type { BkashApi, BkashRefundResponse } from '../bkash/bkash-types';
import { expiryAfterRefund } from './refund-expiry';

export enum RefundErrorCode {
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
  /** Not a completed payment with a bKash transaction (or one taken by another merchant account). */
  PAYMENT_NOT_REFUNDABLE = 'PAYMENT_NOT_REFUNDABLE',
  PAYMENT_ALREADY_REFUNDED = 'PAYMENT_ALREADY_REFUNDED',
  /** bKash refused the refund, or did not answer and its refund status shows none. Nothing changed here. */
  REFUND_FAILED = 'REFUND_FAILED',
}

export class RefundError extends Error {
  constructor(
    readonly code: RefundErrorCode,
    message: string,
    /** bKash's failure, when it was bKash that said no (or said nothing). */
    readonly bkashError?: BkashError,
  ) {
    super(message);
    this.name = 'RefundError';
  }
}

export interface RefundInput {
  attemptId: string;
  /** Why (shown to bKash and kept on the attempt); the caller has checked it (1–200 characters). */
  reason: string;
}

/** The device whose expiry the refund moved back. */
export interface RefundedDevice {
  type: BillingTargetType;
  id: string;
  expiresBefore: string | null;
  expiresAfter: string | null;
}

export interface RefundOutcome {
  attemptId: string;
  tenantId: string;
  invoiceId: string;
  refundTrxId: string;
  amountPoisha: number;
  refundedAt: Date;
  /** The attempt had paid its invoice: the invoice is cancelled and its period taken back. */
  invoiceCancelled: boolean;
  device: RefundedDevice | null;
  /** bKash's refund call failed or timed out, and its refund status showed the refund done. */
  confirmedByStatus: boolean;
}

export interface RefundOptions {
  /** Runs in the refund's transaction after its writes (an audit row commits with them). */
  onRefunded?: (manager: EntityManager, outcome: RefundOutcome, before: BkashPaymentEntity) => Promise<void>;
  now?: () => Date;
}

const DEVICE_TABLES: Readonly<Record<BillingTargetType, string>> = { olt: 'olt', switch: 'switch' };

/**
 * Refunds one completed bKash payment in full, at most once.
 *
 * The attempt's row stays locked from the check to the record, so two refunds of one payment run one after
 * the other and the second finds it refunded. When bKash's refund call fails in a way that may hide a done
 * refund (a timeout, a lost connection, a refusal such as "already reversed"), its refund status decides:
 * a refund found there is recorded, never asked for twice.
 *
 * Recorded in one transaction: the refund on the attempt; when this attempt is the one that paid its
 * invoice (same trxID), the invoice cancelled ('Refunded: <reason>') and the credited period taken off the
 * device's expiry (`expiryAfterRefund`). A duplicate payment for an invoice someone else paid only gets
 * its refund recorded.
 */
export async function refundPayment(
  db: DataSource,
  bkash: BkashApi,
  input: RefundInput,
  options: RefundOptions = {},
): Promise<RefundOutcome> {
  const now = options.now ?? (() => new Date());
  return db.transaction(async (m) => {
    const attempts = m.getRepository(BkashPaymentEntity);
    const attempt = await attempts.findOne({
      where: { id: input.attemptId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!attempt) throw new RefundError(RefundErrorCode.PAYMENT_NOT_FOUND, 'Payment not found');
    if (attempt.refundTrxId)
      throw new RefundError(
        RefundErrorCode.PAYMENT_ALREADY_REFUNDED,
        `This payment was already refunded (bKash refund ${attempt.refundTrxId})`,
      );
    if (attempt.state !== 'completed' || !attempt.trxId || !attempt.paymentId)
      throw new RefundError(
        RefundErrorCode.PAYMENT_NOT_REFUNDABLE,
        'Only a completed bKash payment with a transaction ID can be refunded',
      );
    if (attempt.merchantId !== bkash.merchantId)
      throw new RefundError(
        RefundErrorCode.PAYMENT_NOT_REFUNDABLE,
        'This payment was made to another bKash merchant account',
      );

    const refund = await refundAtBkash(bkash, attempt, attempt.trxId, attempt.paymentId, input.reason);
    const refundedAt = now();
    await attempts.update(
      { id: attempt.id },
      {
        refundTrxId: refund.refundTrxId,
        refundedAt,
        refundAmountPoisha: attempt.amountPoisha,
        refundReason: input.reason,
      },
    );

    const invoices = m.getRepository(InvoiceEntity);
    const invoice = await invoices.findOne({
      where: { id: attempt.invoiceId },
      lock: { mode: 'pessimistic_write' },
    });
    const paidIt = invoice !== null && invoice.status === 'paid' && invoice.trxId === attempt.trxId;
    let device: RefundedDevice | null = null;
    if (paidIt) {
      await invoices.update(
        { id: invoice.id },
        {
          status: 'cancelled',
          cancelledAt: refundedAt,
          cancelReason: `Refunded: ${input.reason}`.slice(0, 200),
        },
      );
      device = await takeBackPeriod(m, invoice);
    }

    const outcome: RefundOutcome = {
      attemptId: attempt.id,
      tenantId: attempt.tenantId,
      invoiceId: attempt.invoiceId,
      refundTrxId: refund.refundTrxId,
      amountPoisha: attempt.amountPoisha,
      refundedAt,
      invoiceCancelled: paidIt,
      device,
      confirmedByStatus: refund.confirmedByStatus,
    };
    await options.onRefunded?.(m, outcome, attempt);
    return outcome;
  });
}

/** bKash's refund transaction id when the answer says the refund is done (of this payment). */
function completedRefund(answer: BkashRefundResponse | null, trxId: string): string | null {
  if (!answer || typeof answer.refundTrxID !== 'string' || answer.refundTrxID === '') return null;
  if (answer.transactionStatus !== undefined && answer.transactionStatus !== 'Completed') return null;
  if (answer.originalTrxID !== undefined && answer.originalTrxID !== trxId) return null;
  return answer.refundTrxID;
}

async function refundAtBkash(
  bkash: BkashApi,
  attempt: BkashPaymentEntity,
  trxId: string,
  paymentId: string,
  reason: string,
): Promise<{ refundTrxId: string; confirmedByStatus: boolean }> {
  let failure: BkashError | null = null;
  try {
    const answer = await bkash.refund({
      paymentID: paymentId,
      trxID: trxId,
      amount: formatPoisha(attempt.amountPoisha),
      sku: attempt.merchantInvoiceNumber,
      reason,
    });
    const done = completedRefund(answer, trxId);
    if (done) return { refundTrxId: done, confirmedByStatus: false };
  } catch (error) {
    if (!(error instanceof BkashError)) throw error;
    // Refused before a byte was sent: bKash never saw it.
    if (error.kind === 'network' && !error.requestSent) throw refundFailed(error);
    failure = error;
  }
  // The answer was lost, odd or a refusal: bKash's refund status says whether the refund happened.
  const status = await bkash.refundStatus(paymentId, trxId).catch(() => null);
  const done = completedRefund(status, trxId);
  if (done) return { refundTrxId: done, confirmedByStatus: true };
  throw refundFailed(failure);
}

function refundFailed(error: BkashError | null): RefundError {
  if (!error)
    return new RefundError(
      RefundErrorCode.REFUND_FAILED,
      'bKash did not confirm the refund and its refund status shows none; nothing was changed',
    );
  const said = [error.statusCode, error.statusMessage].filter(Boolean).join(' ');
  const message =
    error.kind === 'rejected'
      ? `bKash refused the refund: ${said}`
      : error.kind === 'timeout'
        ? 'bKash did not answer the refund in time and its refund status shows none; try again later'
        : error.kind === 'network' && !error.requestSent
          ? 'Could not reach bKash; nothing was refunded'
          : `bKash refund failed: ${error.message}`;
  return new RefundError(RefundErrorCode.REFUND_FAILED, message, error);
}

/** Takes the invoice's credited period off its device's expiry (the device row locked meanwhile). */
async function takeBackPeriod(m: EntityManager, invoice: InvoiceEntity): Promise<RefundedDevice | null> {
  if (!invoice.periodFrom || !invoice.periodTo) return null;
  const table = DEVICE_TABLES[invoice.targetType];
  const rows: { expires_on: string | null }[] = await m.query(
    `SELECT expires_on::text AS expires_on FROM "${table}" WHERE id = $1 AND tenant_id = $2 FOR UPDATE`,
    [invoice.targetId, invoice.tenantId],
  );
  if (!rows.length) return null; // the device was removed since
  const before = rows[0].expires_on;
  const after = expiryAfterRefund(before, {
    from: invoice.periodFrom,
    to: invoice.periodTo,
    months: invoice.months,
  });
  if (after !== before)
    await m.query(
      `UPDATE "${table}" SET expires_on = $3::date, updated_at = now() WHERE id = $1 AND tenant_id = $2`,
      [invoice.targetId, invoice.tenantId, after],
    );
  return { type: invoice.targetType, id: invoice.targetId, expiresBefore: before, expiresAfter: after };
}
