import { readBkashAnswer, bkashFailure, type BkashBody } from './bkash-answer';
import { BkashError, BkashRequestError, type BkashOperation } from './bkash-errors';
import type {
  BkashApi,
  BkashCreateRequest,
  BkashCreateResponse,
  BkashMerchantConfig,
  BkashPaymentStatus,
  BkashRefundRequest,
  BkashRefundResponse,
  BkashStoredToken,
  BkashTokenResponse,
  BkashTokenStore,
} from './bkash-types';

export interface BkashClientOptions {
  /** Create, query, search, refund and the token calls. */
  timeoutMs: number;
  /** Execute only: after it a query decides (INTEGRATIONS §1.3). */
  executeTimeoutMs: number;
  fetch?: typeof fetch;
  /** The clock token expiry is judged by (epoch ms). */
  now?: () => number;
  /** How long one renewer holds the lock; 2 × timeoutMs + 1 s unless given (a refresh, then maybe a grant). */
  renewLockTtlMs?: number;
  /** How often a caller waiting for someone else's renewal looks at the store. */
  renewPollMs?: number;
}

/** The id_token is used until this many seconds before bKash says it expires. */
export const BKASH_TOKEN_MARGIN_SECONDS = 300;
/** bKash does not say how long a refresh token lives: it is trusted for a day, then a grant is made. */
export const BKASH_REFRESH_TOKEN_TRUST_MS = 24 * 60 * 60 * 1000;
/** bKash's documented id_token lifetime, assumed when an answer's `expires_in` is unusable. */
const DEFAULT_EXPIRES_IN_SECONDS = 3600;
const DEFAULT_RENEW_POLL_MS = 50;

const TEXT_LIMIT = 255;
const MARKUP = /[<>&]/;
/** Taka with at most two decimals, no sign or exponent: '500', '500.5', '500.00'. */
const AMOUNT = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

function requireText(field: string, value: unknown, { markupAllowed = false } = {}): void {
  if (typeof value !== 'string' || value.trim() === '') throw new BkashRequestError(field, 'is required');
  if (value.length > TEXT_LIMIT)
    throw new BkashRequestError(field, `must be at most ${TEXT_LIMIT} characters`);
  if (!markupAllowed && MARKUP.test(value)) throw new BkashRequestError(field, 'must not contain <, > or &');
}

/** Refuses what bKash would refuse anyway (or worse, accept), before anything is sent. */
export function validateBkashAmount(field: string, amount: unknown): void {
  if (typeof amount !== 'string' || !AMOUNT.test(amount))
    throw new BkashRequestError(field, 'must be taka as a string with at most two decimals, e.g. "500.00"');
  if (Number(amount) <= 0) throw new BkashRequestError(field, 'must be more than zero');
}

export function validateBkashCreate(req: Omit<BkashCreateRequest, 'mode' | 'currency' | 'intent'>): void {
  requireText('merchantInvoiceNumber', req.merchantInvoiceNumber);
  requireText('payerReference', req.payerReference);
  validateBkashAmount('amount', req.amount);
  let callback: URL | null = null;
  try {
    callback = new URL(req.callbackURL);
  } catch {
    callback = null;
  }
  if (!callback || (callback.protocol !== 'https:' && callback.protocol !== 'http:'))
    throw new BkashRequestError('callbackURL', 'must be an http(s) URL');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * bKash tokenized checkout over HTTP for one merchant credential set. The id_token is cached in the
 * shared store and renewed by one caller at a time across every process (the store's renew lock); bKash
 * blocks merchants who ask for tokens too often. Failures are `BkashError`s; nothing is logged here.
 */
export class BkashClient implements BkashApi {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly renewLockTtlMs: number;
  private readonly renewPollMs: number;
  /** This process's renewal in flight: concurrent callers share it. */
  private renewing: Promise<string> | null = null;
  /** An id_token bKash refused: not used again even while the store still holds it. */
  private rejectedIdToken: string | null = null;

  constructor(
    private readonly config: BkashMerchantConfig,
    private readonly store: BkashTokenStore,
    private readonly options: BkashClientOptions,
  ) {
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.renewLockTtlMs = options.renewLockTtlMs ?? options.timeoutMs * 2 + 1000;
    this.renewPollMs = options.renewPollMs ?? DEFAULT_RENEW_POLL_MS;
  }

  get merchantId(): string {
    return this.config.merchantId;
  }

  /** Mode 0011 (checkout URL), BDT, sale. Redirect the customer to the answer's `bkashURL`. */
  async createPayment(
    req: Omit<BkashCreateRequest, 'mode' | 'currency' | 'intent'>,
  ): Promise<BkashCreateResponse> {
    validateBkashCreate(req);
    const body: BkashCreateRequest = {
      mode: '0011',
      payerReference: req.payerReference,
      callbackURL: req.callbackURL,
      amount: req.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: req.merchantInvoiceNumber,
    };
    const answer = await this.call('create', 'create', body, ['paymentID', 'bkashURL']);
    return answer as unknown as BkashCreateResponse;
  }

  /**
   * Executes an approved payment, with `executeTimeoutMs`. Never retried here, not even after a refused
   * token: when the error's `shouldQuery` is true the caller queries the payment instead.
   */
  async executePayment(paymentID: string): Promise<BkashPaymentStatus> {
    requireText('paymentID', paymentID);
    const answer = await this.call('execute', 'execute', { paymentID }, ['paymentID']);
    return answer as unknown as BkashPaymentStatus;
  }

  async queryPayment(paymentID: string): Promise<BkashPaymentStatus> {
    requireText('paymentID', paymentID);
    const answer = await this.call('query', 'payment/status', { paymentID }, ['paymentID']);
    return answer as unknown as BkashPaymentStatus;
  }

  async searchTransaction(trxID: string): Promise<Record<string, unknown>> {
    requireText('trxID', trxID);
    return this.call('search', 'general/searchTransaction', { trxID }, []);
  }

  /** v1.2.0-beta refund (`payment/refund` with an amount). Succeeds only with a `refundTrxID`. */
  async refund(req: BkashRefundRequest): Promise<BkashRefundResponse> {
    requireText('paymentID', req.paymentID);
    requireText('trxID', req.trxID);
    validateBkashAmount('amount', req.amount);
    requireText('sku', req.sku);
    requireText('reason', req.reason);
    const body = {
      paymentID: req.paymentID,
      amount: req.amount,
      trxID: req.trxID,
      sku: req.sku,
      reason: req.reason,
    };
    const answer = await this.call('refund', 'payment/refund', body, ['refundTrxID']);
    return answer as unknown as BkashRefundResponse;
  }

  /** The same path without an amount: the refund's status. */
  async refundStatus(paymentID: string, trxID: string): Promise<BkashRefundResponse> {
    requireText('paymentID', paymentID);
    requireText('trxID', trxID);
    const answer = await this.call('refundStatus', 'payment/refund', { paymentID, trxID }, []);
    return answer as unknown as BkashRefundResponse;
  }

  /** A usable id_token: the cached one, or a new one (refresh, else grant) under the shared renew lock. */
  async idToken(): Promise<string> {
    const cached = await this.store.get(this.config.merchantId);
    if (this.usable(cached)) return cached.idToken;
    return this.renew();
  }

  /** An authenticated call; after a refused token, one retry with a new token (never for execute). */
  private async call(
    operation: BkashOperation,
    path: string,
    body: object,
    required: readonly string[],
  ): Promise<BkashBody> {
    const timeoutMs = operation === 'execute' ? this.options.executeTimeoutMs : this.options.timeoutMs;
    const token = await this.idToken();
    try {
      return await this.post(operation, path, body, this.authHeaders(token), timeoutMs, required);
    } catch (error) {
      if (!(error instanceof BkashError) || error.kind !== 'unauthorized') throw error;
      this.rejectedIdToken = token;
      if (operation === 'execute') throw error;
      const fresh = await this.renew();
      return this.post(operation, path, body, this.authHeaders(fresh), timeoutMs, required);
    }
  }

  private usable(token: BkashStoredToken | null): token is BkashStoredToken {
    return !!token && token.expiresAt > this.now() && token.idToken !== this.rejectedIdToken;
  }

  private renew(): Promise<string> {
    this.renewing ??= this.renewUnderLock().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  /** Only the lock holder asks bKash; everyone else waits for the token it stores. */
  private async renewUnderLock(): Promise<string> {
    const { merchantId } = this.config;
    const deadline = Date.now() + this.renewLockTtlMs + this.options.timeoutMs;
    for (;;) {
      if (await this.store.acquireRenewLock(merchantId, this.renewLockTtlMs)) {
        try {
          // Someone may have renewed between our read and our lock.
          const current = await this.store.get(merchantId);
          if (this.usable(current)) return current.idToken;
          const fresh = await this.obtain(current);
          await this.store.set(merchantId, fresh);
          this.rejectedIdToken = null;
          return fresh.idToken;
        } finally {
          // A lock that cannot be released expires by itself.
          await this.store.releaseRenewLock(merchantId).catch(() => undefined);
        }
      }
      await sleep(this.renewPollMs);
      const current = await this.store.get(merchantId);
      if (this.usable(current)) return current.idToken;
      if (Date.now() > deadline)
        throw new BkashError(
          'timeout',
          { operation: 'grant' },
          'bKash token grant: gave up waiting for another process renewing the token',
        );
    }
  }

  /** Refresh while the refresh token is trusted and the id_token was not refused; else grant. */
  private async obtain(current: BkashStoredToken | null): Promise<BkashStoredToken> {
    const now = this.now();
    if (current?.refreshToken && current.idToken !== this.rejectedIdToken && current.refreshExpiresAt > now) {
      try {
        const answer = await this.post(
          'refresh',
          'token/refresh',
          {
            app_key: this.config.appKey,
            app_secret: this.config.appSecret,
            refresh_token: current.refreshToken,
          },
          this.grantHeaders(),
          this.options.timeoutMs,
          ['id_token'],
          [current.refreshToken],
        );
        const token = tokenResponse(answer);
        const sameRefresh = !token.refresh_token || token.refresh_token === current.refreshToken;
        return this.stored(token, sameRefresh ? current : null);
      } catch (error) {
        // A refused refresh token is replaced by a grant; an outage is not retried with another call.
        if (!(error instanceof BkashError) || (error.kind !== 'rejected' && error.kind !== 'unauthorized'))
          throw error;
      }
    }
    const answer = await this.post(
      'grant',
      'token/grant',
      { app_key: this.config.appKey, app_secret: this.config.appSecret },
      this.grantHeaders(),
      this.options.timeoutMs,
      ['id_token'],
    );
    return this.stored(tokenResponse(answer), null);
  }

  private stored(token: BkashTokenResponse, keepRefreshOf: BkashStoredToken | null): BkashStoredToken {
    const now = this.now();
    const expiresIn =
      Number.isFinite(token.expires_in) && token.expires_in > 0
        ? token.expires_in
        : DEFAULT_EXPIRES_IN_SECONDS;
    const usableFor = Math.max(expiresIn - BKASH_TOKEN_MARGIN_SECONDS, expiresIn / 2);
    return {
      idToken: token.id_token,
      refreshToken: keepRefreshOf ? keepRefreshOf.refreshToken : token.refresh_token,
      expiresAt: now + usableFor * 1000,
      refreshExpiresAt: keepRefreshOf ? keepRefreshOf.refreshExpiresAt : now + BKASH_REFRESH_TOKEN_TRUST_MS,
    };
  }

  private grantHeaders(): Record<string, string> {
    return {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      username: this.config.username,
      password: this.config.password,
    };
  }

  private authHeaders(idToken: string): Record<string, string> {
    return {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      authorization: idToken,
      'x-app-key': this.config.appKey,
    };
  }

  private url(path: string): string {
    return `${this.config.baseUrl.replace(/\/*$/, '/')}${path}`;
  }

  private async post(
    operation: BkashOperation,
    path: string,
    body: object,
    headers: Record<string, string>,
    timeoutMs: number,
    required: readonly string[],
    extraSecrets: readonly string[] = [],
  ): Promise<BkashBody> {
    let status: number;
    let text: string;
    try {
      const res = await this.fetchImpl(this.url(path), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      throw bkashFailure(operation, error);
    }
    const secrets = [
      this.config.password,
      this.config.appSecret,
      this.config.appKey,
      ...(headers.authorization ? [headers.authorization] : []),
      ...extraSecrets,
    ];
    return readBkashAnswer(operation, status, text, { required, secrets });
  }
}

function tokenResponse(body: BkashBody): BkashTokenResponse {
  return {
    statusCode: typeof body.statusCode === 'string' ? body.statusCode : '0000',
    statusMessage: typeof body.statusMessage === 'string' ? body.statusMessage : 'Successful',
    id_token: String(body.id_token),
    token_type: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
    expires_in: Number(body.expires_in),
    refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : '',
  };
}
