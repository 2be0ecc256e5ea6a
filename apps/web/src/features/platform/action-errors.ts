import { ApiError } from '../../shared/http-client';

/** What a refund or cancellation that failed says, when the server sent no words of its own. */
const FALLBACKS: Record<'refund' | 'cancel', Record<number, string>> = {
  refund: {
    409: 'This payment cannot be refunded (it is not completed, or it was refunded already).',
    502: 'bKash refused the refund. Nothing was refunded.',
    503: 'bKash payments are not configured on this server, so refunds cannot be sent.',
  },
  cancel: {
    409: 'Only a due invoice can be cancelled.',
  },
};

const GENERIC: Record<'refund' | 'cancel', string> = {
  refund: 'Failed to refund the payment.',
  cancel: 'Failed to cancel the invoice.',
};

/**
 * The message shown in the dialog: the server's own (bKash's reason on a 502), else what the status
 * means for this action. A 500 never shows its internals.
 */
export function actionErrorText(action: 'refund' | 'cancel', error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC[action];
  if (error.isNetwork) return error.message;
  const own =
    error.status !== 500 && error.body.message && !/^Request failed \(\d+\)$/.test(error.body.message);
  if (own) return error.body.message;
  return FALLBACKS[action][error.status] ?? GENERIC[action];
}
