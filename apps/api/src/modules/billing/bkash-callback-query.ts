import { UUID_PATTERN } from '@pondesk/contracts';
import { invalidInput, type FieldProblem } from '../../common/http/validation.pipe';

/** bKash's redirect back, as we read it; other parameters bKash may add are ignored. */
export interface BkashCallbackQuery {
  paymentID: string;
  status: 'success' | 'failure' | 'cancel';
  /** Our own parameter on the callback URL: the attempt this payment belongs to. */
  attempt: string;
  /** bKash's `signature`; no public way to verify it, so the callback is only a hint. */
  signature?: string;
  apiVersion?: string;
}

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const TOKEN = /^[A-Za-z0-9._-]{1,100}$/;
const STATUSES = ['success', 'failure', 'cancel'] as const;

/**
 * Checks the callback's query by hand: the global pipe refuses unknown parameters, and bKash may add
 * some. A bad value is a 400 naming the parameter.
 */
export function parseBkashCallback(query: Record<string, unknown>): BkashCallbackQuery {
  const problems: FieldProblem[] = [];
  /** The parameter's one value if it passes `valid`; else a problem is noted (once per parameter). */
  const read = (name: string, required: boolean, valid: (v: string) => boolean, rule: string) => {
    const value = query[name];
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string') {
      problems.push({
        field: name,
        message: value === undefined ? `${name} is required` : `${name} must be given once`,
      });
      return undefined;
    }
    if (!valid(value)) problems.push({ field: name, message: `${name} ${rule}` });
    return value;
  };
  const token = 'must be at most 100 letters, digits, dots, dashes or underscores';
  const paymentID = read('paymentID', true, (v) => PAYMENT_ID.test(v), 'must be a bKash payment id');
  const status = read(
    'status',
    true,
    (v) => (STATUSES as readonly string[]).includes(v),
    'must be one of the following values: success, failure, cancel',
  );
  const attempt = read('attempt', true, (v) => UUID_PATTERN.test(v), 'must be a UUID');
  const signature = read('signature', false, (v) => TOKEN.test(v), token);
  const apiVersion = read('apiVersion', false, (v) => TOKEN.test(v), token);
  if (problems.length || paymentID === undefined || attempt === undefined) throw invalidInput(problems);
  return {
    paymentID,
    status: status as BkashCallbackQuery['status'],
    attempt: attempt.toLowerCase(),
    ...(signature !== undefined ? { signature } : {}),
    ...(apiVersion !== undefined ? { apiVersion } : {}),
  };
}
