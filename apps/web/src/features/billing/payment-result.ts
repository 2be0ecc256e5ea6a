import {
  PAYMENT_OUTCOMES,
  type PaymentAttempt,
  type PaymentOutcome,
  type PaymentState,
} from '@pondesk/contracts';

/** While bKash's answer is not final the page asks again this often, for at most a minute. */
export const RESULT_POLL_MS = 2_000;
export const RESULT_POLL_LIMIT_MS = 60_000;

/**
 * What the result page shows. `unconfirmed`: still open after a minute (the reconciler goes on checking);
 * `unreadable`: the attempt could not be loaded at all.
 */
export type ResultView =
  'checking' | 'paid' | 'failed' | 'cancelled' | 'pending' | 'unconfirmed' | 'unreadable';

/** The `outcome` of the address, or null when it is missing or unknown. */
export function parseOutcome(value: string | null): PaymentOutcome | null {
  return PAYMENT_OUTCOMES.includes(value as PaymentOutcome) ? (value as PaymentOutcome) : null;
}

const FINAL: Partial<Record<PaymentState, ResultView>> = {
  completed: 'paid',
  failed: 'failed',
  expired: 'failed',
  cancelled: 'cancelled',
};

/** True when the attempt will not change any more by itself. */
export const isFinalState = (state: PaymentState): boolean => state in FINAL;

/**
 * The stored attempt decides; the address's `outcome` is only what bKash's redirect said, so it never
 * turns an unpaid attempt into 'paid'. An open attempt is pending until the minute of polling is over.
 */
export function resultViewOf(
  attempt: Pick<PaymentAttempt, 'state'> | undefined,
  loadFailed: boolean,
  timedOut: boolean,
): ResultView {
  if (!attempt) return loadFailed ? 'unreadable' : 'checking';
  return FINAL[attempt.state] ?? (timedOut ? 'unconfirmed' : 'pending');
}

/** The headline of each view. */
export const RESULT_TITLE: Record<ResultView, string> = {
  checking: 'Checking your payment…',
  paid: 'Payment successful',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  pending: 'Waiting for bKash to confirm…',
  unconfirmed: 'Payment not confirmed yet',
  unreadable: 'Payment status unavailable',
};

/** What bKash said about a failure, or a plain sentence when it said nothing. */
export function failureText(attempt: Pick<PaymentAttempt, 'state' | 'statusMessage'>): string {
  if (attempt.statusMessage?.trim()) return attempt.statusMessage.trim();
  return attempt.state === 'expired'
    ? 'The payment was not completed in time.'
    : 'bKash did not complete the payment.';
}

/** What the page says when the attempt cannot be read, going by what the redirect claimed. */
export function unreadableText(outcome: PaymentOutcome | null): string {
  const said =
    outcome === 'paid'
      ? 'bKash reported the payment as paid'
      : outcome === 'cancelled'
        ? 'bKash reported the payment as cancelled'
        : outcome === 'failed'
          ? 'bKash reported the payment as failed'
          : 'bKash sent you back here';
  return `${said}, but its record could not be loaded. Check the invoice list: a paid invoice shows as Paid.`;
}
