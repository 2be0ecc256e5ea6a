/**
 * bKash's error codes (developer.bka.sh/docs/error-codes.md, INTEGRATIONS §1.4) and the one error type the
 * client throws. Tokenized checkout answers most failures with HTTP 200 and a `statusCode` other than
 * '0000' (older APIs: `errorCode`/`errorMessage`); the API gateway answers a top-level `message`.
 */

/** What the console does about a code. */
export type BkashErrorAction =
  /** The payment may exist or be done already: query it and apply what bKash says. */
  | 'query'
  /** bKash is down for maintenance: keep the invoice unpaid and try later. */
  | 'retry-later'
  /** Our merchant credentials or settings are wrong: alert the operator, never retry. */
  | 'config'
  /** We sent something bKash does not take: a bug on our side, fail without retrying. */
  | 'bug'
  /** The customer's wallet or bKash refused (balance, PIN, limits): the attempt failed, they may try again. */
  | 'customer'
  /** The attempt failed for another reason. */
  | 'failed';

export interface BkashErrorCode {
  message: string;
  action: BkashErrorAction;
}

/** Codes after which a payment must be queried, not given up on (2062/2117: already paid, idempotently). */
export const BKASH_QUERY_CODES: ReadonlySet<string> = new Set([
  '2029',
  '2056',
  '2062',
  '2068',
  '2069',
  '2117',
]);
/** "Already completed": the idempotent success path of a repeated execute. */
export const BKASH_ALREADY_COMPLETED_CODES: ReadonlySet<string> = new Set(['2062', '2068', '2117']);
export const BKASH_RETRY_LATER_CODES: ReadonlySet<string> = new Set(['503']);
export const BKASH_CONFIG_CODES: ReadonlySet<string> = new Set(['2001', '2048', '2049']);
export const BKASH_BUG_CODES: ReadonlySet<string> = new Set([
  '2006',
  '2007',
  '2008',
  '2025',
  '2031',
  '2063',
  '2065',
  '2118',
]);
export const BKASH_CUSTOMER_CODES: ReadonlySet<string> = new Set([
  '2009',
  '2010',
  '2011',
  '2013',
  '2014',
  '2015',
  '2016',
  '2017',
  '2018',
  '2019',
  '2023',
  '2037',
  '2038',
  '2043',
  '2044',
  '2045',
  '2046',
  '2057',
  '2058',
  '2059',
]);

/** bKash's messages, verbatim (including its spelling). */
const MESSAGES: Readonly<Record<string, string>> = {
  '2001': 'Invalid App Key',
  '2002': 'Invalid Payment ID',
  '2003': 'Process failed',
  '2004': 'Invalid firstPaymentDate',
  '2005': 'Invalid frequency',
  '2006': 'Invalid amount',
  '2007': 'Invalid currency',
  '2008': 'Invalid intent',
  '2009': 'Invalid Wallet',
  '2010': 'Invalid OTP',
  '2011': 'Invalid PIN',
  '2012': 'Invalid Receiver MSISDN',
  '2013': 'Resend Limit Exceeded',
  '2014': 'Wrong PIN',
  '2015': 'Wrong PIN count exceeded',
  '2016': 'Wrong verification code',
  '2017': 'Wrong verification limit exceeded',
  '2018': 'OTP verification time expired',
  '2019': 'PIN verification time expired',
  '2020': 'Exception Occurred',
  '2021': 'Invalid Mandate ID',
  '2022': 'The mandate does not exist',
  '2023': 'Insufficient Balance',
  '2024': 'Exception occurred',
  '2025': 'Invalid request body',
  '2026': 'The reversal amount cannot be greater than the original transaction amount',
  '2027':
    'The mandate corresponding to the payer reference number already exists and cannot be created again',
  '2028': 'Reverse failed because the transaction serial number does not exist',
  '2029': 'Duplicate for all transactions',
  '2030': 'Invalid mandate request type',
  '2031': 'Invalid merchant invoice number',
  '2032': 'Invalid transfer type',
  '2033': 'Transaction not found',
  '2034': 'The transaction cannot be reversed because the original transaction has been reversed',
  '2035': 'Reverse failed because the initiator has no permission to reverse the transaction',
  '2036': 'The direct debit mandate is not in Active state',
  '2037': 'The account of the debit party is in a state which prohibits execution of this transaction',
  '2038': 'Debit party identity tag prohibits execution of this transaction',
  '2039': 'The account of the credit party is in a state which prohibits execution of this transaction',
  '2040': 'Credit party identity tag prohibits execution of this transaction',
  '2041': 'Credit party identity is in a state which does not support the current service',
  '2042': 'Reverse failed because the initiator has no permission to reverse the transaction.',
  '2043': 'The security credential of the subscriber is incorrect.',
  '2044':
    'Identity has not subscribed to a product that contains the expected service or the identity is not in Active status.',
  '2045': 'The MSISDN of the customer does not exist.',
  '2046': 'Identity has not subscribed to a product that contains requested service.',
  '2047': 'TLV Data Format Error',
  '2048': 'Invalid Payer Reference',
  '2049': 'Invalid Merchant Callback URL',
  '2050': 'Agreement already exists between payer and merchant',
  '2051': 'Invalid Agreement ID',
  '2052': 'Agreement is in incomplete state',
  '2053': 'Agreement has already been cancelled',
  '2054': "Agreement execution pre-requisite hasn't been met",
  '2055': 'Invalid Agreement State',
  '2056': 'Invalid Payment State',
  '2057': 'Not a bKash Account',
  '2058': 'Not a Customer Wallet',
  '2059': 'Multiple OTP request for a single session denied',
  '2060': "Payment execution pre-requisite hasn't been met",
  '2061': 'This action can only be performed by the agreement or payment initiator party',
  '2062': 'The payment has already been completed',
  '2063': 'Mode is not valid as per request data',
  '2064': 'This product mode currently unavailable',
  '2065': 'Mendatory field missing',
  '2066': 'Agreement is not shared with other merchant',
  '2067': 'Invalid permission',
  '2068': 'Transaction has already been completed',
  '2069': 'Transaction has already been cancelled',
  '2116': 'The agreement execution has already been completed',
  '2117': 'The payment execution has already been completed',
  '2118': 'The Platform value is invalid',
  '2119': 'The authorized payment has already been processed',
  '503': 'System is undergoing maintenance. Please try again later',
};

/** What to do about a code; unknown codes are plain failures. */
export function bkashErrorAction(code: string): BkashErrorAction {
  if (BKASH_QUERY_CODES.has(code)) return 'query';
  if (BKASH_RETRY_LATER_CODES.has(code)) return 'retry-later';
  if (BKASH_CONFIG_CODES.has(code)) return 'config';
  if (BKASH_BUG_CODES.has(code)) return 'bug';
  if (BKASH_CUSTOMER_CODES.has(code)) return 'customer';
  return 'failed';
}

/** Every code bKash documents, with its message and action. */
export const BKASH_ERROR_CODES: Readonly<Record<string, BkashErrorCode>> = Object.fromEntries(
  Object.entries(MESSAGES).map(([code, message]) => [code, { message, action: bkashErrorAction(code) }]),
);

/** bKash's own message for a code, if it documents one. */
export function bkashErrorMessage(code: string): string | undefined {
  return MESSAGES[code];
}

/** The client's calls, as errors name them. */
export type BkashOperation =
  'grant' | 'refresh' | 'create' | 'execute' | 'query' | 'search' | 'refund' | 'refundStatus';

const OPERATION_NAMES: Readonly<Record<BkashOperation, string>> = {
  grant: 'token grant',
  refresh: 'token refresh',
  create: 'create payment',
  execute: 'execute payment',
  query: 'query payment',
  search: 'search transaction',
  refund: 'refund',
  refundStatus: 'refund status',
};

export type BkashErrorKind =
  /** No answer within the timeout: the request may or may not have been processed. */
  | 'timeout'
  /** The connection failed: refused before sending (`requestSent` false) or dropped after. */
  | 'network'
  /** An HTTP error status without a bKash error body, or an answer that could not be read. */
  | 'http'
  /** HTTP 401 or the gateway's `{"message": …}`: the token or credentials were refused. */
  | 'unauthorized'
  /** bKash answered with a `statusCode`/`errorCode` other than '0000'. */
  | 'rejected';

export interface BkashErrorDetails {
  operation: BkashOperation;
  statusCode?: string;
  statusMessage?: string;
  httpStatus?: number;
  /** For 'network': false when the connection was refused, so bKash cannot have seen the request. */
  requestSent?: boolean;
}

/**
 * A failed bKash call. Its message names the operation and bKash's code and message; it never carries
 * credentials or tokens.
 */
export class BkashError extends Error {
  readonly kind: BkashErrorKind;
  readonly operation: BkashOperation;
  /** bKash's `statusCode` (or `errorCode`), e.g. '2023'. */
  readonly statusCode?: string;
  readonly statusMessage?: string;
  readonly httpStatus?: number;
  readonly requestSent: boolean;

  constructor(kind: BkashErrorKind, details: BkashErrorDetails, message?: string) {
    super(message ?? BkashError.describe(kind, details));
    this.name = 'BkashError';
    this.kind = kind;
    this.operation = details.operation;
    this.statusCode = details.statusCode;
    this.statusMessage = details.statusMessage;
    this.httpStatus = details.httpStatus;
    this.requestSent = details.requestSent ?? true;
  }

  /**
   * True when bKash may have acted on the request (or answered "already done"), so the payment must be
   * queried and its state applied rather than the attempt failed: timeouts, connections dropped after
   * sending, 5xx and unreadable answers, a refused token, and the codes in `BKASH_QUERY_CODES`.
   */
  get shouldQuery(): boolean {
    switch (this.kind) {
      case 'timeout':
      case 'unauthorized':
        return true;
      case 'network':
        return this.requestSent;
      case 'http':
        return this.httpStatus === undefined || this.httpStatus < 400 || this.httpStatus >= 500;
      case 'rejected':
        return this.statusCode !== undefined && BKASH_QUERY_CODES.has(this.statusCode);
    }
  }

  /** bKash said the payment is already completed (2062, 2068, 2117): query for its trxID, then mark it paid once. */
  get alreadyCompleted(): boolean {
    return (
      this.kind === 'rejected' &&
      this.statusCode !== undefined &&
      BKASH_ALREADY_COMPLETED_CODES.has(this.statusCode)
    );
  }

  /** Worth trying again later (maintenance, 5xx, timeouts, network); the payment is queried first when `shouldQuery`. */
  get retryLater(): boolean {
    if (this.kind === 'rejected')
      return this.statusCode !== undefined && BKASH_RETRY_LATER_CODES.has(this.statusCode);
    if (this.kind === 'http') return this.httpStatus === undefined || this.httpStatus >= 500;
    return this.kind === 'timeout' || this.kind === 'network';
  }

  /** The merchant credentials or settings are wrong: the operator has to fix them. */
  get configError(): boolean {
    if (this.kind === 'unauthorized') return this.operation === 'grant' || this.operation === 'refresh';
    return (
      this.kind === 'rejected' && this.statusCode !== undefined && BKASH_CONFIG_CODES.has(this.statusCode)
    );
  }

  /** What to do, for codes and failures alike. */
  get action(): BkashErrorAction {
    if (this.kind === 'rejected' && this.statusCode !== undefined) return bkashErrorAction(this.statusCode);
    if (this.configError) return 'config';
    if (this.shouldQuery) return 'query';
    if (this.retryLater) return 'retry-later';
    return 'failed';
  }

  private static describe(kind: BkashErrorKind, d: BkashErrorDetails): string {
    const op = `bKash ${OPERATION_NAMES[d.operation]}`;
    const said = [d.statusCode, d.statusMessage].filter(Boolean).join(' ');
    switch (kind) {
      case 'timeout':
        return `${op} got no answer in time`;
      case 'network':
        return d.requestSent === false
          ? `${op} could not connect to bKash`
          : `${op} lost its connection to bKash`;
      case 'http':
        return `${op} failed with HTTP ${d.httpStatus ?? '?'}${said ? `: ${said}` : ''}`;
      case 'unauthorized':
        return `${op} was refused as unauthorized${said ? `: ${said}` : ''}`;
      case 'rejected':
        return `${op} was rejected: ${said || 'no status'}`;
    }
  }
}

/** A request our side refused to send (a bug or bad input, never bKash's answer). */
export class BkashRequestError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`bKash request not sent: ${field} ${message}`);
    this.name = 'BkashRequestError';
  }
}
