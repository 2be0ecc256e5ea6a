/** Why a payment could not be started or a callback not handled; the API maps each to its answer. */
export enum SettlementErrorCode {
  INVOICE_NOT_FOUND = 'INVOICE_NOT_FOUND',
  INVOICE_ALREADY_PAID = 'INVOICE_ALREADY_PAID',
  INVOICE_CANCELLED = 'INVOICE_CANCELLED',
  /** bKash answered create with an error (its statusMessage is kept). */
  BKASH_REFUSED = 'BKASH_REFUSED',
  /** bKash did not answer create in time, or answered something unusable. */
  BKASH_UNAVAILABLE = 'BKASH_UNAVAILABLE',
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
}

export class SettlementError extends Error {
  constructor(
    readonly code: SettlementErrorCode,
    message: string,
    /** bKash's own statusCode / statusMessage, when it gave them. */
    readonly bkashStatusCode: string | null = null,
    readonly bkashStatusMessage: string | null = null,
  ) {
    super(message);
    this.name = 'SettlementError';
  }
}
