import type { DataSource, EntityManager } from 'typeorm';
import { billingDay, extendExpiry, formatPoisha, parseTaka, type PaymentState } from '@pondesk/contracts';
import { BkashPaymentEntity, InvoiceEntity } from '@pondesk/server-database';
import type { BkashApi, BkashPaymentStatus } from '../bkash/bkash-types';
import { bkashFailureOf } from './bkash-failure';
import { SettlementError, SettlementErrorCode } from './settlement-errors';

/** States an attempt never leaves (a Completed from bKash still settles a cancelled or expired one). */
export const TERMINAL_PAYMENT_STATES: readonly PaymentState[] = [
  'completed',
  'failed',
  'cancelled',
  'expired',
];
/** States the reconciler asks bKash about. */
export const OPEN_PAYMENT_STATES: readonly PaymentState[] = ['redirected', 'executing', 'unknown'];

/** A second Pay on the same invoice within this time gets the same bKash payment (a second tab). */
export const REUSE_REDIRECT_MS = 10 * 60_000;
/** bKash's paymentID lives this long; an attempt still Initiated after it has expired. */
export const PAYMENT_LIFETIME_MS = 24 * 3_600_000;
/** Slack over bKash's own timeouts before an attempt in flight is taken for abandoned. */
const IN_FLIGHT_MARGIN_MS = 30_000;
const POLL_MS = 200;
/** Attempts the reconciler handles in one run (the oldest first); the next run takes the rest. */
const RECONCILE_BATCH = 200;

export const SETTLEMENT_MESSAGES = {
  mismatch: 'Amount or invoice number differs from ours; not credited',
  duplicate: 'Duplicate payment: refund due',
  refused: (statusMessage: string) => `bKash refused the payment: ${statusMessage}`,
  noAnswer: 'bKash did not answer; please try again',
  invoicePaid: 'This invoice is already paid',
  invoiceCancelled: 'This invoice is cancelled',
  invoiceNotFound: 'Invoice not found',
  paymentNotFound: 'Payment not found',
  cancelledByCustomer: 'Cancelled on the bKash page',
  failedAtBkash: 'Failed on the bKash page',
  createLost: 'bKash gave no payment for this attempt',
  expired: 'Not completed within 24 hours',
} as const;

export interface SettlementOptions {
  /** How long bKash's create and query may take (BKASH_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long execute may take (BKASH_EXECUTE_TIMEOUT_MS) before a query decides. */
  executeTimeoutMs: number;
  /** An open attempt is queried by the reconciler once this old (BKASH_RECONCILE_AFTER_MS). */
  reconcileAfterMs: number;
  /** The clock of the billing day a payment is credited on. */
  now?: () => Date;
  /** Where notable events go (a refused amount, a duplicate payment, a failed query); never secrets. */
  log?: (message: string) => void;
}

export interface StartPaymentInput {
  tenantId: string;
  userId: string | null;
  invoiceId: string;
  /** Who pays, as bKash records it (at most 40 characters). */
  payerReference: string;
  /** Our callback; `attempt=<attempt id>` is added to it. */
  callbackUrl: string;
}

export interface StartedPayment {
  attempt: BkashPaymentEntity;
  /** True when an attempt still open on bKash's page was handed out again. */
  reused: boolean;
}

export interface CallbackInput {
  paymentID: string;
  status: 'success' | 'failure' | 'cancel';
  /** The attempt id our callback URL carried; a callback naming another attempt's payment is refused. */
  attemptId?: string;
}

export interface ReconcileCounts {
  checked: number;
  completed: number;
  failed: number;
  cancelled: number;
  expired: number;
  /** Still open after the run (Initiated, or no answer). */
  open: number;
  /** Queries that failed (those attempts are tried again next run). */
  errors: number;
}

const isTerminal = (state: PaymentState) => TERMINAL_PAYMENT_STATES.includes(state);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Our own query parameter on bKash's callback URL: the attempt the customer comes back for. */
export function callbackUrlOf(callbackUrl: string, attemptId: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('attempt', attemptId);
  return url.toString();
}

/** Only http(s) addresses are handed to a browser (a `javascript:` URL from anywhere would run). */
function isWebUrl(text: string | undefined): text is string {
  if (!text) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The bKash payment of an attempt past create (every state but `created` has one). */
function paymentIdOf(attempt: BkashPaymentEntity): string {
  if (!attempt.paymentId) throw new Error(`bKash payment attempt ${attempt.id} has no paymentID`);
  return attempt.paymentId;
}

/** bKash's text as we store it: bounded, no control characters. */
function clip(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  const clean = [...String(text)]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .trim();
  return clean ? clean.slice(0, max) : null;
}

/**
 * bKash payments settled exactly once (INTEGRATIONS §1.5). An attempt row exists before bKash's create is
 * called; a success callback moves it to `executing` under a row lock, so two callbacks execute once; a
 * Completed status credits the invoice and extends the device in one transaction that first checks amount,
 * currency and merchant invoice number against our row; anything unclear (a timeout, a 5xx) is asked with a
 * query, and what stays unclear waits in `unknown` for the reconciler. Used by the API and the worker alike.
 */
export class PaymentSettlement {
  private readonly now: () => Date;
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: DataSource,
    private readonly bkash: BkashApi,
    private readonly options: SettlementOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => undefined);
  }

  get merchantId(): string {
    return this.bkash.merchantId;
  }

  /**
   * Starts paying an invoice: the tenant's due invoice gets a bKash payment and the customer's browser goes
   * to its bkashURL. A payment opened for the same invoice within 10 minutes is handed out again, so two
   * tabs pay the same bKash payment, never two.
   */
  async startPayment(input: StartPaymentInput): Promise<StartedPayment> {
    const waitForOthersMs = this.options.timeoutMs + 5000;
    const deadline = Date.now() + waitForOthersMs;
    for (;;) {
      const step = await this.db.transaction((tx) => this.openAttempt(tx, input, waitForOthersMs));
      if ('reuse' in step) return { attempt: step.reuse, reused: true };
      if ('created' in step) return { attempt: await this.create(step.created, input), reused: false };
      // Another request is creating this invoice's payment right now: wait for its answer and take it.
      while (Date.now() < deadline) {
        await sleep(POLL_MS);
        const other = await this.db.getRepository(BkashPaymentEntity).findOneBy({ id: step.waitFor });
        if (!other || other.state !== 'created') break;
      }
      if (Date.now() >= deadline)
        throw new SettlementError(SettlementErrorCode.BKASH_UNAVAILABLE, SETTLEMENT_MESSAGES.noAnswer);
    }
  }

  /** Under the invoice's row lock: an open attempt to reuse or wait for, or a new one (committed on return). */
  private async openAttempt(
    tx: EntityManager,
    input: StartPaymentInput,
    waitForOthersMs: number,
  ): Promise<{ reuse: BkashPaymentEntity } | { waitFor: string } | { created: BkashPaymentEntity }> {
    const invoice = await tx.getRepository(InvoiceEntity).findOne({
      where: { id: input.invoiceId, tenantId: input.tenantId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!invoice)
      throw new SettlementError(SettlementErrorCode.INVOICE_NOT_FOUND, SETTLEMENT_MESSAGES.invoiceNotFound);
    if (invoice.status === 'paid')
      throw new SettlementError(SettlementErrorCode.INVOICE_ALREADY_PAID, SETTLEMENT_MESSAGES.invoicePaid);
    if (invoice.status === 'cancelled')
      throw new SettlementError(SettlementErrorCode.INVOICE_CANCELLED, SETTLEMENT_MESSAGES.invoiceCancelled);
    // Ages by the database's clock, the one that wrote created_at.
    const recent: { id: string; state: PaymentState; reusable: boolean; pending: boolean }[] = await tx.query(
      `SELECT id, state,
              (state = 'redirected' AND bkash_url IS NOT NULL AND created_at > now() - $2 * interval '1 millisecond') AS reusable,
              (state = 'created' AND created_at > now() - $3 * interval '1 millisecond') AS pending
         FROM bkash_payment WHERE invoice_id = $1 ORDER BY created_at DESC`,
      [invoice.id, REUSE_REDIRECT_MS, waitForOthersMs],
    );
    const reusable = recent.find((a) => a.reusable);
    if (reusable)
      return { reuse: await tx.getRepository(BkashPaymentEntity).findOneByOrFail({ id: reusable.id }) };
    const pending = recent.find((a) => a.pending);
    if (pending) return { waitFor: pending.id };
    const repo = tx.getRepository(BkashPaymentEntity);
    const attempt = await repo.save(
      repo.create({
        merchantId: this.bkash.merchantId,
        tenantId: invoice.tenantId,
        invoiceId: invoice.id,
        // A fresh number per attempt: bKash must never see one number twice (2029).
        merchantInvoiceNumber: `${invoice.tenantId.replace(/-/g, '').slice(0, 8)}-${invoice.invoiceNo}-A${recent.length + 1}`,
        paymentId: null,
        trxId: null,
        bkashUrl: null,
        amountPoisha: invoice.amountPoisha,
        state: 'created',
        statusCode: null,
        statusMessage: null,
        payerReference: input.payerReference.slice(0, 40),
        createdBy: input.userId,
        completedAt: null,
      }),
    );
    return { created: attempt };
  }

  /** bKash's create for a committed attempt; its answer is stored, a refusal marks the attempt failed. */
  private async create(attempt: BkashPaymentEntity, input: StartPaymentInput): Promise<BkashPaymentEntity> {
    try {
      const created = await this.bkash.createPayment({
        payerReference: attempt.payerReference,
        callbackURL: callbackUrlOf(input.callbackUrl, attempt.id),
        amount: formatPoisha(attempt.amountPoisha),
        merchantInvoiceNumber: attempt.merchantInvoiceNumber,
      });
      if (!created.paymentID || !isWebUrl(created.bkashURL) || created.paymentID.length > 64) {
        await this.transition(attempt.id, ['created'], 'failed', {
          statusCode: clip(created.statusCode, 12),
          statusMessage: 'bKash answered create without a usable payment',
        });
        throw new SettlementError(SettlementErrorCode.BKASH_UNAVAILABLE, SETTLEMENT_MESSAGES.noAnswer);
      }
      await this.db
        .getRepository(BkashPaymentEntity)
        .createQueryBuilder()
        .update()
        .set({
          paymentId: created.paymentID,
          bkashUrl: created.bkashURL.slice(0, 1000),
          state: 'redirected',
          statusCode: clip(created.statusCode, 12),
          statusMessage: clip(created.statusMessage, 200),
        })
        .where('id = :id AND state = :state', { id: attempt.id, state: 'created' })
        .execute();
      return this.db.getRepository(BkashPaymentEntity).findOneByOrFail({ id: attempt.id });
    } catch (error) {
      if (error instanceof SettlementError) throw error;
      const failure = bkashFailureOf(error);
      await this.transition(attempt.id, ['created'], 'failed', {
        statusCode: clip(failure.statusCode, 12),
        statusMessage: clip(failure.statusMessage ?? failure.message, 200),
      });
      if (failure.kind === 'rejected' && failure.statusMessage)
        throw new SettlementError(
          SettlementErrorCode.BKASH_REFUSED,
          SETTLEMENT_MESSAGES.refused(clip(failure.statusMessage, 200) ?? ''),
          failure.statusCode,
          failure.statusMessage,
        );
      throw new SettlementError(
        SettlementErrorCode.BKASH_UNAVAILABLE,
        SETTLEMENT_MESSAGES.noAnswer,
        failure.statusCode,
        failure.statusMessage,
      );
    }
  }

  /**
   * bKash's redirect back. The query is an untrusted hint: success is executed (once, whoever comes
   * first), cancel and failure are confirmed with a query; a settled attempt is answered as it stands.
   */
  async handleCallback(input: CallbackInput): Promise<BkashPaymentEntity> {
    const attempt = await this.db.getRepository(BkashPaymentEntity).findOneBy({ paymentId: input.paymentID });
    if (!attempt || (input.attemptId !== undefined && attempt.id !== input.attemptId))
      throw new SettlementError(SettlementErrorCode.PAYMENT_NOT_FOUND, SETTLEMENT_MESSAGES.paymentNotFound);
    if (isTerminal(attempt.state)) return attempt;
    if (input.status === 'success') return this.execute(attempt.id);
    return this.confirmUnsuccessful(attempt, input.status === 'cancel' ? 'cancelled' : 'failed');
  }

  /** A cancel or failure callback, checked with bKash: a payment it says Completed is credited all the same. */
  private async confirmUnsuccessful(
    attempt: BkashPaymentEntity,
    hinted: 'cancelled' | 'failed',
  ): Promise<BkashPaymentEntity> {
    let status: BkashPaymentStatus | null = null;
    try {
      status = await this.bkash.queryPayment(paymentIdOf(attempt));
    } catch (error) {
      this.log(`bKash query of ${attempt.paymentId} failed: ${bkashFailureOf(error).message}`);
    }
    const says = status?.transactionStatus;
    if (status && says && says !== 'Initiated') return this.applyStatus(attempt.id, status);
    // Initiated, or no answer: the customer left bKash's page. An execute under way is left to finish.
    return this.transition(attempt.id, ['created', 'redirected'], hinted, {
      statusCode: clip(status?.statusCode, 12),
      statusMessage:
        hinted === 'cancelled' ? SETTLEMENT_MESSAGES.cancelledByCustomer : SETTLEMENT_MESSAGES.failedAtBkash,
    });
  }

  /** Moves the attempt to `executing` if nobody has, then executes; a concurrent callback waits for the result. */
  private async execute(attemptId: string): Promise<BkashPaymentEntity> {
    type Claim = { kind: 'settled' | 'busy' | 'ask' | 'mine'; row: BkashPaymentEntity };
    const claim = await this.db.transaction(async (tx): Promise<Claim> => {
      const row = await tx
        .getRepository(BkashPaymentEntity)
        .findOne({ where: { id: attemptId }, lock: { mode: 'pessimistic_write' } });
      if (!row)
        throw new SettlementError(SettlementErrorCode.PAYMENT_NOT_FOUND, SETTLEMENT_MESSAGES.paymentNotFound);
      if (isTerminal(row.state)) return { kind: 'settled', row };
      if (row.state === 'executing') return { kind: 'busy', row };
      // An earlier execute whose fate is unknown: ask, never execute blindly again.
      if (row.state === 'unknown') return { kind: 'ask', row };
      await tx
        .getRepository(BkashPaymentEntity)
        .update({ id: row.id }, { state: 'executing', statusCode: null, statusMessage: null });
      return { kind: 'mine', row };
    });
    if (claim.kind === 'settled') return claim.row;
    if (claim.kind === 'busy') return this.waitForExecute(attemptId);
    if (claim.kind === 'ask') return this.queryAndApply(claim.row);
    const attempt = claim.row;
    try {
      const result = await this.bkash.executePayment(paymentIdOf(attempt));
      return await this.applyStatus(attempt.id, result);
    } catch (error) {
      if (error instanceof SettlementError) throw error;
      const failure = bkashFailureOf(error);
      // A plain refusal (e.g. 2023 Insufficient Balance): nothing was taken.
      if (failure.kind === 'rejected' && !failure.shouldQuery)
        return this.transition(attempt.id, ['executing'], 'failed', {
          statusCode: clip(failure.statusCode, 12),
          statusMessage: clip(failure.statusMessage, 200),
        });
      // A timeout, a 5xx, 'already completed' …: the payment's fate is bKash's to tell.
      this.log(`bKash execute of ${attempt.paymentId} unclear (${failure.message}); querying`);
      return this.queryAndApply(attempt);
    }
  }

  /** Another request is executing this attempt: its result, once it has one (else the attempt as it stands). */
  private async waitForExecute(attemptId: string): Promise<BkashPaymentEntity> {
    const deadline = Date.now() + this.options.executeTimeoutMs + this.options.timeoutMs + 2000;
    const repo = this.db.getRepository(BkashPaymentEntity);
    for (;;) {
      const row = await repo.findOneByOrFail({ id: attemptId });
      if (row.state !== 'executing' || Date.now() >= deadline) return row;
      await sleep(POLL_MS);
    }
  }

  /** Asks bKash and applies its answer; no answer leaves an attempt being executed `unknown`. */
  private async queryAndApply(attempt: BkashPaymentEntity): Promise<BkashPaymentEntity> {
    try {
      const status = await this.bkash.queryPayment(paymentIdOf(attempt));
      return await this.applyStatus(attempt.id, status);
    } catch (error) {
      if (error instanceof SettlementError) throw error;
      const failure = bkashFailureOf(error);
      this.log(`bKash query of ${attempt.paymentId} failed (${failure.message}); left for the reconciler`);
      return this.transition(attempt.id, ['executing'], 'unknown', {
        statusCode: clip(failure.statusCode, 12),
        statusMessage: clip(failure.statusMessage ?? failure.message, 200),
      });
    }
  }

  /**
   * What bKash says of a payment, applied to its attempt. Completed credits the invoice (once); Cancelled,
   * Failed and Expired close the attempt; Initiated leaves it open (`unknown` after an execute).
   */
  async applyStatus(attemptId: string, status: BkashPaymentStatus): Promise<BkashPaymentEntity> {
    const says = status.transactionStatus;
    if (says === 'Completed') return this.settleCompleted(attemptId, status);
    const closed: Partial<Record<string, PaymentState>> = {
      Cancelled: 'cancelled',
      Failed: 'failed',
      Expired: 'expired',
    };
    const next = says ? closed[says] : undefined;
    // bKash's statusMessage of a query that worked is 'Successful': what it says of the payment is the news.
    const fields = {
      statusCode: clip(status.statusCode, 12),
      statusMessage: says ? clip(`bKash says the payment is ${says}`, 200) : clip(status.statusMessage, 200),
    };
    if (next) return this.transition(attemptId, ['created', ...OPEN_PAYMENT_STATES], next, fields);
    return this.transition(attemptId, ['executing'], 'unknown', fields);
  }

  /** One transaction: checks bKash's figures against ours, completes the attempt, credits the invoice once. */
  private settleCompleted(attemptId: string, status: BkashPaymentStatus): Promise<BkashPaymentEntity> {
    return this.db.transaction(async (tx) => {
      const attempts = tx.getRepository(BkashPaymentEntity);
      const attempt = await attempts.findOne({
        where: { id: attemptId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!attempt)
        throw new SettlementError(SettlementErrorCode.PAYMENT_NOT_FOUND, SETTLEMENT_MESSAGES.paymentNotFound);
      if (attempt.state === 'completed') return attempt;
      const invoice = await tx
        .getRepository(InvoiceEntity)
        .findOne({ where: { id: attempt.invoiceId }, lock: { mode: 'pessimistic_write' } });
      const at = this.now();
      const trxId = clip(status.trxID, 40);
      attempt.statusCode = clip(status.statusCode, 12);
      attempt.trxId = trxId;
      const matches =
        parseTaka(status.amount ?? '') === attempt.amountPoisha &&
        (status.currency ?? 'BDT') === 'BDT' &&
        status.merchantInvoiceNumber === attempt.merchantInvoiceNumber &&
        (!status.paymentID || status.paymentID === attempt.paymentId);
      if (!matches || !invoice) {
        attempt.state = 'failed';
        attempt.statusMessage = SETTLEMENT_MESSAGES.mismatch;
        this.log(
          `bKash payment ${attempt.paymentId} (attempt ${attempt.id}) refused: bKash says ${status.amount} ${status.currency} for ${status.merchantInvoiceNumber}, ours ${formatPoisha(attempt.amountPoisha)} BDT for ${attempt.merchantInvoiceNumber}`,
        );
        return attempts.save(attempt);
      }
      attempt.state = 'completed';
      attempt.completedAt = at;
      attempt.statusMessage = clip(status.statusMessage, 200);
      if (invoice.status === 'due') {
        await this.credit(tx, invoice, trxId, at);
      } else {
        // A second payment of one invoice (two attempts paid): kept, never credited twice; the admin refunds it.
        attempt.statusMessage = SETTLEMENT_MESSAGES.duplicate;
        this.log(`bKash payment ${attempt.paymentId} pays invoice ${invoice.invoiceNo} again: refund due`);
      }
      return attempts.save(attempt);
    });
  }

  /** Marks the invoice paid and moves its device's expiry on by the invoice's months. */
  private async credit(
    tx: EntityManager,
    invoice: InvoiceEntity,
    trxId: string | null,
    at: Date,
  ): Promise<void> {
    const table = invoice.targetType === 'olt' ? 'olt' : 'switch';
    const devices: { expires_on: string | null }[] = await tx.query(
      `SELECT expires_on::text AS expires_on FROM ${table} WHERE id = $1 AND tenant_id = $2 FOR UPDATE`,
      [invoice.targetId, invoice.tenantId],
    );
    const device = devices[0];
    const period = extendExpiry(device?.expires_on ?? null, billingDay(at), invoice.months);
    await tx.getRepository(InvoiceEntity).update(
      { id: invoice.id },
      {
        status: 'paid',
        paidAt: at,
        trxId,
        paymentMethod: 'bKash',
        periodFrom: period.from,
        periodTo: period.to,
      },
    );
    // A device removed since still has its invoice paid; there is nothing to extend.
    if (device)
      await tx.query(
        `UPDATE ${table} SET expires_on = $1, billing_package_id = $2, billing_package = $3, updated_at = now()
          WHERE id = $4`,
        [period.to, invoice.packageId, invoice.packageName, invoice.targetId],
      );
  }

  /**
   * Queries every attempt left open (older than BKASH_RECONCILE_AFTER_MS) and applies the answer; one past
   * bKash's 24 hours still Initiated has expired. An attempt never given a payment by create is closed.
   * One failing query does not stop the rest.
   */
  async reconcile(now: Date = this.now()): Promise<ReconcileCounts> {
    const counts: ReconcileCounts = {
      checked: 0,
      completed: 0,
      failed: 0,
      cancelled: 0,
      expired: 0,
      open: 0,
      errors: 0,
    };
    const repo = this.db.getRepository(BkashPaymentEntity);
    const lost = await repo
      .createQueryBuilder()
      .update()
      .set({ state: 'failed', statusMessage: SETTLEMENT_MESSAGES.createLost })
      .where('state = :state AND created_at < :before', {
        state: 'created',
        before: new Date(now.getTime() - this.options.timeoutMs - IN_FLIGHT_MARGIN_MS),
      })
      .execute();
    counts.failed += lost.affected ?? 0;
    const due = await repo
      .createQueryBuilder('p')
      .where('p.state IN (:...states)', { states: OPEN_PAYMENT_STATES })
      .andWhere('p.payment_id IS NOT NULL')
      .andWhere('p.created_at <= :after', { after: new Date(now.getTime() - this.options.reconcileAfterMs) })
      .orderBy('p.createdAt', 'ASC')
      .limit(RECONCILE_BATCH)
      .getMany();
    // An execute in flight has its own timeout and query; one older than that was lost (a crash): `unknown`.
    const executingSince =
      now.getTime() - this.options.executeTimeoutMs - this.options.timeoutMs - IN_FLIGHT_MARGIN_MS;
    for (const attempt of due) {
      if (attempt.state === 'executing' && attempt.updatedAt.getTime() > executingSince) continue;
      counts.checked++;
      const pastLifetime = attempt.createdAt.getTime() <= now.getTime() - PAYMENT_LIFETIME_MS;
      let result: BkashPaymentEntity;
      try {
        const status = await this.bkash.queryPayment(paymentIdOf(attempt));
        if (pastLifetime && (!status.transactionStatus || status.transactionStatus === 'Initiated'))
          result = await this.transition(attempt.id, OPEN_PAYMENT_STATES, 'expired', {
            statusCode: clip(status.statusCode, 12),
            statusMessage: SETTLEMENT_MESSAGES.expired,
          });
        else {
          if (attempt.state === 'executing') await this.transition(attempt.id, ['executing'], 'unknown', {});
          result = await this.applyStatus(attempt.id, status);
        }
      } catch (error) {
        counts.errors++;
        const failure = bkashFailureOf(error);
        this.log(`reconcile: bKash query of ${attempt.paymentId} failed: ${failure.message}`);
        // bKash no longer knows a payment past its lifetime: it has expired.
        if (pastLifetime && failure.kind === 'rejected')
          result = await this.transition(attempt.id, OPEN_PAYMENT_STATES, 'expired', {
            statusCode: clip(failure.statusCode, 12),
            statusMessage: SETTLEMENT_MESSAGES.expired,
          });
        else {
          if (attempt.state === 'executing') await this.transition(attempt.id, ['executing'], 'unknown', {});
          counts.open++;
          continue;
        }
      }
      if (result.state === 'completed') counts.completed++;
      else if (result.state === 'failed') counts.failed++;
      else if (result.state === 'cancelled') counts.cancelled++;
      else if (result.state === 'expired') counts.expired++;
      else counts.open++;
    }
    return counts;
  }

  /** Moves an attempt from one of `from` to `to` (no-op otherwise) and answers the row as it now stands. */
  private async transition(
    attemptId: string,
    from: readonly PaymentState[],
    to: PaymentState,
    fields: { statusCode?: string | null; statusMessage?: string | null },
  ): Promise<BkashPaymentEntity> {
    const repo = this.db.getRepository(BkashPaymentEntity);
    const set: Partial<BkashPaymentEntity> = { state: to };
    if (fields.statusCode !== undefined && fields.statusCode !== null) set.statusCode = fields.statusCode;
    if (fields.statusMessage !== undefined && fields.statusMessage !== null)
      set.statusMessage = fields.statusMessage;
    await repo
      .createQueryBuilder()
      .update()
      .set(set)
      .where('id = :id AND state IN (:...from)', { id: attemptId, from })
      .execute();
    return repo.findOneByOrFail({ id: attemptId });
  }
}
