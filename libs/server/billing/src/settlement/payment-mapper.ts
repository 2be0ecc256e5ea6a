import type { PaymentAttempt, PaymentOutcome } from '@pondesk/contracts';
import type { BkashPaymentEntity } from '@pondesk/server-database';

/** The contract view of a payment attempt (the tenant's result page, the platform's payments screen). */
export function toPaymentAttempt(
  row: BkashPaymentEntity,
  context: { invoiceNo: string; tenantName: string | null },
): PaymentAttempt {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: context.tenantName,
    invoiceId: row.invoiceId,
    invoiceNo: context.invoiceNo,
    merchantInvoiceNumber: row.merchantInvoiceNumber,
    paymentId: row.paymentId,
    trxId: row.trxId,
    amountPoisha: row.amountPoisha,
    state: row.state,
    statusCode: row.statusCode,
    statusMessage: row.statusMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    refundTrxId: row.refundTrxId,
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
    refundAmountPoisha: row.refundAmountPoisha,
  };
}

/** What the result page says of an attempt: paid, failed, cancelled, or still pending at bKash. */
export function paymentOutcomeOf(row: Pick<BkashPaymentEntity, 'state'>): PaymentOutcome {
  switch (row.state) {
    case 'completed':
      return 'paid';
    case 'failed':
    case 'expired':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'pending';
  }
}
