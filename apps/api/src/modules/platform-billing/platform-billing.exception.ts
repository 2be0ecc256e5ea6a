import { HttpException, HttpStatus } from '@nestjs/common';
import { BILLING_MESSAGES } from '@pondesk/contracts';
import { RefundErrorCode, type RefundError } from '@pondesk/server-billing';

export enum PlatformBillingErrorCode {
  PACKAGE_NOT_FOUND = 'PACKAGE_NOT_FOUND',
  CYCLE_NOT_FOUND = 'CYCLE_NOT_FOUND',
  CYCLE_MONTHS_TAKEN = 'CYCLE_MONTHS_TAKEN',
  INVOICE_NOT_FOUND = 'INVOICE_NOT_FOUND',
  INVOICE_NOT_DUE = 'INVOICE_NOT_DUE',
  PAYMENTS_NOT_CONFIGURED = 'PAYMENTS_NOT_CONFIGURED',
}

export class PlatformBillingException extends HttpException {
  constructor(code: string, message: string, status: HttpStatus, field?: string) {
    super({ statusCode: status, message, code, ...(field ? { fields: [{ field, message }] } : {}) }, status);
  }
}

export const packageNotFound = () =>
  new PlatformBillingException(
    PlatformBillingErrorCode.PACKAGE_NOT_FOUND,
    'Package not found',
    HttpStatus.NOT_FOUND,
  );
export const cycleNotFound = () =>
  new PlatformBillingException(
    PlatformBillingErrorCode.CYCLE_NOT_FOUND,
    'Cycle not found',
    HttpStatus.NOT_FOUND,
  );
export const cycleMonthsTaken = (months: number) =>
  new PlatformBillingException(
    PlatformBillingErrorCode.CYCLE_MONTHS_TAKEN,
    `There is already a ${months}-month cycle`,
    HttpStatus.CONFLICT,
    'months',
  );
export const invoiceNotFound = () =>
  new PlatformBillingException(
    PlatformBillingErrorCode.INVOICE_NOT_FOUND,
    'Invoice not found',
    HttpStatus.NOT_FOUND,
  );
export const invoiceNotDue = (status: string) =>
  new PlatformBillingException(
    PlatformBillingErrorCode.INVOICE_NOT_DUE,
    `Only a due invoice can be cancelled; this one is ${status}`,
    HttpStatus.CONFLICT,
  );
export const paymentsNotConfigured = () =>
  new PlatformBillingException(
    PlatformBillingErrorCode.PAYMENTS_NOT_CONFIGURED,
    BILLING_MESSAGES.paymentsNotConfigured,
    HttpStatus.SERVICE_UNAVAILABLE,
  );

const REFUND_STATUS: Readonly<Record<RefundErrorCode, HttpStatus>> = {
  [RefundErrorCode.PAYMENT_NOT_FOUND]: HttpStatus.NOT_FOUND,
  [RefundErrorCode.PAYMENT_NOT_REFUNDABLE]: HttpStatus.CONFLICT,
  [RefundErrorCode.PAYMENT_ALREADY_REFUNDED]: HttpStatus.CONFLICT,
  // bKash said no, or said nothing and shows no refund: its answer, not ours.
  [RefundErrorCode.REFUND_FAILED]: HttpStatus.BAD_GATEWAY,
};

/** A refund's refusal as the API answers it (bKash's code and message are in the message). */
export const refundHttpError = (error: RefundError) =>
  new PlatformBillingException(error.code, error.message, REFUND_STATUS[error.code]);
