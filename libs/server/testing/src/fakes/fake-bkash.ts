import { randomBytes, randomInt } from 'node:crypto';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeServerOptions } from './fake-http-server';

/** The API's path on the fake, as on bKash: `baseUrl` ends in it (plus '/'). */
export const FAKE_BKASH_API_PATH = '/v1.2.0-beta/tokenized/checkout';
/** What the fake puts in every callback's `signature` (bKash's cannot be verified either). */
export const FAKE_BKASH_SIGNATURE = 'FAKESIG123';
const API_VERSION = 'v1.2.0-beta';
const BODY_LIMIT_BYTES = 64 * 1024;
const DEFAULT_WALLET = '01770618575';

/** One merchant credential set the fake knows. */
export interface FakeBkashMerchant {
  username: string;
  password: string;
  appKey: string;
  appSecret: string;
}

/** The credentials the fake takes unless told others (throwaway values, not bKash's sandbox ones). */
export const FAKE_BKASH_MERCHANT: Readonly<FakeBkashMerchant> = {
  username: 'fake-merchant',
  password: 'fake-merchant-password',
  appKey: 'fake-app-key',
  appSecret: 'fake-app-secret',
};

export interface FakeBkashOptions extends FakeServerOptions {
  /** The merchants the fake knows; `FAKE_BKASH_MERCHANT` when absent. */
  merchants?: FakeBkashMerchant[];
  /** The `expires_in` of the tokens it issues (bKash: 3600). */
  tokenLifetimeSeconds?: number;
}

export const FAKE_BKASH_OPERATIONS = [
  'grant',
  'refresh',
  'create',
  'execute',
  'query',
  'search',
  'refund',
  'refundStatus',
] as const;
export type FakeBkashOperation = (typeof FAKE_BKASH_OPERATIONS)[number];

/**
 * What a failed call gets:
 * - `{ http }`: that HTTP status; the body is `{"message":"Unauthorized"}` for 401, bKash's maintenance
 *   body for 503, `{"message":<reason>}` otherwise, unless `body` is given;
 * - `{ statusCode, statusMessage? }`: HTTP 200 with that bKash error (the message defaults to bKash's). On
 *   execute, a code that is not about the payment's state (e.g. 2023) also marks the payment Failed;
 * - `{ hangMs, thenComplete }`: the answer comes `hangMs` late; with `thenComplete` the call takes effect
 *   at once (an execute completes the payment, so a later query shows Completed), without it the
 *   connection is closed after `hangMs` and nothing happened;
 * - `{ dropConnection, thenComplete? }`: the connection is closed unanswered (after taking effect with
 *   `thenComplete`).
 */
export type FakeBkashFault =
  | { http: number; body?: unknown }
  | { statusCode: string; statusMessage?: string }
  | { hangMs: number; thenComplete?: boolean }
  | { dropConnection: true; thenComplete?: boolean };

export type FakeBkashStatus = 'Initiated' | 'Completed' | 'Cancelled' | 'Failed' | 'Expired';
export type FakeBkashOutcome = 'success' | 'failure' | 'cancel';

export interface FakeBkashRefund {
  refundTrxID: string;
  amount: string;
  sku: string;
  reason: string;
  completedTime: string;
}

/** One payment as the fake holds it. */
export interface FakeBkashPayment {
  paymentID: string;
  /** The merchant's app key: payments are per merchant. */
  appKey: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  amount: string;
  currency: string;
  intent: string;
  transactionStatus: FakeBkashStatus;
  /** What the customer chose on the checkout page (or `approve`/`cancel`), null until then. */
  outcome: FakeBkashOutcome | null;
  customerMsisdn: string | null;
  trxID: string | null;
  paymentCreateTime: string;
  paymentExecuteTime: string | null;
  /** When set, execute/query/search answer this amount instead of the real one. */
  answeredAmount: string | null;
  refunds: FakeBkashRefund[];
}

interface Answer {
  status: number;
  body: unknown;
}

interface IssuedToken {
  appKey: string;
  expiresAt: number;
  revoked: boolean;
}

interface ApiCall {
  op: FakeBkashOperation;
  merchant: FakeBkashMerchant;
  body: Record<string, unknown>;
}

/** `POST {origin}/__fake/control`, for a fake in another process: each key present is applied in order. */
export interface FakeBkashControl {
  reset?: boolean;
  failNext?: { op: FakeBkashOperation; count: number; fault: FakeBkashFault };
  failForPayer?: { payerReference: string; op: FakeBkashOperation; fault: FakeBkashFault };
  approve?: string;
  cancel?: string;
  tamperAmount?: { paymentID: string; amount: string };
  revokeTokens?: boolean;
}

const MESSAGES: Readonly<Record<string, string>> = {
  '0000': 'Successful',
  '2001': 'Invalid App Key',
  '2002': 'Invalid Payment ID',
  '2006': 'Invalid amount',
  '2007': 'Invalid currency',
  '2008': 'Invalid intent',
  '2023': 'Insufficient Balance',
  '2025': 'Invalid request body',
  '2026': 'The reversal amount cannot be greater than the original transaction amount',
  '2028': 'Reverse failed because the transaction serial number does not exist',
  '2029': 'Duplicate for all transactions',
  '2031': 'Invalid merchant invoice number',
  '2033': 'Transaction not found',
  '2049': 'Invalid Merchant Callback URL',
  '2056': 'Invalid Payment State',
  '2062': 'The payment has already been completed',
  '2063': 'Mode is not valid as per request data',
  '2065': 'Mendatory field missing',
  '2068': 'Transaction has already been completed',
  '2069': 'Transaction has already been cancelled',
  '2117': 'The payment execution has already been completed',
  '503': 'System is undergoing maintenance. Please try again later',
};
/** Codes about a payment's state: injecting them on execute leaves the payment as it is. */
const STATE_CODES = new Set(['2029', '2056', '2062', '2068', '2069', '2117', '503']);

const AMOUNT = /^\d+(?:\.\d{1,2})?$/;
const WALLET = /^01\d{9}$/;
const UNAUTHORIZED: Answer = { status: 401, body: { message: 'Unauthorized' } };

const bkashError = (code: string, message?: string): Answer => ({
  status: 200,
  body: { statusCode: code, statusMessage: message ?? MESSAGES[code] ?? 'Error' },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Taka string → poisha (the amount is already known to match AMOUNT). */
function poisha(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const taka = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;

/** bKash's time format, in Dhaka time: `2019-08-07T11:12:34:978 GMT+0600`. */
function bkashTime(at: Date): string {
  const dhaka = new Date(at.getTime() + 6 * 60 * 60 * 1000).toISOString();
  return `${dhaka.slice(0, 19)}:${dhaka.slice(20, 23)} GMT+0600`;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const trxId = () => Array.from({ length: 10 }, () => ALNUM[randomInt(ALNUM.length)]).join('');

function withQuery(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > BODY_LIMIT_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * bKash tokenized checkout (v1.2.0-beta, mode 0011) on loopback, for tests and the demo. Speaks the real
 * paths under `/v1.2.0-beta/tokenized/checkout/` (point `BKASH_BASE_URL` at `baseUrl`) and serves a checkout
 * page at `bkashURL` where a person (or Playwright, by `data-testid`) confirms, cancels or fails the
 * payment, which redirects to the merchant's callback URL as bKash does.
 *
 * Tokens: grant and refresh check the `username`/`password` headers (wrong: HTTP 401
 * `{"message":"Unauthorized"}`) and `app_key`/`app_secret` in the body (wrong: `2001 Invalid App Key`); an
 * unknown refresh token is a 401 too. Every other call needs an issued, unexpired, unrevoked id_token in
 * `authorization` and its merchant's `x-app-key`, else HTTP 401 `{"message":"Unauthorized"}`.
 *
 * Codes the fake chooses where bKash's behaviour is not documented: execute of a payment not approved,
 * failed or expired → 2056; cancelled → 2069; done → 2062; unknown paymentID → 2002; refund of a wrong
 * trxID → 2028; refund status with no refund and search of an unknown trxID → 2033.
 */
export class FakeBkash {
  private server: Server | null = null;
  private port = 0;
  private readonly merchants: FakeBkashMerchant[];
  private readonly lifetimeSeconds: number;
  private readonly idTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, IssuedToken>();
  private readonly byId = new Map<string, FakeBkashPayment>();
  private readonly counts = new Map<FakeBkashOperation, number>();
  private readonly nextFaults = new Map<FakeBkashOperation, { left: number; fault: FakeBkashFault }>();
  private readonly payerFaults = new Map<string, Map<FakeBkashOperation, FakeBkashFault>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Payment ids look like bKash's (`TR0011…` + digits) and stay unique across fakes sharing a database. */
  private nextPayment = Date.now() * 1000 + randomInt(1000);

  private constructor(options: FakeBkashOptions) {
    this.merchants = options.merchants?.length ? options.merchants : [{ ...FAKE_BKASH_MERCHANT }];
    this.lifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  }

  static async start(options: FakeBkashOptions = {}): Promise<FakeBkash> {
    const fake = new FakeBkash(options);
    await fake.listen(options.port ?? 0);
    return fake;
  }

  /** `http://127.0.0.1:<port>` */
  get origin(): string {
    if (!this.server) throw new Error('bKash fake is not started');
    return `http://127.0.0.1:${this.port}`;
  }

  /** `http://127.0.0.1:<port>/v1.2.0-beta/tokenized/checkout/`: the merchant config's `baseUrl`. */
  get baseUrl(): string {
    return `${this.origin}${FAKE_BKASH_API_PATH}/`;
  }

  /** The same as `baseUrl` (the other fakes call it `url`). */
  get url(): string {
    return this.baseUrl;
  }

  get grantCount(): number {
    return this.calls('grant');
  }

  get refreshCount(): number {
    return this.calls('refresh');
  }

  /** Requests that reached an operation (failed ones included) since the start or `reset`. */
  calls(op: FakeBkashOperation): number {
    return this.counts.get(op) ?? 0;
  }

  /** Every payment, oldest first (copies). */
  payments(): FakeBkashPayment[] {
    return [...this.byId.values()].map((p) => this.copy(p));
  }

  payment(paymentID: string): FakeBkashPayment | undefined {
    const p = this.byId.get(paymentID);
    return p ? this.copy(p) : undefined;
  }

  /** The next `count` calls of `op` get `fault` (after their token is checked). */
  failNext(op: FakeBkashOperation, count: number, fault: FakeBkashFault): void {
    if (count > 0) this.nextFaults.set(op, { left: count, fault });
    else this.nextFaults.delete(op);
  }

  /** Every call of `op` about a payment of `payerReference` gets `fault`, until `clearFaults` or `reset`. */
  failForPayer(payerReference: string, op: FakeBkashOperation, fault: FakeBkashFault): void {
    const faults = this.payerFaults.get(payerReference) ?? new Map<FakeBkashOperation, FakeBkashFault>();
    faults.set(op, fault);
    this.payerFaults.set(payerReference, faults);
  }

  clearFaults(): void {
    this.nextFaults.clear();
    this.payerFaults.clear();
  }

  /** The customer confirms (as the page's Confirm): execute may complete the payment. */
  approve(paymentID: string, wallet = DEFAULT_WALLET): void {
    this.decide(this.mustFind(paymentID), 'success', wallet);
  }

  cancel(paymentID: string): void {
    this.decide(this.mustFind(paymentID), 'cancel');
  }

  fail(paymentID: string): void {
    this.decide(this.mustFind(paymentID), 'failure');
  }

  /** An unexecuted payment passes its 24 hours: execute refuses it, query says Expired. */
  expire(paymentID: string): void {
    const p = this.mustFind(paymentID);
    if (p.transactionStatus === 'Initiated') p.transactionStatus = 'Expired';
  }

  /** Execute, query and search answer `amount` for this payment (to test the caller's amount check). */
  tamperAmount(paymentID: string, amount: string): void {
    this.mustFind(paymentID).answeredAmount = amount;
  }

  /** Every id_token issued so far stops working (HTTP 401), as after bKash revokes them; refresh tokens too unless `idTokensOnly`. */
  revokeTokens(idTokensOnly = false): void {
    for (const t of this.idTokens.values()) t.revoked = true;
    if (!idTokensOnly) for (const t of this.refreshTokens.values()) t.revoked = true;
  }

  /** Forgets payments, call counts and faults. Issued tokens stay valid, as a cached one would on bKash. */
  reset(): void {
    this.byId.clear();
    this.counts.clear();
    this.clearFaults();
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async listen(port: number): Promise<void> {
    const server = createServer((req, res) => {
      this.onRequest(req, res).catch(() => {
        if (res.headersSent || res.destroyed) res.destroy();
        else this.json(res, { status: 500, body: { message: 'fake failed' } });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  private copy(p: FakeBkashPayment): FakeBkashPayment {
    return { ...p, refunds: p.refunds.map((r) => ({ ...r })) };
  }

  private mustFind(paymentID: string): FakeBkashPayment {
    const p = this.byId.get(paymentID);
    if (!p) throw new Error(`bKash fake has no payment ${paymentID}`);
    return p;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (body === null) return this.json(res, { status: 413, body: { message: 'Request Entity Too Large' } });
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path === '/__fake' || path.startsWith('/__fake/')) return this.inspection(method, path, body, res);
    const pay = /^\/fake-pay\/([^/]+)(\/decide)?\/?$/.exec(path);
    if (pay && method === 'GET') return this.checkout(decodeURIComponent(pay[1]), url.searchParams, res);
    if (path.startsWith(`${FAKE_BKASH_API_PATH}/`) && method === 'POST')
      return this.api(path.slice(FAKE_BKASH_API_PATH.length + 1), req, body, res);
    this.json(res, { status: 404, body: { message: `no such path: ${method} ${path}` } });
  }

  // ---- the API ----

  private async api(route: string, req: IncomingMessage, raw: Buffer, res: ServerResponse): Promise<void> {
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8') || '{}');
      body =
        typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : {};
    } catch {
      body = {};
    }
    const ops: Record<string, FakeBkashOperation> = {
      'token/grant': 'grant',
      'token/refresh': 'refresh',
      create: 'create',
      execute: 'execute',
      'payment/status': 'query',
      'general/searchTransaction': 'search',
      'payment/refund': 'amount' in body ? 'refund' : 'refundStatus',
    };
    const op = ops[route.replace(/\/$/, '')];
    if (!op) return this.json(res, { status: 404, body: { message: `no such path: ${route}` } });
    this.counts.set(op, this.calls(op) + 1);

    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    let merchant: FakeBkashMerchant | undefined;
    if (op === 'grant' || op === 'refresh') {
      merchant = this.merchants.find(
        (m) => m.username === header('username') && m.password === header('password'),
      );
      if (!merchant) return this.json(res, UNAUTHORIZED);
    } else {
      const issued = this.idTokens.get(header('authorization') ?? '');
      merchant = this.merchants.find((m) => m.appKey === header('x-app-key'));
      if (
        !issued ||
        issued.revoked ||
        issued.expiresAt <= Date.now() ||
        !merchant ||
        issued.appKey !== merchant.appKey
      )
        return this.json(res, UNAUTHORIZED);
    }
    const call: ApiCall = { op, merchant, body };

    const fault = this.takeFault(call);
    if (!fault) return this.json(res, this.handle(call));
    if ('http' in fault) {
      const { http } = fault;
      const fallback =
        http === 401
          ? UNAUTHORIZED.body
          : http === 503
            ? { statusCode: '503', statusMessage: MESSAGES['503'] }
            : { message: STATUS_CODES[http] ?? 'Error' };
      return this.json(res, { status: http, body: fault.body ?? fallback });
    }
    if ('statusCode' in fault) {
      if (op === 'execute' && !STATE_CODES.has(fault.statusCode)) {
        const p = this.find(call);
        if (p && p.transactionStatus === 'Initiated') p.transactionStatus = 'Failed';
      }
      return this.json(res, bkashError(fault.statusCode, fault.statusMessage));
    }
    if ('dropConnection' in fault) {
      if (fault.thenComplete) this.handle(call);
      req.socket.destroy();
      return;
    }
    const answer = fault.thenComplete ? this.handle(call) : null;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (res.destroyed || !res.socket || res.socket.destroyed) return;
      if (answer) this.json(res, answer);
      else req.socket.destroy();
    }, fault.hangMs);
    this.timers.add(timer);
  }

  private takeFault(call: ApiCall): FakeBkashFault | undefined {
    const payer = str(call.body.payerReference) ?? this.find(call)?.payerReference;
    const forPayer = payer === undefined ? undefined : this.payerFaults.get(payer)?.get(call.op);
    if (forPayer) return forPayer;
    const next = this.nextFaults.get(call.op);
    if (!next) return undefined;
    if (--next.left <= 0) this.nextFaults.delete(call.op);
    return next.fault;
  }

  /** The call's payment (by paymentID, else by trxID), if it is this merchant's. */
  private find(call: ApiCall): FakeBkashPayment | undefined {
    const paymentID = str(call.body.paymentID);
    const trxID = str(call.body.trxID);
    const p = paymentID
      ? this.byId.get(paymentID)
      : trxID
        ? [...this.byId.values()].find((x) => x.trxID === trxID)
        : undefined;
    return p && p.appKey === call.merchant.appKey ? p : undefined;
  }

  private handle(call: ApiCall): Answer {
    switch (call.op) {
      case 'grant':
      case 'refresh':
        return this.token(call);
      case 'create':
        return this.create(call);
      case 'execute':
        return this.execute(call);
      case 'query':
        return this.query(call);
      case 'search':
        return this.search(call);
      case 'refund':
        return this.refund(call);
      case 'refundStatus':
        return this.refundStatus(call);
    }
  }

  private token({ op, merchant, body }: ApiCall): Answer {
    if (body.app_key !== merchant.appKey || body.app_secret !== merchant.appSecret) return bkashError('2001');
    let refreshToken: string;
    if (op === 'refresh') {
      refreshToken = str(body.refresh_token) ?? '';
      const known = this.refreshTokens.get(refreshToken);
      if (!known || known.revoked || known.appKey !== merchant.appKey) return UNAUTHORIZED;
    } else {
      refreshToken = `fake-refresh-${randomBytes(16).toString('hex')}`;
      this.refreshTokens.set(refreshToken, { appKey: merchant.appKey, expiresAt: Infinity, revoked: false });
    }
    const idToken = `fake-id-${randomBytes(16).toString('hex')}`;
    this.idTokens.set(idToken, {
      appKey: merchant.appKey,
      expiresAt: Date.now() + this.lifetimeSeconds * 1000,
      revoked: false,
    });
    return {
      status: 200,
      body: {
        statusCode: '0000',
        statusMessage: 'Successful',
        id_token: idToken,
        token_type: 'Bearer',
        expires_in: this.lifetimeSeconds,
        refresh_token: refreshToken,
      },
    };
  }

  private create({ merchant, body }: ApiCall): Answer {
    const fields = [
      'mode',
      'payerReference',
      'callbackURL',
      'amount',
      'currency',
      'intent',
      'merchantInvoiceNumber',
    ];
    if (fields.some((f) => !str(body[f]))) return bkashError('2065');
    const b = body as Record<string, string>;
    if (b.mode !== '0011') return bkashError('2063');
    if (b.currency !== 'BDT') return bkashError('2007');
    if (b.intent !== 'sale') return bkashError('2008');
    if (!AMOUNT.test(b.amount) || poisha(b.amount) <= 0) return bkashError('2006');
    if (b.merchantInvoiceNumber.length > 255 || /[<>&]/.test(b.merchantInvoiceNumber))
      return bkashError('2031');
    let callback: URL | null = null;
    try {
      callback = new URL(b.callbackURL);
    } catch {
      callback = null;
    }
    if (!callback || !/^https?:$/.test(callback.protocol)) return bkashError('2049');
    const duplicate = [...this.byId.values()].some(
      (p) => p.appKey === merchant.appKey && p.merchantInvoiceNumber === b.merchantInvoiceNumber,
    );
    if (duplicate) return bkashError('2029');

    const paymentID = `TR0011FAKE${this.nextPayment++}`;
    const payment: FakeBkashPayment = {
      paymentID,
      appKey: merchant.appKey,
      merchantInvoiceNumber: b.merchantInvoiceNumber,
      payerReference: b.payerReference,
      callbackURL: b.callbackURL,
      amount: b.amount,
      currency: 'BDT',
      intent: 'sale',
      transactionStatus: 'Initiated',
      outcome: null,
      customerMsisdn: null,
      trxID: null,
      paymentCreateTime: bkashTime(new Date()),
      paymentExecuteTime: null,
      answeredAmount: null,
      refunds: [],
    };
    this.byId.set(paymentID, payment);
    const callbackFor = (status: string) => withQuery(b.callbackURL, { paymentID, status });
    return {
      status: 200,
      body: {
        statusCode: '0000',
        statusMessage: 'Successful',
        paymentID,
        bkashURL: `${this.origin}/fake-pay/${encodeURIComponent(paymentID)}`,
        callbackURL: b.callbackURL,
        successCallbackURL: callbackFor('success'),
        failureCallbackURL: callbackFor('failure'),
        cancelledCallbackURL: callbackFor('cancel'),
        amount: b.amount,
        intent: 'sale',
        currency: 'BDT',
        paymentCreateTime: payment.paymentCreateTime,
        transactionStatus: 'Initiated',
        merchantInvoiceNumber: b.merchantInvoiceNumber,
      },
    };
  }

  private paymentFields(p: FakeBkashPayment): Record<string, unknown> {
    return {
      paymentID: p.paymentID,
      payerReference: p.payerReference,
      ...(p.transactionStatus === 'Completed'
        ? { customerMsisdn: p.customerMsisdn, trxID: p.trxID, paymentExecuteTime: p.paymentExecuteTime }
        : {}),
      amount: p.answeredAmount ?? p.amount,
      currency: p.currency,
      intent: p.intent,
      merchantInvoiceNumber: p.merchantInvoiceNumber,
    };
  }

  private execute(call: ApiCall): Answer {
    if (!str(call.body.paymentID)) return bkashError('2065');
    const p = this.find(call);
    if (!p) return bkashError('2002');
    if (p.transactionStatus === 'Completed') return bkashError('2062');
    if (p.transactionStatus === 'Cancelled') return bkashError('2069');
    if (p.transactionStatus !== 'Initiated' || p.outcome !== 'success') return bkashError('2056');
    p.transactionStatus = 'Completed';
    p.trxID = trxId();
    p.paymentExecuteTime = bkashTime(new Date());
    return {
      status: 200,
      body: {
        statusCode: '0000',
        statusMessage: 'Successful',
        ...this.paymentFields(p),
        transactionStatus: 'Completed',
      },
    };
  }

  private query(call: ApiCall): Answer {
    if (!str(call.body.paymentID)) return bkashError('2065');
    const p = this.find(call);
    if (!p) return bkashError('2002');
    return {
      status: 200,
      body: {
        statusCode: '0000',
        statusMessage: 'Successful',
        mode: '0011',
        paymentCreateTime: p.paymentCreateTime,
        ...this.paymentFields(p),
        transactionStatus: p.transactionStatus,
        verificationStatus: p.transactionStatus === 'Completed' ? 'Complete' : 'Incomplete',
      },
    };
  }

  private search(call: ApiCall): Answer {
    const trxID = str(call.body.trxID);
    if (!trxID) return bkashError('2065');
    const p = [...this.byId.values()].find((x) => x.appKey === call.merchant.appKey && x.trxID === trxID);
    if (!p) return bkashError('2033');
    return {
      status: 200,
      body: {
        statusCode: '0000',
        statusMessage: 'Successful',
        trxID,
        initiationTime: p.paymentCreateTime,
        completedTime: p.paymentExecuteTime,
        transactionType: 'bKash Tokenized Checkout via API',
        customerMsisdn: p.customerMsisdn,
        transactionStatus: 'Completed',
        amount: p.answeredAmount ?? p.amount,
        currency: 'BDT',
        organizationShortCode: '50022',
        transactionReference: p.merchantInvoiceNumber,
      },
    };
  }

  /** The payment a refund names, or the error to answer. */
  private refunded(call: ApiCall): FakeBkashPayment | Answer {
    const paymentID = str(call.body.paymentID);
    const trxID = str(call.body.trxID);
    if (!paymentID || !trxID) return bkashError('2065');
    const p = this.find(call);
    if (!p) return bkashError('2002');
    if (p.transactionStatus !== 'Completed') return bkashError('2056');
    if (p.trxID !== trxID) return bkashError('2028');
    return p;
  }

  private refundAnswer(p: FakeBkashPayment, r: FakeBkashRefund): Answer {
    return {
      status: 200,
      body: {
        statusCode: '0000',
        statusMessage: 'Successful',
        completedTime: r.completedTime,
        transactionStatus: 'Completed',
        originalTrxID: p.trxID,
        refundTrxID: r.refundTrxID,
        amount: r.amount,
        currency: 'BDT',
        charge: '0.00',
      },
    };
  }

  private refund(call: ApiCall): Answer {
    const found = this.refunded(call);
    if (!('paymentID' in found)) return found;
    const amount = str(call.body.amount);
    const sku = str(call.body.sku);
    const reason = str(call.body.reason);
    if (!amount || !sku || !reason) return bkashError('2065');
    if (!AMOUNT.test(amount) || poisha(amount) <= 0) return bkashError('2006');
    const already = found.refunds.reduce((sum, r) => sum + poisha(r.amount), 0);
    if (poisha(amount) > poisha(found.amount) - already) return bkashError('2026');
    const refund: FakeBkashRefund = {
      refundTrxID: trxId(),
      amount: taka(poisha(amount)),
      sku,
      reason,
      completedTime: bkashTime(new Date()),
    };
    found.refunds.push(refund);
    return this.refundAnswer(found, refund);
  }

  private refundStatus(call: ApiCall): Answer {
    const found = this.refunded(call);
    if (!('paymentID' in found)) return found;
    const last = found.refunds.at(-1);
    return last ? this.refundAnswer(found, last) : bkashError('2033');
  }

  // ---- the checkout page ----

  private decide(p: FakeBkashPayment, outcome: FakeBkashOutcome, wallet?: string): void {
    if (p.outcome !== null || p.transactionStatus !== 'Initiated') return;
    p.outcome = outcome;
    if (outcome === 'success') p.customerMsisdn = wallet && WALLET.test(wallet) ? wallet : DEFAULT_WALLET;
    if (outcome === 'cancel') p.transactionStatus = 'Cancelled';
    if (outcome === 'failure') p.transactionStatus = 'Failed';
  }

  private checkout(paymentID: string, query: URLSearchParams, res: ServerResponse): void {
    const p = this.byId.get(paymentID);
    if (!p)
      return this.html(res, 404, page('Payment not found', `<p>No payment ${escapeHtml(paymentID)}.</p>`));
    const outcome = query.get('outcome');
    if (outcome === null) return this.html(res, 200, this.checkoutPage(p, query.get('wallet')));
    if (outcome !== 'success' && outcome !== 'failure' && outcome !== 'cancel')
      return this.html(res, 400, page('Bad outcome', '<p>outcome must be success, failure or cancel.</p>'));
    this.decide(p, outcome, query.get('wallet') ?? undefined);
    // A replay (back button, double click) is sent where the first decision went.
    const status = p.outcome ?? (p.transactionStatus === 'Expired' ? 'failure' : outcome);
    const location = withQuery(p.callbackURL, {
      paymentID: p.paymentID,
      status,
      signature: FAKE_BKASH_SIGNATURE,
      apiVersion: API_VERSION,
    });
    res.writeHead(302, { location, 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Redirecting to ${location}`);
  }

  private checkoutPage(p: FakeBkashPayment, wallet: string | null): string {
    const amount = `Tk ${taka(poisha(p.amount))}`;
    const details = `<dl><dt>Merchant invoice</dt><dd data-testid="bkash-invoice">${escapeHtml(p.merchantInvoiceNumber)}</dd>
<dt>Amount</dt><dd data-testid="bkash-amount">${escapeHtml(amount)}</dd></dl>`;
    if (p.outcome !== null || p.transactionStatus !== 'Initiated')
      return page(
        'bKash payment',
        `${details}<p data-testid="bkash-state">This payment is ${escapeHtml(
          p.transactionStatus === 'Initiated' ? 'confirmed, waiting for the merchant' : p.transactionStatus,
        )}.</p>`,
      );
    const prefill = wallet ?? (WALLET.test(p.payerReference) ? p.payerReference : DEFAULT_WALLET);
    const action = `/fake-pay/${encodeURIComponent(p.paymentID)}/decide`;
    return page(
      'bKash payment',
      `${details}
<form method="get" action="${escapeHtml(action)}">
<label>Your bKash account number <input name="wallet" data-testid="bkash-wallet" inputmode="numeric" value="${escapeHtml(prefill)}"></label>
<p class="buttons"><button type="submit" name="outcome" value="success" data-testid="bkash-confirm">Confirm</button>
<button type="submit" name="outcome" value="cancel" data-testid="bkash-cancel">Cancel</button>
<button type="submit" name="outcome" value="failure" data-testid="bkash-fail">Fail</button></p>
</form>`,
    );
  }

  // ---- inspection ----

  private inspection(method: string, path: string, raw: Buffer, res: ServerResponse): void {
    if (method === 'GET' && path === '/__fake/payments')
      return this.json(res, { status: 200, body: this.payments() });
    if (method === 'GET' && path === '/__fake/state')
      return this.json(res, { status: 200, body: this.state() });
    if (method === 'GET' && (path === '/__fake' || path === '/__fake/'))
      return this.html(res, 200, this.listPage());
    if (method === 'POST' && path === '/__fake/control') {
      let control: FakeBkashControl;
      try {
        control = JSON.parse(raw.toString('utf8') || '{}') as FakeBkashControl;
      } catch {
        return this.json(res, { status: 400, body: { message: 'control body must be JSON' } });
      }
      try {
        if (control.reset) this.reset();
        if (control.failNext)
          this.failNext(control.failNext.op, control.failNext.count, control.failNext.fault);
        if (control.failForPayer)
          this.failForPayer(
            control.failForPayer.payerReference,
            control.failForPayer.op,
            control.failForPayer.fault,
          );
        if (control.approve) this.approve(control.approve);
        if (control.cancel) this.cancel(control.cancel);
        if (control.tamperAmount)
          this.tamperAmount(control.tamperAmount.paymentID, control.tamperAmount.amount);
        if (control.revokeTokens) this.revokeTokens();
      } catch (error) {
        return this.json(res, { status: 400, body: { message: (error as Error).message } });
      }
      return this.json(res, { status: 200, body: this.state() });
    }
    this.json(res, { status: 404, body: { message: `no such fake page: ${method} ${path}` } });
  }

  private state(): { payments: number; calls: Record<string, number> } {
    return {
      payments: this.byId.size,
      calls: Object.fromEntries(FAKE_BKASH_OPERATIONS.map((op) => [op, this.calls(op)])),
    };
  }

  private listPage(): string {
    const rows = [...this.byId.values()]
      .reverse()
      .map((p) =>
        [
          `<a href="/fake-pay/${encodeURIComponent(p.paymentID)}">${escapeHtml(p.paymentID)}</a>`,
          escapeHtml(p.merchantInvoiceNumber),
          escapeHtml(p.payerReference),
          escapeHtml(p.amount),
          escapeHtml(p.transactionStatus),
          escapeHtml(p.outcome ?? ''),
          escapeHtml(p.trxID ?? ''),
          escapeHtml(p.refunds.map((r) => `${r.amount} (${r.refundTrxID})`).join(', ')),
          escapeHtml(p.paymentCreateTime),
        ]
          .map((c) => `<td>${c}</td>`)
          .join(''),
      )
      .map((cells) => `<tr>${cells}</tr>`)
      .join('\n');
    const head = [
      'paymentID',
      'invoice',
      'payer',
      'amount',
      'status',
      'customer chose',
      'trxID',
      'refunds',
      'created',
    ]
      .map((c) => `<th>${c}</th>`)
      .join('');
    const calls = FAKE_BKASH_OPERATIONS.map((op) => `${op} ${this.calls(op)}`).join(' · ');
    return page(
      'bKash tokenized checkout (local fake)',
      `<p>${this.byId.size} payment(s), newest first · calls: ${calls} · <a href="/__fake/payments">JSON</a></p>
<table><thead><tr>${head}</tr></thead><tbody>
${rows || '<tr><td colspan="9">No payments yet.</td></tr>'}
</tbody></table>`,
      true,
    );
  }

  private json(res: ServerResponse, answer: Answer): void {
    res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(answer.body));
  }

  private html(res: ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(text);
  }
}

function page(title: string, content: string, refresh = false): string {
  return `<!doctype html>
<html><head><meta charset="utf-8">${refresh ? '<meta http-equiv="refresh" content="5">' : ''}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} (fake)</title>
<style>body{font:15px system-ui,sans-serif;margin:1.5rem;max-width:60rem}h1{color:#e2136e}
dl{display:grid;grid-template-columns:max-content auto;gap:.3rem 1rem}dt{color:#555}dd{margin:0;font-weight:600}
label{display:block;margin:1rem 0}input{font:inherit;padding:.3rem;margin-left:.5rem}
.buttons button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}</style>
</head><body><h1>${escapeHtml(title)}</h1>
<p><small>Local fake of bKash: no money moves.</small></p>
${content}
</body></html>
`;
}
