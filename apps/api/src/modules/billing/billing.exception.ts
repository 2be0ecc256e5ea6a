import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { BILLING_MESSAGES, type BillingTargetType } from '@pondesk/contracts';
import {
  InvoiceError,
  InvoiceErrorCode,
  SettlementError,
  SettlementErrorCode,
} from '@pondesk/server-billing';

export enum BillingErrorCode {
  INVOICE_NOT_FOUND = 'INVOICE_NOT_FOUND',
  INVOICE_ALREADY_PAID = 'INVOICE_ALREADY_PAID',
  INVOICE_CANCELLED = 'INVOICE_CANCELLED',
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
  /** The package is not offered (inactive or unknown), or not of the target's kind. */
  PACKAGE_NOT_FOUND = 'PACKAGE_NOT_FOUND',
  PACKAGE_WRONG_KIND = 'PACKAGE_WRONG_KIND',
  CYCLE_NOT_FOUND = 'CYCLE_NOT_FOUND',
  /** The OLT or switch is not one of the tenant's (or an OLT the user may not see). */
  TARGET_NOT_FOUND = 'TARGET_NOT_FOUND',
  /** The role may not bill this kind of device (an OLT needs 2001 or 2006, a switch 2001 or 2004). */
  TARGET_KIND_FORBIDDEN = 'TARGET_KIND_FORBIDDEN',
  /** No bKash merchant credentials on this server. */
  PAYMENTS_NOT_CONFIGURED = 'PAYMENTS_NOT_CONFIGURED',
  BKASH_REFUSED = 'BKASH_REFUSED',
  BKASH_UNAVAILABLE = 'BKASH_UNAVAILABLE',
}

function fieldError(field: string, message: string, code: BillingErrorCode): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message,
    code,
    fields: [{ field, message }],
  });
}

export const invoiceNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'Invoice not found',
    code: BillingErrorCode.INVOICE_NOT_FOUND,
  });

export const paymentNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'Payment not found',
    code: BillingErrorCode.PAYMENT_NOT_FOUND,
  });

export const targetNotFound = (targetType: BillingTargetType) => {
  const message = targetType === 'olt' ? 'OLT not found' : 'Switch not found';
  return new NotFoundException({
    statusCode: 404,
    message,
    code: BillingErrorCode.TARGET_NOT_FOUND,
    fields: [{ field: 'targetId', message }],
  });
};

export const targetKindForbidden = (targetType: BillingTargetType) =>
  new ForbiddenException({
    statusCode: 403,
    message:
      targetType === 'olt'
        ? 'Your role may not buy OLT packages (needs permission 2001 or 2006)'
        : 'Your role may not buy switch packages (needs permission 2001 or 2004)',
    code: BillingErrorCode.TARGET_KIND_FORBIDDEN,
  });

export const paymentsNotConfigured = () =>
  new ServiceUnavailableException({
    statusCode: 503,
    message: BILLING_MESSAGES.paymentsNotConfigured,
    code: BillingErrorCode.PAYMENTS_NOT_CONFIGURED,
  });

const INVOICE_ERRORS: Record<InvoiceErrorCode, BillingErrorCode> = {
  [InvoiceErrorCode.PACKAGE_NOT_FOUND]: BillingErrorCode.PACKAGE_NOT_FOUND,
  [InvoiceErrorCode.PACKAGE_WRONG_KIND]: BillingErrorCode.PACKAGE_WRONG_KIND,
  [InvoiceErrorCode.CYCLE_NOT_FOUND]: BillingErrorCode.CYCLE_NOT_FOUND,
  [InvoiceErrorCode.TARGET_NOT_FOUND]: BillingErrorCode.TARGET_NOT_FOUND,
};

/** An invoice the request could not issue: 404 for a device that is not the tenant's, else a 400 naming the field. */
export function invoiceHttpError(error: InvoiceError, targetType: BillingTargetType): HttpException {
  if (error.code === InvoiceErrorCode.TARGET_NOT_FOUND) return targetNotFound(targetType);
  return fieldError(error.field, error.message, INVOICE_ERRORS[error.code]);
}

/** A payment that could not start (or a callback for a payment we do not know). */
export function settlementHttpError(error: SettlementError): HttpException {
  switch (error.code) {
    case SettlementErrorCode.INVOICE_NOT_FOUND:
      return invoiceNotFound();
    case SettlementErrorCode.PAYMENT_NOT_FOUND:
      return paymentNotFound();
    case SettlementErrorCode.INVOICE_ALREADY_PAID:
      return new ConflictException({
        statusCode: 409,
        message: error.message,
        code: BillingErrorCode.INVOICE_ALREADY_PAID,
      });
    case SettlementErrorCode.INVOICE_CANCELLED:
      return new ConflictException({
        statusCode: 409,
        message: error.message,
        code: BillingErrorCode.INVOICE_CANCELLED,
      });
    case SettlementErrorCode.BKASH_REFUSED:
    case SettlementErrorCode.BKASH_UNAVAILABLE:
      return new HttpException(
        {
          statusCode: HttpStatus.BAD_GATEWAY,
          message: error.message,
          code:
            error.code === SettlementErrorCode.BKASH_REFUSED
              ? BillingErrorCode.BKASH_REFUSED
              : BillingErrorCode.BKASH_UNAVAILABLE,
        },
        HttpStatus.BAD_GATEWAY,
      );
  }
}
