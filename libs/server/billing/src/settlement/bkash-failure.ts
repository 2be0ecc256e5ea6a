import { BkashError, BkashRequestError } from '../bkash/bkash-errors';

/** A failed bKash call as settlement judges it. */
export interface BkashFailure {
  /** BkashError's kind; 'request' when our side refused to send; 'other' for anything else thrown. */
  kind: BkashError['kind'] | 'request' | 'other';
  statusCode: string | null;
  statusMessage: string | null;
  /** bKash may have acted on the request (or said it is done already): ask with a query. */
  shouldQuery: boolean;
  message: string;
}

export function bkashFailureOf(error: unknown): BkashFailure {
  if (error instanceof BkashError)
    return {
      kind: error.kind,
      statusCode: error.statusCode ?? null,
      statusMessage: error.statusMessage ?? null,
      shouldQuery: error.shouldQuery,
      message: error.message,
    };
  if (error instanceof BkashRequestError)
    return {
      kind: 'request',
      statusCode: null,
      statusMessage: null,
      shouldQuery: false,
      message: error.message,
    };
  // Not bKash's answer (a bug, a lost database connection …): what bKash did is unknown, so ask.
  return {
    kind: 'other',
    statusCode: null,
    statusMessage: null,
    shouldQuery: true,
    message: error instanceof Error ? error.message : String(error),
  };
}
