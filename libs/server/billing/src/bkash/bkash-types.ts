/**
 * bKash Tokenized Checkout (URL-based, mode 0011), as bKash's own WooCommerce plugin calls it
 * (INTEGRATIONS §1.3). Bodies are bKash's field names verbatim; amounts are strings with two decimals.
 */

/** One merchant credential set. `merchantId` keys the token cache (one day an ISP may be its own merchant). */
export interface BkashMerchantConfig {
  merchantId: string;
  /** e.g. `https://tokenized.pay.bka.sh/v1.2.0-beta/tokenized/checkout/` (trailing slash optional). */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
}

export interface BkashTokenResponse {
  statusCode: string;
  statusMessage: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}

export interface BkashCreateRequest {
  mode: '0011';
  payerReference: string;
  callbackURL: string;
  amount: string;
  currency: 'BDT';
  intent: 'sale';
  merchantInvoiceNumber: string;
}

export interface BkashCreateResponse {
  statusCode: string;
  statusMessage: string;
  paymentID: string;
  bkashURL: string;
  callbackURL?: string;
  successCallbackURL?: string;
  failureCallbackURL?: string;
  cancelledCallbackURL?: string;
  amount: string;
  intent?: string;
  currency?: string;
  paymentCreateTime?: string;
  transactionStatus: string;
  merchantInvoiceNumber: string;
}

/** Execute and query answer with the same core fields. */
export interface BkashPaymentStatus {
  statusCode: string;
  statusMessage: string;
  paymentID: string;
  trxID?: string;
  amount?: string;
  currency?: string;
  intent?: string;
  /** 'Initiated' | 'Completed' | 'Authorized' | 'Cancelled' | 'Failed' | 'Expired' … */
  transactionStatus?: string;
  merchantInvoiceNumber?: string;
  payerReference?: string;
  customerMsisdn?: string;
  paymentExecuteTime?: string;
}

export interface BkashRefundRequest {
  paymentID: string;
  trxID: string;
  amount: string;
  sku: string;
  reason: string;
}

export interface BkashRefundResponse {
  statusCode: string;
  statusMessage: string;
  originalTrxID?: string;
  refundTrxID?: string;
  transactionStatus?: string;
  amount?: string;
  currency?: string;
  completedTime?: string;
}

/**
 * Where a merchant's id_token lives between calls (Redis in production: every API and worker process shares
 * it). `acquireRenewLock` is the single-flight guard: only the holder calls grant/refresh, the others wait
 * for the stored token.
 */
export interface BkashTokenStore {
  get(merchantId: string): Promise<BkashStoredToken | null>;
  set(merchantId: string, token: BkashStoredToken): Promise<void>;
  /** Resolves true when this caller holds the renew lock (for at most `ttlMs`), false if another holds it. */
  acquireRenewLock(merchantId: string, ttlMs: number): Promise<boolean>;
  releaseRenewLock(merchantId: string): Promise<void>;
}

export interface BkashStoredToken {
  idToken: string;
  refreshToken: string;
  /** Epoch ms after which id_token must not be used (expires_in minus a safety margin). */
  expiresAt: number;
  /** Epoch ms after which the refresh token is not trusted (unknown lifetime: kept conservative). */
  refreshExpiresAt: number;
}

/** What our code needs from bKash; `BkashClient` implements it over HTTP. */
export interface BkashApi {
  readonly merchantId: string;
  createPayment(req: Omit<BkashCreateRequest, 'mode' | 'currency' | 'intent'>): Promise<BkashCreateResponse>;
  executePayment(paymentID: string): Promise<BkashPaymentStatus>;
  queryPayment(paymentID: string): Promise<BkashPaymentStatus>;
  searchTransaction(trxID: string): Promise<Record<string, unknown>>;
  refund(req: BkashRefundRequest): Promise<BkashRefundResponse>;
  refundStatus(paymentID: string, trxID: string): Promise<BkashRefundResponse>;
}
