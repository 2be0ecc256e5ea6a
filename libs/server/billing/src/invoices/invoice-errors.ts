/** Why an invoice could not be issued; the API answers each with a 400 or 404 naming `field`. */
export enum InvoiceErrorCode {
  PACKAGE_NOT_FOUND = 'PACKAGE_NOT_FOUND',
  PACKAGE_WRONG_KIND = 'PACKAGE_WRONG_KIND',
  CYCLE_NOT_FOUND = 'CYCLE_NOT_FOUND',
  TARGET_NOT_FOUND = 'TARGET_NOT_FOUND',
}

export class InvoiceError extends Error {
  constructor(
    readonly code: InvoiceErrorCode,
    /** The request field at fault: packageId, cycleId or targetId. */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvoiceError';
  }
}
